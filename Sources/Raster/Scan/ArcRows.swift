import Core
import Glibc
import RasterKernelTypes

/// A circular arc stroked with round caps: every point within `halfWidth` of the arc of `radius` about
/// (cx, cy) from `start` sweeping `sweep` radians screen-clockwise. Drawn one row at a time like rings
/// (`RingRows.swift`), with no flattened polygon.
///
/// The distance to the arc has a closed form: inside the arc's wedge of angles it is | |p| − radius |,
/// outside it the distance to the nearer end point. So the region's boundary is made of four circles,
/// the outer and inner edges (inside the wedge) and the two cap circles (outside it), and an edge
/// pixel's area is the half-plane area of the tangent at the nearest boundary point, as for rings.
/// Where a cap meets an edge the two circles are tangent (the boundary stays smooth), so the tangent
/// stays a good fit there too; `accepts` keeps out the shapes where the boundary has corners.
struct RoundArcStroke {
    /// Centre, radius of the centre line and half the line width, in device pixels.
    let cx: Double, cy: Double, radius: Double, halfWidth: Double
    /// Start angle and sweep in radians (0 < sweep < 2π).
    let start: Double, sweep: Double
    /// Unit vectors of the start and end angles.
    let u0x: Double, u0y: Double, u1x: Double, u1y: Double

    /// Thinner strokes go to the polygon path: where a cap meets an edge, the tangent fit's error grows
    /// like 1/halfWidth (at this width it still stays within `ArcRowsTests`' bound of 4 units of 255).
    static let minimumHalfWidth = 3.0

    init(cx: Double, cy: Double, radius: Double, halfWidth: Double, start: Double, sweep: Double) {
        self.cx = cx; self.cy = cy; self.radius = radius; self.halfWidth = halfWidth
        self.start = start; self.sweep = sweep
        u0x = cos(start); u0y = sin(start)
        u1x = cos(start + sweep); u1y = sin(start + sweep)
    }

    /// Whether this path draws the stroke exactly: an inner edge of at least `RingShape.minimumRadius`
    /// (no fold through the centre), caps that stay apart across the gap by two pixels (no corner
    /// where they meet), a sane position and size, and a width of at least `minimumHalfWidth`.
    static func accepts(cx: Double, cy: Double, radius: Double, halfWidth: Double, sweep: Double) -> Bool {
        guard abs(cx) < 1e7, abs(cy) < 1e7, radius + halfWidth < 1e6, sweep > 0, sweep < 2 * .pi,
            halfWidth >= minimumHalfWidth, radius - halfWidth >= RingShape.minimumRadius
        else { return false }
        let gapChord = 2 * radius * sin((2 * .pi - sweep) / 2)
        return gapChord >= 2 * halfWidth + 2
    }

    /// End points relative to the centre.
    var end0: (Double, Double) { (radius * u0x, radius * u0y) }
    var end1: (Double, Double) { (radius * u1x, radius * u1y) }

    /// Whether the direction at screen angle `angle` lies within the swept wedge.
    func wedgeContains(angle: Double) -> Bool {
        var t = (angle - start).truncatingRemainder(dividingBy: 2 * .pi)
        if t < 0 { t += 2 * .pi }
        return t <= sweep
    }

