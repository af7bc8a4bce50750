import CSquareRoot

/// Row geometry of one circle for a range of rows: for each row (the strip j ≤ y ≤ j + 1) the pixels
/// it touches and those fully inside the circle, from the circle's half-width on the row's two
/// boundaries. Computed up front, in two plain loops that the compiler vectorises.
///
/// Why up front: computed a row at a time inside the row walks, each row's square root (20 cycles
/// and more) and the floors and ceilings that wait for it were the longest dependency chain of the
/// arc walk (S1's 1920x1080 frame: about 10 µs of 80 in drawing). Here the square roots of all row
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
    /// `RingShape`). `memory`: `bytes(rowCount:)` bytes, 8-aligned, used while the table is.
    init(cx: Double, cy: Double, r: Double, stretch: Double = 0, rows: Range<Int>, memory: UnsafeMutableRawPointer) {
        self.rows = rows
        let n = rows.count, first = rows.lowerBound
        let halfWidth = memory.bindMemory(to: Double.self, capacity: n + 1)
        let columns = (memory + 8 * (n + 1)).bindMemory(to: Int.self, capacity: 4 * n)
        touchL = columns; fullL = columns + n; fullR = columns + 2 * n; touchR = columns + 3 * n
        let r2 = r * r, rootR2 = square_root_no_errno(r2)
        // Row numbers as Double(first) + Double(k) (exactly Double(first + k)) with k converted from 32
        // bits: packed 64-bit integer conversions need AVX-512, 32-bit ones are in SSE2 and NEON.
        let firstY = Double(first)
        // The circle's half-width on each row boundary y = first … first + n (0 outside).
        for k in 0 ... Int32(truncatingIfNeeded: n) {
            let d = (firstY + Double(k)) - cy, v = r2 - d * d
            halfWidth[Int(k)] = v > 0 ? square_root_no_errno(v) : 0
        }
        // Row k's columns from its widest and narrowest half-widths. Written with selects and with the
        // comparisons on doubles (SSE2 has no 64-bit integer compare), so that the loop below
        /// vectorises in baseline builds too.
        @inline(__always) func store(_ k: Int, sMax: Double, sMin: Double) {
            let right = cx + stretch
            let tR = ceilByMagic(right + sMax), fLParts = ceilParts(cx - sMin), fRParts = floorParts(right + sMin)
            var fL = fLParts.int, fR = fRParts.int
            // No full pixel where the row leaves the circle's height (sMin 0): for a disc the rule below
            // already says so, for a capsule's band it must be said.
            if fLParts.value >= fRParts.value || sMin <= 0 { fL = tR; fR = tR }
            touchL[k] = sMax > 0 ? floorByMagic(cx - sMax) : Int.max
            fullL[k] = fL; fullR[k] = fR; touchR[k] = tR
        }
        for k in 0 ..< n {
            let sTop = halfWidth[k], sBottom = halfWidth[k + 1]
            store(k, sMax: sTop > sBottom ? sTop : sBottom, sMin: sTop > sBottom ? sBottom : sTop)
        }
        // The strips holding the centre's row y = cy (one, or two when cy is a row boundary) are at
        // their widest inside, not at a boundary.
        var k = max(0, floorInt(cy) - first - 1)
        while k < min(n, ceilInt(cy) - first + 1) {
            let y = Double(first + k)
            if y <= cy && y + 1 >= cy { store(k, sMax: rootR2, sMin: min(halfWidth[k], halfWidth[k + 1])) }
            k += 1
        }
    }

    /// Row `j` (one of `rows`): touched pixels [touchL, touchR), fully inside [fullL, fullR) (empty:
    /// both equal touchR); nil when the row misses the circle.
    @inline(__always) func row(_ j: Int) -> Row? {
        let k = j - rows.lowerBound, l = touchL[k]
        if l == Int.max { return nil }
        return (l, fullL[k], fullR[k], touchR[k])
    }
}
