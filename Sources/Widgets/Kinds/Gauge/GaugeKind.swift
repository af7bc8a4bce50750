import ConfigModel
import Controls
import Core

/// `gauge`: a read-only arc or bar showing a number — a control's value or a variable — between
/// `min` and `max`, with optional warning and critical bands and a readout in its middle.
struct GaugeKind: RegisteredKind {
    var name: String { "gauge" }
    var schema: Schema { GaugeKind.gaugeSchema }
    var templateKeys: [TemplateKey] { Readout.templateKeys }
    var referenceKeys: [String] { ["source"] }
    var valueShape: ValueShape { .nothing }
    var takesTouches: Bool { false }

    static let maxAngle = DefaultedNumber("max_angle", default: 240)
    static let lineWidth = DefaultedNumber("line_width", default: 14)

    static let gaugeSchema = ElementKeys.withText.adding(
        [
            Field(
                "source", .string, required: true, "The control id or [[variables]] id whose number the gauge shows."),
            Field(
                "style", .choice(["arc", "bar"]), default: "\"arc\"",
                "An arc with a gap at the bottom, or a horizontal bar."),
            ElementKeys.minimum.field(ElementKeys.any, "The value at the start of the arc or bar."),
            ElementKeys.maximum.field(ElementKeys.any, "The value at its end; must differ from min."),
            GaugeKind.maxAngle.field(30...359, "Arc length in degrees."),
            GaugeKind.lineWidth.field(1...200, "Width of the arc or bar in points."),
            Field("color", .color, default: "the theme's accent", "The filled part while the value is in no band."),
            Field("track_color", .color, default: "the theme's track", "The unfilled part."),
            Field(
                "warning_above", .number(ElementKeys.any),
                "From this value up the fill is the warning colour; the band is marked beside the track."),
            Field("critical_above", .number(ElementKeys.any), "From this value up the fill is the critical colour."),
            Field("warning_below", .number(ElementKeys.any), "Up to this value the fill is the warning colour."),
            Field("critical_below", .number(ElementKeys.any), "Up to this value the fill is the critical colour."),
            Field("warning_color", .color, default: "\"#E8A33D\"", "Warning fill and band."),
            Field("critical_color", .color, default: "\"#E5484D\"", "Critical fill and band."),
            Field(
                "title", .string, default: "none", "A caption under the readout (arc) or above the bar, e.g. \"Tank\"."),
        ] + Readout.keys)

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        ElementKeys.checkRange(
            table, valueKeys: ["warning_above", "critical_above", "warning_below", "critical_below"], report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let bands = GaugeBands(
            warningAbove: p.number("warning_above"), criticalAbove: p.number("critical_above"),
            warningBelow: p.number("warning_below"), criticalBelow: p.number("critical_below"))
        let style = Gauge.Style(
            bar: p.string("style") == "bar", maxAngle: GaugeKind.maxAngle.read(p),
            lineWidth: GaugeKind.lineWidth.read(p), color: p.color("color") ?? context.theme.accent,
            track: p.color("track_color") ?? context.theme.track,
            warning: p.color("warning_color") ?? Gauge.warningColor,
            critical: p.color("critical_color") ?? Gauge.criticalColor,
            title: p.string("title"), titleColor: context.theme.text)
        let gauge = Gauge(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            source: p.string("source") ?? "", minimum: ElementKeys.minimum.read(p),
            maximum: ElementKeys.maximum.read(p),
            bands: bands, style: style, board: context.board)
        gauge.isHidden = c.hidden
        // A bar's readout sits beside its title above the bar, as big as that band allows.
        let readout = Readout.make(
            for: gauge, c, context, defaultSize: style.bar ? gauge.barRect.minY * 0.5 : nil,
            own: { gauge.value.map(TemplateValue.number) },
            area: { gauge.readoutArea })
        // The gauge shows its source: {value} dims when that variable goes stale, as {source} would.
        for r in readout { r.ownSource = gauge.source }
        return Element(
            config: c, model: gauge, decorations: readout, read: nil,
            write: { _, _ throws(Element.ValueError) in
                throw Element.ValueError("\(c.id) is a gauge and shows \(gauge.source); set that instead")
            },
            describe: { _ in .of(gauge, points: [("center", gauge.bounds.center)]) })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? Gauge).map(GaugeWidget.init)
    }
}

