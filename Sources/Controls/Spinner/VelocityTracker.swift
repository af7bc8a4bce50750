import Core

/// Estimates a finger's velocity from its recent samples, deterministically (the pan velocity of
/// RVS-46 and the picker fling). UIKit's estimator is unpublished (SEED 7.2); this one is fixed: the
/// displacement from the oldest sample inside the last `window` seconds to the newest, over their time
/// difference. One sample alone, or a finger that rested for a whole window, gives zero.
public struct VelocityTracker: Hashable, Sendable {
    /// Seconds of samples used.
    public static let defaultWindow = 0.1
    /// Seconds of samples used.
    public let window: Double
    private var samples: [Sample] = []
    private struct Sample: Hashable, Sendable { var time: MonotonicTime; var point: Point }

    /// A tracker using the last `window` seconds.
    public init(window: Double = VelocityTracker.defaultWindow) { self.window = window }

    /// Forgets every sample.
    public mutating func reset() { samples.removeAll() }

    /// Records a sample; samples older than the window are dropped (the newest always stays).
    public mutating func add(_ p: Point, time: MonotonicTime) {
        samples.append(Sample(time: time, point: p))
        while let first = samples.first, samples.count > 1, time - first.time > window { samples.removeFirst() }
    }

    /// Points per second, or zero when fewer than two samples span a positive time.
    public var velocity: Vector {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        return (last.point - first.point) * (1 / (last.time - first.time))
    }
}
