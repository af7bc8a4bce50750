import Core

extension Canvas {
    /// Fills `path` with a solid colour like `fill(path:paint:)`, the same exact-area coverage, but
    /// walking the canvas by columns instead of rows. Worth it for shapes that every column crosses
    /// once or twice in a tall run while every row crosses them many times in short ones: a dense
    /// line chart's line (its ribbon rises and falls steeply every pixel or two). Row by row such a
    /// line is dozens of three-pixel runs per row, each a separate blend; column by column it is one
    /// run per column (`ColumnCells`). Shaded paints and RGB565 canvases take the row-wise fill.
    public func fillByColumns(path: Path, paint: Paint) {
        guard case .solid(let color) = paint.kind, format != .rgb565 else { return fill(path: path, paint: paint) }
        guard path.isFinite, !clip.isEmpty, paint.isDrawable else { return }
        var o = beginOutline()
        o.add(path)
        defer { o.reset(); swap(&o, &scratch.outline) }
        guard !o.isEmpty else { return }
        let area = o.pixelBounds.intersection(clip)
        guard !area.isEmpty else { return }
        let sink = ColumnSink(canvas: self, color: color, paint: paint)
        if o.isNear { return scratch.columns.fill(o, area: area, into: sink) }
        let box = Rect(
            x: Double(area.x - 1), y: Double(area.y - 1), width: Double(area.width + 2),
            height: Double(area.height + 2))
        scratch.columns.fill(o.clipped(to: box), area: area, into: sink)
    }

    /// `fillByColumns(path:paint:)` of the closed polygon through `points`, without building a path
    /// (a chart draws one of hundreds of points per line on every sample).
    public func fillByColumns(polygon points: [Point], paint: Paint) {
        guard case .solid(let color) = paint.kind, format != .rgb565, points.count >= 3 else {
            return fill(path: Path.polygon(points), paint: paint)
        }
        guard !clip.isEmpty, paint.isDrawable else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        // Far or not finite (`min` and `max` pass NaN over): the path's clipping and checks.
        guard FarGeometry.isNear(minX, minY, 0) && FarGeometry.isNear(maxX, maxY, 0) && FarGeometry.allFinite(points)
        else {
            return fillByColumns(path: Path.polygon(points), paint: paint)
        }
        let area = PixelRect(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
            .intersection(clip)
        guard !area.isEmpty else { return }
        points.withUnsafeBufferPointer {
            scratch.columns.fill(polygon: $0, area: area, into: ColumnSink(canvas: self, color: color, paint: paint))
        }
    }
}

/// Blends `ColumnCells`' coverage in a solid colour into a 32-bit canvas, pixel by pixel.
struct ColumnSink {
    let base: UnsafeMutableRawPointer
    let strideBytes: Int
    /// Premultiplied, scaled by the paint's alpha.
    let solid: UInt32
    let overMode: Bool
    /// The colour scaled by each coverage 0…255: one table lookup per edge pixel instead of a
    /// scale (256 scales per shape; a chart's line has thousands of edge pixels).
    let scaled: UnsafeMutablePointer<UInt32>

    init(canvas: Canvas, color: Color, paint: Paint) {
        base = canvas.pixels; strideBytes = canvas.strideBytes
        solid = PixelMath.scale(color.premultipliedARGB, paint.alpha8)
        overMode = paint.blendMode == .sourceOver
        scaled = canvas.scratch.columns.scaledColors
        for a in 0..<256 { scaled[a] = PixelMath.scale(solid, UInt32(a)) }
    }

    /// Pixel (`column`, `row`) covered `a`/255 (1…255).
    @inline(__always) func put(_ column: Int, _ row: Int, _ a: UInt32) {
        let p = (base + row * strideBytes).assumingMemoryBound(to: UInt32.self) + column
        let s = scaled[Int(a)]
        if overMode {
            if s >> 24 == 255 { p.pointee = s; return }
            p.pointee = PixelMath.over(s, p.pointee)
        } else {
            p.pointee = a == 255 ? s : s &+ PixelMath.scale(p.pointee, 255 &- a)
        }
    }
}
