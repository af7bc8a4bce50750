/// A moment on the monotonic clock (CLOCK_MONOTONIC), in seconds. Never wall-clock time.
public typealias MonotonicTime = Double

/// What happened to one contact in a frame.
public enum TouchPhase: String, Hashable, Sendable {
    /// The contact touched down in this frame.
    case began
    /// The contact is still down (it may or may not have moved).
    case moved
    /// The contact lifted in this frame.
    case ended
    /// The contact was taken away without a lift (device unplugged, overlay took it: spec X-6).
    case cancelled
}

/// One contact on the panel, in display pixels.
public struct TouchPoint: Hashable, Sendable, CustomStringConvertible {
    /// The multitouch slot the kernel reported it in (0 for single-touch devices).
    public var slot: Int
    /// The kernel's tracking id: unique per contact for its lifetime. Controls key ownership on it.
    public var trackingID: Int
    public var position: Point
    public var phase: TouchPhase
    /// Which device reported it, so two panels' slot numbers never collide.
    public var deviceID: Int
    public init(slot: Int, trackingID: Int, position: Point, phase: TouchPhase, deviceID: Int = 0) {
        self.slot = slot; self.trackingID = trackingID; self.position = position; self.phase = phase
        self.deviceID = deviceID
    }
    public var description: String { "#\(trackingID)@\(slot) \(phase.rawValue) (\(position.x), \(position.y))" }
}

/// Everything one SYN_REPORT told us: the contacts that changed, with one monotonic timestamp.
public struct TouchFrame: Hashable, Sendable {
    public var time: MonotonicTime
    public var touches: [TouchPoint]
    public init(time: MonotonicTime, touches: [TouchPoint]) { self.time = time; self.touches = touches }
}

/// A source of monotonic time, so the pure core can be driven by tests. The system clock
/// (`MonotonicClock`, `monotonicNow()`) is Platform's: the pure core never reads it.
public protocol Clock: AnyObject {
    /// Seconds on a monotonic clock; only differences are meaningful.
    var now: MonotonicTime { get }
}

/// A clock that moves only when told to: for tests and for replaying recordings.
public final class ManualClock: Clock {
    public private(set) var now: MonotonicTime
    public init(start: MonotonicTime = 0) { now = start }
    /// Moves time forward by `seconds` (never back).
    public func advance(by seconds: Double) { precondition(seconds >= 0, "time runs forward"); now += seconds }
    /// Sets the time to `t`, which must not be earlier than now.
    public func set(_ t: MonotonicTime) { precondition(t >= now, "time runs forward"); now = t }
}
