import ConfigModel
import Controls
import Core

/// `button`: text and/or an icon that does its `actions` when tapped; it holds no value.
struct ButtonKind: RegisteredKind {
    var name: String { "button" }
    var schema: Schema { ButtonKind.buttonSchema }
    var imageKeys: [ImageKey] { [ImageKey("icon"), IconWhen.imageKey] }
    var templateKeys: [TemplateKey] { [TemplateKey("text", rendered: true)] }
    var valueShape: ValueShape { .nothing }
    func exposure(_ table: ConfigTable) -> ValueExposure { .press }

    static let textSize = DefaultedNumber("size", default: 20)

    static let buttonSchema = ElementKeys.withText.adding(
        [
            Field("text", .string, default: "none", "The button's text; a template (`\"Stop {status}\"`)."),
            Field(
                "icon", .string, default: "none",
                "A PNG, `builtin:NAME` or `mdi:NAME` icon (tinted with the text colour), left of the text (or alone, centred)."
            ),
            Field(
                "style", .choice(["filled", "outline"]), default: "\"filled\"",
                "Filled with the colour, or outlined in it."),
            Field("color", .color, default: "the theme's accent", "The fill (filled) or outline and text (outline)."),
            Field(
                "text_color", .color, default: "the theme's background (filled), the colour (outline)",
                "Text and template icon colour."),
            ButtonKind.textSize.field(6...200, "Text size in points."),
            IconWhen.field,
            ElementAction.field,
        ] + ElementAction.longPressFields)

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        if table["text"] == nil && table["icon"] == nil {
            report("text", "expected a text or an icon (or both), found neither")
        }
        ElementAction.check(table, report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let outline = p.string("style") == "outline"
        let color = p.color("color") ?? context.theme.accent
        let look = ButtonLook(
            text: p.string("text"), icon: p.string("icon").map(context.imagePath), outline: outline, color: color,
            textColor: p.color("text_color") ?? (outline ? color : context.theme.background),
            size: ButtonKind.textSize.read(p))
        let button = ButtonModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c), look: look)
        button.isHidden = c.hidden
        button.longPressAfter = ElementAction.longPressSeconds(p)
        let actions = ElementAction.parse(p, configDirectory: context.configDirectory)
        let longActions = ElementAction.parse(p, key: "on_long_press", configDirectory: context.configDirectory)
        return Element(
            config: c, model: button, imageNames: [look.icon].compactMap { $0 } + IconWhen.icons(p, in: context),
            read: nil,
            write: { _, _ throws(Element.ValueError) in
                throw Element.ValueError("\(c.id) is a button and holds no value")
            },
            describe: { _ in .of(button, points: [("center", button.bounds.center)]) },
            actions: { event in event == .touchUpInside ? actions : event == .longPressed ? longActions : [] })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? ButtonModel).map(ButtonWidget.init) }
}

/// How a button looks.
struct ButtonLook: Hashable {
    var text: String?
    var icon: String?
    var outline: Bool
    var color: Color
    var textColor: Color
    var size: Double
}

/// A button: pressed while a finger is on it; a tap that ends inside raises `touchUpInside`.
final class ButtonModel: TapTarget {
    let look: ButtonLook
    init(id: String, bounds: Rect, transform: Transform, look: ButtonLook) {
        self.look = look
        super.init(id: id, bounds: bounds, transform: transform)
    }
    override func tapped(at p: Point, time: MonotonicTime) { outbox.send(.touchUpInside) }
}
