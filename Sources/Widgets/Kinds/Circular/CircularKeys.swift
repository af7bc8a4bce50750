import ConfigModel
import Controls
import Core

/// The keys of the circular family (MS-4…30), shared by the single, range and gradient sliders, and
/// how they are applied to a model.
enum CircularKeys {
    static let caps = FieldType.choice(["butt", "round", "square"])
    static let handleTypes = FieldType.choice(["small-circle", "medium-circle", "large-circle", "double-circle"])
    static let images = [ImageKey("handle_image"), ImageKey("marker_image")]

    static let schema = ElementKeys.withText.adding(
        [
            Field("value", .number(ElementKeys.any), default: "min", "Initial value (MS-6)."),
            ElementKeys.minimum.field(ElementKeys.any, "Value at the start of the arc (MS-4)."),
            ElementKeys.maximum.field(ElementKeys.any, "Value at the end of the arc; must differ from min (MS-5)."),
            Field(
                "max_angle", .number(0.01...360), default: "360", "Arc length in degrees; 360 is a full circle (MS-7)."),
            Field(
                "rotation_angle", .number(GeometryLimits.angles), default: "-max_angle/2 (gap at the bottom)",
                "Rotation of a partial arc (MS-8)."),
            Field("padding", .number(GeometryLimits.lengths), default: "0", "Room left for outside labels (MS-9)."),
            Field(
                "max_revolutions", .integer(-1...1_000_000), default: "-1 (endless)", "Full-circle turn limit (MS-10)."),
            Field("line_width", .integer(1...1000), default: "5", "Track width in points (MS-11)."),
            Field("filled_color", .color, default: "the theme's accent", "Filled arc (MS-12)."),
            Field("unfilled_color", .color, default: "the theme's track", "Unfilled arc (MS-12)."),
            Field("filled_cap", caps, default: "\"round\"", "Filled arc cap (MS-13)."),
            Field("unfilled_cap", caps, default: "\"round\"", "Unfilled arc cap (MS-13)."),
            Field("handle_color", .color, default: "the theme's handle", "Handle fill (MS-15)."),
            Field("handle_type", handleTypes, default: "\"large-circle\"", "Handle shape (MS-1, MS-16)."),
            Field("handle_enlargement", .integer(0...1000), default: "10", "Extra diameter of large handles (MS-17)."),
            Field("handle_highlightable", .bool, default: "true", "Dim the handle while pressed (MS-18)."),
            Field("handle_image", .string, "PNG drawn instead of the handle (MS-19)."),
            Field("handle_rotatable", .bool, default: "false", "Turn the handle image with the angle (MS-20)."),
            Field("labels", .strings(nonEmpty: false), default: "[]", "Evenly spaced labels (MS-22)."),
            Field("snap_to_labels", .bool, default: "false", "Snap to the nearest label on release (MS-23)."),
            Field("label_color", .color, default: "the theme's text", "Label colour (MS-24)."),
            Field("label_size", .number(1...500), default: "12", "Label size in points (MS-24)."),
            Field(
                "label_offset", .number(GeometryLimits.coordinates), default: "0",
                "Radial label shift, + outwards (MS-25); it is the gap between the ring and a label's near edge at every angle, and a label never covers the track, a handle or a marker."
            ),
            Field(
                "marker_count", .integer(0...3600), default: "0",
                "Evenly spaced markers (MS-26); dense markers are drawn small enough to leave the filled arc showing between them."
            ),
            Field("marker_color", .color, default: "the theme's marker", "Marker fill (MS-27)."),
            Field(
                "marker_path", .string,
                "Custom marker shape: SVG path data in points, commands \(MarkerPathData.commands), at most \(MarkerPathData.maximumSegments) segments within ±\(Schema.format(MarkerPathData.coordinateLimit)) points; filled in marker_color, its box centred on each marker; takes precedence over marker_image (MS-28)."
            ),
            Field("marker_image", .string, "PNG drawn as each marker (MS-29)."),
            Field(
                "snap_to_markers", .bool, default: "false", "Snap to the nearest marker or label on release (MS-30)."),
        ] + Readout.keys)

    static let rangeSchema = schema.adding([
        Field(
            "second_value", .number(ElementKeys.any), default: "the value at 60°",
            "Initial value of the second handle (MS-71)."),
        Field(
            "min_distance", .number(GeometryLimits.lengths), default: "10",
            "Minimum arc length between the handles in points (MS-73)."),
        Field("second_handle_color", .color, default: "the theme's handle", "Second handle fill (MS-74)."),
        Field("second_handle_type", handleTypes, default: "\"large-circle\"", "Second handle shape (MS-74)."),
        Field("second_handle_image", .string, "PNG for the second handle (MS-74)."),
    ])

    static let gradientSchema = schema.adding([
        Field(
            "gradient_colors", .colors, default: "the theme's gradient",
            "Colours the filled arc takes as the value grows (MS-86).")
    ])

