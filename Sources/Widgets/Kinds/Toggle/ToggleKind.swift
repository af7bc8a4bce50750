import ConfigModel
import Controls
import Core

/// `toggle`: an on/off switch with an optional label beside it; its value (0 or 1) is persisted,
/// reported and hooked like any control, and it does its `actions` when a finger flips it.
struct ToggleKind: RegisteredKind {
    var name: String { "toggle" }
    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.whole }
    func exposure(_ table: ConfigTable) -> ValueExposure { .onOff }
    var schema: Schema { ToggleKind.toggleSchema }
    var templateKeys: [TemplateKey] { [TemplateKey("label", rendered: true)] }

    static let textSize = DefaultedNumber("size", default: 20)

    static let toggleSchema = ElementKeys.withText.adding(
        [
            Field("value", .integer(0...1), default: "0", "Initial state: 0 off, 1 on."),
            Field(
                "label", .string, default: "none",
                "Text left of the switch, e.g. \"Pump\"; a template (`\"Pump {flow:.0} l/h\"`)."),
            ToggleKind.textSize.field(6...200, "Label size in points."),
            Field("color", .color, default: "the theme's accent", "The track while on."),
            ElementAction.field,
        ] + ElementAction.longPressFields)

    func check(_ table: ConfigTable, report: (String, String) -> Void) { ElementAction.check(table, report: report) }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let toggle = ToggleModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            label: p.string("label"), size: ToggleKind.textSize.read(p),
            on: p.color("color") ?? context.theme.accent, off: context.theme.track,
            knob: context.theme.text, text: context.theme.text)
        toggle.isOn = p.int("value") == 1
        toggle.isHidden = c.hidden
        toggle.longPressAfter = ElementAction.longPressSeconds(p)
        let actions = ElementAction.parse(p, configDirectory: context.configDirectory)
        let longActions = ElementAction.parse(p, key: "on_long_press", configDirectory: context.configDirectory)
        return Element(
            config: c, model: toggle, read: { .single(toggle.isOn ? 1 : 0) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value, v == 0 || v == 1 else {
                    throw Element.ValueError("expected 0 (off) or 1 (on)")
                }
                toggle.set(v == 1, fromUser: false)
            },
            describe: { _ in .of(toggle, points: [("switch", toggle.switchRect.center)]) },
            actions: { event in
                if case .valueChanged(_, true) = event { return actions }
                return event == .longPressed ? longActions : []
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? ToggleModel).map(ToggleWidget.init) }
}

/// An on/off switch: a tap anywhere on it (label included) flips it.
final class ToggleModel: TapTarget {
    let label: String?
    let size: Double
    let on: Color, off: Color, knob: Color, text: Color
    private(set) var isOnState = false

    init(
        id: String, bounds: Rect, transform: Transform, label: String?, size: Double, on: Color, off: Color,
        knob: Color, text: Color
    ) {
        self.label = label; self.size = size; self.on = on; self.off = off; self.knob = knob; self.text = text
        super.init(id: id, bounds: bounds, transform: transform)
    }

    var isOn: Bool {
        get { isOnState }
        set { isOnState = newValue }
    }

    /// Sets the state; a change raises `valueChanged`, and a finger's flip `endedTracking` too (the
    /// finger is off: the state file saves it at once, `on_release` hooks run).
    func set(_ value: Bool, fromUser: Bool) {
        guard value != isOnState else { return }
        isOnState = value
        outbox.send(.valueChanged(value: value ? 1 : 0, fromUser: fromUser))
        if fromUser { outbox.send(.endedTracking(value: value ? 1 : 0)) }
    }

    override func tapped(at p: Point, time: MonotonicTime) { set(!isOnState, fromUser: true) }

    /// The switch: a capsule at the right end of the frame, 1.75 times as wide as high.
    var switchRect: Rect {
        let h = min(bounds.height, 40), w = h * 1.75
        return Rect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
    }
}
