import Core
/// Exact-area coverage accumulation (the signed-area cell method): every polygon edge adds, to each
/// pixel it crosses, the signed area between the edge and the pixel's right side ("area"), and records
/// its signed height ("cover"), which applies in full to the pixels further right. A running sum along
/// the row then gives each pixel's exact covered area for a polygon, with the non-zero rule taken as
/// min(1, |winding area|) where contours overlap. Only touched cells are visited; between them the sum
/// is constant, which yields solid spans. Shapes are processed in bands of rows so the cells stay in
/// the L2 cache.
final class CoverageCells {
    /// Per cell two floats side by side: area, then cover.
    private var acc: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    private var bits: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    private var accCapacity = 0, bitsCapacity = 0
    /// Device position of local cell (0, 0), and the size of the active area.
    private(set) var originX = 0, originY = 0, width = 0, height = 0
    private var rowCells = 0, rowWords = 0
    /// One row of 8-bit coverage for runs of edge pixels.
    private var mask: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    private var maskCapacity = 0
    /// Always 257: the multiplier of `FourPixelMath.div255`, which every paint sink reads from
    /// here. Held in memory so the optimizer cannot see the constant: it would turn the 16-bit high
    /// multiply (one pmulhuw or umull pair) into shifts and adds on 32-bit lanes, about twice the work.
    var div255Multiplier: UInt16 = 257
    /// Rounded-rectangle corners of the last radius drawn (kept with the cells: both live as long as
    /// the canvas's work memory).
    let roundedCorners = RoundedCornerCache()

    deinit {
        acc.deallocate(); bits.deallocate(); mask.deallocate(); edges.deallocate()
        order.free(); bandStarts.free(); active.free()
    }

    /// Prepares an empty area `rect` (already clipped). Cells outside it are clamped or dropped by `addLine`.
    func begin(_ rect: PixelRect) {
        originX = rect.x; originY = rect.y; width = rect.width; height = rect.height
        rowCells = width + 2
        rowWords = (rowCells + 63) >> 6
        let needAcc = 2 * rowCells * height, needBits = rowWords * height
        if needAcc > accCapacity {
            acc.deallocate(); accCapacity = needAcc
            acc = .allocate(capacity: needAcc); acc.initialize(repeating: 0, count: needAcc)
        }
        if needBits > bitsCapacity {
            bits.deallocate(); bitsCapacity = needBits
            bits = .allocate(capacity: needBits); bits.initialize(repeating: 0, count: needBits)
        }
        if rowCells > maskCapacity {
            mask.deallocate(); maskCapacity = rowCells; mask = .allocate(capacity: rowCells)
        }
    }

    /// Edges of the current outline (x0, y0, x1, y1), and their order by first band.
    private var edges: UnsafeMutablePointer<Double> = .allocate(capacity: 4)
    private var edgeCapacity = 1
    /// Edge indices sorted by first band, each band's first index into `order`, and the edges of the
    /// current band (raw buffers: Swift arrays in a class pay a uniqueness check per write).
    private var order = Int32Buffer(), bandStarts = Int32Buffer(), active = Int32Buffer()

    /// Rows per band: the band's cells (8 bytes each) stay within about 128 KiB, so accumulation and
    /// the sweep work in the core's L2 cache however large the shape is.
    static func bandRows(width: Int) -> Int { max(4, 16_384 / (width + 2)) }

