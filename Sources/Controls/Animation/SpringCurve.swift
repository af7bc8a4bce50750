#if canImport(Glibc)
    import Glibc
#endif

/// A UIKit-style spring over a fixed duration (spec X-10): "damping ratio ζ and initial velocity v".
///
/// UIKit does not publish its model, so this port fixes one (SEED 7.2): a unit-mass damped spring
/// moving from 0 to 1, with its natural frequency chosen so the envelope has decayed to 0.1 % of the
/// travel at the end of `duration`; `initialVelocity` is in travels per second (UIKit's convention:
/// 25 means the spring starts moving 25 whole distances per second). At `duration` the value is 1.
public struct SpringCurve: Hashable, Sendable {
    /// ζ: 1 is critically damped, below 1 overshoots.
    public let dampingRatio: Double
    /// The starting speed in whole travels per second.
    public let initialVelocity: Double
    /// When the spring is taken to be at rest (seconds).
    public let duration: Double

    /// The fraction of the travel left in the envelope at `duration`.
    public static let settleFraction = 0.001

    /// A spring with damping ratio ζ > 0, initial velocity and duration > 0.
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        precondition(dampingRatio > 0 && duration > 0)
        self.dampingRatio = dampingRatio; self.initialVelocity = initialVelocity; self.duration = duration
    }

    /// The natural (undamped) angular frequency, in rad/s.
    public var naturalFrequency: Double { -log(Self.settleFraction) / (dampingRatio * duration) }

    /// Progress (0 at the start, 1 at rest) after `elapsed` seconds; may overshoot 1 when ζ < 1.
    public func progress(atElapsed elapsed: Double) -> Double {
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        let w0 = naturalFrequency, z = dampingRatio, t = elapsed, v = initialVelocity
        // x = progress − 1, with x(0) = −1 and x'(0) = v.
        let x: Double
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (v - z * w0) / wd
            x = exp(-z * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
        } else if z == 1 {
            x = exp(-w0 * t) * (-1 + (v - w0) * t)
        } else {
            let root = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + root, r2 = -z * w0 - root
            // x = c1·e^(r1 t) + c2·e^(r2 t); c1 + c2 = −1; r1·c1 + r2·c2 = v.
            let c1 = (v + r2) / (r1 - r2)
            let c2 = -1 - c1
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + x
    }
}
