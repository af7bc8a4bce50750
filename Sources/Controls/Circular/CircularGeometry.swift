import Core
#if canImport(Glibc)
    import Glibc
#endif

/// The geometry of one circular slider at its current size: the single source of truth for both drawing
/// (Widgets) and touch handling (MS-35…49). Two coordinate frames appear:
///
/// * **unrotated local**: the control's frame before the MS-40 rotation; compass 0° is north. Handle,
///   touch squares, labels and markers are computed here (as the original does).
/// * **drawn local**: the control's own coordinates (what the TouchRouter delivers and Widgets paints);
///   `drawingTransform` maps unrotated → drawn.
public struct CircularGeometry: Hashable, Sendable {
    /// Centre of the bounds (MS-35).
    public let center: Point
    /// Track radius R (MS-35).
    public let radius: Double
    /// Track stroke width.
    public let lineWidth: Int
    /// Arc length in degrees.
    public let maximumAngle: Double
    /// Rotation of the drawing in degrees, positive clockwise; 0 for a full circle (MS-40).
    public let rotation: Double
    /// The smallest side of a handle's touch square, in points (MS-49: 44; a kiosk may ask for more).
    public let minimumTouchSide: Double

    /// Computes the geometry for `bounds`, the track's settings and the (first) handle's diameter.
    /// R = min(h − padding, w − padding)/2 − max(ceil(lineWidth/2), ceil(handleDiameter/2)) (MS-35, MS-83).
    public init(bounds: Rect, track: CircularTrack, handleDiameter: Double) {
        center = bounds.center
        let side = min(bounds.height - track.sliderPadding, bounds.width - track.sliderPadding)
        let lineHalf = (Double(track.lineWidth) / 2).rounded(.up)
        let handleHalf = (handleDiameter / 2).rounded(.up)
        radius = side / 2 - max(lineHalf, handleHalf)
        lineWidth = track.lineWidth
        maximumAngle = track.maximumAngle
        rotation = track.controlRotation
        minimumTouchSide = track.minimumTouchSide
    }

    /// True when the arc is a whole circle (no rotation, no gap).
    public var fullCircle: Bool { maximumAngle == 360 }

    /// Unrotated local → drawn local: a rotation by `rotation` about the centre (MS-40).
    public var drawingTransform: Transform { .rotation(.degrees(rotation), about: center) }

    /// A drawn-local point in unrotated local coordinates (the inverse rotation, X-7).
    public func unrotated(_ drawn: Point) -> Point {
        Transform.rotation(.degrees(-rotation), about: center).apply(drawn)
    }

    /// An unrotated local point in drawn local coordinates.
    public func drawn(_ unrotated: Point) -> Point { drawingTransform.apply(unrotated) }

    /// The screen angle (Core `Angle`, 0 = 3 o'clock, clockwise) of compass angle `compass`, in the drawn
    /// frame: what a rasterizer needs to stroke an arc of this slider.
    public func screenAngle(compass: Double) -> Angle { .degrees(compass - 90 + rotation) }

    /// The compass angle of a drawn-local point (MS-37): inverse rotation, vector from the centre,
    /// atan2 + 90°, negatives + 360, floored to a whole degree. Nil at the exact centre (port side of the NaN).
    public func compassAngle(of drawnPoint: Point) -> Double? {
        guard let exact = exactCompassAngle(of: drawnPoint) else { return nil }
        return exact.rounded(.down)
    }

    /// The compass angle of a drawn-local point in [0, 360), not floored. Values within 1e-9 of a whole
    /// degree are taken as that degree, so that the exact compass points (atan2 rounding) floor correctly.
    public func exactCompassAngle(of drawnPoint: Point) -> Double? {
        let v = drawnPoint - center
        guard v.dx != 0 || v.dy != 0, v.dx.isFinite, v.dy.isFinite else { return nil }
        var deg = v.angle.degrees + 90 - rotation
        let whole = deg.rounded()
        if abs(deg - whole) < 1e-9 { deg = whole }
        return Angle.wrap(deg, period: 360)
    }

