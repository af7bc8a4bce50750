import Core

/// A circular slider with two handles selecting a range: the model side of MSDoubleHandleCircularSlider
/// (MS-71…85). Beyond the original, both handles can be dragged at the same time by two fingers, each
/// handle has its own style, and the pressed handle snaps to labels and markers on release.
///
/// Events are `rangeChanged`, `rangeStartedTracking` and `rangeEndedTracking`; programmatic sets and snaps
/// of either handle send `rangeChanged(isFirstHandle: nil, fromUser: false)` (MS-80, port side).
public final class DoubleHandleCircularSlider: MultiTouchControl, EventSource, CircularTrackOwner {
    /// The config id.
    public let id: String
    /// Local → screen.
    public var transform: Transform
    /// The control's own size; geometry follows it.
    public var bounds: Rect
    /// Hidden controls draw nothing and take no touches.
    public var isHidden = false

    /// Range, arc, stroke, labels and markers, shared with the single slider.
    public var track = CircularTrack() { didSet { trackDidChange(from: oldValue) } }
    /// The first handle's look (MS-15…21). Its diameter alone sets the radius (MS-83).
    public var handle = HandleStyle()
    /// The second handle's look (MS-74), independent of the first.
    public var secondHandle = HandleStyle()

    /// The requested minimum arc distance between the handles, in points (MS-73). Stored as given and
    /// clamped lazily against the current radius (`effectiveMinimumHandlesDistance`), the port side of MS-82.
    public var minimumHandlesDistance: Double = 10

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    private var storedFirstAngle: Double = 0
    private var storedSecondAngle: Double = 60
    /// Tracking id → whether it holds the first handle.
    var owners: [Int: Bool] = [:]

    /// A range slider with the spec's defaults: handles at 0° and 60° (MS-85).
    public init(
        id: String, bounds: Rect = Rect(x: 0, y: 0, width: 200, height: 200),
        transform: Transform = .identity
    ) {
        self.id = id; self.bounds = bounds; self.transform = transform
    }

    // MARK: Angles and values

    /// The first handle's angle (MS-14 semantics: max(0, v) mod (maximumAngle + 1), no event).
    public var angle: Double {
        get { storedFirstAngle }
        set { if let a = track.storedAngle(newValue) { storedFirstAngle = a } }
    }

    /// The second handle's angle (MS-72), same setter semantics. Default 60.
    public var secondAngle: Double {
        get { storedSecondAngle }
        set { if let a = track.storedAngle(newValue) { storedSecondAngle = a } }
    }

    /// The first value. Setting clamps, moves and announces (MS-66, MS-80 port side); no ordering or
    /// distance enforcement (MS-81).
    public var currentValue: Double {
        get { track.value(forAngle: angle) }
        set {
            guard newValue.isFinite else { return }
            angle = track.angle(forValue: track.clamp(newValue))
            announce(isFirstHandle: nil, fromUser: false)
        }
    }

    /// The second value (MS-71): default the value at 60°; same setter rules as `currentValue`.
    public var secondCurrentValue: Double {
        get { track.value(forAngle: secondAngle) }
        set {
            guard newValue.isFinite else { return }
            secondAngle = track.angle(forValue: track.clamp(newValue))
            announce(isFirstHandle: nil, fromUser: false)
        }
    }

    func announce(isFirstHandle: Bool?, fromUser: Bool) {
        outbox.send(
            .rangeChanged(
                first: currentValue, second: secondCurrentValue, isFirstHandle: isFirstHandle,
                fromUser: fromUser))
    }

    // MARK: Geometry

    /// Handle diameters (MS-42, MS-74).
    public var firstHandleDiameter: Double { handle.diameter(lineWidth: track.lineWidth) }
    /// The second handle's diameter (MS-74).
    public var secondHandleDiameter: Double { secondHandle.diameter(lineWidth: track.lineWidth) }
    /// Geometry from the first handle's diameter only (MS-83: a larger second handle may be clipped).
    public var geometry: CircularGeometry {
        CircularGeometry(bounds: bounds, track: track, handleDiameter: firstHandleDiameter)
    }
    /// The track radius R (MS-35).
    public var calculatedRadius: Double { geometry.radius }
    /// `maximumAngle == 360`.
    public var fullCircle: Bool { track.fullCircle }