    /// Rasterizes every contour of `outline` inside `area` (already clipped) into `sink`, band by band.
    func fill<S: CoverageSink>(_ outline: Outline, area: PixelRect, into sink: inout S) {
        let rows = CoverageCells.bandRows(width: area.width)
        let bands = (area.height + rows - 1) / rows
        // At most one edge per outline point.
        if outline.xs.count > edgeCapacity {
            edges.deallocate(); edgeCapacity = outline.xs.count
            edges = .allocate(capacity: 4 * edgeCapacity)
        }
        let edges = self.edges
        var count = 0
        let top = Double(area.y), bottom = Double(area.maxY)
        var start = 0
        outline.xs.withUnsafeBufferPointer { xs in
            outline.ys.withUnsafeBufferPointer { ys in
                for end in outline.contourEnds {
                    if end - start >= 2 {
                        var px = xs[end - 1], py = ys[end - 1]
                        for i in start..<end {
                            let qx = xs[i], qy = ys[i]
                            // Only finite heights: a NaN would turn into a wild band index below.
                            if py != qy && max(py, qy) > top && min(py, qy) < bottom && py.isFinite && qy.isFinite {
                                let e = edges + 4 * count
                                e[0] = px; e[1] = py; e[2] = qx; e[3] = qy
                                count += 1
                            }
                            px = qx; py = qy
                        }
                    }
                    start = end
                }
            }
        }
        if bands <= 1 {
            begin(area)
            for e in 0..<count { addLine(edges[4 * e], edges[4 * e + 1], edges[4 * e + 2], edges[4 * e + 3]) }
            sweep(into: &sink)
            return
        }
        // Counting sort of the edges by the band their top falls in.
        let starts = bandStarts.zeroed(bands + 1), sorted = order.zeroed(count), act = active.zeroed(count)
        let perRow = 1 / Double(rows)
        @inline(__always) func firstBand(_ e: Int) -> Int {
            let y = min(edges[4 * e + 1], edges[4 * e + 3]) - top
            // Rounding can only move an edge to an earlier band (harmless), never a later one.
            return y <= 0 ? 0 : min(bands - 1, Int(y * perRow - 1e-9))
        }
        for e in 0..<count { starts[firstBand(e) + 1] += 1 }
        for b in 0..<bands { starts[b + 1] += starts[b] }
        // Place edges from the back of each band's slot range, so no second position array is needed.
        for e in stride(from: count - 1, through: 0, by: -1) {
            let b = firstBand(e) + 1
            starts[b] -= 1
            sorted[Int(starts[b])] = Int32(e)
        }
        // starts[b + 1] now holds band b's start; shift back so starts[b] does.
        for b in 0..<bands { starts[b] = starts[b + 1] }
        starts[bands] = Int32(count)
        var activeCount = 0
        for b in 0..<bands {
            let bandTop = area.y + b * rows
            let bandRect = PixelRect(x: area.x, y: bandTop, width: area.width, height: min(rows, area.maxY - bandTop))
            for k in Int(starts[b])..<Int(starts[b + 1]) { act[activeCount] = sorted[k]; activeCount += 1 }
            begin(bandRect)
            let bandBottom = Double(bandRect.maxY)
            var keep = 0
            for k in 0..<activeCount {
                let e = Int(act[k])
                addLine(edges[4 * e], edges[4 * e + 1], edges[4 * e + 2], edges[4 * e + 3])
                if max(edges[4 * e + 1], edges[4 * e + 3]) > bandBottom { act[keep] = act[k]; keep += 1 }
            }
            activeCount = keep
            sweep(into: &sink)
        }
    }

