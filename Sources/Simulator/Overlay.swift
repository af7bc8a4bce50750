import ConfigLoading
import AssetFiles
import Core
import Glibc
import Kiosk
import Raster
import Widgets

/// What the simulator draws over the panel's picture: the errors of a config that did not load, the
/// touch targets (T), and the fingers Ctrl+click left down. Drawn with the kiosk's own rasterizer,
/// in window-picture (scan-out) orientation, never into the kiosk's frame.
struct Overlay {
    var errors: [String] = []
    var targets: [TouchTarget]?
    var pinned: [Point] = []

    var isEmpty: Bool { errors.isEmpty && targets == nil && pinned.isEmpty }

    static let errorBackground = Color(r: 0x30, g: 0x08, b: 0x08, a: 0xF0)
    static let errorText = Color(rgb: 0xFFD7D7)
    static let targetOK = Color(rgb: 0x00E676)
    static let targetSmall = Color(rgb: 0xFF3D00)
    static let finger = Color(rgb: 0x40C4FF)
    static let chip = Color(r: 0, g: 0, b: 0, a: 0xC0)

    /// Draws it over `canvas`, which holds the picture as `geometry.scanout`.
    func draw(on canvas: Canvas, geometry: WindowGeometry, font: Font?) {
        for t in targets ?? [] {
            let r = geometry.scanoutRect(t.frame)
            let corners = [
                Point(r.minX + 1, r.minY + 1), Point(r.maxX - 1, r.minY + 1), Point(r.maxX - 1, r.maxY - 1),
                Point(r.minX + 1, r.maxY - 1),
            ]
            canvas.strokePolyline(
                corners, width: 2, closed: true, paint: Paint(t.tooSmall ? Overlay.targetSmall : Overlay.targetOK))
            guard let font else { continue }
            // The id on a dark chip, readable over any control.
            let label = font.measure(t.id).advance
            canvas.fillRect(
                Rect(x: r.minX + 2, y: r.minY + 2, width: label + 6, height: font.size * 1.3), color: Overlay.chip)
            canvas.drawText(
                t.id, font: font, at: Point(r.minX + 5, r.minY + 2 + font.ascent),
                color: t.tooSmall ? Overlay.targetSmall : Overlay.targetOK)
        }
        for p in pinned {
            canvas.strokeCircle(center: geometry.scanoutPoint(p), radius: 10, width: 3, color: Overlay.finger)
        }
        if !errors.isEmpty { drawErrors(on: canvas, font: font) }
    }

    /// A panel across the top: a headline, then each located error, wrapped to the picture's width.
    private func drawErrors(on canvas: Canvas, font: Font?) {
        let margin = 8.0, width = Double(canvas.width) - 2 * margin
        let headline =
            "config invalid: showing the last good one (\(errors.count) error\(errors.count == 1 ? "" : "s"))"
        let lines = font.map { f in ([headline] + errors).flatMap { Overlay.wrap($0, font: f, width: width) } } ?? []
        let lineHeight = (font?.size ?? 12) * 1.3
        let height = min(Double(canvas.height), margin * 2 + lineHeight * Double(max(lines.count, 1)))
        canvas.fillRect(Rect(x: 0, y: 0, width: Double(canvas.width), height: height), color: Overlay.errorBackground)
        guard let font else { return }
        for (i, line) in lines.enumerated() {
            let y = margin + font.ascent + lineHeight * Double(i)
            if y > Double(canvas.height) { break }
            canvas.drawText(line, font: font, at: Point(margin, y), color: i == 0 ? .white : Overlay.errorText)
        }
    }

    /// `text` broken into lines no wider than `width`: at spaces where it can, anywhere where a word is wider.
    static func wrap(_ text: String, font: Font, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if font.measure(candidate).advance <= width { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for ch in word {
                if font.measure(line + String(ch)).advance > width && !line.isEmpty { lines.append(line); line = "" }
                line.append(ch)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The overlay's font: the theme's default face (DejaVu Sans), nil when it cannot be read.
    static func font(size: Double) -> Font? {
        (try? FontFace(path: DefaultFonts.regular)).map { Font(face: $0, size: size) }
    }
}