/// Where a gauge's value counts as a warning or as critical.
struct GaugeBands: Hashable {
    var warningAbove, criticalAbove, warningBelow, criticalBelow: Double?

    /// The band `value` falls in: critical wins over warning.
    func zone(of value: Double) -> Gauge.Zone {
        if let c = criticalAbove, value >= c { return .critical }
        if let c = criticalBelow, value <= c { return .critical }
        if let w = warningAbove, value >= w { return .warning }
        if let w = warningBelow, value <= w { return .warning }
        return .normal
    }

    /// The marked ranges, clipped to `lo…hi`, for drawing beside the track.
    func ranges(from lo: Double, to hi: Double) -> [(from: Double, to: Double, zone: Gauge.Zone)] {
        var out: [(Double, Double, Gauge.Zone)] = []
        if let w = warningAbove { out.append((w, criticalAbove ?? hi, .warning)) }
        if let c = criticalAbove { out.append((c, hi, .critical)) }
        if let w = warningBelow { out.append((criticalBelow ?? lo, w, .warning)) }
        if let c = criticalBelow { out.append((lo, c, .critical)) }
        return out.map { (max(lo, min($0.0, $0.1)), min(hi, max($0.0, $0.1)), $0.2) }.filter { $0.0 < $0.1 }
    }
}

/// The model of a gauge: what it reads and how it is drawn. It takes no touches.
final class Gauge: PassiveControl {
    enum Zone: Hashable { case normal, warning, critical }

    /// How the gauge looks.
    struct Style: Hashable {
        var bar: Bool
        var maxAngle: Double
        var lineWidth: Double
        var color, track, warning, critical: Color
        var title: String?
        var titleColor: Color
    }

    static let warningColor = Color(rgb: 0xE8A33D)
    static let criticalColor = Color(rgb: 0xE5484D)

    let source: String
    let minimum: Double, maximum: Double
    let bands: GaugeBands
    let style: Style
    let board: ValueBoard

    init(
        id: String, bounds: Rect, transform: Transform, source: String, minimum: Double, maximum: Double,
        bands: GaugeBands, style: Style, board: ValueBoard
    ) {
        self.source = source; self.minimum = minimum; self.maximum = maximum; self.bands = bands; self.style = style
        self.board = board
        super.init(id: id, bounds: bounds, transform: transform)
    }

    /// The number shown: the source's (the first end of a range), nil while it has none or is text.
    var value: Double? {
        switch board.value(of: source) {
        case .number(let d)?: return d
        case .pair(let a, _)?: return a
        default: return nil
        }
    }

    /// Where `v` sits between min and max, 0…1.
    func fraction(_ v: Double) -> Double { max(0, min(1, (v - minimum) / (maximum - minimum))) }

    /// The arc's centre and radius in local points (the stroke fits the frame, the gap at the bottom).
    var arc: (center: Point, radius: Double) {
        let r = min(bounds.width, bounds.height) / 2 - style.lineWidth / 2 - 8
        return (bounds.center, max(1, r))
    }

    /// The arc's start, screen-clockwise from 3 o'clock: the gap is centred at 6 o'clock.
    var startAngle: Angle { .degrees(90 + (360 - style.maxAngle) / 2) }

    /// The bar's rectangle in local points.
    var barRect: Rect {
        let h = style.lineWidth
        return Rect(x: 4, y: bounds.height - h - 12, width: bounds.width - 8, height: h)
    }

    /// The line above the bar: the title at its left, the readout at its right.
    var barCaptionY: Double { barRect.minY / 2 }

    /// Where the readout goes: the middle of the arc, or the right half above the bar.
    var readoutArea: (center: Point, width: Double) {
        if style.bar { return (Point(bounds.width * 0.75, barCaptionY), bounds.width / 2 - 8) }
        let a = arc
        return (a.center, (a.radius - style.lineWidth) * 1.6)
    }

}
