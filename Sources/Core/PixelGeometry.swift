/// A width and a height in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// The largest width or height a parsed size may have: the common limit of DRM drivers' frame
    /// buffers, and far beyond any panel this runs on, so a typo such as "8000x480" still parses
    /// while "800480x1" or an overflowing number does not.
    public static let maxSide = 16384

    /// Parses "WIDTHxHEIGHT" ("800x480"; `X` works too, surrounding whitespace is ignored), each side
    /// 1…`maxSide` whole pixels written in decimal digits. Every "WxH" the program reads (config
    /// sizes and modes, command-line `--size`) goes through here, so all accept the same text.
    public static func parse(_ text: String) throws(PixelSizeParseError) -> PixelSize {
        let parts = text.trimmingWhitespace().lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else {
            throw PixelSizeParseError(text: text, reason: .notWidthByHeight)
        }
        // Digits only, so a failed Int conversion can only be an overflow: out of range too.
        guard let w = Int(parts[0]), let h = Int(parts[1]), (1...maxSide).contains(w), (1...maxSide).contains(h) else {
            throw PixelSizeParseError(text: text, reason: .outOfRange)
        }
        return PixelSize(width: w, height: h)
    }

    /// `parse(_:)` without the reason: nil when the text is not a valid size.
    public init?(parsing text: String) {
        guard let s = try? PixelSize.parse(text) else { return nil }
        self = s
    }

    /// Width and height swapped: the size seen after a quarter turn.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }
}

/// Why a "WxH" text is not a `PixelSize`. The description names the text and what is expected, to
/// follow a caller's prefix ("render: --size: " + description).
public struct PixelSizeParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Not two runs of digits around one `x`.
        case notWidthByHeight
        /// A side is 0 or larger than `PixelSize.maxSide`.
        case outOfRange
    }
    public var text: String
    public var reason: Reason
    public init(text: String, reason: Reason) { self.text = text; self.reason = reason }

    public var description: String {
        switch reason {
        case .notWidthByHeight: return "expected WIDTHxHEIGHT such as 800x480, found \"\(text)\""
        case .outOfRange: return "size \"\(text)\" out of range: each side must be 1 to \(PixelSize.maxSide) pixels"
        }
    }
}

/// An axis-aligned rectangle on whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
/// Damage, clips and copies are expressed in this type because they work on whole pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Negative sizes are stored as 0 (an empty rectangle).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The rectangle covering a whole surface of `size`.
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The whole pixels touched by `rect` (edges rounded outward); empty for non-finite input.
    public init(covering rect: Rect) {
        let x0 = rect.minX.rounded(.down), y0 = rect.minY.rounded(.down)
        let x1 = rect.maxX.rounded(.up), y1 = rect.maxY.rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0); return
        }
        let lim = 1e8  // keeps Int conversion safe for absurd coordinates
        self.init(
            x: Int(max(-lim, min(lim, x0))), y: Int(max(-lim, min(lim, y0))),
            width: Int(max(-lim, min(lim, x1 - x0))), height: Int(max(-lim, min(lim, y1 - y0))))
    }

    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }
    /// The same rectangle in `Core` coordinates.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The overlap, or `.empty` when the rectangles do not overlap.
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounding box of both; an empty operand is ignored.
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// True when every pixel of `o` is inside this rectangle (an empty `o` is contained).
    public func contains(_ o: PixelRect) -> Bool {
        if o.isEmpty { return true }
        return o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    /// True when pixel (`px`, `py`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