    /// MS-73/82: the requested distance clamped to [1, half the arc length π·R·maximumAngle/360] at the
    /// current radius. Before layout (R ≤ 0) only the lower bound applies.
    public var effectiveMinimumHandlesDistance: Double {
        let half = Double.pi * calculatedRadius * track.maximumAngle / 360
        let upper = half > 1 ? half : Double.infinity
        return min(max(minimumHandlesDistance, 1), upper)
    }

    /// Whether a finger holds each handle (drawn highlighted, MS-43).
    public var isFirstHandlePressed: Bool { owners.values.contains(true) }
    /// Whether a finger holds the second handle.
    public var isSecondHandlePressed: Bool { owners.values.contains(false) }

    /// Handle centres, unrotated local (MS-41).
    public var firstHandleCenter: Point { geometry.handleCenter(angle: angle) }
    /// Second handle centre, unrotated local.
    public var secondHandleCenter: Point { geometry.handleCenter(angle: secondAngle) }
    /// Handle centres, drawn local.
    public var drawnFirstHandleCenter: Point { geometry.drawn(firstHandleCenter) }
    /// Second handle centre, drawn local.
    public var drawnSecondHandleCenter: Point { geometry.drawn(secondHandleCenter) }
    /// Touch squares, unrotated local (MS-49).
    public var firstHandleTouchSquare: Rect { geometry.handleTouchSquare(angle: angle, diameter: firstHandleDiameter) }
    /// Second handle touch square, unrotated local.
    public var secondHandleTouchSquare: Rect {
        geometry.handleTouchSquare(angle: secondAngle, diameter: secondHandleDiameter)
    }
    /// Discs of each handle as drawn now (MS-43).
    public var firstHandleDiscs: [HandleDisc] {
        handle.discs(lineWidth: track.lineWidth, pressed: isFirstHandlePressed)
    }
    /// Second handle discs as drawn now.
    public var secondHandleDiscs: [HandleDisc] {
        secondHandle.discs(lineWidth: track.lineWidth, pressed: isSecondHandlePressed)
    }
    /// Rotation of each handle image inside its square (MS-44).
    public var firstHandleImageRotation: Angle { handle.imageRotation(compassAngle: angle) }
    /// Rotation of the second handle image.
    public var secondHandleImageRotation: Angle { secondHandle.imageRotation(compassAngle: secondAngle) }
    /// On-screen rotations of the handle images: the control's rotation plus each image's own (MS-40 quirk).
    public var drawnFirstHandleImageRotation: Angle { .degrees(geometry.rotation) + firstHandleImageRotation }
    /// See `drawnFirstHandleImageRotation`.
    public var drawnSecondHandleImageRotation: Angle { .degrees(geometry.rotation) + secondHandleImageRotation }
    /// The whole arc (MS-39).
    public var unfilledArc: ArcSpan { ArcSpan(start: 0, sweep: track.maximumAngle) }
    /// From the first handle clockwise to the second, wrapping through north when first > second (MS-75);
    /// nil when the handles coincide.
    public var filledArc: ArcSpan? {
        var sweep = Angle.wrap(secondAngle - angle, period: 360)
        if sweep == 0 && secondAngle - angle == 360 { sweep = 360 }
        return sweep > 0 ? ArcSpan(start: angle, sweep: sweep) : nil
    }
    /// Label and marker layout (MS-45, MS-46), markers sized by the first handle.
    public var labelPlacements: [LabelPlacement] { geometry.labelPlacements(track) }
    /// Marker layout (MS-46).
    public var markerPlacements: [MarkerPlacement] {
        geometry.markerPlacements(track, handleDiameter: firstHandleDiameter)
    }

    // MARK: Events and changes

    /// No animations or physics: nothing to advance.
    public func advance(to time: MonotonicTime) -> Bool { false }

    /// MS-84: a new `maximumAngle` keeps both angles and re-announces both values (one event per handle).
    private func trackDidChange(from old: CircularTrack) {
        guard old.maximumAngle != track.maximumAngle else { return }
        announce(isFirstHandle: nil, fromUser: false)
        announce(isFirstHandle: nil, fromUser: false)
    }
}
