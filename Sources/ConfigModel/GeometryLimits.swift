import Core

/// The ranges of a config's geometric numbers (issue 37: a card with a frame and radius near 1e155
/// passed `check-config` and crashed the rasterizer). Every coordinate, size and length an element
/// gives is within reach of the largest screen the kiosk can drive, so nothing `check-config` accepts
/// hands the drawing code numbers no screen shows. Here, not in Kiosk's `ConfigLimits`, because the
/// element kinds' schemas (in Widgets) use them too.
public enum GeometryLimits {
    /// The range of `display.scale`, pixels per logical point.
    public static let scales = 0.25...8.0

    /// The farthest an element's coordinate may lie from the screen's origin, and the longest any of
    /// its sizes and lengths (a frame's width, a radius, a padding, a gap), in points: twice the widest
    /// screen the kiosk can drive (`PixelSize.maxSide` pixels at the smallest scale). An element may
    /// then lie partly or wholly off any screen (a warning, for a panel that slides one in later),
    /// while at the largest scale every pixel coordinate it makes stays within the rasterizer's exact
    /// range (Raster's `FarGeometry.near`) with room for sums.
    public static let reach: Double = 2 * Double(PixelSize.maxSide) / scales.lowerBound

    /// A coordinate, or a signed length (a label's radial offset).
    public static let coordinates = -reach...reach
    /// A size or an unsigned length.
    public static let lengths = 0...reach
    /// A rotation in degrees: a turn either way says every direction.
    public static let angles = -360.0...360.0
    /// A coefficient of `input.calibration`, which maps normalised touch coordinates (0…1) to the
    /// screen's: real panels need a few units at most; past this, every touch lands screens away.
    public static let calibrationCoefficients = -100.0...100.0

    /// Why `frame` ([x, y, width, height]) is not one an element may have, or nil: a width or height
    /// that is not positive, or a number out of reach.
    public static func frameExcess(_ frame: [Double]) -> String? {
        guard frame.count == 4 else { return nil }
        let written = "[" + frame.map(Schema.format).joined(separator: ", ") + "]"
        if frame[2] <= 0 || frame[3] <= 0 {
            return "expected a positive width and height, found \(Schema.format(frame[2])) x \(Schema.format(frame[3]))"
        }
        if !coordinates.contains(frame[0]) || !coordinates.contains(frame[1]) || !lengths.contains(frame[2])
            || !lengths.contains(frame[3])
        {
            let r = Schema.format(reach)
            return "expected x and y from -\(r) to \(r) and a width and height up to \(r) points, found \(written)"
        }
        return nil
    }
}
