import Core

/// A minimal arc "seek bar": a coloured arc and a round thumb dragged along it (spec section 2,
/// CircularSeek). There is no value range, no fill and no labels: the value *is* the thumb angle in
/// degrees, 0° = 3 o'clock, growing clockwise (CS-8) — unlike the circular slider's compass.
///
/// Events: `valueChanged(value: currentAngle, fromUser: true)`, raised ~0.2 s after a lift or a gap hit
/// when the thumb's scale-back animation ends (CS-13, CS-16), so `advance(to:)` must be called.
public final class ArcSeeker: TouchControl, EventSource {
    /// The config id.
    public let id: String
    /// Local → screen.
    public var transform: Transform
    /// The control's own size; geometry follows it.
    public var bounds: Rect
    /// Hidden controls draw nothing and take no touches.
    public var isHidden = false

    /// Start of the arc in degrees (CS-1), default 90; wrapped into [0, 360) (port validation).
    public var startAngle: Double = 90 { didSet { startAngle = ArcSeeker.wrapped(startAngle) } }
    /// End of the arc in degrees (CS-2), default 180; wrapped into [0, 360).
    public var endAngle: Double = 180 { didSet { endAngle = ArcSeeker.wrapped(endAngle) } }
    /// The thumb angle (CS-3), default 180. Not validated: any value is drawn, even in the gap (CS-20).
    /// Setting it sends no event.
    public var currentAngle: Double = 180
    /// Arc stroke colour (CS-4): gray 0.5.
    public var seekBarColor: Color = NamedGrey.mid
    /// Thumb fill (CS-5): red.
    public var thumbColor: Color = Color(rgb: 0xFF0000)

    /// CS-14: false (default) picks the nearer end going round the circle; true reproduces the original's
    /// plain numeric difference, which is wrong for part of the gap of a non-wrapping arc.
    public var legacyEdgeSnap = false
    /// CS-15: false (default) raises one deferred event per entry into the gap; true raises one per gap
    /// sample, as the original does.
    public var eventPerGapSample = false
    /// CS-16 option: also raise `valueChanged` at once for every sample on the arc during a drag.
    public var continuous = false

    /// Whether a finger is dragging the thumb.
    public internal(set) var isTracking = false
    /// The thumb's scale as of the last `advance(to:)` (CS-12, CS-16): 1.0 at rest, 1.2 while held.
    public internal(set) var thumbScale: Double = 1

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    var scaleTween: ScalarAnimation?
    /// Due times of the deferred value events (CS-13, CS-16), oldest first.
    var dueEvents: [MonotonicTime] = []
    /// Whether the last sample of the drag was in the gap (one event per gap entry).
    var inGap = false
    /// A `moveToAngle` in flight (CS-19): the path angle tween and the angle to settle on.
    var move: (tween: ScalarAnimation, target: Double)?
    /// The path angle shown by the last `advance(to:)` while moving.
    var shownPathAngle: Double?

    /// A seeker with the spec's defaults (CS-1…5).
    public init(
        id: String, bounds: Rect = Rect(x: 0, y: 0, width: 200, height: 200),
        transform: Transform = .identity
    ) {
        self.id = id
        self.bounds = bounds
        self.transform = transform
    }

    /// The demo configuration (CS-23): 200×200, start 120, end 60, current 120, thumb RGB (242,107,107),
    /// arc RGB (238,238,238). The demo also calls `moveToAngle(270, duration: 1)` when shown.
    public static func demo(id: String = "seek") -> ArcSeeker {
        let s = ArcSeeker(id: id)
        s.startAngle = 120
        s.endAngle = 60
        s.currentAngle = 120
        s.thumbColor = Color(r: 242, g: 107, b: 107)
        s.seekBarColor = Color(r: 238, g: 238, b: 238)
        return s
    }

    static func wrapped(_ a: Double) -> Double { a.isFinite ? Angle.wrap(a, period: 360) : 0 }

    // MARK: Geometry (CS-8…11). Port side of the CS-10 bug: centre (w/2, h/2) and side min(w, h) throughout.

