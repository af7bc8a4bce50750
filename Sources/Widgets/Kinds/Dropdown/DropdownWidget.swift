import Controls
import Core
import Raster

/// Draws a roller: a rounded panel, the band marking the chosen place in the middle, and the
/// options rolling through it, fading towards the edges, clipped to the panel.
final class DropdownWidget: InPlaceLook {
    let model: DropdownModel
    var control: any TouchControl { model }
    var damage = SnapshotDamage<Snapshot>()

    init(_ model: DropdownModel) { self.model = model }

    struct Snapshot: FramedSnapshot {
        var transform: Transform, bounds: Rect, hidden: Bool, position: Double
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: model.transform, bounds: model.bounds, hidden: model.isHidden,
            position: model.scroller.position(at: time))
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let m = model, b = s.bounds, h = m.rowHeight
        let radius = min(12, b.width / 4, b.height / 4)
        painter.fillRoundedRect(b, radius: radius, paint: Paint(m.theme.popupBackground))
        let bandRect = Rect(x: b.minX + 4, y: b.midY - h / 2, width: b.width - 8, height: h)
        painter.fillRoundedRect(bandRect, radius: min(8, h / 4), paint: Paint(m.band, alpha: 0.35))
        var clipped = painter
        clipped.canvas.clip = painter.canvas.clip.intersection(
            PixelRect(covering: painter.transform.boundingBox(of: b)))
        // Only the rows that reach the panel: a list of hundreds costs what a short one does.
        let first = max(0, Int((s.position - b.height / 2 / h - 1).rounded(.down)))
        let last = min(m.options.count - 1, Int((s.position + b.height / 2 / h + 1).rounded(.up)))
        guard first <= last else { return }
        for i in first...last {
            let y = b.midY + (Double(i) - s.position) * h
            let distance = abs(y - b.midY) / max(1, b.height / 2)
            let alpha = max(0.15, 1 - 0.75 * distance)
            let size = m.size * (1 - 0.15 * min(1, distance))
            let bold = abs(y - b.midY) < h / 2
            let text = painter.fitted(
                m.options[i], width: b.width - 24, maxSize: size, minSize: min(size, 10), bold: bold, truncation: .tail)
            clipped.drawText(
                text.text, size: text.size, bold: bold, centeredAt: Point(b.midX, y),
                color: m.theme.text, alpha: alpha)
        }
        painter.strokeRoundedRect(b, radius: radius, width: 1, paint: Paint(m.theme.track))
    }
}
