import ConfigModel
import Controls
import Core

/// `card`: a rounded rectangle that groups the elements drawn on it, with an optional title; with a
/// `layout`, it places the elements whose `in` names it (`CardLayout`). It holds no value; the loader
/// puts cards behind every other element. It takes no touches, unless it has `on_long_press`: then a
/// finger held on its background (not on an element drawn on it) fills a ring and does those actions.
/// Such a card's background is then the card's, not the screen's: a page swipe starting on it does
/// not turn the page (the router pages only touches no element took).
struct CardKind: RegisteredKind {
    var name: String { CardLayout.cardKind }
    var schema: Schema { CardKind.keys }
    var templateKeys: [TemplateKey] { [TemplateKey("title", rendered: true)] }
    var takesTouches: Bool { false }
    var valueShape: ValueShape { .nothing }

    static let defaultRadius = 12.0
    static let defaultBorderWidth = 2.0

    static let keys = ElementKeys.withText.adding(
        [
            Field("color", .color, default: "the theme's popup_background", "The card's fill."),
            Field(
                "radius", .number(GeometryLimits.lengths), default: Schema.format(defaultRadius),
                "Corner radius in points."
            ),
            Field(
                "border_color", .color, default: "the theme's track",
                "Outline colour; the outline is drawn when border_color or border_width is given."),
            Field(
                "border_width", .number(0...100), default: Schema.format(defaultBorderWidth),
                "Outline width in points, inside the frame."),
            Field(
                "title", .string, default: "none",
                "Drawn bold in the theme's text colour at the top left; laid-out elements start below it. A template."),
            Field(
                "title_size", .number(4...200), default: Schema.format(CardLayout.defaultTitleSize),
                "Title size in points."
            ),
            Field(
                "layout", .choice(CardLayout.Arrangement.allCases.map(\.rawValue)), default: "none",
                "Places the elements whose `in` names this card, in file order: row (equal widths), column (equal heights) or grid (`columns` per row)."
            ),
            Field(
                "padding", .number(GeometryLimits.lengths), default: Schema.format(CardLayout.defaultPadding),
                "Room between the card's edge and its title and elements."),
            Field(
                "gap", .number(GeometryLimits.lengths), default: Schema.format(CardLayout.defaultGap),
                "Room between laid-out elements, and below the title."),
            Field(
                "columns", .integer(1...100), default: String(CardLayout.defaultColumns),
                "Cells per row of a grid layout."),
        ] + ElementAction.longPressFields)

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        // A column count on a card that is not a grid would silently do nothing.
        if table.int("columns") != nil, table.string("layout") != "grid" {
            let found = table.string("layout").map { "layout = \"\($0)\"" } ?? "no layout"
            report("columns", "expected layout = \"grid\" with columns, found \(found)")
        }
        ElementAction.check(table, report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let bordered = p.color("border_color") != nil || p.number("border_width") != nil
        let card = CardModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            color: p.color("color") ?? context.theme.popupBackground,
            radius: p.number("radius") ?? CardKind.defaultRadius,
            border: bordered
                ? (
                    p.color("border_color") ?? context.theme.track,
                    p.number("border_width") ?? CardKind.defaultBorderWidth
                ) : nil,
            title: p.string("title"), titleColor: context.theme.text, layout: CardLayout(card: p))
        card.isHidden = c.hidden
        card.longPressAfter = ElementAction.longPressSeconds(p)
        let longActions = ElementAction.parse(p, key: "on_long_press", configDirectory: context.configDirectory)
        return Element(
            config: c, model: card, imageNames: [], read: nil,
            write: { _, _ throws(Element.ValueError) in },  // never called: `setValue` refuses first
            describe: { _ in .of(card, points: []) },
            actions: { event in event == .longPressed ? longActions : [] })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? CardModel).map(CardWidget.init)
    }
}

/// A card's model: its look, which never changes after it is built, and with `on_long_press` the
/// hold of a finger on its background (`TapTarget`'s long press; a tap does nothing).
final class CardModel: TapTarget {
    let color: Color
    let radius: Double
    /// Outline colour and width, or nil for none.
    let border: (color: Color, width: Double)?
    let title: String?
    let titleColor: Color
    /// Padding and title size (where the title goes).
    let layout: CardLayout

    init(
        id: String, bounds: Rect, transform: Transform, color: Color, radius: Double, border: (Color, Double)?,
        title: String?, titleColor: Color, layout: CardLayout
    ) {
        self.color = color; self.radius = radius; self.border = border.map { (color: $0.0, width: $0.1) }
        self.title = title; self.titleColor = titleColor; self.layout = layout
        super.init(id: id, bounds: bounds, transform: transform)
    }

    /// Only a card with `on_long_press` takes touches; any other is background, as before.
    override func claims(_ p: Point) -> Bool { longPressAfter != nil && super.claims(p) }

    /// Where the ring of a long press is drawn: the top right corner, inside the padding.
    var holdRing: (center: Point, radius: Double) {
        let radius = max(0, min(12, bounds.width / 2 - 4, bounds.height / 2 - 4))
        let inset = min(layout.padding, 8.0)
        return (Point(bounds.maxX - inset - radius, bounds.minY + inset + radius), radius)
    }
}
