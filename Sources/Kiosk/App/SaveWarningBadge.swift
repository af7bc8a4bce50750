import ConfigLoading
import AssetFiles
import Core
import Raster

/// The badge in the panel's top-right corner while values are not being saved (a read-only or full
/// disk): a person at the panel learns that what they set now is lost when the kiosk restarts. An
/// amber pill with an exclamation mark and "not saved" (the mark alone when the font cannot be read).
struct SaveWarningBadge {
    static let fill = Color(rgb: 0xFFB300)
    static let ink = Color(rgb: 0x1A1A1A)
    static let text = "not saved"

    /// Where it is drawn, in canvas pixels.
    let rect: PixelRect
    private let font: Font?

    /// A badge sized for `canvas`, labelled with the face at `fontPath` when it can be read.
    init(canvas: PixelSize, fontPath: String) {
        // About a finger's tip tall on a small panel, never dominating a large one.
        let height = max(18, min(40, (Double(min(canvas.width, canvas.height)) / 14).rounded()))
        let label = (try? FontFace(path: fontPath)).map { Font(face: $0, size: (height * 0.55).rounded()) }
        let width = height + (label.map { $0.measure(SaveWarningBadge.text).advance + height * 0.45 } ?? 0)
        let margin = Int((height / 3).rounded())
        let w = Int(width.rounded(.up)), h = Int(height)
        rect = PixelRect(x: max(0, canvas.width - w - margin), y: margin, width: w, height: h)
        font = label
    }

    /// Draws it over `canvas` (the frame must already be repainted under `rect`).
    func draw(on canvas: Canvas) {
        var c = canvas
        c.clip = rect
        let r = rect.rect, d = r.height
        c.fillRoundedRect(r, radius: d / 2, color: SaveWarningBadge.fill)
        let centerX = r.minX + d / 2
        c.fillRoundedRect(
            Rect(x: centerX - d * 0.07, y: r.minY + d * 0.18, width: d * 0.14, height: d * 0.42), radius: d * 0.07,
            color: SaveWarningBadge.ink)
        c.fillCircle(center: Point(centerX, r.minY + d * 0.76), radius: d * 0.08, color: SaveWarningBadge.ink)
        guard let font else { return }
        let baseline = r.minY + (d + font.ascent - font.descent) / 2
        c.drawText(
            SaveWarningBadge.text, font: font, at: Point(r.minX + d * 0.9, baseline), color: SaveWarningBadge.ink)
    }
}
