import Core
import Glibc

/// The mouse as a touch panel: the left button is one finger; with Ctrl held, the finger it puts
/// down stays down when the button is released (pinned), so a second finger can then be used —
/// both handles of a range slider, two controls at once. Ctrl+click on a pinned finger lifts it;
/// `liftPinned` lifts them all. Pure: window events in, touch frames out.
struct MouseFingers {
    /// The device id the simulator's touches carry (the router keeps devices apart).
    static let deviceID = -2
    /// How near (canvas pixels) a Ctrl+click must be to a pinned finger to lift it.
    static let pickRadius = 16.0

    /// A finger on the panel.
    struct Finger: Equatable {
        var trackingID: Int
        var slot: Int
        var position: Point
    }

    /// The finger the left button holds, and whether it stays down when the button is released.
    private(set) var held: (finger: Finger, pins: Bool)?
    /// Fingers left down by Ctrl+click, in the order they were put down.
    private(set) var pinned: [Finger] = []
    /// Tracking ids far above the kernel's and the socket's injected ones.
    private var nextTrackingID = 2_000_000

    /// The left button went down at `p`.
    mutating func press(at p: Point, ctrl: Bool, time: MonotonicTime) -> TouchFrame? {
        if held != nil { return nil }
        if ctrl,
            let i = pinned.firstIndex(where: {
                hypot($0.position.x - p.x, $0.position.y - p.y) <= MouseFingers.pickRadius
            })
        {
            let finger = pinned.remove(at: i)
            return frame(time, [point(finger, .ended)])
        }
        nextTrackingID += 1
        let finger = Finger(trackingID: nextTrackingID, slot: freeSlot(), position: p)
        held = (finger, ctrl)
        return frame(time, [point(finger, .began)])
    }

    /// The mouse moved to `p` (with or without the button).
    mutating func move(to p: Point, time: MonotonicTime) -> TouchFrame? {
        guard var h = held, h.finger.position != p else { return nil }
        h.finger.position = p
        held = h
        return frame(time, [point(h.finger, .moved)])
    }

    /// The left button went up at `p`: the finger lifts, unless Ctrl put it down (then it stays).
    mutating func release(at p: Point, time: MonotonicTime) -> TouchFrame? {
        guard var h = held else { return nil }
        held = nil
        let moved = h.finger.position != p
        h.finger.position = p
        if h.pins {
            pinned.append(h.finger)
            return moved ? frame(time, [point(h.finger, .moved)]) : nil
        }
        return frame(time, [point(h.finger, .ended)])
    }

    /// Lifts every pinned finger.
    mutating func liftPinned(time: MonotonicTime) -> TouchFrame? {
        guard !pinned.isEmpty else { return nil }
        defer { pinned.removeAll() }
        return frame(time, pinned.map { point($0, .ended) })
    }

    /// The lowest slot no finger uses (slots are per contact, as on a multitouch panel).
    private func freeSlot() -> Int {
        let used = Set(pinned.map(\.slot) + (held.map { [$0.finger.slot] } ?? []))
        return (0...).first { !used.contains($0) }!
    }

    private func point(_ f: Finger, _ phase: TouchPhase) -> TouchPoint {
        TouchPoint(
            slot: f.slot, trackingID: f.trackingID, position: f.position, phase: phase, deviceID: MouseFingers.deviceID)
    }

    private func frame(_ time: MonotonicTime, _ touches: [TouchPoint]) -> TouchFrame {
        TouchFrame(time: time, touches: touches)
    }
}
