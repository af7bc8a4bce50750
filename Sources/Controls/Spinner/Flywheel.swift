import Core

/// The spinner's momentum model (RVS-46, RVS-47), one logical 60 Hz tick at a time.
///
/// Pure arithmetic on doubles in a fixed order, so the test vectors of RVS-50 come out exactly.
public struct Flywheel: Hashable, Sendable {
    /// The per-tick velocity factor.
    public static let decay = 0.994
    /// The accumulator gain per tick.
    public static let gain = 0.1
    /// Below this speed (in velocity units) a spin stops at its next step, and a flick does not start one.
    public static let stopSpeed = 0.8
    /// The cap on |velocity|.
    public static let maxSpeed = 100.0
    /// Tangential finger speed (points per second) per velocity unit.
    public static let speedScale = 600.0
    /// Ticks per second of the logical clock.
    public static let tickRate = 60.0

    /// Current velocity, in items per 10 ticks (positive = clockwise wheel motion, rising index).
    public private(set) var velocity: Double = 0
    /// The fractional travel not yet turned into a step.
    public private(set) var accumulator: Double = 0
    /// True while a spin is decaying.
    public private(set) var isRunning = false

    /// A flywheel at rest.
    public init() {}

    /// Starts (or restarts) a spin with `velocity`, capped at ±100; the accumulator starts at 0 and any
    /// previous velocity is replaced, not added to (RVS-46).
    public mutating func start(velocity v0: Double) {
        velocity = max(-Self.maxSpeed, min(Self.maxSpeed, v0))
        accumulator = 0
        isRunning = true
    }

    /// Stops the spin where it is.
    public mutating func stop() { isRunning = false; velocity = 0; accumulator = 0 }

    /// One 60 Hz tick (RVS-47). Returns the index change of this tick (0 on most ticks at low speed).
    public mutating func tick() -> Int {
        guard isRunning else { return 0 }
        velocity *= Self.decay
        accumulator += Self.gain * velocity
        // Round to one decimal, half away from zero, then truncate toward zero.
        let tenths = (accumulator * 10).rounded(.toNearestOrAwayFromZero) / 10
        let steps = Int(tenths.rounded(.towardZero))
        if steps != 0 {
            accumulator = 0  // the fraction is discarded
            if abs(velocity) < Self.stopSpeed { isRunning = false }
        }
        return steps
    }

    /// The signed tangential finger speed u (positive = clockwise) for a pan velocity (vx, vy) in
    /// points per second, ending at screen angle `theta` about the disc centre (RVS-46 quadrant table).
    public static func tangentialSpeed(vx: Double, vy: Double, theta: Angle) -> Double {
        let deg = theta.normalizedSigned.degrees  // (−180, 180]
        if deg >= -90 && deg < 0 { return vx + vy }
        if deg >= 0 && deg < 90 { return vy - vx }
        if deg >= 90 && deg < 180 { return -(vx + vy) }
        return vx - vy
    }

    /// The start velocity for a flick of tangential speed `u`, or nil when it is too slow to spin
    /// (|v0| must exceed 0.8 strictly, i.e. |u| > 480 pt/s).
    public static func flickVelocity(tangentialSpeed u: Double) -> Double? {
        let magnitude = min(maxSpeed, abs(u) / speedScale)
        let v0 = u < 0 ? -magnitude : magnitude
        return abs(v0) > stopSpeed ? v0 : nil
    }
}