    /// Adds one directed edge in device coordinates, clipped to the active area: parts above or below
    /// are dropped, parts left of it are pressed onto its left side (they still change the winding of
    /// everything to their right), parts right of it are pressed onto the spare column.
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        var ax = x0 - Double(originX), ay = y0 - Double(originY)
        var bx = x1 - Double(originX), by = y1 - Double(originY)
        let h = Double(height), w = Double(width)
        if ay == by || !(ay.isFinite && by.isFinite && ax.isFinite && bx.isFinite) { return }
        if (ay <= 0 && by <= 0) || (ay >= h && by >= h) { return }
        // Clip to 0 ≤ y ≤ h.
        if ay < 0 {
            ax += (0 - ay) * (bx - ax) / (by - ay); ay = 0
        } else if ay > h {
            ax += (h - ay) * (bx - ax) / (by - ay); ay = h
        }
        if by < 0 {
            bx += (0 - by) * (ax - bx) / (ay - by); by = 0
        } else if by > h {
            bx += (h - by) * (ax - bx) / (ay - by); by = h
        }
        // Ends so far out that the clipping overflowed: no column to give them (outlines reaching
        // that far are clipped before they get here, see `Outline.clipped(to:)`).
        if ay == by || !(ax.isFinite && bx.isFinite) { return }
        // Split at x = 0 and x = w so that each piece lies on one side, then clamp it.
        var ts: (Double, Double) = (2, 2)
        if (ax < 0) != (bx < 0) { ts.0 = (0 - ax) / (bx - ax) }
        if (ax > w) != (bx > w) { ts.1 = (w - ax) / (bx - ax) }
        if ts.0 > ts.1 { ts = (ts.1, ts.0) }
        if ts.0 > 1 {  // the common case: no crossing
            addInside(CoverageCells.clamp(ax, w), ay, CoverageCells.clamp(bx, w), by)
            return
        }
        var sx = ax, sy = ay
        for k in 0..<3 {
            let t = k == 0 ? ts.0 : (k == 1 ? ts.1 : 1.0)
            if t > 1 { continue }
            let ex = t == 1 ? bx : ax + t * (bx - ax), ey = t == 1 ? by : ay + t * (by - ay)
            addInside(CoverageCells.clamp(sx, w), sy, CoverageCells.clamp(ex, w), ey)
            sx = ex; sy = ey
        }
    }

    /// `x` pressed into [0, w], and NaN (from edges so long that the clipping above overflowed) onto 0:
    /// every column then lies inside the row's cells, whatever the edge. The same value as
    /// `min(max(x, 0), w)` for every other x.
    @inline(__always) private static func clamp(_ x: Double, _ w: Double) -> Double { x > 0 ? (x < w ? x : w) : 0 }

    /// An edge inside [0, w] × [0, h] in local coordinates.
    @inline(__always) private func addInside(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if y0 == y1 { return }
        let dir: Double = y0 < y1 ? 1 : -1
        let (ax, ay, bx, by) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let dxdy = (bx - ax) / (by - ay)
        // An edge too short in y for its slope to be a number (heights near the smallest Double)
        // covers nothing; its x below would be NaN, a wild column.
        guard dxdy.isFinite else { return }
        let firstRow = Int(ay), lastRow = min(Int(by.rounded(.up)), height)
        var row = firstRow
        while row < lastRow {
            let top = max(Double(row), ay), bottom = min(Double(row + 1), by)
            if bottom > top {
                let xa = ax + (top - ay) * dxdy, xb = ax + (bottom - ay) * dxdy
                addRowPiece(row, xa, xb, (bottom - top) * dir)
            }
            row += 1
        }
    }

    /// The part of an edge within one row: from x `xa` to `xb`, covering signed height `dy`.
    @inline(__always) private func addRowPiece(_ row: Int, _ xa: Double, _ xb: Double, _ dy: Double) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let il = min(Int(xl), width), ir = min(Int(xr), width)
        let base = row * rowCells
        if il == ir || xr - xl < 1e-9 {
            let mid = (xl + xr) * 0.5 - Double(il)
            deposit(base, row, il, dy * (1 - mid), dy)
            return
        }
        let dydx = dy / (xr - xl)
        var x = xl
        var i = il
        while i <= ir {
            let xn = min(Double(i + 1), xr)
            if xn > x {
                let d = (xn - x) * dydx
                let mid = (x + xn) * 0.5 - Double(i)
                deposit(base, row, i, d * (1 - mid), d)
            }
            x = xn
            i += 1
        }
    }

    /// Adds `area` and `cover` to cell `i` and marks it as touched.
    @inline(__always) private func deposit(_ base: Int, _ row: Int, _ i: Int, _ area: Double, _ cover: Double) {
        let cell = acc + 2 * (base + i)
        cell[0] += Float(area)
        cell[1] += Float(cover)
        bits[row * rowWords + (i >> 6)] |= 1 << UInt64(i & 63)
    }

    /// Walks every row, hands the coverage to `sink` as constant spans and per-pixel masks (in device
    /// coordinates, coverage 1…255), and leaves the cells zeroed for the next shape.
    func sweep<S: CoverageSink>(into sink: inout S) {
        let w = width
        let mergeLimit = sink.mergeLimit
        for row in 0..<height {
            let cells = acc + 2 * row * rowCells
            let words = bits + row * rowWords
            let y = originY + row
            var sum: Float = 0
            var next = 0  // first pixel not yet emitted
            var runStart = 0, runLength = 0
            for wi in 0..<rowWords {
                var word = words[wi]
                if word == 0 { continue }
                words[wi] = 0
                while word != 0 {
                    let i = wi << 6 + word.trailingZeroBitCount
                    word &= word &- 1
                    if i >= w { cells[2 * i] = 0; cells[2 * i + 1] = 0; continue }
                    if i > next {
                        let a = CoverageCells.alpha(sum)
                        if runLength > 0 && i - next <= mergeLimit {
                            // A short gap joins the runs on both sides into one mask: one call into a
                            // shading paint instead of three.
                            (mask + runLength).update(repeating: UInt8(truncatingIfNeeded: a), count: i - next)
                            runLength += i - next
                        } else {
                            if runLength > 0 {
                                sink.mask(y: y, x: originX + runStart, count: runLength, coverage: mask); runLength = 0
                            }
                            if a > 0 { sink.span(y: y, x: originX + next, count: i - next, alpha: a) }
                        }
                    }
                    let value = sum + cells[2 * i]
                    sum += cells[2 * i + 1]
                    cells[2 * i] = 0; cells[2 * i + 1] = 0
                    if runLength == 0 { runStart = i }
                    mask[runLength] = UInt8(truncatingIfNeeded: CoverageCells.alpha(value))
                    runLength += 1
                    next = i + 1
                }
            }
            if runLength > 0 { sink.mask(y: y, x: originX + runStart, count: runLength, coverage: mask) }
            if next < w {
                let a = CoverageCells.alpha(sum)
                if a > 0 { sink.span(y: y, x: originX + next, count: w - next, alpha: a) }
            }
        }
    }

    /// Coverage of a winding-area sum as 0…255 (non-zero rule: the magnitude, capped at one).
    @inline(__always) static func alpha(_ sum: Float) -> UInt32 {
        let c = min(abs(sum), 1)
        return UInt32(c * 255 + 0.5)
    }
}

/// Receives coverage from `CoverageCells.sweep`: device coordinates, alpha 0…255 (0 only inside masks).
protocol CoverageSink {
    /// `count` pixels from (x, y) rightwards, all with coverage `alpha` (1…255).
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt32)
    /// `count` pixels from (x, y) rightwards with per-pixel coverage.
    mutating func mask(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// Gaps of constant coverage up to this many pixels between two edge runs are sent as part of one
    /// mask (worth it when each call has a set-up cost, as shading paints do); 0 sends them as spans.
    var mergeLimit: Int { get }
}

/// A growable buffer of Int32 kept between shapes.
struct Int32Buffer {
    private var base: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    private var capacity = 1
    /// The first `count` entries, set to zero (growing the buffer if needed).
    mutating func zeroed(_ count: Int) -> UnsafeMutablePointer<Int32> {
        if count > capacity {
            base.deallocate(); capacity = count; base = .allocate(capacity: count)
        }
        base.update(repeating: 0, count: count)
        return base
    }
    func free() { base.deallocate() }
}
