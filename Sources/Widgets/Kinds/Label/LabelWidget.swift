import Controls
import Core
import Raster

/// Draws a label: its rendered template on one line cut with "…", or wrapped onto the lines that fit,
/// dimmed while a value it shows is stale. It damages its frame only when the rendered text, the
/// staleness or its layout changed, so setting a variable redraws only the labels that show it.
final class LabelWidget: SnapshotLook {
    let label: TextLabel
    var control: any TouchControl { label }
    var damage = SnapshotDamage<Snapshot>()

    init(_ label: TextLabel) { self.label = label }

    struct Snapshot: LookSnapshot {
        var transform: Transform, bounds: Rect, hidden: Bool, style: TextLabel.Style
        var text: String, stale: Bool
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        let shown = label.rendered(at: time)
        return Snapshot(
            transform: label.transform, bounds: label.bounds, hidden: label.isHidden, style: label.style,
            text: shown.text, stale: shown.stale)
    }

    /// Text never leaves the frame (it is clipped to it), so the frame's box is all a label can change.
    func box(_ s: Snapshot) -> Rect { DamageBox.of(s.bounds, s.transform) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        // What collectDamage saw this frame, so the pixels match the damage reported.
        guard let s = shown(at: time), !s.text.isEmpty else { return }
        let style = s.style
        let measure = { (line: String) in painter.lineWidth(line, size: style.size, bold: style.bold) }
        let lines: [String]
        if style.wrap, let (ascent, descent) = painter.lineMetrics(size: style.size, bold: style.bold) {
            let fitting = Int((s.bounds.height / (ascent + descent)).rounded(.down))
            lines = TextLayout.wrap(s.text, width: s.bounds.width, maxLines: fitting, measure: measure)
        } else {
            // One line: explicit line breaks become spaces. Most texts have none, and the generic
            // replacing costs a good part of drawing a label, so it runs only when there is one. (A map,
            // not `replacing`: that one is _StringProcessing's, which brings the regex parser into the
            // static binary.)
            let line = s.text.utf8.contains(0x0A) ? String(s.text.map { $0 == "\n" ? " " : $0 }) : s.text
            lines = [TextLayout.ellipsized(line, width: s.bounds.width, measure: measure)]
        }
        painter.drawBlock(
            lines, in: s.bounds, size: style.size, bold: style.bold, align: style.align, color: style.color,
            alpha: s.stale ? TextLabel.staleAlpha : 1, clip: box(s))
    }
}
