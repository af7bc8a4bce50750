import Core

/// Advances physics in fixed ticks from monotonic time, independent of the frame rate (X-10, RVS-47).
///
/// `tickRate` is the logical rate (60 Hz for the spinner's flywheel); `subdivisions` splits each tick
/// into equal sub-steps for a smoother display (a 120 Hz loop uses 2). The caller's step function gets
/// the sub-step length and the fraction of a logical tick it represents, so per-tick factors can be
/// applied exactly (a decay `k` per tick becomes `pow(k, 1/subdivisions)` per sub-step).
public struct FixedStepper: Sendable {
    public let tickRate: Double
    public let subdivisions: Int
    public private(set) var lastTime: MonotonicTime?
    private var carry: Double = 0

    public init(tickRate: Double = 60, subdivisions: Int = 1) {
        precondition(tickRate > 0 && subdivisions >= 1)
        self.tickRate = tickRate; self.subdivisions = subdivisions
    }

    /// The length of one sub-step in seconds.
    public var stepDuration: Double { 1 / (tickRate * Double(subdivisions)) }

    /// Starts counting from `time` without stepping (call when motion begins).
    public mutating func reset(at time: MonotonicTime) { lastTime = time; carry = 0 }

    /// Runs as many whole sub-steps as fit between the last call and `time`, calling `step` for each.
    /// The remainder is carried to the next call, so no time is lost or counted twice. Returns the
    /// number of sub-steps run.
    @discardableResult
    public mutating func advance(to time: MonotonicTime, maxSteps: Int = 600, _ step: () -> Void) -> Int {
        guard let last = lastTime else { reset(at: time); return 0 }
        guard time > last else { return 0 }
        // Count in sub-step units to avoid accumulating rounding in seconds.
        let units = (time - last) * tickRate * Double(subdivisions) + carry
        var n = Int(units.rounded(.down))
        carry = units - Double(n)
        lastTime = time
        if n > maxSteps { n = maxSteps; carry = 0 }  // after a long stall, do not spin forever
        for _ in 0..<n { step() }
        return n
    }
}
