import Core

/// A face at a pixel size (the em square is `size` pixels).
public struct Font {
    /// The face (with its glyph cache; share one face between fonts of different sizes).
    public let face: FontFace
    /// Pixels per em.
    public let size: Double
    /// `face` at `size` pixels per em.
    public init(face: FontFace, size: Double) { self.face = face; self.size = size }
    /// Distance from the baseline up to the face's ascender, in pixels.
    public var ascent: Double { Double(face.ascender) * size / Double(face.unitsPerEm) }
    /// Distance from the baseline down to the face's descender, in pixels (positive).
    public var descent: Double { -Double(face.descender) * size / Double(face.unitsPerEm) }

    /// Advance and ink extent of a single line of text.
    public func measure(_ text: String, kerning: Bool = true) -> TextMetrics {
        let size64 = FontFace.size64(size)
        var pen = 0.0
        var ink = Rect.zero
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let g = face.glyphIndex(scalar)
            if kerning { pen += face.kerning(previous, g, size64: size64) }
            let glyph = face.glyph(g, size64: size64, subX: 0, subY: 0)
            if glyph.width > 0 {
                let r = Rect(
                    x: pen.rounded(.down) + Double(glyph.left), y: -Double(glyph.top), width: Double(glyph.width),
                    height: Double(glyph.height))
                ink = ink.union(r)
            }
            pen += glyph.advance
            previous = g
        }
        return TextMetrics(advance: pen, inkBounds: ink)
    }
}

/// The size of a line of text relative to its pen origin on the baseline (y grows downwards, so ink
/// above the baseline has negative y).
public struct TextMetrics: Hashable, Sendable {
    /// Sum of advances (and kerning): where the next line of text would start.
    public var advance: Double
    /// The rectangle the glyphs' pixels occupy (whole pixels, from unoffset renderings).
    public var inkBounds: Rect
}

extension Canvas {
    /// Draws one line of `text` with its pen origin on the baseline at `origin`; returns the advance.
    /// Glyphs are unhinted, grayscale anti-aliased and placed to a quarter pixel; kerning is applied
    /// when the face has a kerning table and `kerning` is true.
    @discardableResult
    public func drawText(_ text: String, font: Font, at origin: Point, paint: Paint, kerning: Bool = true) -> Double {
        // Positions beyond any screen (or not numbers) would trap in the pixel conversions below.
        guard abs(origin.x) < 1e9, abs(origin.y) < 1e9, Canvas.drawsText(at: font.size), paint.isDrawable else {
            return 0
        }
        let face = font.face
        let size64 = FontFace.size64(font.size)
        var sink = PaintSink(canvas: self, paint: paint, maxSpan: max(4096, width))
        var pen = origin.x
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let g = face.glyphIndex(scalar)
            if kerning { pen += face.kerning(previous, g, size64: size64) }
            // Split the position into whole pixels and a quarter-pixel offset rendered into the glyph.
            var ix = pen.rounded(.down), qx = Int(((pen - ix) * 4).rounded())
            if qx == 4 { ix += 1; qx = 0 }
            var iy = origin.y.rounded(.down), qy = Int(((origin.y - iy) * 4).rounded())
            if qy == 4 { iy += 1; qy = 0 }
            let glyph = face.glyph(g, size64: size64, subX: qx, subY: qy)
            blit(glyph, x: Int(ix) + glyph.left, y: Int(iy) - glyph.top, sink: &sink)
            pen += glyph.advance
            previous = g
        }
        return pen - origin.x
    }

    /// Draws one line of `text` in a solid colour; returns the advance.
    @discardableResult
    public func drawText(_ text: String, font: Font, at origin: Point, color: Color) -> Double {
        drawText(text, font: font, at: origin, paint: Paint(color))
    }

    /// Draws `text` centred in `rect`: horizontally by its advance, vertically by its ink bounds.
    public func drawText(_ text: String, font: Font, centeredIn rect: Rect, paint: Paint) {
        // Measuring renders the glyphs: not for a size that draws nothing.
        guard Canvas.drawsText(at: font.size) else { return }
        let m = font.measure(text)
        let x = rect.midX - m.advance / 2
        let y = rect.midY - (m.inkBounds.minY + m.inkBounds.maxY) / 2
        drawText(text, font: font, at: Point(x, y), paint: paint)
    }

    /// Whether text of `size` pixels per em is drawn (a NaN or an absurd size is not).
    static func drawsText(at size: Double) -> Bool { size > 0 && size < 10_000 }

    private func blit(_ glyph: Glyph, x: Int, y: Int, sink: inout PaintSink) {
        guard glyph.width > 0 else { return }
        let c = clip
        let x0 = max(x, c.x), x1 = min(x + glyph.width, c.maxX)
        let y0 = max(y, c.y), y1 = min(y + glyph.height, c.maxY)
        guard x0 < x1, y0 < y1 else { return }
        glyph.coverage.withUnsafeBufferPointer { cov in
            for row in y0..<y1 {
                sink.mask(
                    y: row, x: x0, count: x1 - x0, coverage: cov.baseAddress! + (row - y) * glyph.width + (x0 - x))
            }
        }
    }
}
