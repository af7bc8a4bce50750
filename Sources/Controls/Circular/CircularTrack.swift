import Core

/// The properties every slider of the MSCircularSlider family shares (MS-4…13, MS-22…30): value range, arc,
/// rotation, stroke, labels and markers, with the spec's defaults and validation. Controls reach these
/// through dynamic member lookup (`slider.maximumAngle`), so a change always passes through the control,
/// which announces what the spec says it announces (MS-69, MS-84).
public struct CircularTrack: Hashable, Sendable {
    /// The value at angle 0 (MS-4).
    public var minimumValue: Double = 0
    /// The value at `maximumAngle` (MS-5). Equal to `minimumValue` is not rejected here (a config loader
    /// should use `CircularTrack.validateRange`); the conversions then treat the span as 1 (port side).
    public var maximumValue: Double = 100
    /// The arc length in degrees (MS-7), always in (0, 360]. Above 360 → 360; zero, negative or not a
    /// number → 360 (the original turns negatives into 360; the port extends that to 0, which the
    /// original accepted and divided by).
    public var maximumAngle: Double = 360 {
        didSet { maximumAngle = CircularTrack.validMaximumAngle(maximumAngle) }
    }
    /// Rotation of a partial arc in degrees, positive clockwise (MS-8); nil → −maximumAngle/2 (gap at the
    /// bottom). Ignored for full circles (MS-40).
    public var rotationAngle: Double? = nil
    /// Subtracted once from width and height before the radius is computed (MS-9); negative → 0.
    public var sliderPadding: Double = 0 { didSet { sliderPadding = max(0, sliderPadding) } }
    /// Track stroke width, ≥ 1 (MS-11).
    public var lineWidth: Int = 5 { didSet { lineWidth = max(1, lineWidth) } }
    /// Colour of the arc from 0 to the handle (MS-12).
    public var filledColor: Color = NamedGrey.dark
    /// Colour of the whole arc underneath (MS-12).
    public var unfilledColor: Color = NamedGrey.light
    /// Stroke caps (MS-13).
    public var filledLineCap: ArcLineCap = .round
    /// Cap of the unfilled arc (MS-13).
    public var unfilledLineCap: ArcLineCap = .round

    /// Evenly spaced labels, clockwise (MS-22, MS-45).
    public var labels: [String] = []
    /// Snap to the label angles on release (MS-23, MS-60).
    public var snapToLabels: Bool = false
    /// Label font size in points; the font itself is the theme's. It feeds the label radius (MS-45).
    public var labelFontSize: Double = 12
    /// Label text colour (MS-24).
    public var labelColor: Color = .black
    /// Radial shift of the labels, positive outwards (MS-25).
    public var labelOffset: Double = 0

    /// Number of evenly spaced markers, ≥ 0 (MS-26).
    public var markerCount: Int = 0 { didSet { markerCount = max(0, markerCount) } }
    /// Fill of the default and path markers (MS-27).
    public var markerColor: Color = NamedGrey.dark
    /// A custom marker shape (MS-28); takes precedence over `markerImageName`.
    public var markerPath: MarkerShape? = nil
    /// An image marker (asset name, MS-29).
    public var markerImageName: String? = nil
    /// Snap to the marker angles on release (MS-30, MS-60).
    public var snapToMarkers: Bool = false

    /// A track with the spec's defaults: 0…100 over a full circle, lineWidth 5, no labels or markers.
    /// The smallest side of a handle's touch square in points (MS-49's 44 by default). A kiosk raises it
    /// so a thumb-sized area (9 mm) is always touchable even where the drawn handle is smaller.
    public var minimumTouchSide: Double = CircularGeometry.originalTouchSide {
        didSet { minimumTouchSide = max(CircularGeometry.originalTouchSide, minimumTouchSide) }
    }

    public init() {}

    /// True when the arc is a whole circle (MS-32): exactly 360°.
    public var fullCircle: Bool { maximumAngle == 360 }

    /// The look of every marker, honouring the precedence path > image > ellipse (MS-28, MS-29).
    public var markerLook: MarkerLook {
        if let path = markerPath { return .path(path) }
        if let image = markerImageName { return .image(image) }
        return .ellipse
    }

