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
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool { pressedAt = p; return true }
    func touchMoved(to p: Point, time: MonotonicTime) { pressedAt = touchArea.contains(p) ? p : nil }
    func touchEnded(at p: Point, time: MonotonicTime) {
        let inside = touchArea.contains(p)
        pressedAt = nil
        if inside { tapped(at: p, time: time) }
    }
    func touchCancelled(time: MonotonicTime) { pressedAt = nil }
    func advance(to time: MonotonicTime) -> Bool { false }
}
