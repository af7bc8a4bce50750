/// A CSS-style cubic Bézier timing curve from (0,0) to (1,1) with control points (x1,y1) and (x2,y2)
/// (spec X-10). It maps the elapsed fraction of an animation to its progress fraction.
public struct CubicBezierCurve: Hashable, Sendable {
    /// The two inner control points (x1, y1) and (x2, y2).
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve with the given control points; x1 and x2 must lie in [0, 1] so the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "x control points must lie in [0, 1]")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Constant speed.
    public static let linear = CubicBezierCurve(0, 0, 1, 1)
    /// Starts slowly.
    public static let easeIn = CubicBezierCurve(0.42, 0, 1, 1)
    /// Ends slowly.
    public static let easeOut = CubicBezierCurve(0, 0, 0.58, 1)
    /// Starts and ends slowly.
    public static let easeInOut = CubicBezierCurve(0.42, 0, 0.58, 1)
    /// Core Animation's default timing for implicit animations (the RVS wheel's 0.2 s step, RVS-40).
    public static let coreAnimationDefault = CubicBezierCurve(0.25, 0.1, 0.25, 1)

    /// Progress at elapsed fraction `t` (clamped to [0, 1]); exact at both ends.
    public func progress(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return Self.bezier(parameter(forX: t), y1, y2)
    }

    /// One coordinate of the Bézier with end points 0 and 1 and inner control values a, b.
    private static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    private static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// Solves x(s) = x for the curve parameter s: Newton steps, then bisection if Newton stalls.
    /// x(s) is monotonic because x1, x2 ∈ [0, 1], so the bisection always converges.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, x1, x2) - x
            if abs(err) < 1e-12 { return s }
            let slope = Self.bezierSlope(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= err / slope
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-12 { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
