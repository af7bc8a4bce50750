import Core

/// A control that receives touches. Every method takes time as an argument: controls never read a clock.
///
/// Points given to a control are already in its *local* coordinates (origin at the top-left of its
/// frame, spec X-1); the `TouchRouter` maps screen points through the inverse of `transform`.
public protocol TouchControl: AnyObject {
    /// The config id, unique on a screen.
    var id: String { get }
    /// Where the control sits on the screen: local → screen coordinates.
    var transform: Transform { get }
    /// The control's own size in local points.
    var bounds: Rect { get }
    /// True when the control has nothing to draw and takes no touches.
    var isHidden: Bool { get }

    /// Whether a touch-down at local point `p` belongs to this control. A control may claim a touch
    /// it then does not track (MS-48, NP-34): returning true swallows it.
    func claims(_ p: Point) -> Bool
    /// A new contact that this control claimed. Returns false to give it up (it is then ignored).
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool
    /// The owned contact moved (every SYN_REPORT frame is one sample, X-5).
    func touchMoved(to p: Point, time: MonotonicTime)
    /// The owned contact lifted at `p`.
    func touchEnded(at p: Point, time: MonotonicTime)
    /// The owned contact was taken away without a lift.
    func touchCancelled(time: MonotonicTime)

    /// Advances animations and physics to `time`. Returns true while something is still moving, so the
    /// kiosk knows whether to keep its tick timer armed.
    func advance(to time: MonotonicTime) -> Bool

    /// Removes and returns the events raised since the last call, in order.
    func drainEvents() -> [ControlEvent]
}

/// A control that can follow several contacts at once (the two-handle slider dragged by two fingers).
/// The router gives it every contact it claims, keyed by tracking id, instead of only the first.
public protocol MultiTouchControl: TouchControl {
    func touchBegan(id: Int, at p: Point, time: MonotonicTime) -> Bool
    func touchMoved(id: Int, to p: Point, time: MonotonicTime)
    func touchEnded(id: Int, at p: Point, time: MonotonicTime)
    func touchCancelled(id: Int, time: MonotonicTime)
}
