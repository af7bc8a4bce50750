import Controls
import Core
import Raster

/// Draws a choice: a row of outlined segments joined in one capsule, the chosen one filled; the
/// segment under a finger is drawn pressed.
final class ChoiceWidget: SnapshotLook {
    let choice: ChoiceModel
    var control: any TouchControl { choice }
    var damage = SnapshotDamage<Snapshot>()

    init(_ choice: ChoiceModel) { self.choice = choice }

    struct Snapshot: LookSnapshot { var transform: Transform, hidden: Bool, chosen: Int, pressed: Int? }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: choice.transform, hidden: choice.isHidden, chosen: choice.chosen,
            pressed: choice.pressedAt.map(choice.index(at:)))
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(choice.bounds, s.transform) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let c = choice, radius = min(12, c.bounds.height / 2)
        painter.fillRoundedRect(c.bounds, radius: radius, paint: Paint(c.theme.track.withAlpha(0.5)))
        for i in c.options.indices {
            let chosen = i == s.chosen
            let look = ButtonLook(
                text: c.options[i], icon: i < c.icons.count ? c.icons[i] : nil, outline: !chosen,
                color: chosen ? c.chosenColor : c.theme.track,
                textColor: chosen ? c.theme.background : c.theme.text, size: c.size)
            PanelPaint.button(painter, rect: c.segment(i).insetBy(3), look: look, pressed: s.pressed == i)
        }
    }
}
