import Core
import Glibc

/// Analytic coverage for discs and rings, one row at a time. For each row the circle
/// equations give the x-interval fully inside the shape (sent as one span) and the few pixels on each
/// boundary; only those get a per-pixel area, from the signed distance to the circle. Cell
/// bookkeeping over a flattened polygon is skipped entirely, which is where the time of round shapes
/// used to go.
///
/// Edge-pixel area: the circle is replaced, inside the pixel, by its tangent line at the point nearest
/// the pixel centre, moved inward by the mean gap between circle and tangent across the pixel
/// (y²/2r averaged over a unit chord: 1/24r). The area of a unit square on one side of a line is exact
/// (a linear middle part and quadratic corners); what remains is a curvature term of order 1/r², well
/// under one 8-bit step for every radius this path accepts.
///
/// A disc can also be stretched into a capsule (a pill: a toggle's track, a rounded button as tall as
/// its radius allows): every point within `outer` of the segment from (cx, cy) to (cx + stretch, cy).
/// Its rows are a circle's with the right half moved by `stretch`, and an edge pixel's area is the
/// circle's, measured from the nearest point of the segment (the boundary is a circle's continued by
/// its own tangent, so the same tangent-line area holds across the joins).
struct RingShape {
    /// Centre in device pixels (of the left cap, for a capsule).
    var cx: Double, cy: Double
    /// Outer radius, and inner radius (≤ 0: a full disc).
    var outer: Double, inner: Double
    /// How far right the disc is stretched into a capsule (0: a disc or ring; > 0 only with no hole).
    var stretch: Double = 0
    /// The smallest radius drawn this way (below it the curvature term grows past a quarter step).
    static let minimumRadius = 2.0

    /// Whether a ring with these radii (inner ≤ 0: a disc) and centre can be drawn this way. Absurd
    /// positions and sizes (far beyond any screen) go to the polygon path, which clips them safely;
    /// here they would overflow the integer column arithmetic.
    static func accepts(outer: Double, inner: Double, cx: Double, cy: Double) -> Bool {
        abs(cx) < 1e7 && abs(cy) < 1e7 && outer >= minimumRadius && outer < 1e6 && inner.isFinite
            && (inner <= 0 || inner >= minimumRadius)
    }
}

/// Floor and ceiling of values well inside Int's range, without a call into libm.
@inline(__always) func floorInt(_ v: Double) -> Int { let t = Int(v); return Double(t) > v ? t - 1 : t }
@inline(__always) func ceilInt(_ v: Double) -> Int { let t = Int(v); return Double(t) < v ? t + 1 : t }

/// Floor and ceiling of values below 2⁵⁰ in magnitude in operations every 128-bit vector unit has for
/// doubles, so loops of them vectorise in baseline builds too: with SSE2 alone `rounded(.down)` is a
/// call into libm (no vector rounding) and `Int(v)` has no two-lane form. Adding 1.5·2⁵² rounds v to an
/// integer held in the sum's low mantissa bits (the sum's bit pattern minus the constant's is that
/// integer, a 64-bit integer subtract), and one compare corrects the nearest integer to the floor or
/// ceiling. Same results as `rounded(.down)` and `rounded(.up)` in that range.
@inline(__always) func floorByMagic(_ v: Double) -> Int { floorParts(v).int }
@inline(__always) func ceilByMagic(_ v: Double) -> Int { ceilParts(v).int }
/// `floorByMagic`, with the floor as a Double too (to compare in double lanes: SSE2 has no 64-bit
/// integer compare).
@inline(__always) func floorParts(_ v: Double) -> (int: Int, value: Double) {
    let (i, nearest) = nearestByMagic(v)
    let above = nearest > v
    return (above ? i &- 1 : i, above ? nearest - 1 : nearest)
}
/// `ceilByMagic`, with the ceiling as a Double too.
@inline(__always) func ceilParts(_ v: Double) -> (int: Int, value: Double) {
    let (i, nearest) = nearestByMagic(v)
    let below = nearest < v
    return (below ? i &+ 1 : i, below ? nearest + 1 : nearest)
}
/// v rounded to the nearest integer (ties to even), as an Int and as a Double.
@inline(__always) private func nearestByMagic(_ v: Double) -> (Int, Double) {
    let magic = 6_755_399_441_055_744.0    // 1.5·2⁵²
    let t = v + magic
    return (Int(bitPattern: UInt(t.bitPattern)) &- Int(bitPattern: UInt(magic.bitPattern)), t - magic)
}

