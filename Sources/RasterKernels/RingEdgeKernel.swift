import RasterKernelTypes

/// Ring coverage for `count` edge pixels whose centres, relative to the ring centre, are
/// (dx[k], dy[k]), in single precision (a few thousand pixels from the centre keep errors near 1e-4 px).
///
/// The half-plane area over a unit square, for a line with unit normal (a, b) (a ≥ b ≥ 0) at signed
/// distance t from the centre (positive inside), is the trapezoid profile's integral:
/// (Q(t+h) − Q(t+g) − Q(t−g) + Q(t−h)) / 2ab with Q(x) = max(x, 0)², h = (a+b)/2, g = (a−b)/2. It is
/// exactly 0 below −h and 1 above h, so no branches are needed; the normal, and so a, b, h and g,
/// is shared by the outer and inner circle (both centred on the same point).
///
/// Never inlined: it is the entry point of this build of the kernels (see the `RasterKernels` note in
/// `Raster`'s `KernelLevel`), so its loops are compiled for this module's CPU.
@inline(never)
public func ringEdgeCoverage(
    _ edge: RingEdge, terms: RingEdgeTerms, dx xs: UnsafePointer<Float>, dy ys: UnsafePointer<Float>,
    count: Int, into out: UnsafeMutablePointer<UInt8>
) {
    // One copy of the loop per case, so each is branch-free: the capsule's clamp stays out of every
    // disc's, ring's and arc's, and a one-circle band computes one circle.
    let stretched = edge.stretch > 0
    switch terms {
    case .both:
        if stretched {
            ringEdgeLoop(edge, .both, true, xs, ys, count, out)
        } else {
            ringEdgeLoop(edge, .both, false, xs, ys, count, out)
        }
    case .outerOnly:
        if stretched {
            ringEdgeLoop(edge, .outerOnly, true, xs, ys, count, out)
        } else {
            ringEdgeLoop(edge, .outerOnly, false, xs, ys, count, out)
        }
    case .innerOnly:
        if stretched {
            ringEdgeLoop(edge, .innerOnly, true, xs, ys, count, out)
        } else {
            ringEdgeLoop(edge, .innerOnly, false, xs, ys, count, out)
        }
    }
}

@inline(__always) private func ringEdgeLoop(
    _ edge: RingEdge, _ terms: RingEdgeTerms, _ stretched: Bool, _ xs: UnsafePointer<Float>,
    _ ys: UnsafePointer<Float>, _ count: Int, _ out: UnsafeMutablePointer<UInt8>
) {
    // A plain branch-free loop over Float that the compiler vectorises: max and min are written
    // through abs (a single instruction) because Swift's min/max keep NaN rules that block it.
    let outerT = edge.outerT, innerT = edge.innerT, stretch = edge.stretch, outer = edge.outer
    @inline(__always) func q(_ v: Float) -> Float { let m = (v + abs(v)) * 0.5; return m * m }
    for k in 0..<count {
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
        let to = (stretched && adx == 0 ? outer : outerT) - d, ti = innerT - d
        let outerSum = q(to + h) - q(to + g) - q(to - g) + q(to - h)
        let innerSum = q(ti + h) - q(ti + g) - q(ti - g) + q(ti - h)
        let c: Float
        switch terms {
        case .both: c = (outerSum - innerSum) / (2 * a * b)
        case .outerOnly: c = outerSum / (2 * a * b)
        case .innerOnly: c = 1 - innerSum / (2 * a * b)
        }
        let low = (c + abs(c)) * 0.5  // max(c, 0)
        let clamped = (low + 1 - abs(low - 1)) * 0.5  // min(…, 1)
        // Adding 2^23 rounds to an integer in the low mantissa bits: a conversion without a range trap.
        out[k] = UInt8(truncatingIfNeeded: (clamped * 255 + 8_388_608).bitPattern)
    }
}
