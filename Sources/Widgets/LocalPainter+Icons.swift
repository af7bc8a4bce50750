import Core
import Raster

extension LocalPainter {
    /// Draws icon `name` of the catalogue's icon font (`mdi:NAME`) as large as fits the local `rect`,
    /// centred, in `tint`. Upright, the glyph is drawn straight from the face's glyph cache at the
    /// device size, so it is as sharp as text; turned, it goes through a mask like turned text.
    /// Names the font does not have draw nothing (the loader has reported them).
    func drawFontIcon(
        _ name: String, fittedIn rect: Rect, rotatedBy angle: Angle = .zero, tint: Color, alpha: Double = 1
    ) {
        guard let icons = resources.images.icons, let scalar = icons.scalar(for: name), alpha > 0 else { return }
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let text = String(Character(scalar))
        let paint = Paint(tint, alpha: alpha)
        if isUpright && abs(angle.radians) < 1e-9 {
            let size = side * scale
            let font = Font(face: icons.face, size: size)
            let advance = iconAdvance(text, font: font)
            let c = device(rect.center)
            let box = Rect(x: c.x - size / 2, y: c.y - size / 2, width: size, height: size)
            guard box.outsetBy(2).intersects(canvas.clip.rect) else { return }
            let pen = icons.penOffset(size: size)
            canvas.drawText(
                text, font: font, at: Point(c.x - advance / 2, box.minY + pen.y), paint: paint, kerning: false)
            return
        }
        guard let mask = iconMask(text, icons: icons, pixelSize: (side * scale).rounded(.up)) else { return }
        let w = Double(mask.width)
        let toLocal = Transform.translation(-w / 2, -w / 2)
            .then(.scale(side / w, side / w))
            .then(.rotation(angle, about: .zero))
            .then(.translation(rect.midX, rect.midY))
        canvas.drawImage(mask, transform: toLocal.then(transform), tint: tint, alpha: alpha)
    }

    /// The advance of icon `text` in `font`, measured once per size (kept with the text's metrics,
    /// under a key no line of text has).
    private func iconAdvance(_ text: String, font: Font) -> Double {
        let key = TextMaskKey(text: IconNames.prefix + text, size: font.size, bold: false)
        if let known = resources.textMetrics[key] { return known.advance }
        let m = font.measure(text, kerning: false)
        if resources.textMetrics.count >= Resources.textMetricsLimit { resources.textMetrics.removeAll() }
        resources.textMetrics[key] = m
        return m.advance
    }

    /// The icon `text` rendered black on transparent into a square of `pixelSize` (cached with the
    /// turned text lines).
    private func iconMask(_ text: String, icons: IconFont, pixelSize: Double) -> Bitmap? {
        let key = TextMaskKey(text: IconNames.prefix + text, size: pixelSize, bold: false)
        if let cached = resources.textMasks[key] { return cached }
        let side = Int(pixelSize)
        guard side > 0, side <= 4096 else { return nil }
        let font = Font(face: icons.face, size: pixelSize)
        let advance = font.measure(text, kerning: false).advance
        let mask = Bitmap(width: side, height: side)
        mask.canvas.drawText(
            text, font: font, at: Point((pixelSize - advance) / 2, icons.penOffset(size: pixelSize).y),
            paint: Paint(Color.black), kerning: false)
        mask.releaseWorkMemory()
        if resources.textMasks.count >= Resources.textMaskLimit { resources.textMasks.removeAll() }
        resources.textMasks[key] = mask
        return mask
    }
}
