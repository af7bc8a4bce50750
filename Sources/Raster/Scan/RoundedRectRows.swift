import Core

/// The two straight sides of a shape between which every row has the same simple coverage: exactly
/// two vertical edges, one down and one up, and no other edge in their common height. A rounded
/// rectangle has them between its corners, where most of its rows are.
struct StraightSides {
    /// Device x of the two sides (`left` < `right`), and the signed height (±1 per row) each adds.
    let left: Double, right: Double
    let leftDirection: Float, rightDirection: Float
    /// The height both sides span with nothing else in it.
    let top: Double, bottom: Double

    /// The straight sides of `outline`, or nil if it has no such pair (then the cell path does it all).
    init?(_ outline: Outline) {
        guard outline.contourEnds.count == 1 else { return nil }
        let n = outline.xs.count
        guard n >= 4 else { return nil }
        // The two longest vertical edges.
        var best = (-1, -1), bestHeight = (0.0, 0.0)
        outline.xs.withUnsafeBufferPointer { xs in
            outline.ys.withUnsafeBufferPointer { ys in
                var p = n - 1
                for q in 0..<n {
                    if xs[p] == xs[q] {
                        let h = abs(ys[q] - ys[p])
                        if h > bestHeight.0 {
                            best = (p, best.0); bestHeight = (h, bestHeight.0)
                        } else if h > bestHeight.1 {
                            best.1 = p; bestHeight.1 = h
                        }
                    }
                    p = q
                }
            }
        }
        guard bestHeight.1 >= 2 else { return nil }
        let xs = outline.xs, ys = outline.ys
        @inline(__always) func next(_ i: Int) -> Int { i + 1 == n ? 0 : i + 1 }
        let (a, b) = xs[best.0] < xs[best.1] ? best : (best.1, best.0)
        left = xs[a]; right = xs[b]
        leftDirection = ys[next(a)] > ys[a] ? 1 : -1
        rightDirection = ys[next(b)] > ys[b] ? 1 : -1
        guard left < right, leftDirection != rightDirection else { return nil }
        var top = max(min(ys[a], ys[next(a)]), min(ys[b], ys[next(b)]))
        var bottom = min(max(ys[a], ys[next(a)]), max(ys[b], ys[next(b)]))
        // Every other sloped edge must lie wholly above or below; horizontal ones add nothing.
        var p = n - 1
        for q in 0..<n {
            if p != a && p != b && ys[p] != ys[q] {
                let lo = min(ys[p], ys[q]), hi = max(ys[p], ys[q])
                if hi > top && lo < bottom {
                    // It reaches into the common height: keep only the larger clear part.
                    if lo - top > bottom - hi { bottom = lo } else { top = hi }
                }
            }
            p = q
        }
        guard bottom - top >= 2 else { return nil }
        self.top = top; self.bottom = bottom
    }
}

extension Canvas {
    /// Fills a rounded rectangle (the outline of `Path.roundedRect`): the rows with corners through
    /// the cell path, the rows between the corners straight from their two edge pixels, which skips
    /// accumulating and sweeping cells for most of the rows. The coverage is the same: the edge
    /// pixels get the values the cell sweep would compute from the same edges, in the same `Float`
    /// steps, and the pixels between them are full. A pill (radius half the height) has no straight
    /// rows; it is drawn as a capsule by the disc's row path instead (analytic areas, within a step or two
    /// of the cells').
    func fill(roundedRect rect: Rect, radius: Double, paint: Paint) {
        guard !rect.isEmpty, paint.isDrawable else { return }
        let r = Path.roundedRectRadius(rect, radius)
        // A pill (lying, its radius half its height) is a capsule: rows straight from the circle equation
        // (its right end within reach of those rows' integer columns, see `FarGeometry`).
        if Canvas.drawsAsCapsule(rect, r), RingShape.accepts(outer: r, inner: 0, cx: rect.minX + r, cy: rect.midY),
            rect.maxX < FarGeometry.near
        {
            return fill(
                ring: RingShape(cx: rect.minX + r, cy: rect.midY, outer: r, inner: 0, stretch: rect.width - 2 * r),
                paint: paint)
        }
        var o = beginOutline()
        defer { o.reset(); swap(&o, &scratch.outline) }
        // The cache flattens its corners without a drawn area: a radius far beyond any canvas takes the
        // path, whose arcs are flattened finely only where they can show (`Outline.addArcNear`).
        if r > 0 && r <= FarGeometry.near && rect.minX.isFinite && rect.minY.isFinite && rect.maxX.isFinite
            && rect.maxY.isFinite
        {
            scratch.cells.roundedCorners.add(rect, radius: r, to: &o)
        } else {
            o.add(Path.roundedRect(rect, radius: radius))
        }
        guard !o.isEmpty, !clip.isEmpty else { return }
        let area = o.pixelBounds.intersection(clip)
        guard !area.isEmpty else { return }
        var sink = PaintSink(canvas: self, paint: paint, maxSpan: area.width)
        let cells = scratch.cells
        // A rectangle reaching far beyond the canvas goes to the cells whole, clipped first: its sides'
        // rows would not convert to integers.
        guard o.isNear, let sides = StraightSides(o) else { return scratch.fillCells(o, area: area, into: &sink) }
        // Whole rows inside the straight part, within the area.
        let rowTop = max(area.y, Int(sides.top.rounded(.up))),
            rowBottom = min(area.maxY, Int(sides.bottom.rounded(.down)))
        guard rowTop < rowBottom else { return cells.fill(o, area: area, into: &sink) }
        if rowTop > area.y {
            cells.fill(
                o, area: PixelRect(x: area.x, y: area.y, width: area.width, height: rowTop - area.y), into: &sink)
        }
        StraightRows(sides, area: area).draw(rows: rowTop..<rowBottom, into: &sink)
        if area.maxY > rowBottom {
            cells.fill(
                o, area: PixelRect(x: area.x, y: rowBottom, width: area.width, height: area.maxY - rowBottom),
                into: &sink)
        }
    }
}

