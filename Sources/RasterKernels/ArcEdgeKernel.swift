import RasterKernelTypes

/// The per-pixel area of a round-capped arc stroke: coverage bytes for `count` pixels whose centres,
/// relative to the arc's centre, are (dx[k], dy[k]), in single precision (a few thousand pixels from the
/// centre keep errors near 1e-4 px).
///
/// A plain loop the compiler vectorises (four pixels per instruction): every choice is written as
/// arithmetic, with sign bits for comparisons and abs for max, because branches, Swift's min/max
/// (NaN rules) and the generic SIMD helpers all keep it scalar. Never inlined: it is an entry point of
/// this build of the kernels, compiled for this module's CPU (see `ringEdgeCoverage`).
@inline(never)
public func arcEdgeCoverage(
    _ edge: ArcEdge, dx xs: UnsafePointer<Float>, dy ys: UnsafePointer<Float>, count: Int,
    into out: UnsafeMutablePointer<UInt8>
) {
    @inline(__always) func pos(_ v: Float) -> Float { (v + abs(v)) * 0.5 }
    /// 1 when v < 0 (its sign bit), else 0.
    @inline(__always) func negative(_ v: Float) -> Float { -Float(Int32(bitPattern: v.bitPattern) >> 31) }
    /// Half-plane area of a unit square (see `ringEdgeCoverage`) at distance t, for a line whose
    /// normal has components a, b ≥ 0 (any order): h = (a+b)/2, g = |a−b|/2.
    @inline(__always) func area(_ t: Float, _ h: Float, _ g: Float, _ inv2ab: Float) -> Float {
        let a = pos(t + h), b = pos(t + g), c = pos(t - g), d = pos(t - h)
        return (a * a - b * b - c * c + d * d) * inv2ab
    }
    let reflex: Float = edge.reflex ? 1 : 0
    let u0x = edge.u0x, u0y = edge.u0y, u1x = edge.u1x, u1y = edge.u1y
    let e0x = edge.e0x, e0y = edge.e0y, e1x = edge.e1x, e1y = edge.e1y
    let outerT = edge.outerT, innerT = edge.innerT, capT = edge.capT
    for k in 0..<count {
        let x = xs[k], y = ys[k]
        // Inside the wedge: the ring between the inner and outer edges, along the radial normal.
        // A near-axis normal's tiny component is floored (it only widens profile corners that hold
        // no area) so 1/2ab stays finite.
        let rho = (x * x + y * y + 1e-12).squareRoot()
        let ir = 1 / rho
        let ra = pos(abs(x) * ir - 1e-3) + 1e-3, rb = pos(abs(y) * ir - 1e-3) + 1e-3
        let rh = (ra + rb) * 0.5, rg = abs(ra - rb) * 0.5, rinv = 1 / (2 * ra * rb)
        let ring = area(outerT - rho, rh, rg, rinv) - area(innerT - rho, rh, rg, rinv)
        // Outside it: the disc about the nearer end point.
        let q0x = x - e0x, q0y = y - e0y, q1x = x - e1x, q1y = y - e1y
        let d0 = q0x * q0x + q0y * q0y, d1 = q1x * q1x + q1y * q1y
        let use1 = negative(d1 - d0)
        let qx = q0x + use1 * (q1x - q0x), qy = q0y + use1 * (q1y - q0y)
        // Squares summed (not d0 or d1 picked by arithmetic) so the compiler sees a non-negative
        // argument: sqrt then needs no errno path and vectorises.
        let d = (qx * qx + qy * qy + 1e-12).squareRoot()
        let id = 1 / d
        let ca = pos(abs(qx) * id - 1e-3) + 1e-3, cb = pos(abs(qy) * id - 1e-3) + 1e-3
        let cap = area(capT - d, (ca + cb) * 0.5, abs(ca - cb) * 0.5, 1 / (2 * ca * cb))
        // The wedge test: cross products with the end directions (see `RoundArcStroke.contains`).
        let before = negative(u0x * y - u0y * x), after = negative(u1y * x - u1x * y)
        // Reflex: outside only in the gap (before and after); otherwise outside if either holds.
        let both = before * after
        let outside = reflex * both + (1 - reflex) * (before + after - both)
        let c = ring + outside * (cap - ring)
        let low = pos(c)
        let clamped = (low + 1 - abs(low - 1)) * 0.5
        // Adding 2^23 rounds to an integer in the low mantissa bits: a conversion without a range trap.
        out[k] = UInt8(truncatingIfNeeded: (clamped * 255 + 8_388_608).bitPattern)
    }
}
