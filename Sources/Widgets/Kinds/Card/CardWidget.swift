import Controls
import Core
import Raster

/// Draws a card: its rounded fill, the outline inside the frame (so neighbours never cover it), and the
/// title on one line at the top left, shortened with "…" rather than running past the card's edge.
/// While a long press is held, its ring is drawn above the elements on the card (an overlay), so a
/// card full of elements still shows it.
final class CardWidget: Widget {
    let card: CardModel
    var control: any TouchControl { card }
    private var damage = StillDamage()
    /// The long press's step last drawn (-1: no ring).
    private var drawnHold = -1

    init(_ card: CardModel) { self.card = card }

    private var box: Rect { DamageBox.of(card.bounds, card.transform) }

    private var ringBox: Rect {
        let ring = card.holdRing
        return DamageBox.circle(ring.center, radius: ring.radius + 2, card.transform)
    }

    func baseBounds(at time: MonotonicTime) -> Rect { card.isHidden ? .zero : box }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let hold = card.isHidden ? -1 : PanelPaint.holdStep(card.longPressProgress(at: time))
        defer { drawnHold = hold }
        let still = damage.collect(box: box, hidden: card.isHidden)
        return hold != drawnHold && still.isEmpty ? [ringBox] : still
    }

    func overlayBounds(at time: MonotonicTime) -> Rect? { drawnHold >= 0 ? ringBox : nil }

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        let ring = card.holdRing
        PanelPaint.holdRing(painter, step: drawnHold, center: ring.center, radius: ring.radius, color: card.titleColor)
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard !card.isHidden else { return }
        let b = card.bounds
        painter.fillRoundedRect(b, radius: card.radius, paint: Paint(card.color))
        if let border = card.border, border.width > 0 {
            let w = min(border.width, b.width / 2, b.height / 2)
            painter.strokeRoundedRect(
                b.insetBy(w / 2), radius: max(0, card.radius - w / 2), width: w, paint: Paint(border.color))
        }
        if let title = card.title, let size = card.layout.titleSize {
            let padding = card.layout.padding
            let shown = painter.fitted(
                title, width: b.width - 2 * padding, maxSize: size, minSize: size, bold: true,
                truncation: .tail)
            // A line, so an inline icon (`{mdi:sofa} Living room`) is drawn as the icon.
            painter.drawLine(
                shown.text, size: size, bold: true,
                baselineStart: Point(padding, padding + size * CardLayout.titleBaseline), color: card.titleColor)
        }
    }
}
