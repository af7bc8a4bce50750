import ConfigModel
import Controls
import Core

/// `arc-seeker`: a thumb dragged along an arc between a start and an end angle (CS).
struct ArcSeekerKind: RegisteredKind {
    var name: String { "arc-seeker" }
    /// Its value is an angle: a tenth of a degree is finer than a thumb on the arc.
    func valueStep(_ table: ConfigTable) -> Double? { 0.1 }
    /// The arc's angles; an arc through 0° (start after end, 150→30) runs from the start past 360° to
    /// the end plus 360° (150…390): the angles the thumb can take, and no others.
    func exposure(_ table: ConfigTable) -> ValueExposure {
        let start = ArcSeekerKind.startAngle.read(table), end = ArcSeekerKind.endAngle.read(table)
        let step = valueStep(table) ?? ValueStep.whole
        if start < end { return .number(NumberRange(minimum: start, maximum: end, step: step, unit: "°")) }
        // No arc at all (start = end): the whole circle, as before.
        if start == end { return .number(NumberRange(minimum: 0, maximum: 360, step: step, unit: "°")) }
        return .number(NumberRange(minimum: start, maximum: end + 360, step: step, unit: "°", period: 360))
    }
    var schema: Schema { ArcSeekerKind.seekerSchema }
    var templateKeys: [TemplateKey] { Readout.templateKeys }

    static let value = DefaultedNumber("value", default: 180)
    static let startAngle = DefaultedNumber("start_angle", default: 90)
    static let endAngle = DefaultedNumber("end_angle", default: 180)

    static let seekerSchema = ElementKeys.withText.adding(
        [
            ArcSeekerKind.value.field(ElementKeys.any, "Initial thumb angle in degrees (CS-3)."),
            ArcSeekerKind.startAngle.field(
                0...359.999_999, "Start of the arc, degrees clockwise from 3 o'clock (CS-1)."),
            ArcSeekerKind.endAngle.field(0...359.999_999, "End of the arc (CS-2)."),
            Field("bar_color", .color, default: "the theme's track", "Arc colour (CS-4)."),
            Field("thumb_color", .color, default: "the theme's seeker_thumb", "Thumb colour (CS-5)."),
            Field(
                "readout_range", .numbers(count: 2), default: "none: `{value}` is the angle",
                "What the arc's start and end stand for in the readout: `{value}` is then the thumb's place between them (`[0, 100]` with `readout = \"{value:.0} %\"` reads how far along the arc it is). The value programs see stays the angle."
            ),
        ] + Readout.keys)

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let seeker = ArcSeeker(id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c))
        context.theme.apply(to: seeker)
        seeker.startAngle = ArcSeekerKind.startAngle.read(p)
        seeker.endAngle = ArcSeekerKind.endAngle.read(p)
        // A value from the config is put on the arc; the default is drawn where it is, even in the gap (CS-20).
        seeker.currentAngle =
            p.number("value").map { ArcSeekerKind.clampToArc($0, seeker) } ?? ArcSeekerKind.value.defaultValue
        if let v = p.color("bar_color") { seeker.seekBarColor = v }
        if let v = p.color("thumb_color") { seeker.thumbColor = v }
        seeker.isHidden = c.hidden
        // The readout sits inside the arc's circle, clear of the thumb's orbit.
        let range = p.numbers("readout_range")
        let readout = Readout.make(
            for: seeker, c, context, own: { .number(ArcSeekerKind.readoutValue(seeker, range: range)) },
            area: { (seeker.center, max(0, 1.6 * (seeker.arcRadius - ArcSeeker.thumbSize))) })
        return Element(
            config: c, model: seeker, decorations: readout,
            read: { .single(seeker.currentAngle) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value else { throw Element.ValueError("expected an angle in degrees") }
                seeker.currentAngle = ArcSeekerKind.clampToArc(v, seeker)
            },
            describe: { _ in .of(seeker, points: [("center", seeker.center), ("thumb", seeker.drawnThumbCenter)]) })
    }

    /// The readout's `{value}`: the angle, or with `readout_range` the thumb's place along the arc
    /// mapped onto it (an angle alone means nothing to someone reading the panel).
    static func readoutValue(_ seeker: ArcSeeker, range: [Double]?) -> Double {
        guard let range, range.count == 2 else { return seeker.currentAngle }
        return range[0] + min(1, max(0, seeker.value)) * (range[1] - range[0])
    }

    /// An angle on the seeker's arc: itself when on the arc, else the nearer end (circular distance,
    /// the port side of CS-14); setting a seeker angle sends no event in the original (CS-3).
    static func clampToArc(_ degrees: Double, _ seeker: ArcSeeker) -> Double {
        let a = Angle.wrap(degrees, period: 360)
        return seeker.isOnArc(a) ? a : seeker.closestEnd(to: a)
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? ArcSeeker).map { ArcSeekerWidget($0) }
    }
}
