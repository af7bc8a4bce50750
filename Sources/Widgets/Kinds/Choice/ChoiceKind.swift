import ConfigModel
import Controls
import Core

/// `choice`: a segmented row of buttons acting as one radio group (Heat / Cool / Off); its value is
/// the chosen index, persisted, reported and hooked like any control.
struct ChoiceKind: RegisteredKind {
    var name: String { "choice" }
    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.whole }
    func exposure(_ table: ConfigTable) -> ValueExposure { .select(options: table.strings("options") ?? []) }
    var schema: Schema { ChoiceKind.choiceSchema }
    var imageKeys: [ImageKey] { [ImageKey("icons", list: true)] }

    static let textSize = DefaultedNumber("size", default: 20)

    static let choiceSchema = ElementKeys.withText.adding([
        Field(
            "options", .strings(nonEmpty: true), default: "required unless `entity` is given",
            "The segments' texts, left to right. Bound to a Home Assistant entity without them, the choice shows the entity's options (and follows them)."
        ),
        Field(
            "icons", .strings(nonEmpty: false), default: "none",
            "An icon per option, left of its text, in the segment's text colour: a PNG, `builtin:NAME` or `mdi:NAME`; \"\" for none."
        ),
        OptionLabels.field,
        Field("value", .integer(0...1000), default: "0", "The initially chosen index."),
        ChoiceKind.textSize.field(6...200, "Text size in points."),
        Field("color", .color, default: "the theme's accent", "The chosen segment."),
        ElementAction.field,
    ])

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        let count = table.strings("options")?.count ?? 0
        if table["options"] == nil && table["entity"] == nil {
            report("options", "expected the segments' texts (or an `entity` to take them from), found none")
        }
        if let v = table.int("value"), count > 0, v >= count {
            report("value", "expected an option index from 0 to \(count - 1), found \(v)")
        }
        if let icons = table.strings("icons"), count > 0, icons.count != count {
            report("icons", "expected one icon per option (\(count)), found \(icons.count)")
        }
        ElementAction.check(table, report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let choice = ChoiceModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            options: OptionLabels.shown(p.strings("options") ?? [], p), size: ChoiceKind.textSize.read(p),
            chosenColor: p.color("color") ?? context.theme.accent, theme: context.theme,
            icons: (p.strings("icons") ?? []).map { $0.isEmpty ? nil : context.imagePath($0) })
        choice.chosen = min(p.int("value") ?? 0, max(0, choice.options.count - 1))
        choice.isHidden = c.hidden
        let actions = ElementAction.parse(p, configDirectory: context.configDirectory)
        return Element(
            config: c, model: choice, imageNames: choice.icons.compactMap { $0 },
            read: { .single(Double(choice.chosen)) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value, let i = ValueStep.index(v, count: choice.options.count) else {
                    throw Element.ValueError("expected an option index from 0 to \(choice.options.count - 1)")
                }
                choice.choose(i, fromUser: false)
            },
            describe: { _ in
                .of(choice, points: choice.options.indices.map { (choice.options[$0], choice.segment($0).center) })
            },
            actions: { event in
                if case .valueChanged(_, true) = event { return actions }; return []
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? ChoiceModel).map(ChoiceWidget.init) }
}

/// A radio group of equal segments; a tap on a segment chooses it.
final class ChoiceModel: TapTarget {
    let options: [String]
    let size: Double
    let chosenColor: Color
    let theme: Theme
    /// Each option's icon (catalogue name), nil for none; may be shorter than `options`.
    let icons: [String?]
    var chosen = 0

    init(
        id: String, bounds: Rect, transform: Transform, options: [String], size: Double, chosenColor: Color,
        theme: Theme,
        icons: [String?] = []
    ) {
        self.options = options; self.size = size; self.chosenColor = chosenColor; self.theme = theme; self.icons = icons
        super.init(id: id, bounds: bounds, transform: transform)
    }

    /// Segment `i`'s rectangle in local points.
    func segment(_ i: Int) -> Rect {
        let w = bounds.width / Double(max(1, options.count))
        return Rect(x: bounds.minX + w * Double(i), y: bounds.minY, width: w, height: bounds.height)
    }

    /// The segment under `p`, clamped to the row.
    func index(at p: Point) -> Int {
        max(0, min(options.count - 1, Int(((p.x - bounds.minX) / bounds.width * Double(options.count)).rounded(.down))))
    }

    /// Chooses segment `i`; a change raises `valueChanged`, and a finger's choice `endedTracking` too
    /// (saved at once, `on_release` hooks run).
    func choose(_ i: Int, fromUser: Bool) {
        guard i != chosen else { return }
        chosen = i
        outbox.send(.valueChanged(value: Double(i), fromUser: fromUser))
        if fromUser { outbox.send(.endedTracking(value: Double(i))) }
    }

    override func tapped(at p: Point, time: MonotonicTime) { choose(index(at: p), fromUser: true) }
}
