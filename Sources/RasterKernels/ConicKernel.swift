import RasterKernelTypes

/// Colours every listed line's pixels (see `ConicGradient.shadePieces` in `Raster`): the knots' angles
/// and the lines' starts and steps for all lines first, then the table lookups line by line. `offX` and
/// `offY` move pixel columns and rows to centres relative to the gradient's centre; `origin` is its
/// start angle and `table` its 1024 colours. Never inlined: it is an entry point of this build of the
/// kernels, compiled for this module's CPU (see `ringEdgeCoverage`).
@inline(never)
public func conicLineColours(
    _ lines: PieceLines, offX: Float, offY: Float, origin: Int32, table: UnsafePointer<UInt32>,
    canvas: UnsafeMutablePointer<UInt32>, rowWords: Int, edgeColors: UnsafeMutablePointer<UInt32>
) {
    let n = lines.count
    guard n > 0 else { return }
    withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * n) { memory in
        let xs = memory.baseAddress!, ys = xs + 2 * n
        for k in 0..<n {
            let y = Float(Int(lines.y[k])) + offY
            xs[2 * k] = Float(Int(lines.knotA[k])) + offX; xs[2 * k + 1] = Float(Int(lines.knotB[k])) + offX
            ys[2 * k] = y; ys[2 * k + 1] = y
        }
        // The angles overwrite the x coordinates.
        for k in 0..<2 * n { xs[k] = ConicAngle.turns(ys[k], xs[k]) }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { startMemory in
            let starts = startMemory.baseAddress!, steps = starts + n
            for k in 0..<n {
                let t0 = Int32(xs[2 * k] * 65536) &- origin, t1 = Int32(xs[2 * k + 1] * 65536) &- origin
                // The difference's low 16 bits, sign-extended: wrapped to ±½ turn. Divided in
                // Float: |delta| ≤ 2¹⁵ keeps the quotient's rounding off every integer, so its
                // truncation is the integer quotient (and the loop vectorises).
                let delta = Int32(Int16(truncatingIfNeeded: t1 &- t0))
                starts[k] = t0
                steps[k] = Int32(Float(delta) / Float(lines.knotB[k] &- lines.knotA[k]))
            }
            for k in 0..<n {
                let a = Int(lines.knotA[k]), t0 = starts[k], step = steps[k]
                @inline(__always) func run(_ from: Int32, _ to: Int32, into out: UnsafeMutablePointer<UInt32>) {
                    guard to > from else { return }
                    ConicAngle.interpolate(
                        from: t0 &+ step &* Int32(Int(from) - a), step: step,
                        count: Int(to - from), table: table, into: out)
                }
                let span = lines.span(k), left = lines.left(k), right = lines.right(k)
                run(span.0, span.1, into: canvas + Int(lines.y[k]) * rowWords + Int(span.0))
                run(left.0, left.1, into: edgeColors + Int(left.2))
                run(right.0, right.1, into: edgeColors + Int(right.2))
            }
        }
    }
}

/// The angle arithmetic of conic gradients, shared by `Raster`'s `ConicGradient` (rows and single
/// pixels) and `conicLineColours` (pieces): angles are turns, [0, 1), screen-clockwise, and in 16.16
/// fixed point where they index the colour table.
public enum ConicAngle {
    /// Colours of `count` pixels whose angles (16.16 fixed-point turns, wrapping) start at `t` and
    /// grow by `step` per pixel.
    ///
    /// A pixel's table index, bits 6…15 of its angle + 32, depends only on the low 16 bits of the
    /// angle, and those of a sum only on the low 16 bits of its terms: so the angles are kept in 16-bit
    /// lanes, eight per 128-bit vector (SSE2 and NEON alike), where the shift alone leaves the index.
    /// The same colours as the 32-bit arithmetic.
    @inlinable @inline(__always) public static func interpolate(
        from t: Int32, step: Int32, count: Int, table: UnsafePointer<UInt32>,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        let rounded = UInt16(truncatingIfNeeded: t &+ 32), step16 = UInt16(truncatingIfNeeded: step)
        var k = 0
        if count >= 4 {
            var angles = SIMD8<UInt16>(repeating: rounded) &+ SIMD8<UInt16>(0, 1, 2, 3, 4, 5, 6, 7) &* step16
            let step8 = SIMD8<UInt16>(repeating: step16 &* 8)
            while k + 8 <= count {
                let index = angles &>> 6
                for l in 0..<8 { out[k + l] = table[Int(index[l])] }
                angles &+= step8
                k += 8
            }
            if k + 4 <= count {
                let index = angles &>> 6
                for l in 0..<4 { out[k + l] = table[Int(index[l])] }
                k += 4
            }
        }
        var angle = rounded &+ UInt16(truncatingIfNeeded: k) &* step16
        while k < count { out[k] = table[Int(angle >> 6)]; angle &+= step16; k += 1 }
    }

