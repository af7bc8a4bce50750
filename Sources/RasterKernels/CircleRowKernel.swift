import CSquareRoot
import RasterKernelTypes

/// Row geometry of one circle for `rowCount` rows from `firstRow`: for each row (the strip
/// j ≤ y ≤ j + 1) the pixels it touches and those fully inside the circle, from the circle's
/// half-width on the row's two boundaries, written to `columns` (`touchL` is `Int.max` where the row
/// misses). With `stretch`, the capsule of the circle's left half, its right half moved right by
/// `stretch`, and the band between. `halfWidth`: room for `rowCount + 1` doubles.
///
/// Two plain loops that the compiler vectorises. Never inlined: it is an entry point of this build of
/// the kernels, compiled for this module's CPU (see `ringEdgeCoverage`).
@inline(never)
public func circleRowColumns(
    cx: Double, cy: Double, r: Double, stretch: Double, firstRow first: Int, rowCount n: Int,
    halfWidth: UnsafeMutablePointer<Double>, columns: CircleRowColumns
) {
    let touchL = columns.touchL, fullL = columns.fullL, fullR = columns.fullR, touchR = columns.touchR
    let r2 = r * r, rootR2 = square_root_no_errno(r2)
    // Row numbers as Double(first) + Double(k) (exactly Double(first + k)) with k converted from 32
    // bits: packed 64-bit integer conversions need AVX-512, 32-bit ones are in SSE2 and NEON.
    let firstY = Double(first)
    // The circle's half-width on each row boundary y = first … first + n (0 outside).
    for k in 0...Int32(truncatingIfNeeded: n) {
        let d = (firstY + Double(k)) - cy, v = r2 - d * d
        halfWidth[Int(k)] = v > 0 ? square_root_no_errno(v) : 0
    }
    // Row k's columns from its widest and narrowest half-widths. Written with selects and with the
    // comparisons on doubles (SSE2 has no 64-bit integer compare), so that the loop below
    // vectorises in baseline builds too.
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
    for k in 0..<n {
        let sTop = halfWidth[k], sBottom = halfWidth[k + 1]
        store(k, sMax: sTop > sBottom ? sTop : sBottom, sMin: sTop > sBottom ? sBottom : sTop)
    }
    // The strips holding the centre's row y = cy (one, or two when cy is a row boundary) are at
    // their widest inside, not at a boundary.
    var k = max(0, floorByMagic(cy) - first - 1)
    while k < min(n, ceilByMagic(cy) - first + 1) {
        let y = Double(first + k)
        if y <= cy && y + 1 >= cy { store(k, sMax: rootR2, sMin: min(halfWidth[k], halfWidth[k + 1])) }
        k += 1
    }
}

/// Floor and ceiling of values below 2⁵⁰ in magnitude in operations every 128-bit vector unit has for
/// doubles, so loops of them vectorise in baseline builds too: with SSE2 alone `rounded(.down)` is a
/// call into libm (no vector rounding) and `Int(v)` has no two-lane form. Adding 1.5·2⁵² rounds v to an
/// integer held in the sum's low mantissa bits (the sum's bit pattern minus the constant's is that
/// integer, a 64-bit integer subtract), and one compare corrects the nearest integer to the floor or
/// ceiling. Same results as `rounded(.down)` and `rounded(.up)` in that range.
@inline(__always) public func floorByMagic(_ v: Double) -> Int { floorParts(v).int }
/// See `floorByMagic`.
@inline(__always) public func ceilByMagic(_ v: Double) -> Int { ceilParts(v).int }
/// `floorByMagic`, with the floor as a Double too (to compare in double lanes: SSE2 has no 64-bit
/// integer compare).
@inline(__always) private func floorParts(_ v: Double) -> (int: Int, value: Double) {
    let (i, nearest) = nearestByMagic(v)
    let above = nearest > v
    return (above ? i &- 1 : i, above ? nearest - 1 : nearest)
}
/// `ceilByMagic`, with the ceiling as a Double too.
@inline(__always) private func ceilParts(_ v: Double) -> (int: Int, value: Double) {
    let (i, nearest) = nearestByMagic(v)
    let below = nearest < v
    return (below ? i &+ 1 : i, below ? nearest + 1 : nearest)
}
/// v rounded to the nearest integer (ties to even), as an Int and as a Double.
@inline(__always) private func nearestByMagic(_ v: Double) -> (Int, Double) {
    let magic = 6_755_399_441_055_744.0  // 1.5·2⁵²
    let t = v + magic
    return (Int(bitPattern: UInt(t.bitPattern)) &- Int(bitPattern: UInt(magic.bitPattern)), t - magic)
}
