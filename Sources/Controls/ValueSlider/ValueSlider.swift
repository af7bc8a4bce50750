import Core

/// OTValueSlider's behaviour (NP-1…18): a horizontal slider whose thumb shows a title; pressing the
/// thumb shows a balloon above it; a drag follows the finger's x; a tap or a flick into the balloon
/// asks the host to open the number pad. The value is in [0, 1]; the host maps it (NP-1, NP-48).
///
/// Local coordinates: origin at the control's top-left, W × H. The balloon reaches 30 pt above the
/// control and the thumb may overhang its ends (NP-3, NP-7). Pure: time is passed in.
public final class ValueSlider: TouchControl, EventSource {
    /// The config id.
    public let id: String
    /// Local → screen.
    public var transform: Transform
    /// W × H.
    public private(set) var size: Size
    /// Half the platform thumb's width: the thumb centre travels over [i, W − i] (NP-3 [PORT]).
    public var thumbTravelInset: Double
    /// [PORT NP-13] Keep the offset between finger and thumb at drag start (default off: the original jumps).
    public var preserveGrabOffset = false
    /// The title shown on the thumb (and in the balloon).
    public private(set) var title: String = ""
    /// What the number is ("Volume"), drawn above the track's left end: a 44 pt thumb holds the
    /// number, not a name.
    public var caption: String = ""
    /// Text the host shows inside the thumb instead of the title (the pad's edit label, NP-15, NP-49).
    public var editOverlayText: String?

    /// NP-18 states.
    public enum State: Hashable, Sendable { case normal, pressed, dragging }
    /// The current state.
    public private(set) var state: State = .normal
    /// The value v in [0, 1] (the original keeps it private, NP-2; exposed read-only here).
    public private(set) var value: Double = 0

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    private var arbiter = GestureArbiter(longPressDuration: nil)
    /// The current contact was cancelled by `setPosition` or `removePopup`; ignore it until it lifts.
    private var ignoringContact = false
    private var hasContact = false
    private var grabOffset = 0.0
    private var thumbAnimation: ScalarAnimation?

    /// The track's and thumb's colours (the kiosk's theme by default; set before the first frame).
    public var colors = ValueSliderColors()

    /// The thumb's normal width.
    public static let thumbWidth = 44.0
    /// The thumb's width while the balloon shows.
    public static let narrowThumbWidth = 22.0
    /// The track's height.
    public static let trackHeight = 9.0
    /// setPosition's animation length.
    public static let positionAnimationDuration = 0.2

    /// A slider at v = 0 with an empty title.
    public init(id: String, size: Size, transform: Transform = .identity, thumbTravelInset: Double = 11.5) {
        self.id = id; self.size = size; self.transform = transform; self.thumbTravelInset = thumbTravelInset
    }

    /// W × H at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
    /// Always shown.
    public var isHidden: Bool { false }

    /// Re-frames the control. [PORT NP-17] Nothing piles up: the look is built once by Widgets.
    public func resize(_ newSize: Size) { size = newSize }

    // MARK: Geometry (NP-3, NP-7)

    /// The thumb centre's x for value `v`: i + v·(W − 2i).
    public func thumbCenterX(for v: Double) -> Double { thumbTravelInset + v * (size.width - 2 * thumbTravelInset) }

    /// The thumb centre shown at `time` (animated by `setPosition(…, animated: true)`).
    public func thumbCenterX(at time: MonotonicTime) -> Double {
        thumbCenterX(for: thumbAnimation?.value(at: time) ?? value)
    }

    /// The track: full width of the lower half, 9 pt tall, centred in it.
    public var trackRect: Rect {
        let half = size.height / 2
        return Rect(
            x: 0, y: half + (half - ValueSlider.trackHeight) / 2, width: size.width, height: ValueSlider.trackHeight)
    }

    /// The thumb: 44 × H/2 normally, 22 × H/2 while the balloon shows, top at H/2.
    public func thumbRect(at time: MonotonicTime) -> Rect {
        let w = state == .normal ? ValueSlider.thumbWidth : ValueSlider.narrowThumbWidth
        return Rect(x: thumbCenterX(at: time) - w / 2, y: size.height / 2, width: w, height: size.height / 2)
    }

    /// The balloon (x = cx − 26, y = −30, 52 × (H/2 + 27)) while pressed or dragging, else nil.
    public func balloonRect(at time: MonotonicTime) -> Rect? {
        guard state != .normal else { return nil }
        return balloon(centerX: thumbCenterX(at: time))
    }

    private func balloon(centerX cx: Double) -> Rect {
        Rect(x: cx - 26, y: -30, width: 52, height: size.height / 2 + 27)
    }

    /// The "pin" outline joining the narrow thumb and the balloon (NP-7: radius 8), while shown.
    public func balloonOutline(at time: MonotonicTime) -> PopupLayout? {
        guard let b = balloonRect(at: time) else { return nil }
        return PopupLayout(base: thumbRect(at: time), popupFrame: b, cornerRadius: 8)
    }

    // MARK: Programmatic API (NP-14, NP-16)

