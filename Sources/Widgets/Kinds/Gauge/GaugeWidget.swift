import Controls
import Core
import Raster

/// Draws a gauge: the track, the warning and critical bands marked beside it, the filled part in the
/// colour of the band the value is in, and the title. It damages its frame when the shown fraction,
/// the band or the look changed.
final class GaugeWidget: SnapshotLook {
    let gauge: Gauge
    var control: any TouchControl { gauge }
    var damage = SnapshotDamage<Snapshot>()

    init(_ gauge: Gauge) { self.gauge = gauge }

    struct Snapshot: LookSnapshot {
        var transform: Transform, hidden: Bool
        /// The filled fraction, nil while the source has no number.
        var fraction: Double?
        var zone: Gauge.Zone
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        let v = gauge.value
        return Snapshot(
            transform: gauge.transform, hidden: gauge.isHidden, fraction: v.map(gauge.fraction),
            zone: v.map(gauge.bands.zone(of:)) ?? .normal)
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(gauge.bounds, s.transform) }

    private func color(_ zone: Gauge.Zone) -> Color {
        switch zone {
        case .normal: return gauge.style.color
        case .warning: return gauge.style.warning
        case .critical: return gauge.style.critical
        }
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        if gauge.style.bar { drawBar(painter, s) } else { drawArc(painter, s) }
    }

    private func drawArc(_ painter: LocalPainter, _ s: Snapshot) {
        let g = gauge, style = g.style, (center, radius) = g.arc
        let sweep = style.maxAngle
        func angle(_ f: Double) -> Angle { g.startAngle + .degrees(sweep * f) }
        painter.strokeArc(
            center: center, radius: radius, start: g.startAngle, sweep: .degrees(sweep),
            width: style.lineWidth, cap: .round, paint: Paint(style.track))
        // The bands: a thin arc just outside the track, so a person sees where "too high" begins.
        let bandRadius = radius + style.lineWidth / 2 + 4
        for band in g.bands.ranges(from: g.minimum, to: g.maximum) {
            let a = g.fraction(band.from), b = g.fraction(band.to)
            painter.strokeArc(
                center: center, radius: bandRadius, start: angle(a), sweep: .degrees(sweep * (b - a)),
                width: 3, cap: .butt, paint: Paint(color(band.zone)))
        }
        if let f = s.fraction, f > 0 {
            painter.strokeArc(
                center: center, radius: radius, start: g.startAngle, sweep: .degrees(sweep * f),
                width: style.lineWidth, cap: .round, paint: Paint(color(s.zone)))
        }
        if let title = style.title {
            let size = max(10, radius / 5)
            painter.drawText(
                title, size: size, bold: false, centeredAt: Point(center.x, center.y + radius * 0.55),
                color: style.titleColor, alpha: 0.75)
        }
    }

    private func drawBar(_ painter: LocalPainter, _ s: Snapshot) {
        let g = gauge, style = g.style, r = g.barRect
        painter.fillRoundedRect(r, radius: r.height / 2, paint: Paint(style.track))
        for band in g.bands.ranges(from: g.minimum, to: g.maximum) {
            let a = g.fraction(band.from), b = g.fraction(band.to)
            painter.fillRoundedRect(
                Rect(x: r.minX + r.width * a, y: r.maxY + 3, width: r.width * (b - a), height: 3),
                radius: 0, paint: Paint(color(band.zone)))
        }
        if let f = s.fraction, f > 0 {
            let w = max(r.height, r.width * f)
            painter.fillRoundedRect(
                Rect(x: r.minX, y: r.minY, width: w, height: r.height), radius: r.height / 2,
                paint: Paint(color(s.zone)))
        }
        if let title = style.title {
            // Left-aligned on the caption line: the readout takes the right half.
            let size = max(10, min(18, g.barCaptionY * 0.8))
            PanelPaint.line(
                painter, title, x: r.minX, midY: g.barCaptionY, size: size, bold: false, color: style.titleColor,
                alpha: 0.75)
        }
    }
}
