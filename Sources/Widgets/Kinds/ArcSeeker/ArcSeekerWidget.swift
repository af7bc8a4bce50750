import Controls
import Core
import Raster

/// Draws the arc seeker (CS-9, CS-10, CS-12): one arc, 4 pt wide with round caps, and the round thumb
/// above it. A moving thumb damages its old and new discs only.
final class ArcSeekerWidget: Widget {
    let seeker: ArcSeeker
    var control: any TouchControl { seeker }
    private var drawn: Snapshot?

    init(_ seeker: ArcSeeker) { self.seeker = seeker }

    struct Snapshot: Equatable {
        struct Layout: Equatable {
            var transform: Transform, bounds: Rect, hidden: Bool, start: Double, end: Double, bar: Color, thumb: Color
        }
        var layout: Layout
        var thumb: Rect
    }

    private func snapshot() -> Snapshot {
        let s = seeker
        return Snapshot(
            layout: .init(
                transform: s.transform, bounds: s.bounds, hidden: s.isHidden, start: s.startAngle,
                end: s.endAngle, bar: s.seekBarColor, thumb: s.thumbColor),
            thumb: s.drawnThumbRect)
    }

    /// The bounds, grown by half a thumb: the thumb may sit on the arc line during `moveToAngle` (CS-19).
    private func box(_ t: Transform) -> Rect { DamageBox.of(seeker.bounds.outsetBy(ArcSeeker.thumbSize / 2), t) }

    func baseBounds(at time: MonotonicTime) -> Rect { seeker.isHidden ? .zero : box(seeker.transform) }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot()
        defer { drawn = now }
        guard let old = drawn else { return [box(now.layout.transform)] }
        if old == now { return [] }
        if old.layout != now.layout { return [box(old.layout.transform), box(now.layout.transform)] }
        return [DamageBox.of(old.thumb, now.layout.transform), DamageBox.of(now.thumb, now.layout.transform)]
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        let s = seeker
        guard !s.isHidden else { return }
        if s.arcSweep > 0 {
            painter.strokeArc(
                center: s.center, radius: s.arcRadius, start: s.arcStart, sweep: .degrees(s.arcSweep),
                width: ArcSeeker.arcLineWidth, cap: .round, paint: Paint(s.seekBarColor))
        }
        let thumb = s.drawnThumbRect
        painter.fillCircle(center: thumb.center, radius: thumb.width / 2, color: s.thumbColor)
    }
}