    /// The device-pixel bounding box of the stroke: the caps, and the outer circle's extreme points
    /// that lie within the wedge.
    var bounds: Rect {
        let (e0x, e0y) = end0, (e1x, e1y) = end1
        let hw = halfWidth, outer = radius + halfWidth
        var minX = min(e0x, e1x) - hw, maxX = max(e0x, e1x) + hw
        var minY = min(e0y, e1y) - hw, maxY = max(e0y, e1y) + hw
        if wedgeContains(angle: 0) { maxX = outer }
        if wedgeContains(angle: .pi / 2) { maxY = outer }
        if wedgeContains(angle: .pi) { minX = -outer }
        if wedgeContains(angle: 1.5 * .pi) { minY = -outer }
        return Rect(x: cx + minX, y: cy + minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rows of `bounds` across the outer circle's columns: the area the row walk covers. (Its
    /// simple rows need the whole width of the ring's row unclipped.)
    var walkBounds: Rect {
        let b = bounds, outer = radius + halfWidth
        return Rect(x: cx - outer, y: b.minY, width: 2 * outer, height: b.height)
    }

    /// Whether a box (relative to the centre) certainly holds no point of the wedge. Conservative: a
    /// box that this misses only costs a few pixels computed that did not need to be.
    @inline(__always) func wedgeMisses(x0: Double, x1: Double, y0: Double, y1: Double) -> Bool {
        // cross(u, p) = ux·py − uy·px is positive when p lies clockwise of u (within half a turn). Its
        // largest and smallest values over a box sit at corners chosen by the signs of u.
        let maxC0 = u0x * (u0x > 0 ? y1 : y0) - u0y * (u0y > 0 ? x0 : x1)
        let minC1 = u1x * (u1x > 0 ? y0 : y1) - u1y * (u1y > 0 ? x1 : x0)
        // Beyond half a turn the gap (c0 < 0 and c1 > 0) is the convex side; below it the wedge is.
        return sweep > .pi ? (maxC0 < 0 && minC1 > 0) : (maxC0 < 0 || minC1 > 0)
    }

    /// Whether the point (x, y) relative to the centre lies in the wedge of swept angles.
    @inline(__always) func wedgeContains(_ x: Double, _ y: Double) -> Bool {
        let c0 = u0x * y - u0y * x, c1 = u1x * y - u1y * x
        return sweep > .pi ? !(c0 < 0 && c1 > 0) : (c0 >= 0 && c1 <= 0)
    }

    /// Whether the point (x, y) relative to the centre lies in the stroke.
    @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
        if wedgeContains(x, y) {
            let r2 = x * x + y * y, inner = radius - halfWidth, outer = radius + halfWidth
            return r2 >= inner * inner && r2 <= outer * outer
        }
        let (e0x, e0y) = end0, (e1x, e1y) = end1
        let d0 = (x - e0x) * (x - e0x) + (y - e0y) * (y - e0y), d1 = (x - e1x) * (x - e1x) + (y - e1y) * (y - e1y)
        return min(d0, d1) <= halfWidth * halfWidth
    }
}

extension ArcEdge {
    /// The edge of `arc`, for the edge-pixel area kernel (`RasterKernels.arcEdgeCoverage`).
    init(_ arc: RoundArcStroke) {
        self.init(
            radius: arc.radius, halfWidth: arc.halfWidth, u0x: arc.u0x, u0y: arc.u0y, u1x: arc.u1x, u1y: arc.u1y,
            sweep: arc.sweep)
    }
}

extension RasterScratch {
    /// Draws `arc` inside `area` (already clipped) into `sink`.
    ///
    /// Most rows are simple: away from the caps' rows no end ray crosses the ring, so each piece of
    /// the ring in the row (one, or two where the row passes the hole) lies wholly inside the wedge or
    /// wholly outside it, and one point test decides: an edge band, a full span and an edge band, or
    /// nothing. Pieces near a cap, and rows where the ring is too thin for separate bands, take the
    /// general walk of `ArcRowWalk.generalRow`.
    func fillArc(_ arc: RoundArcStroke, area: PixelRect, into sink: inout PaintSink) {
        let b = arc.bounds
        let firstRow = max(area.y, floorInt(b.minY)), lastRow = min(area.maxY, ceilInt(b.maxY))
        guard firstRow < lastRow else { return }
        let cx = arc.cx, cy = arc.cy
        let walk = ArcRowWalk(
            arc, rows: firstRow..<lastRow, memory: rowBatch.arcRowMemory,
            tableMemory: rowBatch.circleTableMemory(tables: ArcRowWalk.tableCount, rowCount: lastRow - firstRow),
            kernels: rowBatch.kernels)
        let edge = ArcEdge(arc)
        let ring = RingShape(cx: cx, cy: cy, outer: arc.radius + arc.halfWidth, inner: arc.radius - arc.halfWidth)
        var out = ArcEmitter(sink: sink, batch: rowBatch.begin(width: area.width), area: area, cx: cx)
        let solid = out.direct && out.shader == nil
        for j in firstRow..<lastRow {
            if out.batch.isFull { out.draw(edge, ring) }
            guard let o = walk.outer.row(j) else { continue }
            let i = walk.inner.row(j)
            let yc = Double(j) + 0.5 - cy
            let rowDy = Float(yc)
            // Only pixels near a cap can meet an end ray or a cap circle: pieces clear of the caps'
            // boxes are simple even in the caps' rows.
            @inline(__always) func near0(_ a: Int, _ d: Int) -> Bool {
                walk.cap0.rows.contains(j) && a < walk.cap0Columns.upperBound && d > walk.cap0Columns.lowerBound
            }
            @inline(__always) func near1(_ a: Int, _ d: Int) -> Bool {
                walk.cap1.rows.contains(j) && a < walk.cap1Columns.upperBound && d > walk.cap1Columns.lowerBound
            }
            @inline(__always) func nearCap(_ a: Int, _ d: Int) -> Bool { near0(a, d) || near1(a, d) }
            // The last walk's n intervals, only the columns in [start, end).
            func emit(_ n: Int, from start: Int = Int.min, to end: Int = Int.max) {
                for k in 0..<n {
                    let (p, q, isEdge) = walk.interval(k)
                    let p1 = max(p, start), q1 = min(q, end)
                    if p1 >= q1 { continue }
                    if isEdge {
                        out.edge(j, p1, q1, rowDy, simple: false)
                    } else {
                        out.full(j, p1, q1, unclipped: p..<q)
                    }
                }
            }
            // The general walk, for the whole row or (`from`) only the columns from there on.
            func general(from start: Int = Int.min, to end: Int = Int.max) {
                emit(walk.generalRow(j, outer: o, inner: i), from: start, to: end)
            }
            if o.fullL < o.fullR {
                if let i, i.fullL < i.fullR, o.fullL <= i.touchL, i.touchR <= o.fullR {
                    // Two pieces, split by the hole [i.fullL, i.fullR). The column boundary between a
                    // piece's outer band and its full span lies inside the ring at the row's centre, so
                    // it stands for the piece. A piece beside one cap is split at its end ray
                    // (`ArcRowWalk.capPiece`); beside both, it takes the general walk.
                    let l0 = near0(o.touchL, i.fullL), l1 = near1(o.touchL, i.fullL)
                    let r0 = near0(i.fullR, o.touchR), r1 = near1(i.fullR, o.touchR)
                    if (l0 && l1) || (r0 && r1) { general(); continue }
                    if l0 || l1 {
                        if splitsCapPieces,
                            let n = walk.capPiece(j, o.touchL, o.fullL, i.touchL, i.fullL, cap: l0 ? 0 : 1)
                        {
                            emit(n)
                        } else {
                            general(to: i.fullL)
                        }
                    } else if arc.wedgeContains(Double(o.fullL) - cx, yc) {
                        if solid {
                            out.solidPiece(
                                j, o.touchL, o.fullL, i.touchL, i.fullL, rowDy, bands: (.outerOnly, .innerOnly))
                        } else {
                            out.piece(j, o.touchL, o.fullL, i.touchL, i.fullL, rowDy, bands: (.outerOnly, .innerOnly))
                        }
                    }
                    if r0 || r1 {
                        if splitsCapPieces,
                            let n = walk.capPiece(j, i.fullR, i.touchR, o.fullR, o.touchR, cap: r0 ? 0 : 1)
                        {
                            emit(n)
                        } else {
                            general(from: i.fullR)
                        }
                    } else if arc.wedgeContains(Double(o.fullR) - cx, yc) {
                        if solid {
                            out.solidPiece(
                                j, i.fullR, i.touchR, o.fullR, o.touchR, rowDy, bands: (.innerOnly, .outerOnly))
                        } else {
                            out.piece(j, i.fullR, i.touchR, o.fullR, o.touchR, rowDy, bands: (.innerOnly, .outerOnly))
                        }
                    }
                    continue
                }
                if i == nil && !nearCap(o.touchL, o.touchR) {
                    // One piece, crossing the vertical through the centre inside the ring.
                    if arc.wedgeContains(0, yc) {
                        out.piece(j, o.touchL, o.fullL, o.fullR, o.touchR, rowDy, bands: (.outerOnly, .outerOnly))
                    }
                    continue
                }
            }
            general()
        }
        out.draw(edge, ring)
    }
}

/// Hands an arc's pixels to the sink in the fastest way its paint allows (see `RowDrawing`).
///
/// Simple rows' edge pixels need only the ring's formula (cheaper than the arc's): they go to the
/// second stream. The choice depends on the row alone, never on the clip, so a pixel gets the same
/// value whatever part of the canvas is redrawn. Opaque point shaders colour simple rows' whole pieces,
/// and the full spans of general and cap rows, in batches too (`PointShader.shadePieces`: the spans'
/// unclipped ends are geometry, not clip, so a shader may interpolate between them).
struct ArcEmitter {
    var sink: PaintSink
    var batch: RowBatchWriter
    let shader: PointShader?
    let direct: Bool, batchSpans: Bool
    let left: Int, right: Int, rowWords: Int, cx: Double