    /// The odd atan polynomial's coefficients (atan a ≈ a·(atan1 − s·(atan3 − s·(atan5 + s·atan7))),
    /// s = a²), and the constants that unfold it to a full turn; shared by `turns` and `turns4`.
    /// (Computed and inlinable, so a caller in another module gets the constants themselves.)
    @inlinable public static var atan1: Float { 0.999_213_81 }
    @inlinable public static var atan3: Float { 0.321_174_78 }
    @inlinable public static var atan5: Float { 0.146_263_90 }
    @inlinable public static var atan7: Float { -0.038_986_11 }
    @inlinable public static var halfPi: Float { 1.570_796_33 }
    @inlinable public static var pi: Float { 3.141_592_65 }
    @inlinable public static var turnsPerRadian: Float { 0.159_154_943 }

    /// `turns4` for one point, the same operations in the same order (so the same result): written
    /// with selects, so that a loop of it vectorises.
    @inlinable @inline(__always) public static func turns(_ y: Float, _ x: Float) -> Float {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        let mx = ay > ax ? ay : ax, mn = ay < ax ? ay : ax
        let a = mn / (mx == 0 ? 1 : mx)
        let s = a * a
        typealias C = ConicAngle
        var p = C.atan7 * s + C.atan5
        p = p * s - C.atan3
        var r = p * s * a + C.atan1 * a
        r = ay > ax ? C.halfPi - r : r
        r = x < 0 ? C.pi - r : r
        r = y < 0 ? -r : r
        var t = r * C.turnsPerRadian
        t = t < 0 ? t + 1 : t
        return t >= 1 ? 0 : t
    }

    /// atan2(y, x) in turns, [0, 1), screen-clockwise, for four points at once: an odd polynomial of
    /// degree 7 fitted to atan on [0, 1], good to 8.2e-5 rad (a seventieth of one step of the 1024-entry
    /// colour table).
    @inlinable @inline(__always) public static func turns4(_ y: SIMD4<Float>, _ x: SIMD4<Float>) -> SIMD4<Float> {
        let zero = SIMD4<Float>(repeating: 0)
        let ax = x.replacing(with: -x, where: x .< zero), ay = y.replacing(with: -y, where: y .< zero)
        let mx = ax.replacing(with: ay, where: ay .> ax), mn = ax.replacing(with: ay, where: ay .< ax)
        let safe = mx.replacing(with: 1, where: mx .== zero)
        let a = mn / safe
        let s = a * a
        typealias V = SIMD4<Float>
        var p = V(repeating: atan7) * s + V(repeating: atan5)
        p = p * s - V(repeating: atan3)
        var r = p * s * a + V(repeating: atan1) * a
        r.replace(with: halfPi - r, where: ay .> ax)
        r.replace(with: pi - r, where: x .< zero)
        r.replace(with: -r, where: y .< zero)
        var t = r * turnsPerRadian
        t.replace(with: t + 1, where: t .< zero)
        t.replace(with: zero, where: t .>= 1)
        return t
    }
}