    /// Centre of the bounds.
    public var center: Point { bounds.center }
    /// min(width, height): the original used the width only.
    public var side: Double { min(bounds.width, bounds.height) }
    /// Radius of the arc's centre line: (side − 18)/2 (CS-9).
    public var arcRadius: Double { (side - 18) / 2 }
    /// Stroke width of the arc, with round caps (CS-9).
    public static let arcLineWidth: Double = 4
    /// Side of the thumb disc (CS-10).
    public static let thumbSize: Double = 20
    /// How far the begin square reaches beyond the thumb on every side (CS-11).
    public static let touchMargin: Double = 20
    /// Radius of the thumb's resting circle: side/2 − 10, 1 pt inside the arc [QUIRK] (CS-10).
    public var thumbOrbitRadius: Double { side / 2 - ArcSeeker.thumbSize / 2 }

    /// The arc as a rasterizer strokes it: from `startAngle`, clockwise to `endAngle` (CS-9). Screen
    /// angles (Core `Angle`) match the seeker's own convention.
    public var arcStart: Angle { .degrees(startAngle) }
    /// Clockwise sweep from start to end in degrees; 0 when they are equal.
    public var arcSweep: Double { Angle.wrap(endAngle - startAngle, period: 360) }

    /// The point at `angle` on a circle of radius `r` about the centre.
    public func point(atAngle angle: Double, radius r: Double) -> Point {
        Angle.degrees(angle).point(center: center, radius: r)
    }

    /// The thumb's resting frame at `currentAngle` (CS-10): 20×20 centred on the orbit. Hit testing uses it.
    public var thumbFrame: Rect {
        Rect.around(point(atAngle: currentAngle, radius: thumbOrbitRadius), radius: ArcSeeker.thumbSize / 2)
    }

    /// Where the thumb is drawn now: on its orbit, or on the arc's path during `moveToAngle` (CS-19).
    public var drawnThumbCenter: Point {
        if let a = shownPathAngle { return point(atAngle: a, radius: arcRadius) }
        return thumbFrame.center
    }

    /// The thumb disc as drawn now, scaled about its centre (CS-12).
    public var drawnThumbRect: Rect {
        Rect.around(drawnThumbCenter, radius: ArcSeeker.thumbSize / 2 * thumbScale)
    }

    /// The begin square (CS-11): the thumb frame grown by 20 pt on every side.
    public var touchSquare: Rect { thumbFrame.outsetBy(ArcSeeker.touchMargin) }

    /// The angle of a local point (CS-13): atan2 in degrees, negatives + 360, not floored. Nil at the centre.
    public func angle(of p: Point) -> Double? {
        let v = p - center
        guard v.dx != 0 || v.dy != 0 else { return nil }
        return Angle.wrap(v.angle.degrees, period: 360)
    }

    /// Arc membership (CS-13): a wrapping arc's gap is the open interval (end, start); otherwise the gap is
    /// `angle > end || angle < start`. The ends belong to the arc.
    public func isOnArc(_ a: Double) -> Bool {
        if startAngle > endAngle { return !(a > endAngle && a < startAngle) }
        return !(a > endAngle || a < startAngle)
    }

    /// The end a gap angle snaps to (CS-14); ties go to the end angle.
    public func closestEnd(to a: Double) -> Double {
        let toStart: Double, toEnd: Double
        if legacyEdgeSnap {
            toStart = abs(a - startAngle); toEnd = abs(a - endAngle)
        } else {
            toStart = ArcSeeker.circularDistance(a, startAngle); toEnd = ArcSeeker.circularDistance(a, endAngle)
        }
        return toStart < toEnd ? startAngle : endAngle
    }

    /// The distance between two angles going the shorter way round, in [0, 180].
    static func circularDistance(_ a: Double, _ b: Double) -> Double {
        let d = Angle.wrap(a - b, period: 360)
        return min(d, 360 - d)
    }

    /// CS-22 (port extension): the thumb's fraction of the arc, `((current − start) mod 360) / sweep`, with
    /// 360 as the sweep when start == end.
    public var value: Double {
        let sweep = arcSweep == 0 ? 360 : arcSweep
        return Angle.wrap(currentAngle - startAngle, period: 360) / sweep
    }
}
