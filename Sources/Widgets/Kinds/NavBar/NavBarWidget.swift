import Controls
import Core
import Raster

/// Draws the navigation bar: a band in the popup colour with each page's icon and title; the shown
/// page in the accent colour with a bar along its edge, the others dimmed; a pressed one darkened.
final class NavBarWidget: SnapshotLook {
    let bar: NavBarModel
    var control: any TouchControl { bar }
    var damage = SnapshotDamage<Snapshot>()

    init(_ bar: NavBarModel) { self.bar = bar }

    struct Snapshot: LookSnapshot { var transform: Transform, hidden: Bool, pressed: Int? }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(transform: bar.transform, hidden: bar.isHidden, pressed: bar.pressedAt.map(bar.index(at:)))
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(bar.bounds, s.transform) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let theme = bar.theme
        painter.fillRoundedRect(bar.bounds, radius: 0, paint: Paint(theme.popupBackground))
        // A hairline between the bar and the screen's content.
        let top = bar.bounds.minY < 1 ? bar.bounds.maxY - 1 : bar.bounds.minY
        painter.fillRoundedRect(
            Rect(x: bar.bounds.minX, y: top, width: bar.bounds.width, height: 1), radius: 0,
            paint: Paint(theme.track))
        for (i, page) in bar.pages.enumerated() {
            let r = bar.segment(i)
            let current = page.id == bar.current
            if s.pressed == i {
                painter.fillRoundedRect(r.insetBy(4), radius: 10, paint: Paint(theme.track.withAlpha(0.6)))
            }
            if current {
                let edge = bar.bounds.minY < 1 ? r.maxY - 5 : r.minY + 1
                painter.fillRoundedRect(
                    Rect(x: r.minX + r.width * 0.2, y: edge, width: r.width * 0.6, height: 4), radius: 2,
                    paint: Paint(theme.accent))
            }
            PanelPaint.content(
                painter, rect: r, text: page.title, icon: page.icon, size: bar.size,
                color: current ? theme.accent : theme.text.withAlpha(0.7), bold: current)
        }
    }
}
