import ConfigModel
import Controls
import Core

/// `dropdown`: a roller of text options in its frame, for a choice with too many options for a row
/// of segments (a fan's twelve speeds, a room out of thirty). The chosen option sits on the band in
/// the middle; a drag rolls the list, a fling carries on with the spinner picker's momentum and
/// settles on the nearest option, and a tap on an option rolls to it. The value is the chosen index.
struct DropdownKind: RegisteredKind {
    var name: String { "dropdown" }
    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.whole }
    func exposure(_ table: ConfigTable) -> ValueExposure { .select(options: table.strings("options") ?? []) }
    var schema: Schema { DropdownKind.keys }

    static let textSize = DefaultedNumber("size", default: 20)
    static let rowHeight = DefaultedNumber("row_height", default: 48)

    static let keys = ElementKeys.withText.adding([
        Field(
            "options", .strings(nonEmpty: true), default: "required unless `entity` is given",
            "The options' texts, top to bottom. Bound to a Home Assistant entity without them, the dropdown shows the entity's options (and follows them)."
        ),
        OptionLabels.field,
        Field("value", .integer(0...10_000), default: "0", "The initially chosen index."),
        DropdownKind.textSize.field(6...200, "Text size in points."),
        DropdownKind.rowHeight.field(
            20...400, "The height of one option in points: keep it a finger's width (the loader warns below 9 mm)."),
        Field("color", .color, default: "the theme's accent", "The band behind the chosen option."),
        ElementAction.field,
    ])

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        let count = table.strings("options")?.count ?? 0
        if table["options"] == nil && table["entity"] == nil {
            report("options", "expected the options' texts (or an `entity` to take them from), found none")
        }
        if let v = table.int("value"), count > 0, v >= count {
            report("value", "expected an option index from 0 to \(count - 1), found \(v)")
        }
        ElementAction.check(table, report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let options = OptionLabels.shown(p.strings("options") ?? [], p)
        let roller = DropdownModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            options: options, chosen: min(p.int("value") ?? 0, max(0, options.count - 1)),
            rowHeight: DropdownKind.rowHeight.read(p), size: DropdownKind.textSize.read(p),
            band: p.color("color") ?? context.theme.accent, theme: context.theme)
        roller.isHidden = c.hidden
        let actions = ElementAction.parse(p, configDirectory: context.configDirectory)
        return Element(
            config: c, model: roller, read: { .single(Double(roller.chosen)) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value, let i = ValueStep.index(v, count: roller.options.count) else {
                    throw Element.ValueError("expected an option index from 0 to \(roller.options.count - 1)")
                }
                roller.choose(i, fromUser: false)
            },
            describe: { time in
                .of(
                    roller,
                    points: [("chosen", roller.bounds.center), ("next", roller.rowCenter(roller.chosen + 1, at: time))])
            },
            actions: { event in
                if case .valueChanged(_, true) = event { return actions }; return []
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? DropdownModel).map(DropdownWidget.init) }
}

/// A roller's state and touch, on the spinner picker's scroller (`PickerScroller`: drag, fling on
/// the fixed 60 Hz tick, snap to a row), so a long list moves as the spinner's does.
final class DropdownModel: TouchControl, EventSource {
    let id: String
    let bounds: Rect
    let transform: Transform
    var isHidden = false
    let outbox = EventOutbox()
    let options: [String]
    let size: Double
    let band: Color
    let theme: Theme
    private(set) var chosen: Int
    private(set) var scroller: PickerScroller
    private var tracker = VelocityTracker()
    /// Where the finger went down, and whether it has moved far enough to be a drag.
    private var downAt: Point?
    private var dragging = false

    /// A finger that moves less than this (points) is a tap.
    static let tapSlop = 10.0

    init(
        id: String, bounds: Rect, transform: Transform, options: [String], chosen: Int, rowHeight: Double, size: Double,
        band: Color, theme: Theme
    ) {
        self.id = id; self.bounds = bounds; self.transform = transform; self.options = options; self.chosen = chosen
        self.size = size; self.band = band; self.theme = theme
        scroller = PickerScroller(count: options.count, rowHeight: min(rowHeight, bounds.height), position: chosen)
    }

    var rowHeight: Double { scroller.rowHeight }

    /// The centre of row `i` in local points at `time`.
    func rowCenter(_ i: Int, at time: MonotonicTime) -> Point {
        Point(bounds.midX, bounds.minY + scroller.rowTop(i, pickerHeight: bounds.height, time: time) + rowHeight / 2)
    }

    /// Chooses option `i`, the roller resting on it; a change raises `valueChanged`, and a finger's
    /// choice `endedTracking` too (saved at once, `on_release` hooks run).
    func choose(_ i: Int, fromUser: Bool) {
        if !fromUser { scroller.jump(to: i) }
        guard i != chosen, options.indices.contains(i) else { return }
        chosen = i
        outbox.send(.valueChanged(value: Double(i), fromUser: fromUser))
        if fromUser { outbox.send(.endedTracking(value: Double(i))) }
    }

    func claims(_ p: Point) -> Bool { !isHidden && bounds.contains(p) }

    func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        downAt = p; dragging = false
        tracker.reset()
        tracker.add(p, time: time)
        scroller.touchDown(y: p.y - bounds.minY, time: time)
        return true
    }

    func touchMoved(to p: Point, time: MonotonicTime) {
        guard let down = downAt else { return }
        tracker.add(p, time: time)
        if !dragging, abs(p.y - down.y) < Self.tapSlop { return }
        dragging = true
        scroller.drag(to: p.y - bounds.minY)
    }

    func touchEnded(at p: Point, time: MonotonicTime) {
        guard downAt != nil else { return }
        tracker.add(p, time: time)
        downAt = nil
        if dragging {
            scroller.release(velocityY: tracker.velocity.dy, time: time)
        } else {
            // A tap rolls to the option under it (or back onto the chosen one).
            let row = scroller.row(atY: p.y - bounds.minY, pickerHeight: bounds.height, time: time) ?? chosen
            scroller.scroll(to: row, time: time)
        }
    }

    func touchCancelled(time: MonotonicTime) {
        guard downAt != nil else { return }
        downAt = nil
        scroller.scroll(to: chosen, time: time)
    }

    func advance(to time: MonotonicTime) -> Bool {
        if let row = scroller.advance(to: time) { choose(row, fromUser: true) }
        return scroller.isMoving
    }
}