    /// The offset from the centre of compass angle `compass` at distance `r` (unrounded).
    public func offset(compass: Double, radius r: Double) -> Vector {
        let a = Angle.degrees(compass)
        return Vector(r * a.sin, -r * a.cos)
    }

    /// The handle centre at compass angle `angle`, unrotated local, its offsets rounded to whole points
    /// (MS-41).
    public func handleCenter(angle: Double) -> Point {
        let o = offset(compass: angle, radius: radius)
        return Point(center.x + o.dx.rounded(), center.y + o.dy.rounded())
    }

    /// The touch square of a handle (MS-49): axis-aligned, side max(d, 44), centred on the handle centre,
    /// unrotated local.
    public func handleTouchSquare(angle: Double, diameter: Double) -> Rect {
        Rect.around(handleCenter(angle: angle), radius: max(diameter, minimumTouchSide) / 2)
    }

    /// The d×d square a handle is drawn into, unrotated local.
    public func handleRect(angle: Double, diameter: Double) -> Rect {
        Rect.around(handleCenter(angle: angle), radius: diameter / 2)
    }

    /// The centre of a label at compass `angle` (MS-45), unrotated local: the point on the circle plus a
    /// radial offset of −0.1·R − lineWidth/2 − fontSize/2 + labelOffset, each part rounded to whole points.
    public func labelCenter(angle: Double, fontSize: Double, labelOffset: Double) -> Point {
        let onCircle = offset(compass: angle, radius: radius)
        let shift = -0.1 * radius - Double(lineWidth) / 2 - fontSize / 2 + labelOffset
        let radial = offset(compass: angle, radius: shift)
        return Point(
            center.x + onCircle.dx.rounded() + radial.dx.rounded(),
            center.y + onCircle.dy.rounded() + radial.dy.rounded())
    }

    /// The square a marker is drawn in (MS-46): side (lineWidth + handleDiameter)/2, centred on the track
    /// line at compass `angle`, unrotated local. Markers are drawn upright at `drawn(rect.center)`.
    public func markerRect(angle: Double, handleDiameter: Double) -> Rect {
        let side = (Double(lineWidth) + handleDiameter) / 2
        return Rect.around(center + offset(compass: angle, radius: radius), radius: side / 2)
    }

    /// Whether a drawn-local point is on the disc the control claims (MS-48): closer to the centre than
    /// R + lineWidth/2.
    public func discContains(_ drawnPoint: Point) -> Bool {
        drawnPoint.distance(to: center) < radius + Double(lineWidth) / 2
    }

    /// The arc length in points between two handle positions, the shorter way round (MS-77): 2R·asin(c/2R)
    /// for the chord `c` between the two given points.
    public func arcDistance(chordFrom a: Point, to b: Point) -> Double {
        guard radius > 0 else { return 0 }
        let c = a.distance(to: b)
        return 2 * radius * Double.asinClamped(c / (2 * radius))
    }

    /// The minimum side of a touch target in points (MS-49): a thumb.
    /// The original's touch square side (MS-49), the default of `CircularTrack.minimumTouchSide`.
    public static let originalTouchSide: Double = 44
}

/// An arc of a circular slider in compass degrees: from `start`, `sweep` degrees clockwise.
public struct ArcSpan: Hashable, Sendable {
    /// Compass angle where the arc starts.
    public var start: Double
    /// Clockwise length in degrees.
    public var sweep: Double
    /// An arc from `start`, `sweep` degrees clockwise.
    public init(start: Double, sweep: Double) { self.start = start; self.sweep = sweep }
}

extension Double {
    /// asin with its argument clamped to [−1, 1], so rounding never gives NaN.
    static func asinClamped(_ x: Double) -> Double {
        Glibc.asin(Swift.min(1, Swift.max(-1, x)))
    }
}