extension Canvas {
    /// Whether a rounded rectangle of (clamped) radius `r` is filled as a capsule: a lying pill with caps
    /// of 4 pixels and more (on smaller caps the tangent-line area is off by more than 3 units of 255).
    static func drawsAsCapsule(_ rect: Rect, _ r: Double) -> Bool {
        r == rect.height / 2 && rect.width >= rect.height && r >= 4
    }
}

/// The flattened corners of rounded rectangles of one radius, relative to their centres: the points
/// `Outline.addArc` makes about (0, 0). Every point it makes is `centre + offset`, so adding a corner's
/// centre to these gives exactly the points of `Outline.add(Path.roundedRect(…))`, without its sines
/// and cosines (a number pad draws many keys of one radius).
final class RoundedCornerCache {
    private var radius = -1.0
    private var xs: [Double] = [], ys: [Double] = []
    /// Index one past each corner's last point.
    private var ends = [0, 0, 0, 0]

    /// Appends the one contour of `Path.roundedRect(rect, radius: r)` to `o` (r > 0, all finite).
    func add(_ rect: Rect, radius r: Double, to o: inout Outline) {
        if r != radius { rebuild(r) }
        var i = 0
        for k in 0..<4 {
            let (c, _) = Path.roundedRectCorner(k, rect, r)
            while i < ends[k] { o.add(c.x + xs[i], c.y + ys[i]); i += 1 }
        }
        o.closeContour()
    }

    private func rebuild(_ r: Double) {
        var o = Outline()
        for k in 0..<4 {
            let (_, start) = Path.roundedRectCorner(k, Rect(x: 0, y: 0, width: 2 * r, height: 2 * r), r)
            o.addArc(cx: 0, cy: 0, radius: r, start: start.radians, sweep: Angle.degrees(90).radians)
            ends[k] = o.xs.count
        }
        xs = o.xs; ys = o.ys; radius = r
    }
}

/// The coverage of one row between two straight sides, as the cell sweep would find it: the left
/// side's pixel, full pixels, the right side's pixel (each side's pixel is where its x falls, in the
/// area's local coordinates, with a side outside the area pressed onto its border).
struct StraightRows {
    let originX: Int, width: Int
    /// Pixel columns (local) of the two sides; `rightColumn` == `width` when the right side is at or
    /// past the area's right border (its cell is then the spare column, which the sweep ignores).
    let leftColumn: Int, rightColumn: Int
    /// Coverage of the left side's pixel and of the right side's pixel (0…255).
    let leftAlpha: UInt32, rightAlpha: UInt32

    init(_ s: StraightSides, area: PixelRect) {
        originX = area.x; width = area.width
        let w = Double(width)
        let lx = min(max(s.left - Double(area.x), 0), w), rx = min(max(s.right - Double(area.x), 0), w)
        leftColumn = min(Int(lx), width); rightColumn = min(Int(rx), width)
        // The cells' terms for a full-height vertical edge piece: area = height·(1 − x fraction), cover = height.
        let leftArea = Float(Double(s.leftDirection) * (1 - (lx - Double(leftColumn))))
        let rightArea = Float(Double(s.rightDirection) * (1 - (rx - Double(rightColumn))))
        if leftColumn == rightColumn {
            // Both sides in one pixel (a sliver): the sum of both areas, as one cell holds it.
            leftAlpha = CoverageCells.alpha(0 + leftArea + rightArea); rightAlpha = 0
        } else {
            leftAlpha = CoverageCells.alpha(0 + leftArea)
            rightAlpha = CoverageCells.alpha(s.leftDirection + rightArea)
        }
    }

    /// Sends `rows` to `sink`: per row at most one span and two one-pixel masks.
    func draw<S: CoverageSink>(rows: Range<Int>, into sink: inout S) {
        var coverage = (UInt8(truncatingIfNeeded: leftAlpha), UInt8(truncatingIfNeeded: rightAlpha))
        let leftX = originX + leftColumn
        if leftColumn == rightColumn {
            guard leftColumn < width, leftAlpha > 0 else { return }
            withUnsafePointer(to: &coverage.0) { left in
                for y in rows { sink.mask(y: y, x: leftX, count: 1, coverage: left) }
            }
            return
        }
        // A full side pixel joins the span; a partial one is a mask of one pixel.
        let spanStart = leftAlpha == 255 ? leftColumn : leftColumn + 1
        let rightInside = rightColumn < width
        let spanEnd = rightInside && rightAlpha == 255 ? rightColumn + 1 : rightColumn
        withUnsafePointer(to: &coverage.0) { left in
            withUnsafePointer(to: &coverage.1) { right in
                for y in rows {
                    if leftAlpha > 0 && leftAlpha < 255 { sink.mask(y: y, x: leftX, count: 1, coverage: left) }
                    if spanEnd > spanStart {
                        sink.span(y: y, x: originX + spanStart, count: spanEnd - spanStart, alpha: 255)
                    }
                    if rightInside && rightAlpha > 0 && rightAlpha < 255 {
                        sink.mask(y: y, x: originX + rightColumn, count: 1, coverage: right)
                    }
                }
            }
        }
    }
}
