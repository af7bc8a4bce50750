import Core
import Glibc

/// The per-row geometry of an arc stroke: its four boundary circles and the general row walk.
struct ArcRowWalk {
    let arc: RoundArcStroke
    /// The four boundary circles: the outer and inner edges' for every row walked, the caps' for
    /// the rows they touch.
    let outer: CircleRowTable, inner: CircleRowTable, cap0: CircleRowTable, cap1: CircleRowTable
    /// The columns each cap circle touches (its rows: its table's `rows`).
    let cap0Columns: Range<Int>, cap1Columns: Range<Int>
    /// Up to eight bands per row (two per circle), as (start, end) pairs, and the row's intervals
    /// (start, end, 1 for edge pixels or 0 for full), at most one per band and one per gap. Raw
    /// memory lent by the caller: a Swift array here paid a uniqueness check on every write.
    private let band: UnsafeMutablePointer<Int>, out: UnsafeMutablePointer<Int>
    /// The words of memory `init` needs.
    static let memoryWords = 16 + 3 * 17

    /// The tables of circle rows `init` needs (`RowBatch.circleTableMemory`).
    static let tableCount = 4

    /// The walk of `rows`. `memory`: `memoryWords` words; `tableMemory`: room for `tableCount`
    /// circle row tables of `rows.count` rows; both used while this walk is. `kernels` computes the tables.
    init(
        _ arc: RoundArcStroke, rows: Range<Int>, memory: UnsafeMutablePointer<Int>,
        tableMemory: UnsafeMutableRawPointer, kernels: KernelLevel
    ) {
        self.arc = arc
        band = memory; out = memory + 16
        let cx = arc.cx, cy = arc.cy, hw = arc.halfWidth
        let (e0x, e0y) = arc.end0, (e1x, e1y) = arc.end1
        // The rows each cap circle touches, among those walked.
        let cap0Rows = (floorInt(cy + e0y - hw)..<ceilInt(cy + e0y + hw)).clamped(to: rows)
        let cap1Rows = (floorInt(cy + e1y - hw)..<ceilInt(cy + e1y + hw)).clamped(to: rows)
        let tableBytes = CircleRowTable.bytes(rowCount: rows.count)
        outer = CircleRowTable(cx: cx, cy: cy, r: arc.radius + hw, rows: rows, memory: tableMemory, kernels: kernels)
        inner = CircleRowTable(
            cx: cx, cy: cy, r: arc.radius - hw, rows: rows, memory: tableMemory + tableBytes, kernels: kernels)
        cap0 = CircleRowTable(
            cx: cx + e0x, cy: cy + e0y, r: hw, rows: cap0Rows, memory: tableMemory + 2 * tableBytes, kernels: kernels)
        cap1 = CircleRowTable(
            cx: cx + e1x, cy: cy + e1y, r: hw, rows: cap1Rows, memory: tableMemory + 3 * tableBytes, kernels: kernels)
        cap0Columns = floorInt(cx + e0x - hw)..<ceilInt(cx + e0x + hw)
        cap1Columns = floorInt(cx + e1x - hw)..<ceilInt(cx + e1x + hw)
    }

    typealias CircleRow = CircleRowTable.Row

    /// Interval k of the last `generalRow` or `capPiece`: columns [p, q), and whether they are edge
    /// pixels (or full).
    func interval(_ k: Int) -> (Int, Int, Bool) { (out[3 * k], out[3 * k + 1], out[3 * k + 2] != 0) }

    /// Row j of cap circle `cap` (0: the start's, 1: the end's); nil when the row misses it.
    func capRow(_ cap: Int, _ j: Int) -> CircleRow? {
        if cap == 0 { return cap0.rows.contains(j) ? cap0.row(j) : nil }
        return cap1.rows.contains(j) ? cap1.row(j) : nil
    }

    /// Stores [p, q) as interval `count` unless it is empty; returns the new count.
    func appendInterval(_ p: Int, _ q: Int, edge: Bool, count: Int) -> Int {
        guard p < q else { return count }
        out[3 * count] = p; out[3 * count + 1] = q; out[3 * count + 2] = edge ? 1 : 0
        return count + 1
    }

    /// Any row: the four circles' bands, outer and inner ones dropped when wholly outside the wedge;
    /// every pixel outside the bands is crossed by no boundary, so one centre test decides each gap
    /// between bands (fully covered or empty). Returns the number of intervals (see `interval`), in
    /// order from left to right, before clipping: their ends are geometry, which shaders may
    /// interpolate between (see `ArcEmitter.full`).
    func generalRow(_ j: Int, outer o: CircleRow, inner i: CircleRow?) -> Int {
        let cx = arc.cx, cy = arc.cy
        let y0 = Double(j) - cy, y1 = y0 + 1
        var n = 0
        func add(_ p: Int, _ q: Int, wedgeFiltered: Bool) {
            if p >= q || (wedgeFiltered && arc.wedgeMisses(x0: Double(p) - cx, x1: Double(q) - cx, y0: y0, y1: y1)) {
                return
            }
            band[2 * n] = p; band[2 * n + 1] = q; n += 1
        }
        func addCircle(_ r: CircleRow, wedgeFiltered: Bool) {
            add(r.touchL, r.fullL, wedgeFiltered: wedgeFiltered)
            add(r.fullR, r.touchR, wedgeFiltered: wedgeFiltered)
        }
        addCircle(o, wedgeFiltered: true)
        if let i { addCircle(i, wedgeFiltered: true) }
        // Cap discs lie inside the outer circle, so they never widen the extent.
        if let r = capRow(0, j) { addCircle(r, wedgeFiltered: false) }
        if let r = capRow(1, j) { addCircle(r, wedgeFiltered: false) }
        let extentL = o.touchL, extentR = o.touchR
        // Insertion sort by start: at most eight bands, mostly in order already.
        for a in 1..<max(n, 1) {
            let p = band[2 * a], q = band[2 * a + 1]
            var k = a - 1
            while k >= 0 && band[2 * k] > p { band[2 * k + 2] = band[2 * k]; band[2 * k + 3] = band[2 * k + 1]; k -= 1 }
            band[2 * k + 2] = p; band[2 * k + 3] = q
        }
        let yc = Double(j) + 0.5 - cy
        var x = extentL, m = 0
        func emit(_ p: Int, _ q: Int, edge: Bool) {
            out[3 * m] = p; out[3 * m + 1] = q; out[3 * m + 2] = edge ? 1 : 0; m += 1
        }
        func gap(to end: Int) {
            if end > x && arc.contains(Double(x) + 0.5 - cx, yc) { emit(x, end, edge: false) }
        }
        for k in 0..<n {
            let p = band[2 * k], q = band[2 * k + 1]
            if q <= x { continue }
            if p > x { gap(to: p); x = p }
            emit(x, q, edge: true)
            x = q
        }
        gap(to: extentR)
        return m
    }
}
