import Core

/// Exact-area coverage accumulated down columns: `CoverageCells`' signed-area method with the roles
/// of x and y swapped, for shapes that cross each column in one tall run (a dense line chart's
/// line). Each edge adds, to every pixel of a column it crosses, the signed area between it and the
/// pixel's bottom ("area"), and its signed width ("cover"), which applies in full to the pixels
/// below. One column is finished before the next: its cells are one short dense array, summed from
/// the first touched pixel to the last and blended straight into the canvas (no row bitmaps, no
/// bands, no masks).
final class ColumnCells {
    /// Per pixel of the column two floats side by side: area, then cover; one spare below.
    private var acc: UnsafeMutablePointer<Float> = .allocate(capacity: 2)
    private var accCapacity = 1
    /// Edges (x0, y0, x1, y1) local to the area, left end first, and their signs.
    private var edges: UnsafeMutablePointer<Double> = .allocate(capacity: 4)
    private var signs: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    private var edgeCapacity = 1
    private var order = Int32Buffer(), starts = Int32Buffer(), active = Int32Buffer()
    /// `ColumnSink`'s colour table (256 words).
    let scaledColors: UnsafeMutablePointer<UInt32> = .allocate(capacity: 256)

    deinit {
        acc.deallocate(); edges.deallocate(); signs.deallocate(); scaledColors.deallocate()
        order.free(); starts.free(); active.free()
    }

    /// Rasterizes every contour of `outline` (non-zero rule) inside `area` (already clipped) into
    /// the canvas through `sink`.
    func fill(_ outline: Outline, area: PixelRect, into sink: ColumnSink) {
        reserve(points: outline.xs.count, rows: area.height)
        var count = 0, start = 0
        for end in outline.contourEnds {
            if end - start >= 2 {
                var px = outline.xs[end - 1], py = outline.ys[end - 1]
                for i in start..<end {
                    let qx = outline.xs[i], qy = outline.ys[i]
                    addEdge(px, py, qx, qy, area, &count)
                    px = qx; py = qy
                }
            }
            start = end
        }
        rasterize(count, area: area, into: sink)
    }

    /// Rasterizes the closed polygon through `points` (device pixels, near the canvas) the same way.
    func fill(polygon points: UnsafeBufferPointer<Point>, area: PixelRect, into sink: ColumnSink) {
        guard let last = points.last else { return }
        reserve(points: points.count, rows: area.height)
        var count = 0
        var p = last
        for q in points {
            addEdge(p.x, p.y, q.x, q.y, area, &count)
            p = q
        }
        rasterize(count, area: area, into: sink)
    }

    private func reserve(points: Int, rows h: Int) {
        if h + 1 > accCapacity {
            acc.deallocate(); accCapacity = h + 1
            acc = .allocate(capacity: 2 * accCapacity); acc.initialize(repeating: 0, count: 2 * accCapacity)
        }
        if points > edgeCapacity {
            edges.deallocate(); signs.deallocate(); edgeCapacity = points
            edges = .allocate(capacity: 4 * edgeCapacity); signs = .allocate(capacity: edgeCapacity)
        }
    }

    /// Keeps the edge from (x0, y0) to (x1, y1) when it crosses the area's columns, local to the
    /// area and left end first (an upright edge covers no width: it changes no column's sum).
    @inline(__always) private func addEdge(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ area: PixelRect, _ count: inout Int
    ) {
        let px = x0 - Double(area.x), py = y0 - Double(area.y), qx = x1 - Double(area.x), qy = y1 - Double(area.y)
        guard px != qx && max(px, qx) > 0 && min(px, qx) < Double(area.width) && py.isFinite && qy.isFinite
        else { return }
        let e = edges + 4 * count
        if px < qx {
            e[0] = px; e[1] = py; e[2] = qx; e[3] = qy; signs[count] = 1
        } else {
            e[0] = qx; e[1] = qy; e[2] = px; e[3] = py; signs[count] = -1
        }
        count += 1
    }

