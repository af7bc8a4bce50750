import Core

/// A circular or arc slider with one handle: the model side of MSCircularSlider (spec section 1).
///
/// Shared track properties (range, arc, labels, markers…) are reached by dynamic member lookup on `track`
/// (`slider.maximumAngle = 270`); the handle's look is `handle`. Geometry for drawing and touch handling
/// comes from `geometry` and the computed placements below, so Widgets draws from the same numbers.
/// Not final: `GradientCircularSlider` refines the fill colour.
public class CircularSlider: TouchControl, EventSource, CircularTrackOwner {
    /// The config id.
    public let id: String
    /// Local → screen.
    public var transform: Transform
    /// The control's own size; geometry follows it (MS-34, MS-35).
    public var bounds: Rect
    /// Hidden controls draw nothing and take no touches.
    public var isHidden = false

    /// Range, arc, stroke, labels and markers (MS-4…13, MS-22…30).
    public var track = CircularTrack() { didSet { trackDidChange(from: oldValue) } }
    /// The handle's look (MS-15…21).
    public var handle = HandleStyle()

    /// −1 = endless, ≥ 0 = bounded number of turns (MS-10). Any negative is normalised to −1 (port side).
    public var maximumRevolutions: Int = -1 { didSet { if maximumRevolutions < 0 { maximumRevolutions = -1 } } }
    /// The counted turns in bounded full-circle mode (MS-56; public as PR #32 asks). Never reset [QUIRK].
    public internal(set) var revolutionsCount = 0
    /// The current drag direction (MS-31). Writable; writing it sends no event.
    public var slidingDirection: SlidingDirection = .none
    /// Port option (MS-53): while the finger is in the gap of a partial arc, hold the end the handle was
    /// nearer to instead of splitting the gap at its midpoint. Off by default (original behaviour).
    public var stickyEnds = false
    /// MS-56: detect a crossing of north on the first move sample too (port side, default). False
    /// reproduces the original's skip.
    public var detectsCrossingOnFirstSample = true
    /// Port option (MS-57, off by default): once pinned at an end in bounded mode, hold the pin until the
    /// finger winds back past north, instead of jumping to the finger when it gets more than 180° past.
    public var holdsPinUntilReturn = false
    /// While pinned with `holdsPinUntilReturn`: how far the finger has wound past the pin, in degrees
    /// (positive beyond 360, negative below 0).
    var pinOvershoot: Double?
    /// The previous sample's finger angle in this drag.
    var lastFingerAngle: Double?

    /// The interaction state machine (MS-50).
    public enum InteractionState: Hashable, Sendable { case idle, pressed, sliding }
    /// Where the single-handle state machine is now.
    public internal(set) var interactionState: InteractionState = .idle

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    private var storedAngle: Double = 0
    var animation: ValueAnimation?

    /// An animated `setValue` in flight (MS-67).
    struct ValueAnimation {
        var tween: ScalarAnimation
        var completion: (() -> Void)?
    }

    /// A slider with the spec's defaults: 0…100, full circle, handle at 0 (MS-4…34).
    public init(
        id: String, bounds: Rect = Rect(x: 0, y: 0, width: 200, height: 200),
        transform: Transform = .identity
    ) {
        self.id = id; self.bounds = bounds; self.transform = transform
    }

    // MARK: Value and angle

    /// The handle angle in compass degrees (MS-14). Setting it stores `max(0, v)` modulo
    /// (maximumAngle + 1) and sends no event.
    public var angle: Double {
        get { storedAngle }
        set {
            guard let a = track.storedAngle(newValue) else { return }
            storedAngle = a
        }
    }

    /// The value at the handle (MS-6). Setting it follows MS-66: clamp, move, announce (even if unchanged).
    public var currentValue: Double {
        get { track.value(forAngle: angle) }
        set { setCurrentValue(newValue) }
    }

    /// MS-66: clamp to [min, max], set the angle, send `valueChanged(fromUser: false)`.
    func setCurrentValue(_ value: Double) {
        guard value.isFinite else { return }
        let clamped = track.clamp(value)
        angle = track.angle(forValue: clamped)
        valueDidChangeProgrammatically(clamped)
    }

    /// Announces a programmatic value; the gradient slider recolours through `filledArcColor` itself.
    func valueDidChangeProgrammatically(_ value: Double) {
        outbox.send(.valueChanged(value: value, fromUser: false))
    }

    /// Sets the handle exactly at `snapAngle` (a snap, MS-61): not floored; 360 on a full circle is 0.
    func applySnap(_ snapAngle: Double) {
        angle = (track.fullCircle && snapAngle == 360) ? 0 : snapAngle
        valueDidChangeProgrammatically(currentValue)
    }

