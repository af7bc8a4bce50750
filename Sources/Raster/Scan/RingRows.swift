import Core
import Glibc
import RasterKernelTypes

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

    /// The boundary in the form the edge-pixel area kernel takes (`RasterKernels.ringEdgeCoverage`).
    var edge: RingEdge { RingEdge(outer: outer, inner: inner, stretch: stretch) }

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
        let rows = firstRow..<lastRow, tableMemory = rowBatch.circleTableMemory(tables: 2, rowCount: rows.count)
        let kernels = rowBatch.kernels
        let outerRows = CircleRowTable(
            cx: cx, cy: cy, r: shape.outer, stretch: shape.stretch, rows: rows, memory: tableMemory, kernels: kernels)
        let innerRows = CircleRowTable(
            cx: cx, cy: cy, r: max(0, shape.inner), rows: shape.inner > 0 ? rows : firstRow..<firstRow,
            memory: tableMemory + CircleRowTable.bytes(rowCount: rows.count), kernels: kernels)
        var batch = rowBatch.begin(width: area.width)
        let direct: Bool
        if case .solid = sink.rowDrawing { direct = true } else { direct = false }
        let rowWords = sink.strideBytes / 4
        func drawBatch() {
            kernels.ringEdgeCoverage(
                shape.edge, terms: .both, dx: batch.first.dx, dy: batch.first.dy, count: batch.first.count,
                into: batch.first.coverage)
            if direct { batch.blendSolid(shape, into: sink) } else { batch.send(into: &sink) }
        }

        if direct && shape.inner <= 0 {
            // A disc or capsule, solid: each row is an edge band, a full span and an edge band, with
            // no hole to sort in. The rings' walk below gives the same pixels in the same order, with
            // more work per row: a toggle's switch, knob and halo, much of a press frame, take markedly
            // fewer instructions this way (callgrind).
            for j in firstRow..<lastRow {
                if batch.isFull { drawBatch() }
                guard let o = outerRows.row(j) else { continue }
                let lo = max(o.touchL, area.x), hi = min(o.touchR, area.maxX)
                if lo >= hi { continue }
                let rowDy = Float(Double(j) + 0.5 - cy), rowWord = j * rowWords
                let spanL = min(max(o.fullL, lo), hi), spanR = max(min(o.fullR, hi), spanL)
                if spanL > lo {
                    batch.second.add(
                        from: lo, to: spanL, x0: Float(Double(lo) + 0.5 - cx), rowDy: rowDy, word0: rowWord + lo)
                }
                if spanR > spanL { sink.span(y: j, x: spanL, count: spanR - spanL, alpha: 255) }
                if hi > spanR {
                    batch.second.add(
                        from: spanR, to: hi, x0: Float(Double(spanR) + 0.5 - cx), rowDy: rowDy, word0: rowWord + spanR)
                }
            }
            drawBatch()
            return
        }
        var cuts = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &cuts) { raw in
            let cut = raw.baseAddress!.assumingMemoryBound(to: Int.self)
            for j in firstRow..<lastRow {
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
                for a in 1..<n {
                    let v = cut[a]; var b = a - 1
                    while b >= 0 && cut[b] > v { cut[b + 1] = cut[b]; b -= 1 }
                    cut[b + 1] = v
                }
                let rowDy = Float(yc - cy)
                var p = lo
                for k in 0..<n {
                    let q = cut[k]
                    if q <= p { continue }
                    defer { p = q }
                    if let i, p >= i.fullL && p < i.fullR { continue }
                    let innerTouched = i.map { p >= $0.touchL && p < $0.touchR } ?? false
                    let full = p >= o.fullL && p < o.fullR && !innerTouched
                    let x0 = Float(Double(p) + 0.5 - cx)
                    if direct {
                        let outerTouched = p < o.fullL || p >= o.fullR, word0 = j * rowWords + p
                        if full {
                            sink.span(y: j, x: p, count: q - p, alpha: 255)
                        } else if outerTouched && innerTouched {
                            batch.first.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
                        } else if outerTouched {
                            batch.second.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
                        } else {
                            batch.third.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
                        }
                    } else if full {
                        batch.full(y: j, from: p, to: q)
                    } else {
                        batch.edge(y: j, from: p, to: q, x0: x0, rowDy: rowDy)
                    }
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
        let edge = ring.edge
        kernels.ringEdgeCoverage(
            edge, terms: .outerOnly, dx: second.dx, dy: second.dy, count: second.count, into: second.coverage)
        kernels.ringEdgeCoverage(
            edge, terms: .innerOnly, dx: third.dx, dy: third.dy, count: third.count, into: third.coverage)
        sink.blendScattered(words: first.words, coverage: first.coverage, count: first.count)
        sink.blendScattered(words: second.words, coverage: second.coverage, count: second.count)
        sink.blendScattered(words: third.words, coverage: third.coverage, count: third.count)
        reset()
    }
}