extension RasterScratch {
    /// Draws `shape` inside `area` (already clipped) into `sink`.
    ///
    /// Solid colours on 32-bit canvases take the direct way (see `RowDrawing`): full spans at once,
    /// edge pixels blended a batch at a time.
    func fillRing(_ shape: RingShape, area: PixelRect, into sink: inout PaintSink) {
        let firstRow = max(area.y, floorInt(shape.cy - shape.outer))
        let lastRow = min(area.maxY, ceilInt(shape.cy + shape.outer))
        guard firstRow < lastRow else { return }
        let cx = shape.cx, cy = shape.cy
        let rows = firstRow ..< lastRow, tableMemory = rowBatch.circleTableMemory(tables: 2, rowCount: rows.count)
        let outerRows = CircleRowTable(cx: cx, cy: cy, r: shape.outer, stretch: shape.stretch, rows: rows, memory: tableMemory)
        let innerRows = CircleRowTable(cx: cx, cy: cy, r: max(0, shape.inner), rows: shape.inner > 0 ? rows : firstRow ..< firstRow,
                                       memory: tableMemory + CircleRowTable.bytes(rowCount: rows.count))
        var batch = rowBatch.begin(width: area.width)
        let direct: Bool
        if case .solid = sink.rowDrawing { direct = true } else { direct = false }
        let rowWords = sink.strideBytes / 4
        func drawBatch() {
            ringEdgeCoverage(shape, dx: batch.first.dx, dy: batch.first.dy, count: batch.first.count, into: batch.first.coverage)
            if direct { batch.blendSolid(shape, into: sink) } else { batch.send(into: &sink) }
        }

        var cuts = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &cuts) { raw in
            let cut = raw.baseAddress!.assumingMemoryBound(to: Int.self)
            for j in firstRow ..< lastRow {
                if batch.isFull { drawBatch() }
                guard let o = outerRows.row(j) else { continue }
                let lo = max(o.touchL, area.x), hi = min(o.touchR, area.maxX)
                if lo >= hi { continue }
                var n = 0
                @inline(__always) func add(_ v: Int) { if v > lo && v < hi { cut[n] = v; n += 1 } }
                add(o.fullL); add(o.fullR)
                let i = shape.inner > 0 ? innerRows.row(j) : nil
                if let i { add(i.touchL); add(i.fullL); add(i.fullR); add(i.touchR) }
                let yc = Double(j) + 0.5
                cut[n] = hi; n += 1
                // Insertion sort: at most 7 entries (already in order unless the ring is thinner than two pixels).
                for a in 1 ..< n {
                    let v = cut[a]; var b = a - 1
                    while b >= 0 && cut[b] > v { cut[b + 1] = cut[b]; b -= 1 }
                    cut[b + 1] = v
                }
                let rowDy = Float(yc - cy)
                var p = lo
                for k in 0 ..< n {
                    let q = cut[k]
                    if q <= p { continue }
                    defer { p = q }
                    if let i, p >= i.fullL && p < i.fullR { continue }
                    let innerTouched = i.map { p >= $0.touchL && p < $0.touchR } ?? false
                    let full = p >= o.fullL && p < o.fullR && !innerTouched
                    let x0 = Float(Double(p) + 0.5 - cx)
                    if direct {
                        let outerTouched = p < o.fullL || p >= o.fullR, word0 = j * rowWords + p
                        if full { sink.span(y: j, x: p, count: q - p, alpha: 255) }
                        else if outerTouched && innerTouched { batch.first.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0) }
                        else if outerTouched { batch.second.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0) }
                        else { batch.third.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0) }
                    } else if full { batch.full(y: j, from: p, to: q) }
                    else { batch.edge(y: j, from: p, to: q, x0: x0, rowDy: rowDy) }
                }
            }
        }
        drawBatch()
    }
}

extension RowBatchWriter {
    /// Solid direct mode, once the first stream's coverage is computed: the second stream (bands of the
    /// outer circle only) and the third (bands of the hole only) get one circle's area each (see
    /// `RingEdgeTerms`), then all three streams are blended and the batch emptied.
    mutating func blendSolid(_ ring: RingShape, into sink: PaintSink) {
        ringEdgeCoverage(ring, terms: .outerOnly, dx: second.dx, dy: second.dy, count: second.count, into: second.coverage)
        ringEdgeCoverage(ring, terms: .innerOnly, dx: third.dx, dy: third.dy, count: third.count, into: third.coverage)
        sink.blendScattered(words: first.words, coverage: first.coverage, count: first.count)
        sink.blendScattered(words: second.words, coverage: second.coverage, count: second.count)
        sink.blendScattered(words: third.words, coverage: third.coverage, count: third.count)
        reset()
    }
}

