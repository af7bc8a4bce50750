import RasterKernelTypes

/// Row geometry of one circle for a range of rows: for each row (the strip j ≤ y ≤ j + 1) the pixels
/// it touches and those fully inside the circle, from the circle's half-width on the row's two
/// boundaries. Computed up front, in two plain loops that the compiler vectorises (`RasterKernels`).
///
/// Why up front: computed a row at a time inside the row walks, each row's square root (20 cycles
/// and more) and the floors and ceilings that wait for it were the longest dependency chain of the
/// arc walk (a good part of S1's drawing time at 1920x1080). Here the square roots of all row
/// boundaries come eight at a time (AVX-512 builds), and the walks only load.
struct CircleRowTable {
    typealias Row = (touchL: Int, fullL: Int, fullR: Int, touchR: Int)

    /// The rows held.
    let rows: Range<Int>
    /// Per row: the touched and fully covered columns; `touchL` is `Int.max` where the row misses.
    private let touchL: UnsafeMutablePointer<Int>, fullL: UnsafeMutablePointer<Int>
    private let fullR: UnsafeMutablePointer<Int>, touchR: UnsafeMutablePointer<Int>

    /// The bytes of memory a table of `rowCount` rows needs.
    static func bytes(rowCount: Int) -> Int { (5 * rowCount + 1) * 8 }

    /// The circle of radius `r` about (cx, cy), rows `rows`; with `stretch`, the capsule of that
    /// circle's left half, its right half moved right by `stretch`, and the band between (see
    /// `RingShape`). `memory`: `bytes(rowCount:)` bytes, 8-aligned, used while the table is. Computed by
    /// `kernels` (`RasterKernels.circleRowColumns`).
    init(
        cx: Double, cy: Double, r: Double, stretch: Double = 0, rows: Range<Int>, memory: UnsafeMutableRawPointer,
        kernels: KernelLevel
    ) {
        self.rows = rows
        let n = rows.count
        let halfWidth = memory.bindMemory(to: Double.self, capacity: n + 1)
        let columns = (memory + 8 * (n + 1)).bindMemory(to: Int.self, capacity: 4 * n)
        touchL = columns; fullL = columns + n; fullR = columns + 2 * n; touchR = columns + 3 * n
        kernels.circleRowColumns(
            cx: cx, cy: cy, r: r, stretch: stretch, firstRow: rows.lowerBound, rowCount: n, halfWidth: halfWidth,
            columns: CircleRowColumns(touchL: touchL, fullL: fullL, fullR: fullR, touchR: touchR))
    }

    /// Row `j` (one of `rows`): touched pixels [touchL, touchR), fully inside [fullL, fullR) (empty:
    /// both equal touchR); nil when the row misses the circle.
    @inline(__always) func row(_ j: Int) -> Row? {
        let k = j - rows.lowerBound, l = touchL[k]
        if l == Int.max { return nil }
        return (l, fullL[k], fullR[k], touchR[k])
    }
}