    /// NP-14: a number moves the thumb (clamped to [0, 1]), reports `valueChanged(fromUser: false)`
    /// at once, and returns to Normal, cancelling any press or drag [QUIRK]; a title replaces the text.
    public func setPosition(_ number: Double?, title newTitle: String?, animated: Bool, time: MonotonicTime) {
        if let n = number {
            let shown = thumbAnimation?.value(at: time) ?? value
            value = min(1, max(0, n))
            outbox.send(.valueChanged(value: value, fromUser: false))
            goNormal()
            thumbAnimation =
                animated
                ? ScalarAnimation(
                    from: shown, to: value, start: time, duration: ValueSlider.positionAnimationDuration,
                    curve: .timing(.easeInOut))
                : nil
        }
        if let t = newTitle { title = t }
    }

    /// NP-16: cancels any press or drag and removes the balloon.
    public func removePopup() { goNormal() }

    /// Back to Normal; a drag in progress finishes (NP-10), and the contact is ignored until it lifts.
    private func goNormal() {
        // NP-10: Normal (the balloon goes), then the finish callback of a drag.
        if state != .normal { outbox.send(.closed) }
        if state == .dragging { outbox.send(.endedTracking(value: value)) }
        if hasContact { ignoringContact = true }
        state = .normal
    }

    // MARK: Touches (NP-6…13, NP-18)

    /// Only the thumb's rectangle takes touches (NP-6).
    public func claims(_ p: Point) -> Bool { thumbRect(at: lastTime).contains(p) }
    private var lastTime: MonotonicTime = 0

    /// A press on the thumb: Pressed, balloon shown (NP-7).
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        lastTime = time
        guard thumbRect(at: time).contains(p) else { return false }
        hasContact = true
        ignoringContact = false
        arbiter.begin(at: p, time: time)
        grabOffset = thumbCenterX(at: time) - p.x
        state = .pressed
        outbox.send(.opened)  // the balloon (NP-7); nothing is sent to the delegate for touch-down
        return true
    }

    /// A drag sample once past the slop (NP-9, NP-11).
    public func touchMoved(to p: Point, time: MonotonicTime) {
        lastTime = time
        guard hasContact, !ignoringContact else { return }
        for g in arbiter.move(to: p, time: time) {
            switch g {
            case .panBegan(let at), .panChanged(let at): dragSample(at, time: time)
            default: break
            }
            if ignoringContact { return }
        }
    }

    /// A tap (valueButtonPressed) or a drag end (NP-8, NP-10, NP-12).
    public func touchEnded(at p: Point, time: MonotonicTime) {
        lastTime = time
        defer { hasContact = false; ignoringContact = false }
        guard hasContact, !ignoringContact else { return }
        let gestures = arbiter.end(at: p, time: time)
        switch state {
        case .pressed:
            state = .normal
            outbox.send(.closed)
            let inside = thumbRect(at: time).outsetBy(ValueSlider.touchInsideTolerance).contains(p)
            if inside,
                gestures.contains(where: {
                    if case .tap = $0 { return true }; return false
                })
            {
                outbox.send(.valueButtonPressed(byFlick: false))
            }
        case .dragging:
            state = .normal
            outbox.send(.closed)
            outbox.send(.endedTracking(value: value))
        case .normal: break
        }
    }

    /// Back to Normal; a drag finishes (NP-10).
    public func touchCancelled(time: MonotonicTime) {
        lastTime = time
        defer { hasContact = false; ignoringContact = false }
        guard hasContact, !ignoringContact else { return }
        _ = arbiter.cancel()
        goNormal()
    }

    /// Ends the position animation; true while it runs.
    public func advance(to time: MonotonicTime) -> Bool {
        lastTime = max(lastTime, time)
        if let a = thumbAnimation, a.isFinished(at: time) { thumbAnimation = nil }
        return thumbAnimation != nil
    }

    /// One drag sample (NP-9, NP-11): a finger inside the balloon asks for the pad and cancels the drag;
    /// otherwise v = x / W, clamped, reported on every sample.
    private func dragSample(_ p: Point, time: MonotonicTime) {
        if state == .pressed { state = .dragging }
        if balloon(centerX: thumbCenterX(at: time)).contains(p) {
            outbox.send(.valueButtonPressed(byFlick: true))
            goNormal()
            return
        }
        let x = preserveGrabOffset ? p.x + grabOffset - thumbTravelInset : p.x
        let width = preserveGrabOffset ? size.width - 2 * thumbTravelInset : size.width
        value = min(1, max(0, width > 0 ? x / width : 0))
        thumbAnimation = nil
        outbox.send(.valueChanged(value: value, fromUser: true))
    }

    /// UIKit's touch-up-inside tolerance (≈70 pt, NP-12 [PORT]).
    public static let touchInsideTolerance = 70.0
}

/// The colours of a value slider: the track right of the thumb, left of it, and the thumb.
public struct ValueSliderColors: Hashable, Sendable {
    public var unfilled = Color(rgb: 0x505A64)
    public var filled = Color(rgb: 0x7FA8C6)
    public var thumb = Color(rgb: 0x234560)
    /// The dark theme's colours.
    public init() {}
}
