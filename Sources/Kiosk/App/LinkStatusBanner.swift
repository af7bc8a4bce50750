import AssetFiles
import ConfigLoading
import Core
import Raster
import Widgets

/// The banner at the top of the panel while a link its values come over is down ("Home Assistant
/// unreachable since 14:02", "Home Assistant refused the token"): a person walking up learns that
/// the dimmed values are not live and why. A pill in the theme's text colour with the words in its
/// background colour (light on the dark theme, dark on the light one), a red dot before each line.
/// Centred at the top (below a navigation bar there, whose labels it must not hide), left of the "not
/// saved" badge where the two would meet, below it where the width left is too small.
struct LinkStatusBanner {
    static let dot = Color(rgb: 0xE53935)
    /// How much of the theme's text colour the pill is: the screen below shows through a little, so
    /// it reads as laid over the panel, not part of it.
    static let opacity = 0.94

    /// Where it is drawn, in canvas pixels.
    let rect: PixelRect
    let lines: [String]
    private let font: Font?
    private let fill: Color
    private let ink: Color
    private let lineHeight: Double

    /// A banner of `lines` for `canvas`, in `theme`'s colours, clear of `badge` (the save warning's
    /// place, whether or not it shows: the banner does not move when the badge comes and goes) and of
    /// the `top` rows (a navigation bar along the top edge: `KioskScreen.topBarPixels`).
    init(lines: [String], canvas: PixelSize, fontPath: String, theme: Theme, badge: PixelRect, top: Int = 0) {
        self.lines = lines
        // The save badge's height: the two read as one family.
        let height = max(18, min(40, (Double(min(canvas.width, canvas.height)) / 14).rounded()))
        let font = (try? FontFace(path: fontPath)).map { Font(face: $0, size: (height * 0.55).rounded()) }
        self.font = font
        fill = theme.text.withAlpha(LinkStatusBanner.opacity)
        ink = theme.background
        lineHeight = height
        let margin = Int((height / 3).rounded())
        let textWidth = lines.map { line in font.map { $0.measure(line).advance } ?? 0 }.max() ?? 0
        let w = min(canvas.width - 2 * margin, Int((height * 1.2 + textWidth + height * 0.5).rounded(.up)))
        let h = Int(height) * max(1, lines.count)
        var x = (canvas.width - w) / 2, y = top + margin
        if y < badge.y + badge.height, x + w + margin > badge.x {
            x = badge.x - margin - w
            if x < margin { x = max(0, (canvas.width - w) / 2); y = badge.y + badge.height + margin }
        }
        rect = PixelRect(x: x, y: y, width: max(1, w), height: h)
    }

    /// Draws it over `canvas` (the frame must already be repainted under `rect`).
    func draw(on canvas: Canvas) {
        var c = canvas
        c.clip = rect
        let r = rect.rect, d = lineHeight
        c.fillRoundedRect(r, radius: d / 2, color: fill)
        for (i, line) in lines.enumerated() {
            let top = r.minY + d * Double(i)
            c.fillCircle(center: Point(r.minX + d * 0.6, top + d / 2), radius: d * 0.17, color: LinkStatusBanner.dot)
            guard let font else { continue }
            let baseline = top + (d + font.ascent - font.descent) / 2
            c.drawText(line, font: font, at: Point(r.minX + d * 1.05, baseline), color: ink)
        }
    }
}