    /// MS-67: set the value, optionally animated ease-in-ease-out over `duration` seconds from `time`.
    /// Every `advance(to:)` while animating is a frame that sets the interpolated value (one event each);
    /// the last frame also sets the exact target (one more event), then `completion` runs. An animated
    /// target equal to the current value (compared before clamping) completes at once without events.
    /// A new animation, or a finger taking the handle, ends the previous one where it is and runs its
    /// completion (port decision: nothing waits forever).
    public func setValue(
        _ value: Double, animated: Bool, duration: Double = 0.75, at time: MonotonicTime,
        completion: (() -> Void)? = nil
    ) {
        stopAnimation()
        guard animated else {
            currentValue = value
            completion?()
            return
        }
        if value == currentValue { completion?(); return }
        let tween = ScalarAnimation(
            from: currentValue, to: track.clamp(value), start: time, duration: duration,
            curve: .timing(.easeInOut))
        animation = ValueAnimation(tween: tween, completion: completion)
    }

    /// True while an animated `setValue` runs.
    public var isAnimating: Bool { animation != nil }

    func stopAnimation() {
        guard let running = animation else { return }
        animation = nil
        running.completion?()
    }

    /// Advances an animated `setValue` (MS-67). Returns true while it still runs.
    public func advance(to time: MonotonicTime) -> Bool {
        guard let running = animation else { return false }
        currentValue = running.tween.value(at: time)
        guard running.tween.isFinished(at: time) else { return true }
        animation = nil
        currentValue = running.tween.to
        running.completion?()
        return false
    }

    // MARK: Labels (MS-68)

    /// Appends a label.
    public func addLabel(_ text: String) { track.addLabel(text) }

    /// Replaces the label at `index`; a bad index throws (port side of the assertion).
    public func changeLabel(at index: Int, to text: String) throws(CircularControlError) {
        try track.changeLabel(at: index, to: text)
    }

    /// Removes the label at `index`; a bad index throws.
    public func removeLabel(at index: Int) throws(CircularControlError) { try track.removeLabel(at: index) }

    // MARK: Geometry for drawing and hit testing

    /// The handle diameter (MS-21, MS-42).
    public var handleDiameter: Double { handle.diameter(lineWidth: track.lineWidth) }
    /// The geometry at the current size (MS-35…49).
    public var geometry: CircularGeometry {
        CircularGeometry(bounds: bounds, track: track, handleDiameter: handleDiameter)
    }
    /// The track radius R (MS-32, MS-35).
    public var calculatedRadius: Double { geometry.radius }
    /// `maximumAngle == 360` (MS-32).
    public var fullCircle: Bool { track.fullCircle }
    /// `maximumRevolutions == −1` (MS-32).
    public var endlesslyLoops: Bool { maximumRevolutions == -1 }
    /// A square of side 2R (MS-34); it depends on the current bounds [QUIRK].
    public var intrinsicSize: Size { Size(2 * calculatedRadius, 2 * calculatedRadius) }
    /// Whether the handle is drawn pressed (MS-43): from touch-down to release.
    public var isHandlePressed: Bool { interactionState != .idle }
    /// Handle centre in unrotated local coordinates (MS-41).
    public var handleCenter: Point { geometry.handleCenter(angle: angle) }
    /// Handle centre in drawn local coordinates.
    public var drawnHandleCenter: Point { geometry.drawn(handleCenter) }
    /// The handle's touch square, unrotated local (MS-49).
    public var handleTouchSquare: Rect { geometry.handleTouchSquare(angle: angle, diameter: handleDiameter) }
    /// The discs of the handle as drawn now (MS-43); empty when `handle.imageName` is set (MS-44).
    public var handleDiscs: [HandleDisc] { handle.discs(lineWidth: track.lineWidth, pressed: isHandlePressed) }
    /// Rotation of the handle image inside its square (MS-44).
    public var handleImageRotation: Angle { handle.imageRotation(compassAngle: angle) }
    /// Rotation of the handle image on screen: the control's rotation plus `handleImageRotation`. The image
    /// is not counter-rotated, so on a partial arc even a non-rotatable image is tilted [QUIRK, MS-40].
    public var drawnHandleImageRotation: Angle { .degrees(geometry.rotation) + handleImageRotation }
    /// The whole arc, 0 to maximumAngle (MS-39).
    public var unfilledArc: ArcSpan { ArcSpan(start: 0, sweep: track.maximumAngle) }
    /// The filled arc, 0 to the handle; nil at angle 0 (port decision: a zero-length fill draws nothing).
    public var filledArc: ArcSpan? { angle > 0 ? ArcSpan(start: 0, sweep: angle) : nil }
    /// The colour of the filled arc (MS-12); the gradient slider computes it (MS-86).
    public var filledArcColor: Color { track.filledColor }
    /// Label layout (MS-45).
    public var labelPlacements: [LabelPlacement] { geometry.labelPlacements(track) }
    /// Marker layout (MS-46).
    public var markerPlacements: [MarkerPlacement] {
        geometry.markerPlacements(track, handleDiameter: handleDiameter)
    }

    // MARK: Events

    /// MS-69: a new `maximumAngle` keeps the handle angle and re-announces the value.
    func trackDidChange(from old: CircularTrack) {
        if old.maximumAngle != track.maximumAngle { valueDidChangeProgrammatically(currentValue) }
    }
}
