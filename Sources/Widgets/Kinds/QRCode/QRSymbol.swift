import CQREncode

/// A QR symbol's modules, made by libqrencode from text: `size`×`size` squares, row by row, true for
/// a dark one. Pure computation in memory, so the pure core may make them.
struct QRSymbol: Equatable, Sendable {
    /// How much of the symbol may be damaged and still read, in QR's four levels.
    enum Level: String, CaseIterable, Sendable {
        case low = "L", medium = "M", quartile = "Q", high = "H"

        /// The most bytes the largest symbol (version 40) holds at this level, in 8-bit mode.
        var byteCapacity: Int {
            switch self {
            case .low: 2953
            case .medium: 2331
            case .quartile: 1663
            case .high: 1273
            }
        }

        var encoderLevel: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// Modules per side.
    let size: Int
    /// `size * size` modules, row by row; true is dark.
    let modules: [Bool]

    /// The smallest symbol holding `text` as bytes (UTF-8) at `level`, or nil when the text is empty
    /// or longer than the largest symbol holds.
    init?(_ text: String, level: Level) {
        guard !text.isEmpty else { return nil }
        // 8-bit mode with the exact bytes: scanners read URLs and Wi-Fi strings as written, letter case kept.
        guard let code = QRcode_encodeString8bit(text, 0, level.encoderLevel) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // Bit 0 of each byte is the module's colour; the other bits say what part of the symbol it is.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark.
    func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }
}
