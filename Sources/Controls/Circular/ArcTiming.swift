/// A minimal timing-curve helper for the circular slider and the arc seeker: linear and the
/// CSS/Core Animation cubic-bézier ease curves. Internal on purpose: the shared animation engine lives in
/// Controls/Animation (owned by the spinner side); this one only covers what MS-67, CS-12, CS-16 and
/// CS-19 need, until the shared one exists.
enum ArcTiming: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInEaseOut

    /// The control points (x1, y1, x2, y2) of the cubic bézier from (0,0) to (1,1).
    private var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        }
    }

    /// The eased progress for linear progress `x` (clamped to [0, 1]).
    func progress(_ x: Double) -> Double {
        let x = min(1, max(0, x))
        if self == .linear || x == 0 || x == 1 { return x }
        let (x1, y1, x2, y2) = controlPoints
        // Solve bezierX(t) = x by bisection: bezierX is monotonic for x1, x2 in [0, 1]; 60 halvings reach
        // the limit of Double, so the result is exact and deterministic.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if ArcTiming.bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return ArcTiming.bezier((lo + hi) / 2, y1, y2)
    }

    /// One coordinate of the cubic bézier with end points 0 and 1 and inner control values a, b.
    private static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
}

/// A scalar tween started at a moment in monotonic time; evaluated at any later moment.
struct ArcTween: Hashable, Sendable {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double
    var timing: ArcTiming

    /// Linear progress at `time`, in [0, 1]; a zero duration is already finished.
    func fraction(at time: Double) -> Double {
        duration <= 0 ? 1 : min(1, max(0, (time - start) / duration))
    }
    /// The interpolated value at `time`.
    /// The interpolated value at `time`; exactly `to` once finished (no rounding residue).
    func value(at time: Double) -> Double {
        let f = fraction(at: time)
        return f >= 1 ? to : from + (to - from) * timing.progress(f)
    }
    func isFinished(at time: Double) -> Bool { fraction(at: time) >= 1 }
}
