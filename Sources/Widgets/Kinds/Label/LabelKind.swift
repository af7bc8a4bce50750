import ConfigModel
import Controls
import Core

/// `label`: text that says what the panel does, bound to live values (`Outside {outdoor:.1} °C`).
/// It holds no value and takes no touches.
struct LabelKind: RegisteredKind {
    var name: String { "label" }
    var schema: Schema { LabelKind.labelSchema }
    var templateKeys: [TemplateKey] { [TemplateKey("text")] }
    var valueShape: ValueShape { .nothing }
    var takesTouches: Bool { false }

    static let textSize = DefaultedNumber("size", default: 16)

    static let labelSchema = ElementKeys.withText.adding([
        Field(
            "text", .string, required: true,
            "The text, a template: literal text with {id} or {id:spec} placeholders naming controls (of any screen) or [[variables]]; see \"Text templates\" above."
        ),
        LabelKind.textSize.field(1...500, "Text size in points."),
        Field("bold", .bool, default: "false", "Bold face."),
        Field(
            "color", .color, default: "the theme's text",
            "Text colour; drawn dimmed while a value the text shows is stale (older than its stale_after), and behind a slashed ring while its source is unavailable (an entity, a device, a link that is down)."
        ),
        Field(
            "muted", .bool, default: "false",
            "A caption or hint: drawn in the theme's `muted_text` (quieter than `text` on either base) unless `color` is given."
        ),
        Field(
            "align", .choice(TextAlignment.allNames), default: "\"left\"",
            "Where each line sits in the frame's width; the lines are centred in its height."),
        Field(
            "wrap", .bool, default: "false",
            "false: one line, cut with \"…\" at the frame's width; true: wrapped at spaces onto the lines that fit the frame's height, the last cut with \"…\"."
        ),
    ])

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let style = TextLabel.Style(
            size: LabelKind.textSize.read(p), bold: p.bool("bold") ?? false,
            color: p.color("color") ?? (p.bool("muted") == true ? context.theme.mutedText : context.theme.text),
            align: p.string("align").flatMap(TextAlignment.init(rawValue:)) ?? .left,
            wrap: p.bool("wrap") ?? false)
        let label = TextLabel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            template: context.template(p.string("text") ?? ""), style: style, board: context.board)
        label.isHidden = c.hidden
        return Element(
            config: c, model: label, read: nil,
            write: { _, _ throws(Element.ValueError) in
                throw Element.ValueError("\(c.id) is a label and holds no value")
            },
            describe: { _ in .of(label, points: [("center", label.bounds.center)]) })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? TextLabel).map(LabelWidget.init)
    }
}

/// The model of a label: where it is, its template and style, and the board it reads.
final class TextLabel: PassiveControl {
    /// How the text looks.
    struct Style: Hashable {
        var size: Double
        var bold: Bool
        var color: Color
        var align: TextAlignment
        var wrap: Bool
    }

    /// The opacity of text showing a stale value: still legible, visibly not current.
    static let staleAlpha = 0.45

    let template: TextTemplate
    var style: Style
    let board: ValueBoard

    init(id: String, bounds: Rect, transform: Transform, template: TextTemplate, style: Style, board: ValueBoard) {
        self.template = template; self.style = style; self.board = board
        super.init(id: id, bounds: bounds, transform: transform)
    }

    /// The text and whether a value it shows is stale, at `time`; a text showing an unavailable value
    /// starts with the board's marker.
    func rendered(at time: MonotonicTime) -> (text: String, stale: Bool) {
        let shown = board.render(template, at: time, reusing: &lastText)
        guard board.readsUnavailable(template) else { return shown }
        return (ValueBoard.unavailableMarker + shown.text, true)
    }
    /// The text written last frame, reused while the values it shows stay the same.
    private var lastText = RenderedText()

}

extension TextAlignment {
    static let allNames = ["left", "center", "right"]
}