    init(sink: PaintSink, batch: RowBatchWriter, area: PixelRect, cx: Double) {
        self.sink = sink; self.batch = batch; self.cx = cx
        left = area.x; right = area.maxX; rowWords = sink.strideBytes / 4
        switch sink.rowDrawing {
        case .records: shader = nil; direct = false
        case .solid: shader = nil; direct = true
        case .shaded(let s): shader = s; direct = true
        }
        batchSpans = shader?.isOpaque ?? false
    }

    /// Edge pixels [p, q) of row j (clipped here); `simple`: in a simple row.
    @inline(__always) mutating func edge(_ j: Int, _ p: Int, _ q: Int, _ rowDy: Float, simple: Bool) {
        let p = max(p, left), q = min(q, right)
        guard q > p else { return }
        let x0 = Float(Double(p) + 0.5 - cx), word0 = j * rowWords + p
        if !direct {
            batch.edge(y: j, from: p, to: q, x0: x0, rowDy: rowDy, secondStream: simple)
        } else if shader != nil {
            if simple {
                batch.second.add(y: j, from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
            } else {
                batch.first.add(y: j, from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
            }
        } else if simple {
            batch.second.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
        } else {
            batch.first.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
        }
    }

    /// Fully covered pixels [p, q) of row j (clipped here). Opaque point shaders colour them as a piece
    /// without bands when `unclipped`, the interval's columns before any clipping (geometry, so the
    /// colours do not depend on the clip), has a line (two pixels or more).
    @inline(__always) mutating func full(_ j: Int, _ p: Int, _ q: Int, unclipped: Range<Int>? = nil) {
        let p = max(p, left), q = min(q, right)
        guard q > p else { return }
        if batchSpans, let unclipped, unclipped.count >= 2 {
            batch.shadedPiece(y: j, span: p..<q, unclipped: unclipped, left: p..<p, right: q..<q)
        } else if direct {
            sink.span(y: j, x: p, count: q - p, alpha: 255)
        } else {
            batch.full(y: j, from: p, to: q)
        }
    }

    /// One piece of a simple row: edge band [a, b), full span [b, c), edge band [c, d); `bands` says
    /// which circle each band belongs to (outer or inner), for the cheaper one-circle area of solid
    /// colours.
    @inline(__always) mutating func piece(
        _ j: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ rowDy: Float,
        bands: (RingEdgeTerms, RingEdgeTerms)
    ) {
        // Opaque point shaders colour a whole piece along its span's line (see `PointShader`); a span
        // of under two pixels has no line, and its piece goes the way of general rows' pixels.
        if batchSpans && c - b >= 2 {
            let l0 = max(a, left), l1 = min(b, right), p = max(b, left), q = min(c, right), r0 = max(c, left),
                r1 = min(d, right)
            if l1 <= l0 && q <= p && r1 <= r0 { return }
            batch.shadedPiece(
                y: j, span: p..<max(p, q), unclipped: b..<c, left: l0..<max(l0, l1), right: r0..<max(r0, r1))
            let word = j * rowWords
            if l1 > l0 {
                batch.second.add(from: l0, to: l1, x0: Float(Double(l0) + 0.5 - cx), rowDy: rowDy, word0: word + l0)
            }
            if r1 > r0 {
                batch.second.add(from: r0, to: r1, x0: Float(Double(r0) + 0.5 - cx), rowDy: rowDy, word0: word + r0)
            }
            return
        }
        if direct && shader == nil { return solidPiece(j, a, b, c, d, rowDy, bands: bands) }
        let simple = !batchSpans
        edge(j, a, b, rowDy, simple: simple)
        full(j, b, c)
        edge(j, c, d, rowDy, simple: simple)
    }

    /// `piece` for solid colours, apart so that the simple rows of a solid arc (most of its rows) take
    /// this short path without the shaders' cases around it.
    @inline(__always) mutating func solidPiece(
        _ j: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ rowDy: Float,
        bands: (RingEdgeTerms, RingEdgeTerms)
    ) {
        band(j, a, b, rowDy, bands.0)
        let p = max(b, left), q = min(c, right)
        if q > p { sink.span(y: j, x: p, count: q - p, alpha: 255) }
        band(j, c, d, rowDy, bands.1)
    }

    /// Solid direct mode: an edge band of one circle; outer bands go to the second stream, the hole's
    /// to the third.
    @inline(__always) mutating func band(_ j: Int, _ p: Int, _ q: Int, _ rowDy: Float, _ terms: RingEdgeTerms) {
        let p = max(p, left), q = min(q, right)
        guard q > p else { return }
        let x0 = Float(Double(p) + 0.5 - cx), word0 = j * rowWords + p
        if case .innerOnly = terms {
            batch.third.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
        } else {
            batch.second.add(from: p, to: q, x0: x0, rowDy: rowDy, word0: word0)
        }
    }

    /// Records mode: the second stream's coverage, then every interval through the sink in order.
    private mutating func sendRecords(_ ring: RingShape) {
        batch.kernels.ringEdgeCoverage(
            ring.edge, terms: .both, dx: batch.second.dx, dy: batch.second.dy, count: batch.second.count,
            into: batch.second.coverage)
        batch.send(into: &sink)
    }

    /// Computes the batch's coverage (the arc kernel for the first stream, the ring's formula for the
    /// others), draws it and empties the batch.
    mutating func draw(_ edge: ArcEdge, _ ring: RingShape) {
        batch.kernels.arcEdgeCoverage(
            edge, dx: batch.first.dx, dy: batch.first.dy, count: batch.first.count, into: batch.first.coverage)
        if !direct { return sendRecords(ring) }
        guard let shader else {
            batch.blendSolid(ring, into: sink)
            return
        }
        let (first, second) = (batch.first, batch.second)
        batch.kernels.ringEdgeCoverage(
            ring.edge, terms: .both, dx: second.dx, dy: second.dy, count: second.count, into: second.coverage)
        // The first stream's pixels are coloured one by one; the second's by the pieces (opaque
        // shaders) or one by one too.
        shader.shade(xs: first.xs, ys: first.ys, count: first.count, into: first.colors)
        if batchSpans {
            shader.shadePieces(
                batch.records, count: batch.intervals, canvas: sink.base.assumingMemoryBound(to: UInt32.self),
                rowWords: rowWords, edgeColors: second.colors, kernels: batch.kernels)
        } else {
            shader.shade(xs: second.xs, ys: second.ys, count: second.count, into: second.colors)
        }
        sink.blendScattered(words: first.words, coverage: first.coverage, colors: first.colors, count: first.count)
        sink.blendScattered(words: second.words, coverage: second.coverage, colors: second.colors, count: second.count)
        batch.reset()
    }
}
