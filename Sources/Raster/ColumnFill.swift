import Core

extension Canvas {
    /// Fills `path` with a solid colour like `fill(path:paint:)`, the same exact-area coverage, but
    /// walking the canvas by columns instead of rows. Worth it for shapes that every column crosses
    /// once or twice in a tall run while every row crosses them many times in short ones: a dense
    /// line chart's line (its ribbon rises and falls steeply every pixel or two). Row by row such a
    /// line is dozens of three-pixel runs per row, each a separate blend; column by column it is one
    /// run per column. Shaded paints and RGB565 canvases take the row-wise fill.
    public func fillByColumns(path: Path, paint: Paint) {
        guard case .solid(let color) = paint.kind, format != .rgb565 else { return fill(path: path, paint: paint) }
        guard path.isFinite, !clip.isEmpty, paint.isDrawable else { return }
        var o = beginOutline()
        o.add(path)
        defer { o.reset(); swap(&o, &scratch.outline) }
        guard !o.isEmpty else { return }
        let area = o.pixelBounds.intersection(clip)
        guard !area.isEmpty else { return }
        // The cells see the shape mirrored across the diagonal: their rows are the canvas's columns.
        // Mirroring flips every edge's direction, which the non-zero rule (a magnitude) ignores.
        swap(&o.xs, &o.ys)
        (o.minX, o.minY, o.maxX, o.maxY) = (o.minY, o.minX, o.maxY, o.maxX)
        o.reach = o.reach.map { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }
        let mirrored = PixelRect(x: area.y, y: area.x, width: area.height, height: area.width)
        var sink = ColumnSink(
            base: pixels, strideBytes: strideBytes,
            solid: PixelMath.scale(color.premultipliedARGB, paint.alpha8),
            overMode: paint.blendMode == .sourceOver)
        if o.isNear { return scratch.cells.fill(o, area: mirrored, into: &sink) }
        let box = Rect(
            x: Double(mirrored.x - 1), y: Double(mirrored.y - 1), width: Double(mirrored.width + 2),
            height: Double(mirrored.height + 2))
        scratch.cells.fill(o.clipped(to: box), area: mirrored, into: &sink)
    }
}

/// Writes the coverage of a mirrored shape (rows of cells are canvas columns) in a solid colour to a
/// 32-bit canvas: each span or mask runs down one column.
struct ColumnSink: CoverageSink {
    let base: UnsafeMutableRawPointer
    let strideBytes: Int
    /// Premultiplied, scaled by the paint's alpha.
    let solid: UInt32
    let overMode: Bool

    var mergeLimit: Int { 0 }

    @inline(__always) private func put(_ column: Int, _ row: Int, _ a: UInt32) {
        let p = (base + row * strideBytes).assumingMemoryBound(to: UInt32.self) + column
        if overMode {
            if a == 255 && solid >> 24 == 255 { p.pointee = solid; return }
            p.pointee = PixelMath.over(a == 255 ? solid : PixelMath.scale(solid, a), p.pointee)
        } else {
            p.pointee = a == 255 ? solid : PixelMath.lerp(solid, p.pointee, a)
        }
    }

    /// `y` is the canvas column, `x` the first row.
    @inline(__always) mutating func span(y: Int, x: Int, count: Int, alpha: UInt32) {
        for k in 0..<count { put(y, x + k, alpha) }
    }

    @inline(__always) mutating func mask(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        for k in 0..<count {
            let a = UInt32(coverage[k])
            if a != 0 { put(y, x + k, a) }
        }
    }
}