    /// The track keys applied over `base`.
    static func track(_ p: ConfigTable, base: CircularTrack, context: ElementContext) -> CircularTrack {
        var track = base
        track.minimumTouchSide = Scale.minimumHitPoints  // a thumb-sized (9 mm) area around every handle
        if let v = p.number("min") { track.minimumValue = v }
        if let v = p.number("max") { track.maximumValue = v }
        if let v = p.number("max_angle") { track.maximumAngle = v }
        if let v = p.number("rotation_angle") { track.rotationAngle = v }
        if let v = p.number("padding") { track.sliderPadding = v }
        if let v = p.int("line_width") { track.lineWidth = v }
        if let v = p.color("filled_color") { track.filledColor = v }
        if let v = p.color("unfilled_color") { track.unfilledColor = v }
        if let v = p.string("filled_cap") { track.filledLineCap = cap(v) }
        if let v = p.string("unfilled_cap") { track.unfilledLineCap = cap(v) }
        if let v = p.strings("labels") { track.labels = v }
        if let v = p.bool("snap_to_labels") { track.snapToLabels = v }
        if let v = p.color("label_color") { track.labelColor = v }
        if let v = p.number("label_size") { track.labelFontSize = v }
        if let v = p.number("label_offset") { track.labelOffset = v }
        if let v = p.int("marker_count") { track.markerCount = v }
        if let v = p.color("marker_color") { track.markerColor = v }
        if let v = p.string("marker_image") { track.markerImageName = context.imagePath(v) }
        if let v = p.string("marker_path") { track.markerPath = try? MarkerPathData.parse(v) }
        if let v = p.bool("snap_to_markers") { track.snapToMarkers = v }
        return track
    }

    /// A handle's look from `handle_*` keys (or `second_handle_*` with `prefix` "second_").
    static func handle(_ p: ConfigTable, base: HandleStyle, prefix: String, context: ElementContext) -> HandleStyle {
        var handle = base
        if let v = p.color(prefix + "handle_color") { handle.color = v }
        if let v = p.string(prefix + "handle_type") { handle.type = handleType(v) }
        if let v = p.int(prefix + "handle_enlargement") { handle.enlargementPoints = v }
        if let v = p.bool(prefix + "handle_highlightable") { handle.highlightable = v }
        if let v = p.string(prefix + "handle_image") { handle.imageName = context.imagePath(v) }
        if let v = p.bool(prefix + "handle_rotatable") { handle.rotatable = v }
        return handle
    }

    /// Where a readout fits in a circular dial: the centre, and the width inside the track and its
    /// handles, kept clear of labels placed inside the track.
    static func readoutArea(
        _ g: CircularGeometry, _ track: CircularTrack, handles: [HandleStyle]
    ) -> (center: Point, width: Double) {
        let reach = max(Double(track.lineWidth), handles.map { $0.diameter(lineWidth: track.lineWidth) }.max() ?? 0) / 2
        var inner = g.radius - reach
        if !track.labels.isEmpty && track.labelOffset <= 0 {
            // The label ring's radius as Controls places it (MS-45), less room for a label's own width.
            let ring = 0.9 * g.radius - Double(track.lineWidth) / 2 - track.labelFontSize / 2 + track.labelOffset
            inner = min(inner, ring - track.labelFontSize * 1.2)
        }
        // The chord a line of text spans is shorter than the diameter: keep a margin.
        return (g.center, max(0, 1.6 * inner))
    }

    /// What the circular kinds check beyond the schema: the value range, and `marker_path` read as the
    /// track will read it.
    static func check(_ table: ConfigTable, valueKeys: [String], report: (String, String) -> Void) {
        ElementKeys.checkRange(table, valueKeys: valueKeys, report: report)
        guard let data = table.string("marker_path") else { return }
        let shape: MarkerShape
        do { shape = try MarkerPathData.parse(data) } catch {
            return report(
                "marker_path", "expected SVG path data of the commands \(MarkerPathData.commands), found \(error)")
        }
        let corners = shape.contours.reduce(0) { $0 + $1.count }, count = table.int("marker_count") ?? 0
        if corners * count > MarkerPathData.maximumDrawnCorners {
            report(
                "marker_path",
                "expected at most \(MarkerPathData.maximumDrawnCorners) corners over all markers (marker_count × the shape's, curves counted as the lines they become), found \(count) × \(corners)"
            )
        }
    }

    static func cap(_ name: String) -> ArcLineCap {
        switch name {
        case "butt": .butt;
        case "square": .square;
        default: .round
        }
    }

    static func handleType(_ name: String) -> CircularHandleType {
        switch name {
        case "small-circle": .smallCircle
        case "medium-circle": .mediumCircle
        case "double-circle": .doubleCircle
        default: .largeCircle
        }
    }
}
