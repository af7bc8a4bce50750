import Core

/// A rotation by a whole number of quarter turns, screen-clockwise (spec X-2).
public enum QuarterTurn: Int, Hashable, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    /// The rotation for `degrees` (any multiple of 90, negative allowed), or nil for other angles.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }
    /// The clockwise angle in degrees, 0 ..< 360.
    public var degrees: Int { rawValue }
    /// Both rotations applied one after the other.
    public static func + (a: QuarterTurn, b: QuarterTurn) -> QuarterTurn {
        QuarterTurn(degrees: a.degrees + b.degrees)!
    }
    /// The rotation that undoes this one.
    public var inverse: QuarterTurn { QuarterTurn(degrees: -degrees)! }

    /// The matrix that turns normalised coordinates by this rotation and keeps them inside 0…1: the
    /// matrices the libinput documentation lists for 90°, 180° and 270° clockwise.
    public var normalizedMatrix: CalibrationMatrix {
        switch self {
        case .none: return .identity
        case .clockwise90: return CalibrationMatrix(0, -1, 1, 1, 0, 0)
        case .clockwise180: return CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        case .clockwise270: return CalibrationMatrix(0, 1, 0, -1, 0, 1)
        }
    }
}

/// A libinput-style calibration matrix: the first two rows of a 3×3 matrix applied to coordinates
/// normalised to the device's range (0…1), `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
/// The same six numbers as `LIBINPUT_CALIBRATION_MATRIX`, in the same order.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The six entries, named as libinput names them.
    public var a, b, c, d, e, f: Double

    /// Creates the matrix from its six entries in libinput order.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }
    /// Creates the matrix from exactly six values (libinput order), or nil for any other count.
    public init?(values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }
    /// The matrix that changes nothing.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The six entries in libinput order (what a config file stores).
    public var values: [Double] { [a, b, c, d, e, f] }
    /// Applies the matrix to a normalised point.
    public func apply(_ p: Point) -> Point { Point(a * p.x + b * p.y + c, d * p.x + e * p.y + f) }
    /// The same map as a Core `Transform` (whose fields are laid out column-wise).
    public var transform: Transform { Transform(a: a, b: d, c: b, d: e, tx: c, ty: f) }
    public var description: String { values.map { "\($0)" }.joined(separator: " ") }
}

/// An absolute axis range in device units, both ends included.
public struct AxisRange: Hashable, Sendable {
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// Creates a range; `maximum` below `minimum` is treated as a one-unit range.
    public init(minimum: Int32, maximum: Int32) { self.minimum = minimum; self.maximum = maximum }
    /// The range an axis reports.
    public init(_ axis: AxisInfo) { self.init(minimum: axis.minimum, maximum: axis.maximum) }
    /// Distinct values the axis can take: libinput normalises by this (max − min + 1), so the largest
    /// device value lands inside the last pixel rather than one past it.
    public var span: Double { max(1, Double(maximum) - Double(minimum) + 1) }
}

/// Maps raw device positions to display pixels in one precomputed transform:
/// normalise to 0…1 → calibration matrix → rotation → scale to the display's logical size.
public struct CoordinateMapper: Hashable, Sendable {
    /// The device's x axis range (raw units).
    public let xRange: AxisRange
    /// The device's y axis range (raw units).
    public let yRange: AxisRange
    /// The logical display size touches are reported in (already rotated: a 800×480 panel turned 90°
    /// is 480×800 here).
    public let displaySize: Size
    /// The panel's correction, applied to normalised coordinates before any rotation.
    public let calibration: CalibrationMatrix
    /// How the touch sensor is turned relative to the panel it sits on (a config fix for panels whose
    /// sensor was mounted turned), as a clockwise rotation of its coordinates.
    public let touchRotation: QuarterTurn
    /// How far clockwise the picture is turned on the panel (xrandr's `right` is 90°). Touches need
    /// the opposite turn to land in the picture's coordinates.
    public let displayRotation: QuarterTurn
    /// Raw device units → logical display pixels.
    public let transform: Transform

    /// Creates the mapper and composes its transform once.
    public init(
        xRange: AxisRange, yRange: AxisRange, displaySize: Size,
        calibration: CalibrationMatrix = .identity,
        touchRotation: QuarterTurn = .none, displayRotation: QuarterTurn = .none
    ) {
        self.xRange = xRange; self.yRange = yRange; self.displaySize = displaySize
        self.calibration = calibration
        self.touchRotation = touchRotation; self.displayRotation = displayRotation
        let normalise = Transform.translation(-Double(xRange.minimum), -Double(yRange.minimum))
            .then(.scale(1 / xRange.span, 1 / yRange.span))
        transform =
            normalise
            .then(calibration.transform)
            .then(CoordinateMapper.rotation(touch: touchRotation, display: displayRotation).normalizedMatrix.transform)
            .then(.scale(displaySize.width, displaySize.height))
    }

    /// A mapper for a device's position axes (see `DeviceCapabilities.positionAxes`).
    public init?(
        capabilities: DeviceCapabilities, displaySize: Size, calibration: CalibrationMatrix = .identity,
        touchRotation: QuarterTurn = .none, displayRotation: QuarterTurn = .none
    ) {
        guard let axes = capabilities.positionAxes else { return nil }
        self.init(
            xRange: AxisRange(axes.x), yRange: AxisRange(axes.y), displaySize: displaySize,
            calibration: calibration, touchRotation: touchRotation, displayRotation: displayRotation)
    }

    /// The single rotation applied to normalised touch coordinates: the sensor's own turn, then the
    /// inverse of the picture's turn.
    public static func rotation(touch: QuarterTurn, display: QuarterTurn) -> QuarterTurn {
        touch + display.inverse
    }

    /// The display position of a raw device position.
    public func map(x: Int32, y: Int32) -> Point { transform.apply(Point(Double(x), Double(y))) }

    /// A raw device position in 0…1 (before calibration), as `CalibrationSolver` wants it.
    public func normalized(x: Int32, y: Int32) -> Point {
        Point((Double(x) - Double(xRange.minimum)) / xRange.span, (Double(y) - Double(yRange.minimum)) / yRange.span)
    }

    /// A calibration sample from a touch the hub reported at `touchedAt` (display pixels, mapped by
    /// this mapper, whatever calibration it has now) aimed at `target` (display pixels). What
    /// `thumbwheel calibrate` collects; nil when this mapper is singular.
    public func calibrationSample(target: Point, touchedAt: Point) -> CalibrationSample? {
        guard let inverse = transform.inverted else { return nil }
        let raw = inverse.apply(touchedAt)
        let reported = Point(
            (raw.x - Double(xRange.minimum)) / xRange.span, (raw.y - Double(yRange.minimum)) / yRange.span)
        return CalibrationSample(target: calibratedTarget(for: target), reported: reported)
    }

    /// Where a display pixel lies in the normalised, calibrated-but-unrotated space: what the
    /// calibration matrix must produce for a touch aimed at `displayPoint`.
    public func calibratedTarget(for displayPoint: Point) -> Point {
        let rotated = Point(displayPoint.x / displaySize.width, displayPoint.y / displaySize.height)
        let unrotate = CoordinateMapper.rotation(touch: touchRotation, display: displayRotation).inverse
        return unrotate.normalizedMatrix.apply(rotated)
    }
}