    /// The value span used by the conversions: `maximumValue − minimumValue`, or 1 when they are equal
    /// (port side of the MS-5 division by zero).
    var valueSpan: Double {
        let span = maximumValue - minimumValue
        return span == 0 ? 1 : span
    }

    /// The handle angle for `value` (MS-38, HEAD formula with the minimum offset).
    public func angle(forValue value: Double) -> Double {
        (value - minimumValue) * maximumAngle / valueSpan
    }

    /// The value at handle angle `angle` (MS-38).
    public func value(forAngle angle: Double) -> Double {
        valueSpan * angle / maximumAngle + minimumValue
    }

    /// Clamps a value the way the original's setter does: `min(max(v, minimum), maximum)` (MS-6, MS-66).
    public func clamp(_ value: Double) -> Double {
        min(max(value, minimumValue), maximumValue)
    }

    /// Stores an angle as the original's setter does (MS-14): `max(0, a)` modulo `maximumAngle + 1`, so
    /// exactly `maximumAngle + 1` wraps to 0 [QUIRK]. Non-finite input gives nil (ignored).
    public func storedAngle(_ a: Double) -> Double? {
        guard a.isFinite else { return nil }
        return max(0, a).truncatingRemainder(dividingBy: maximumAngle + 1)
    }

    /// The rotation of the whole drawing in degrees (MS-40): 0 for a full circle, otherwise
    /// `rotationAngle` or −maximumAngle/2.
    public var controlRotation: Double {
        fullCircle ? 0 : (rotationAngle ?? -maximumAngle / 2)
    }

    /// The compass angles of `count` evenly spaced items (MS-45, MS-46): `i·360/n` on a full circle,
    /// `i·maximumAngle/(n−1)` on a partial arc. A single item on a partial arc sits at 0 (port side of the
    /// NaN bug).
    public func evenAngles(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        if fullCircle { return (0..<count).map { Double($0) * 360 / Double(count) } }
        if count == 1 { return [0] }
        return (0..<count).map { Double($0) * maximumAngle / Double(count - 1) }
    }

    /// The snap candidates of `count` evenly spaced items (MS-61, MS-64 port side): none when the set is
    /// degenerate (full circle n < 1, partial arc n < 2); on a full circle 360 is added (it stands for 0).
    public func snapAngles(count: Int) -> [Double] {
        if fullCircle { return count < 1 ? [] : evenAngles(count: count) + [360] }
        return count < 2 ? [] : evenAngles(count: count)
    }

    /// Appends a label (MS-68).
    public mutating func addLabel(_ text: String) { labels.append(text) }

    /// Replaces the label at `index`; a bad index throws (port side of the MS-68 assertion).
    public mutating func changeLabel(at index: Int, to text: String) throws(CircularControlError) {
        guard labels.indices.contains(index) else { throw .indexOutOfRange(index: index, count: labels.count) }
        labels[index] = text
    }

    /// Removes the label at `index`; a bad index throws (MS-68).
    public mutating func removeLabel(at index: Int) throws(CircularControlError) {
        guard labels.indices.contains(index) else { throw .indexOutOfRange(index: index, count: labels.count) }
        labels.remove(at: index)
    }

    /// Rejects an empty value range (MS-5) for config validation.
    public static func validateRange(minimum: Double, maximum: Double) throws(CircularControlError) {
        if minimum == maximum || !minimum.isFinite || !maximum.isFinite { throw .emptyValueRange }
    }

    /// `maximumAngle` validation (MS-7), port side: the result is always in (0, 360].
    public static func validMaximumAngle(_ a: Double) -> Double {
        if a > 0 && a <= 360 { return a }
        return 360
    }
}

/// A control built on a circular track (the single and the range slider). The track's properties
/// read and write through the control by name (`slider.labels`, `slider.maximumAngle`).
@dynamicMemberLookup
public protocol CircularTrackOwner: AnyObject {
    var track: CircularTrack { get set }
}

extension CircularTrackOwner {
    public subscript<T>(dynamicMember path: WritableKeyPath<CircularTrack, T>) -> T {
        get { track[keyPath: path] }
        set { track[keyPath: path] = newValue }
    }
}