    /// Sorts the `count` kept edges by column and walks the columns.
    private func rasterize(_ count: Int, area: PixelRect, into sink: ColumnSink) {
        let w = area.width, h = area.height
        // Counting sort by first column.
        let first = starts.zeroed(w + 1), sorted = order.zeroed(count), act = active.zeroed(count)
        @inline(__always) func column(_ e: Int) -> Int { min(w - 1, max(0, Int(edges[4 * e]))) }
        for e in 0..<count { first[column(e) + 1] += 1 }
        for c in 0..<w { first[c + 1] += first[c] }
        for e in 0..<count {
            let c = column(e)
            sorted[Int(first[c])] = Int32(e)
            first[c] += 1
        }
        // first[c] is now column c's end, the next column's start.
        var next = 0, activeCount = 0
        for c in 0..<w {
            while next < Int(first[c]) { act[activeCount] = sorted[next]; activeCount += 1; next += 1 }
            if activeCount == 0 { continue }
            var low = h, high = 0
            var keep = 0
            let x0 = Double(c), x1 = Double(c + 1)
            for k in 0..<activeCount {
                let e = Int(act[k])
                let p = edges + 4 * e
                let ax = p[0], ay = p[1], bx = p[2], by = p[3]
                let slope = (by - ay) / (bx - ax)
                let xa = max(ax, x0), xb = min(bx, x1)
                if xb > xa {
                    let ya = xa == ax ? ay : ay + (xa - ax) * slope, yb = xb == bx ? by : ay + (xb - ax) * slope
                    addPiece(ya, yb, Float(xb - xa) * signs[e], h, &low, &high)
                }
                if bx > x1 { act[keep] = act[k]; keep += 1 }
            }
            activeCount = keep
            if high >= low { sweep(column: area.x + c, top: area.y, low, high, h, sink) }
        }
    }

    /// The part of an edge within one column, from height `ya` to `yb` (local), `width` wide
    /// (signed): split where it leaves the rows, the parts above pressed onto the top row (they cover
    /// everything below), those below onto the spare cell.
    @inline(__always) private func addPiece(
        _ ya: Double, _ yb: Double, _ width: Float, _ h: Int, _ low: inout Int, _ high: inout Int
    ) {
        guard ya.isFinite && yb.isFinite else { return }
        let top = min(ya, yb), bottom = max(ya, yb), limit = Double(h)
        if top >= 0 && bottom <= limit { return addInside(ya, yb, width, h, &low, &high) }
        // Each part's share of the width is its share of the height (the piece is straight).
        let span = bottom - top
        let above = top < 0 ? (min(bottom, 0) - top) / span : 0
        let below = bottom > limit ? (bottom - max(top, limit)) / span : 0
        if above > 0 { addInside(0, 0, width * Float(above), h, &low, &high) }
        if below > 0 { addInside(limit, limit, width * Float(below), h, &low, &high) }
        let inside = 1 - above - below
        if inside > 1e-12 {
            addInside(max(0, min(limit, top)), max(0, min(limit, bottom)), width * Float(inside), h, &low, &high)
        }
    }

    /// A piece within the rows [0, h], from height `ya` to `yb`, signed width `width`.
    @inline(__always) private func addInside(
        _ ya: Double, _ yb: Double, _ width: Float, _ h: Int, _ low: inout Int, _ high: inout Int
    ) {
        let yl = min(ya, yb), yr = max(ya, yb)
        let il = min(Int(yl), h), ir = min(Int(yr), h)
        if il < low { low = il }
        if ir > high { high = ir }
        if il == ir || yr - yl < 1e-9 {
            let mid = Float((yl + yr) * 0.5 - Double(il))
            deposit(il, width * (1 - mid), width)
            return
        }
        let perY = Double(width) / (yr - yl)
        // The first and last pixels are partly crossed; each one between is crossed over its full
        // height, halfway across on average.
        let firstEnd = Double(il + 1)
        deposit(
            il, Float((firstEnd - yl) * perY * (1 - ((yl + firstEnd) * 0.5 - Double(il)))),
            Float((firstEnd - yl) * perY))
        let full = Float(perY), half = Float(perY * 0.5)
        let acc = self.acc
        var i = il + 1
        while i < ir {
            acc[2 * i] += half; acc[2 * i + 1] += full
            i += 1
        }
        let lastStart = Double(ir)
        if yr > lastStart {
            let d = (yr - lastStart) * perY
            deposit(ir, Float(d * (1 - (yr - lastStart) * 0.5)), Float(d))
        }
    }

    @inline(__always) private func deposit(_ i: Int, _ area: Float, _ cover: Float) {
        let cell = acc + 2 * i
        cell[0] += area
        cell[1] += cover
    }

    /// Sums the column's cells from `low` to `high`, blends each pixel, fills on down with the sum
    /// left below the last cell (a shape reaching past the bottom), and zeroes the cells.
    @inline(__always) private func sweep(column: Int, top: Int, _ low: Int, _ high: Int, _ h: Int, _ sink: ColumnSink) {
        var sum: Float = 0
        let last = min(high, h - 1)
        if low <= last {
            for i in low...last {
                let cell = acc + 2 * i
                let a = CoverageCells.alpha(sum + cell[0])
                sum += cell[1]
                cell[0] = 0; cell[1] = 0
                if a != 0 { sink.put(column, top + i, a) }
            }
        }
        if high == h { acc[2 * h] = 0; acc[2 * h + 1] = 0 }
        let a = CoverageCells.alpha(sum)
        if a != 0 && last + 1 < h { for i in (last + 1)..<h { sink.put(column, top + i, a) } }
    }
}
