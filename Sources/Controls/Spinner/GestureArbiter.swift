import Core

/// What the disc's recognisers report (RVS-41), in the order they happen.
public enum DiscGesture: Hashable, Sendable {
    case tap(at: Point)
    case longPressBegan(at: Point)
    case longPressChanged(at: Point)
    case longPressEnded(at: Point)
    case panBegan(at: Point)
    case panChanged(at: Point)
    /// The finger lifted; `velocity` in points per second.
    case panEnded(at: Point, velocity: Vector)
    /// The pan or long press was cancelled; no flick.
    case cancelled
}

/// Tap vs long press vs pan on one contact (RVS-41), as UIKit's recognisers with their dependencies
/// resolve it: a quick touch and release is a tap; a finger held within `slop` for `longPressDuration`
/// is a long press (it waited for the tap to fail); moving more than `slop` first is a pan (it waited
/// for both to fail). Time is passed in; a long press is recognised by whichever call first brings a
/// time at or past its deadline (`advance`, a move or the lift).
public struct GestureArbiter: Hashable, Sendable {
    /// The platform's movement threshold (≈10 pt, SEED 7.2).
    public static let defaultSlop = 10.0
    /// The platform's long-press hold (0.5 s).
    public static let defaultLongPress = 0.5

    /// Where the recognisers are: nothing down, undecided, long press, or pan.
    public enum Phase: Hashable, Sendable { case idle, possible, longPress, pan }

    /// How far (points) a finger may move and still tap or long-press.
    public let slop: Double
    /// nil disables the long press (the picker's list has none).
    public let longPressDuration: Double?
    /// The current phase.
    public private(set) var phase: Phase = .idle
    private var downPoint = Point.zero
    private var downTime: MonotonicTime = 0
    private var lastPoint = Point.zero
    private var tracker = VelocityTracker()

    /// An arbiter with the platform defaults unless told otherwise.
    public init(slop: Double = GestureArbiter.defaultSlop, longPressDuration: Double? = GestureArbiter.defaultLongPress)
    {
        self.slop = slop; self.longPressDuration = longPressDuration
    }

    /// The time at which a held finger becomes a long press, while one is possible.
    public var longPressDeadline: MonotonicTime? {
        guard phase == .possible, let d = longPressDuration else { return nil }
        return downTime + d
    }

    /// A finger touched down.
    public mutating func begin(at p: Point, time: MonotonicTime) {
        phase = .possible; downPoint = p; downTime = time; lastPoint = p
        tracker.reset(); tracker.add(p, time: time)
    }

    /// Recognises a due long press. Call on every loop turn while a finger is down.
    public mutating func advance(to time: MonotonicTime) -> [DiscGesture] {
        if let deadline = longPressDeadline, time >= deadline {
            phase = .longPress
            return [.longPressBegan(at: lastPoint)]
        }
        return []
    }

    /// A move sample; returns what it recognised or changed.
    public mutating func move(to p: Point, time: MonotonicTime) -> [DiscGesture] {
        var out = advance(to: time)
        lastPoint = p
        tracker.add(p, time: time)
        switch phase {
        case .possible:
            if p.distance(to: downPoint) > slop { phase = .pan; out.append(.panBegan(at: p)) }
        case .pan: out.append(.panChanged(at: p))
        case .longPress: out.append(.longPressChanged(at: p))
        case .idle: break
        }
        return out
    }

    /// The finger lifted; returns the tap, the pan end (with velocity) or the long-press end.
    public mutating func end(at p: Point, time: MonotonicTime) -> [DiscGesture] {
        var out = advance(to: time)
        tracker.add(p, time: time)
        switch phase {
        case .possible: out.append(.tap(at: p))
        case .pan: out.append(.panEnded(at: p, velocity: tracker.velocity))
        case .longPress: out.append(.longPressEnded(at: p))
        case .idle: break
        }
        phase = .idle
        return out
    }

    /// The contact was cancelled.
    public mutating func cancel() -> [DiscGesture] {
        defer { phase = .idle }
        return phase == .pan || phase == .longPress ? [.cancelled] : []
    }
}
