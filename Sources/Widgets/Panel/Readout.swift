import ConfigModel
import Controls
import Core
import Raster

/// The text a dial shows big in its middle (`readout = "{value:.1} °C"`): a template in which `value`
/// is the dial's own value, drawn right after the dial and never touched. It is its own model so the
/// dial's look stays as it is and the readout damages only its own band when its text changes.
final class Readout: ShowsOnly {
    /// The dial it belongs to: its transform, bounds and visibility are the readout's.
    let dial: any TouchControl
    let template: TextTemplate
    /// Points before shrinking to fit.
    let size: Double
    let color: Color
    let board: ValueBoard
    /// The dial's value now.
    let own: () -> TemplateValue?
    /// Where the text goes in the dial's local points: its centre and the width it may take.
    let area: () -> (center: Point, width: Double)

    init(
        dial: any TouchControl, template: TextTemplate, size: Double, color: Color, board: ValueBoard,
        own: @escaping () -> TemplateValue?, area: @escaping () -> (center: Point, width: Double)
    ) {
        self.dial = dial; self.template = template; self.size = size; self.color = color; self.board = board
        self.own = own; self.area = area
    }

    /// The name that stands for the dial's own value.
    static let ownName = "value"

    var id: String { dial.id + "/readout" }
    var transform: Transform { dial.transform }
    var bounds: Rect { dial.bounds }
    var isHidden: Bool { dial.isHidden }

    /// The variable the dial's own value mirrors (a gauge's `source`): when it is stale, so is `{value}`.
    var ownSource: String?

    /// The text and whether a value it shows is stale, at `time`. `{value}` is unavailable with the
    /// dial (its entity or device) or its source; such a text starts with the board's marker.
    func rendered(at time: MonotonicTime) -> (text: String, stale: Bool) {
        let shown = board.render(template, at: time, ownName: Readout.ownName, own: own(), reusing: &lastText)
        let readsOwn = template.names.contains(Readout.ownName)
        let ownStale = readsOwn && ownSource.map { board.isStale($0, at: time) } == true
        let ownGone = readsOwn && (board.isUnavailable(dial.id) || ownSource.map(board.isUnavailable) == true)
        guard ownGone || board.readsUnavailable(template, ownName: Readout.ownName) else {
            return (shown.text, shown.stale || ownStale)
        }
        return (ValueBoard.unavailableMarker + shown.text, true)
    }
    /// The text written last frame, reused while the values it shows stay the same.
    private var lastText = RenderedText()

    /// The readout keys the dial kinds share.
    static let keys = [
        Field(
            "readout", .string,
            "Text drawn big in the middle of the dial, a template: {value} is the dial's own value, other ids name controls or [[variables]] (`{value:.1} °C`, `{value:time}`); see \"Text templates\" above."
        ),
        Field(
            "readout_size", .number(1...500), default: "a sixth of the frame's smaller side",
            "Readout size in points; a longer text shrinks (to half) to fit inside the track."),
        Field(
            "readout_color", .color, default: "the theme's text",
            "Readout colour; dimmed while a value it shows is stale or unavailable (behind a slashed ring then)."),
    ]

    /// The template key of the readout.
    static let templateKeys = [TemplateKey("readout", ownName: ownName)]

    /// The readout the config asks of `dial`, or none.
    /// `defaultSize`: the size without `readout_size` (default: a sixth of the frame's smaller side).
    static func make(
        for dial: any TouchControl, _ c: ControlConfig, _ context: ElementContext, defaultSize: Double? = nil,
        own: @escaping () -> TemplateValue?, area: @escaping () -> (center: Point, width: Double)
    ) -> [Readout] {
        guard let source = c.properties.string("readout") else { return [] }
        let size = c.properties.number("readout_size") ?? defaultSize ?? min(c.frame.width, c.frame.height) / 6
        return [
            Readout(
                dial: dial, template: context.template(source), size: size,
                color: c.properties.color("readout_color") ?? context.theme.text, board: context.board,
                own: own, area: area)
        ]
    }
}

/// Draws a readout and damages its band only when its text (or staleness) changes.
final class ReadoutWidget: SnapshotLook {
    let readout: Readout
    var control: any TouchControl { readout }
    var damage = SnapshotDamage<Snapshot>()

    init(_ readout: Readout) { self.readout = readout }

    struct Snapshot: LookSnapshot {
        var transform: Transform, hidden: Bool, center: Point, width: Double
        var text: String, stale: Bool
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        let area = readout.area(), shown = readout.rendered(at: time)
        return Snapshot(
            transform: readout.transform, hidden: readout.isHidden, center: area.center, width: area.width,
            text: shown.text, stale: shown.stale)
    }

    /// The local band the text may cover: the area's width, and more than the face's ascent and
    /// descent above and below the centre line.
    private func band(_ s: Snapshot) -> Rect {
        Rect(
            x: s.center.x - s.width / 2, y: s.center.y - readout.size * 0.75, width: s.width, height: readout.size * 1.5
        )
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(band(s), s.transform) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time), !s.text.isEmpty else { return }
        let bold = true
        // Shrink a long text to fit inside the track (down to half), then cut it if it still does not.
        let size = painter.fittingSize(
            s.text, width: s.width, maxSize: readout.size, minSize: readout.size / 2, bold: bold)
        let text = TextLayout.ellipsized(s.text, width: s.width) { painter.lineWidth($0, size: size, bold: bold) }
        let rect = Rect(x: s.center.x - s.width / 2, y: s.center.y - size, width: s.width, height: size * 2)
        painter.drawBlock(
            [text], in: rect, size: size, bold: bold, align: .center, color: readout.color,
            alpha: s.stale ? TextLabel.staleAlpha : 1, clip: box(s))
    }
}
