import ConfigModel
import Controls
import Core

/// `value-slider`: a horizontal slider that shows its value on the thumb, with a popup following the
/// thumb and a pop-up number pad for exact entry (NP).
struct ValueSliderKind: RegisteredKind {
    var name: String { "value-slider" }
    var schema: Schema { ValueSliderKind.valueSliderSchema }
    var templateKeys: [TemplateKey] { [TemplateKey("title", rendered: true)] }

    static let valueSliderSchema = ElementKeys.withText.adding([
        Field("value", .number(ElementKeys.any), default: "min", "Initial value."),
        ElementKeys.minimum.field(ElementKeys.any, "Value at the left end."),
        ElementKeys.maximum.field(ElementKeys.any, "Value at the right end."),
        Field(
            "decimals", .integer(0...6), default: "0", "Digits after the decimal separator (number pad and display)."),
        Field("pad", .bool, default: "true", "Flicking into the balloon opens the number pad (NP-11)."),
        Field(
            "decimal_separator", .choice([".", ","]), default: "\".\"",
            "The locale's decimal separator on the pad (NP-28)."),
        Field(
            "title", .string, default: "\"\"",
            "What the number is: drawn above the track's left end, and in the number pad's top row before the accepted range (\"Volume  ·  0–100\"). A template, with inline icons (`\"{mdi:volume-high} Volume\"`)."
        ),
        Field("filled_color", .color, default: "the theme's accent", "The track left of the thumb."),
        Field("unfilled_color", .color, default: "the theme's track", "The track right of the thumb."),
        Field(
            "handle_color", .color, default: "the theme's handle",
            "The thumb; its number is white or near-black, whichever reads better."),
    ])

    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.decimals(table.int("decimals") ?? 0) }
    func exposure(_ table: ConfigTable) -> ValueExposure { .number(keyedRange(table)) }

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        ElementKeys.checkRange(table, valueKeys: ["value"], report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let slider = ValueSlider(
            id: c.id, size: Size(c.frame.width, c.frame.height), transform: context.transform(for: c))
        let separator = p.string("decimal_separator") ?? "."
        // The pad lives in screen points (an overlay over the whole screen), anchored on the slider.
        let pad = NumberPad(
            id: c.id + "/pad", anchor: c.frame, screenSize: context.screenSize,
            transform: .scale(context.scale, context.scale), keyStrings: NumberPadKeyStrings(decimal: separator))
        pad.metrics = ValueSliderKind.padMetrics
        pad.title = p.string("title")
        slider.caption = p.string("title") ?? ""
        slider.colors.unfilled = p.color("unfilled_color") ?? context.theme.track
        slider.colors.filled = p.color("filled_color") ?? context.theme.accent
        slider.colors.thumb = p.color("handle_color") ?? context.theme.handle
        let (minimum, maximum) = ElementKeys.range(p)
        let host = RangeValueHost(
            slider: slider, pad: pad, minimum: minimum, maximum: maximum,
            decimals: p.int("decimals") ?? 0, initial: p.number("value") ?? minimum, time: context.time)
        let usesPad = p.bool("pad") ?? true
        return Element(
            config: c, model: slider, overlays: usesPad ? [pad] : [],
            drain: { now in host.process(slider: slider.drainEvents(), pad: pad.drainEvents(), time: now) },
            read: { .single(host.value) },
            write: { value, time throws(Element.ValueError) in
                guard case .single(let v) = value else { throw Element.ValueError("expected a number") }
                host.set(v, animated: false, time: time)
            },
            describe: { time in
                var d = ElementDescription.of(slider, points: [("thumb", slider.thumbRect(at: time).center)])
                guard usesPad else { return d }
                d.open = pad.isOpen
                if pad.isOpen { d.keys = pad.keys.map { ($0.key.label, pad.transform.apply($0.frame.center)) } }
                return d
            })
    }

    /// Keys no smaller than a finger (`Scale.minimumHitMillimetres`; points are physical), with a row
    /// above them for the accepted range and why ✓ was refused.
    static let padMetrics = NumberPadMetrics(keyCell: Scale.minimumHitPoints.rounded(.up), messageHeight: 30)

    func widget(for control: any TouchControl) -> (any Widget)? {
        if let s = control as? ValueSlider { return ValueSliderWidget(s) }
        return (control as? NumberPad).map { NumberPadWidget($0) }
    }
}
