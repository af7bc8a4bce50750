import Controls
import Core

/// The touch behaviour buttons, toggles, choices and the navigation bar share: a rectangle (grown to
/// the 9 mm minimum around its centre where it is smaller) that is pressed while a finger is on it and
/// acts when the finger lifts inside it (UIKit's touchUpInside). Subclasses say what a tap does.
class TapTarget: TouchControl, EventSource {
    let id: String
    let bounds: Rect
    let transform: Transform
    var isHidden = false
    public let outbox = EventOutbox()
    /// The local point a finger is down at, nil while none is (the pressed look follows it).
    private(set) var pressedAt: Point?
    /// Seconds a finger must stay for a long press (`long_press_ms`), or nil for none.
    var longPressAfter: Double?
    /// Where and when the finger went down, while a long press may still come.
    private var holdStart: (point: Point, time: MonotonicTime)?
    /// The long press happened: the lift that follows does not tap.
    private var longPressed = false
    /// How far a held finger may drift before it is no longer a long press.
    static let holdSlop = 12.0

    /// How far the long press has come (0…1) while a finger holds the target, or nil.
    func longPressProgress(at time: MonotonicTime) -> Double? {
        guard let start = holdStart, let after = longPressAfter, !longPressed else { return nil }
        return min(1, max(0, (time - start.time) / after))
    }

    init(id: String, bounds: Rect, transform: Transform) {
        self.id = id; self.bounds = bounds; self.transform = transform
    }

    /// Where a touch counts: the bounds, grown to the minimum touch size around their centre.
    var touchArea: Rect {
        let side = Scale.minimumHitPoints
        let w = max(bounds.width, side), h = max(bounds.height, side)
        return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    /// What a tap that ended at `p` does (raise events).
    func tapped(at p: Point, time: MonotonicTime) {}

    func claims(_ p: Point) -> Bool { !isHidden && touchArea.contains(p) }
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        pressedAt = p
        longPressed = false
        holdStart = longPressAfter == nil ? nil : (p, time)
        return true
    }
    func touchMoved(to p: Point, time: MonotonicTime) {
        pressedAt = touchArea.contains(p) ? p : nil
        if let start = holdStart,
            (p.x - start.point.x) * (p.x - start.point.x) + (p.y - start.point.y) * (p.y - start.point.y) > TapTarget
                .holdSlop * TapTarget.holdSlop
        {
            holdStart = nil
        }
    }
    func touchEnded(at p: Point, time: MonotonicTime) {
        let inside = touchArea.contains(p)
        pressedAt = nil
        holdStart = nil
        if inside && !longPressed { tapped(at: p, time: time) }
        longPressed = false
    }
    func touchCancelled(time: MonotonicTime) { pressedAt = nil; holdStart = nil; longPressed = false }
    /// While a long press may come, time matters: true keeps the kiosk ticking (and the ring drawn).
    func advance(to time: MonotonicTime) -> Bool {
        guard let start = holdStart, let after = longPressAfter, !longPressed else { return false }
        if time - start.time >= after {
            longPressed = true
            holdStart = nil
            outbox.send(.longPressed)
            return false
        }
        return true
    }
}
