import ConfigModel
import Controls
import Core

/// `chart`: a line or bar chart of one or more numbers (controls or variables) over the last minutes
/// or hours, with its value range and time span written beside it. The samples are the board's
/// `SampleHistory`: fixed rings the runtime fills whenever a charted value changes, whichever screen
/// is shown. The chart's right edge is the newest sample, so the chart changes (and damages its
/// frame) only when a sample arrives: an idle panel showing a chart does not redraw it.
struct ChartKind: RegisteredKind {
    var name: String { "chart" }
    var schema: Schema { ChartKind.keys }
    var referenceKeys: [String] { ["sources"] }
    var valueShape: ValueShape { .nothing }
    var takesTouches: Bool { false }

    static let minutes = DefaultedNumber("minutes", default: 60)
    static let samples = 240
    static let bars = 12
    static let textSize = DefaultedNumber("text_size", default: 13)

    static let keys = ElementKeys.withText.adding([
        Field(
            "sources", .strings(nonEmpty: true), required: true,
            "The control ids or number [[variables]] charted, each a line (or a bar in each slot) of its own colour; a legend names them when there are several."
        ),
        Field(
            "style", .choice(["line", "bar"]), default: "\"line\"",
            "Lines through the samples, or bars: the value at the end of each of `bars` equal slots."),
        ChartKind.minutes.field(1...10_080, "The time the chart spans, in minutes, ending at the newest sample."),
        Field(
            "samples", .integer(2...4_000), default: "\(ChartKind.samples)",
            "The samples kept per source (the memory is fixed): of changes closer together than minutes × 60 / samples seconds only the last is kept."
        ),
        Field("bars", .integer(1...240), default: "\(ChartKind.bars)", "The slots of a bar chart."),
        Field(
            "min", .number(ElementKeys.any), default: "the lowest value shown",
            "The value at the bottom; values below are drawn at the bottom."),
        Field(
            "max", .number(ElementKeys.any), default: "the highest value shown",
            "The value at the top; values above are drawn at the top."),
        Field("unit", .string, default: "\"\"", "Written after the axis values (\"°C\")."),
        Field("decimals", .integer(0...6), default: "1", "Decimals of the axis values."),
        Field(
            "colors", .colors, default: "the theme's accent, then its gradient colours",
            "One colour per source, in order."),
        ChartKind.textSize.field(6...60, "Size of the axis labels and the legend in points."),
        Field("line_width", .number(0.5...20), default: "2", "The width of a line chart's lines in points."),
        Field(
            "persist", .bool, default: "false",
            "Keeps the sources' samples in the state file (at most `samples` each, written at most once a minute and at exit), so the chart shows them again after a restart; samples older than `minutes` are dropped then."
        ),
    ])

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        if let low = table.number("min"), let high = table.number("max"), low >= high {
            report("max", "expected a value above min (\(Schema.format(low))), found \(Schema.format(high))")
        }
    }

    /// How many samples a source keeps and over how long, for the history to track.
    static func tracking(_ p: ConfigTable) -> (capacity: Int, window: Double) {
        (p.int("samples") ?? samples, minutes.read(p) * 60)
    }

    func trackedHistory(_ table: ConfigTable) -> [HistoryRequest] {
        let (capacity, window) = ChartKind.tracking(table)
        let persist = table.bool("persist") ?? false
        return (table.strings("sources") ?? []).map {
            HistoryRequest(name: $0, capacity: capacity, window: window, persist: persist)
        }
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let sources = p.strings("sources") ?? []
        let (capacity, window) = ChartKind.tracking(p)
        // Tracked at load already (`ElementKinds.trackHistory`); again here for a chart built on its own.
        for s in sources { context.board.history.track(s, capacity: capacity, window: window) }
        let palette = p.colors("colors") ?? ([context.theme.accent] + context.theme.gradient)
        let style = ChartModel.Style(
            bars: p.string("style") == "bar" ? p.int("bars") ?? ChartKind.bars : nil,
            minimum: p.number("min"), maximum: p.number("max"), unit: p.string("unit") ?? "",
            decimals: p.int("decimals") ?? 1,
            colors: sources.indices.map { palette[$0 % max(1, palette.count)] },
            textSize: ChartKind.textSize.read(p), lineWidth: p.number("line_width") ?? 2,
            text: context.theme.text, grid: context.theme.track)
        let model = ChartModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            sources: sources, window: window, style: style, board: context.board, time: context.time)
        model.isHidden = c.hidden
        return .passive(c, model: model)
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? ChartModel).map(ChartWidget.init)
    }
}

/// A chart's model: what it charts and how; the samples are the board's history.
final class ChartModel: PassiveControl {
    struct Style: Equatable {
        /// The slots of a bar chart; nil for lines.
        var bars: Int?
        var minimum: Double?, maximum: Double?
        var unit: String
        var decimals: Int
        var colors: [Color]
        var textSize: Double
        var lineWidth: Double
        var text: Color, grid: Color
    }

    let sources: [String]
    /// The seconds the chart spans.
    let window: Double
    let style: Style
    let board: ValueBoard

    init(
        id: String, bounds: Rect, transform: Transform, sources: [String], window: Double, style: Style,
        board: ValueBoard, time: MonotonicTime
    ) {
        self.sources = sources; self.window = window; self.style = style; self.board = board
        super.init(id: id, bounds: bounds, transform: transform)
        seed(at: time)
    }

    /// Gives a source with no sample yet the value it has at `time`, so a chart is not empty until
    /// its values change. Also called when the chart is drawn: a control's value reaches the board
    /// only once its screen is built, after this chart.
    func seed(at time: MonotonicTime) {
        for s in sources where board.history.count(s, window: window) == 0 {
            if case .number(let v)? = board.value(of: s) { board.history.record(s, v, at: time) }
        }
    }

    /// How often each source's samples changed: the chart is redrawn when these do.
    var revisions: [Int] { sources.map { board.history.revision($0, window: window) } }
}