/// Which circles a ring edge pixel's area needs: a pixel wholly outside the hole needs only the outer
/// disc's area, one wholly inside the outer disc only the hole's (the row paths know which band a pixel
/// is in, and half the work is saved).
enum RingEdgeTerms { case both, outerOnly, innerOnly }

/// Ring coverage for `count` edge pixels whose centres, relative to the ring centre, are
/// (dx[k], dy[k]), in single precision (a few thousand pixels from the centre keep errors near 1e-4 px).
///
/// The half-plane area over a unit square, for a line with unit normal (a, b) (a ≥ b ≥ 0) at signed
/// distance t from the centre (positive inside), is the trapezoid profile's integral:
/// (Q(t+h) − Q(t+g) − Q(t−g) + Q(t−h)) / 2ab with Q(x) = max(x, 0)², h = (a+b)/2, g = (a−b)/2. It is
/// exactly 0 below −h and 1 above h, so no branches are needed; the normal, and so a, b, h and g,
/// is shared by the outer and inner circle (both centred on the same point).
@inline(__always) func ringEdgeCoverage(_ shape: RingShape, terms: RingEdgeTerms = .both, dx xs: UnsafePointer<Float>,
                                        dy ys: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    // Two copies of the loop: the capsule's clamp stays out of every disc's, ring's and arc's.
    if shape.stretch > 0 {
        ringEdgeCoverage(shape, terms: terms, stretched: true, dx: xs, dy: ys, count: count, into: out)
    } else {
        ringEdgeCoverage(shape, terms: terms, stretched: false, dx: xs, dy: ys, count: count, into: out)
    }
}

@inline(__always) private func ringEdgeCoverage(_ shape: RingShape, terms: RingEdgeTerms, stretched: Bool, dx xs: UnsafePointer<Float>,
                                                dy ys: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    // A plain branch-free loop over Float that the compiler vectorises: max and min are written
    // through abs (a single instruction) because Swift's min/max keep NaN rules that block it.
    let outerT = Float(shape.outer - 1 / (24 * shape.outer))
    let innerT: Float = shape.inner > 0 ? Float(shape.inner - 1 / (24 * shape.inner)) : -1e6
    let stretch = Float(shape.stretch)
    @inline(__always) func q(_ v: Float) -> Float { let m = (v + abs(v)) * 0.5; return m * m }
    for k in 0 ..< count {
        var dx = xs[k]
        if stretched {
            // From the nearest point of the capsule's segment: min(dx, 0) + max(dx − stretch, 0), which
            // is exactly 0 over the band (the test below relies on it).
            let beyond = dx - stretch
            dx = (dx - abs(dx)) * 0.5 + (beyond + abs(beyond)) * 0.5
        }
        let dy = ys[k], adx = abs(dx), ady = abs(dy)
        let d = (dx * dx + dy * dy + 1e-12).squareRoot()
        let inv = 1 / d
        let spread = abs(adx - ady)
        let a = (adx + ady + spread) * 0.5 * inv
        // A tiny b (a near-axis normal) only widens corners that hold no area; the floor keeps 1/2ab finite.
        let b0 = (adx + ady - spread) * 0.5 * inv - 1e-3
        let b = (b0 + abs(b0)) * 0.5 + 1e-3
        let h = (a + b) * 0.5, g = (a - b) * 0.5
        // The band between a capsule's caps is straight: its edge pixels have no curvature term.
        let to = (stretched && adx == 0 ? Float(shape.outer) : outerT) - d, ti = innerT - d
        let outerSum = q(to + h) - q(to + g) - q(to - g) + q(to - h)
        let innerSum = q(ti + h) - q(ti + g) - q(ti - g) + q(ti - h)
        let c: Float
        switch terms {
        case .both: c = (outerSum - innerSum) / (2 * a * b)
        case .outerOnly: c = outerSum / (2 * a * b)
        case .innerOnly: c = 1 - innerSum / (2 * a * b)
        }
        let low = (c + abs(c)) * 0.5                    // max(c, 0)
        let clamped = (low + 1 - abs(low - 1)) * 0.5    // min(…, 1)
        // Adding 2^23 rounds to an integer in the low mantissa bits: a conversion without a range trap.
        out[k] = UInt8(truncatingIfNeeded: (clamped * 255 + 8_388_608).bitPattern)
    }
}
