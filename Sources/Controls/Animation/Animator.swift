import Core

/// The shape of an animation's progress over its duration (spec X-10).
public enum AnimationCurve: Hashable, Sendable {
    /// A cubic Bézier timing curve.
    case timing(CubicBezierCurve)
    /// A UIKit-style spring; its own duration is used.
    case spring(SpringCurve)

    /// Progress after `elapsed` seconds of an animation lasting `duration` seconds.
    public func progress(elapsed: Double, duration: Double) -> Double {
        switch self {
        case .timing(let c): return duration <= 0 ? 1 : c.progress(elapsed / duration)
        case .spring(let s): return s.progress(atElapsed: elapsed)
        }
    }
}

/// One animated number: from `from` to `to`, starting at `start` (monotonic seconds) for `duration`.
/// Pure: the value is a function of the time passed in, so replaying the same times gives the same
/// values bit for bit.
public struct ScalarAnimation: Hashable, Sendable {
    /// The value before the start.
    public var from: Double
    /// The value from the end on.
    public var to: Double
    /// When the animation starts (monotonic seconds).
    public var start: MonotonicTime
    /// Its length in seconds.
    public var duration: Double
    /// How progress runs over the duration.
    public var curve: AnimationCurve

    /// An animation from `from` to `to` over `duration` seconds from `start`.
    public init(from: Double, to: Double, start: MonotonicTime, duration: Double, curve: AnimationCurve) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// A spring animation whose duration is the spring's own.
    public init(from: Double, to: Double, start: MonotonicTime, spring: SpringCurve) {
        self.init(from: from, to: to, start: start, duration: spring.duration, curve: .spring(spring))
    }

    /// The value at `time`: `from` before the start, `to` from the end on.
    public func value(at time: MonotonicTime) -> Double {
        let elapsed = time - start
        if elapsed >= duration { return to }
        if elapsed <= 0 { return from }
        return from + (to - from) * curve.progress(elapsed: elapsed, duration: duration)
    }

    /// True once `time` has reached the end.
    public func isFinished(at time: MonotonicTime) -> Bool { time - start >= duration }
}
