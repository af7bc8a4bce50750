import Controls
import Core
import Raster

/// Draws a toggle: its label at the left, and at the right a capsule track (the accent when on) with
/// a round knob at the end that says which; pressed, the knob grows a ring.
final class ToggleWidget: SnapshotLook {
    let toggle: ToggleModel
    var control: any TouchControl { toggle }
    var damage = SnapshotDamage<Snapshot>()

    init(_ toggle: ToggleModel) { self.toggle = toggle }

    struct Snapshot: LookSnapshot { var transform: Transform, hidden: Bool, on: Bool, pressed: Bool, hold: Int }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: toggle.transform, hidden: toggle.isHidden, on: toggle.isOn, pressed: toggle.pressedAt != nil,
            hold: PanelPaint.holdStep(toggle.longPressProgress(at: time)))
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(toggle.bounds, s.transform) }

    /// A press, a release or a flip changes only the switch (the knob's ring stays inside it): the
    /// label is not drawn again, which saves much of the frame a tap on a toggle costs.
    func changedBox(from old: Snapshot, to new: Snapshot) -> Rect? {
        old.transform == new.transform ? DamageBox.of(toggle.switchRect, new.transform) : nil
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let t = toggle, r = t.switchRect
        if let label = t.label {
            PanelPaint.line(
                painter, label, x: t.bounds.minX, midY: t.bounds.midY, size: t.size, bold: false, color: t.text)
        }
        painter.fillRoundedRect(r, radius: r.height / 2, paint: Paint(s.on ? t.on : t.off))
        let knobRadius = r.height / 2 - 4
        let centre = Point(s.on ? r.maxX - r.height / 2 : r.minX + r.height / 2, r.midY)
        if s.pressed { painter.fillCircle(center: centre, radius: knobRadius + 3, color: t.knob, alpha: 0.35) }
        painter.fillCircle(center: centre, radius: knobRadius, color: t.knob)
        PanelPaint.holdRing(painter, step: s.hold, center: centre, radius: knobRadius - 4, color: t.on)
    }
}
