import Controls
import Core
import Raster

/// Draws a chart: the value range written at the top and bottom of the plot, the time span under
/// it, a legend when there are several sources, faint grid lines, and each source's samples as a
/// line or bars. Damages its frame only when a source's samples changed, and then only the plot when
/// the value range written beside it stayed the same (a new sample moves the lines, not the labels).
final class ChartWidget: SnapshotLook {
    let model: ChartModel
    var control: any TouchControl { model }
    var damage = SnapshotDamage<Snapshot>()
    /// The samples and their plot for the revisions they were read at: the snapshot needs the
    /// range's labels, and the frame that follows draws the same.
    private var read: (revisions: [Int], series: [[ChartPlot.Sample]], plot: ChartPlot?)?
    /// The plot rectangle (local) of the last frame drawn: unchanged while the labels are.
    private var drawnArea: Rect?

    init(_ model: ChartModel) { self.model = model }

    struct Snapshot: LookSnapshot {
        var transform: Transform, bounds: Rect, hidden: Bool, revisions: [Int]
        /// The value range as written at the plot's top and bottom.
        var high: String, low: String
    }

    /// The samples and plot at the model's current revisions (read again only when they changed).
    private func samples() -> (series: [[ChartPlot.Sample]], plot: ChartPlot?) {
        let revisions = model.revisions
        if let read, read.revisions == revisions { return (read.series, read.plot) }
        let series = model.sources.map { model.board.history.samples($0, window: model.window) }
        let plot = ChartPlot(series: series, window: model.window, style: model.style)
        read = (revisions, series, plot)
        return (series, plot)
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        model.seed(at: time)
        let plot = samples().plot
        return Snapshot(
            transform: model.transform, bounds: model.bounds, hidden: model.isHidden, revisions: model.revisions,
            high: plot.map { label($0.high) } ?? "", low: plot.map { label($0.low) } ?? "")
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(s.bounds, s.transform) }

    /// Only the plot (with room for a line's mitred bends) when nothing but the samples changed.
    func changedBox(from old: Snapshot, to new: Snapshot) -> Rect? {
        guard let area = drawnArea, old.transform == new.transform, old.bounds == new.bounds, old.high == new.high,
            old.low == new.low
        else { return nil }
        return DamageBox.of(area.outsetBy(model.style.lineWidth), new.transform)
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let style = model.style
        let (series, plot) = samples()
        let ts = style.textSize
        let low = s.low, high = s.high
        let column =
            max(painter.textSize(low, size: ts, bold: false).width, painter.textSize(high, size: ts, bold: false).width)
            + ts * 0.5
        let legend = model.sources.count > 1 ? ts * 1.6 : 0
        let area = Rect(
            x: s.bounds.minX + column, y: s.bounds.minY + legend + ts * 0.5,
            width: max(1, s.bounds.width - column - ts * 0.5), height: max(1, s.bounds.height - legend - ts * 2.2))
        drawnArea = area
        drawGrid(painter, area, style)
        if legend > 0 { drawLegend(painter, s.bounds, style) }
        let ascent = ts * 0.72
        painter.drawText(
            windowLabel, size: ts, bold: false, x: area.minX, baseline: area.maxY + ts * 0.4 + ascent, color: style.text
        )
        let latest = "latest"
        painter.drawText(
            latest, size: ts, bold: false, x: area.maxX - painter.textSize(latest, size: ts, bold: false).width,
            baseline: area.maxY + ts * 0.4 + ascent, color: style.text)
        guard let plot else {
            return painter.drawText(
                "no data", size: ts, bold: false, centeredAt: area.center, color: style.text, alpha: 0.6)
        }
        painter.drawText(
            high, size: ts, bold: false,
            x: s.bounds.minX + column - ts * 0.5 - painter.textSize(high, size: ts, bold: false).width,
            baseline: area.minY + ascent / 2, color: style.text)
        painter.drawText(
            low, size: ts, bold: false,
            x: s.bounds.minX + column - ts * 0.5 - painter.textSize(low, size: ts, bold: false).width,
            baseline: area.maxY + ascent / 2, color: style.text)
        for (k, samples) in series.enumerated() {
            let color = style.colors[k]
            if let bars = style.bars {
                for (rect, _) in plot.bars(samples, slots: bars, index: k, of: series.count, in: area) {
                    painter.fillRoundedRect(rect, radius: min(2, rect.width / 4), paint: Paint(color))
                }
            } else {
                let points = plot.line(samples, in: area).map(painter.device)
                let ribbon = ChartPlot.ribbon(points, halfWidth: style.lineWidth * painter.scale / 2)
                if !ribbon.isEmpty {
                    // A dense line crosses each column once but each row many times: see `fillByColumns`.
                    painter.canvas.fillByColumns(polygon: ribbon, paint: Paint(color))
                } else if let p = points.first {
                    painter.canvas.fillCircle(center: p, radius: style.lineWidth * painter.scale, paint: Paint(color))
                }
            }
        }
    }

    /// An axis value with its unit.
    private func label(_ v: Double) -> String {
        let number = NumberText.fixed(v, decimals: model.style.decimals)
        return model.style.unit.isEmpty ? number : number + " " + model.style.unit
    }

    /// The span under the plot's left end: whole hours as hours, else minutes.
    private var windowLabel: String {
        let minutes = (model.window / 60).rounded()
        if minutes >= 60, minutes.truncatingRemainder(dividingBy: 60) == 0 { return "−\(Int(minutes / 60)) h" }
        return "−\(Int(minutes)) min"
    }

    private func drawGrid(_ painter: LocalPainter, _ area: Rect, _ style: ChartModel.Style) {
        let line = max(1 / painter.scale, 1)
        for f in [0.0, 0.5, 1] {
            let y = area.minY + area.height * f
            painter.fillRoundedRect(
                Rect(x: area.minX, y: y - line / 2, width: area.width, height: line), radius: 0,
                paint: Paint(style.grid, alpha: f == 1 ? 1 : 0.5))
        }
    }

    private func drawLegend(_ painter: LocalPainter, _ bounds: Rect, _ style: ChartModel.Style) {
        let ts = style.textSize
        var x = bounds.minX + ts * 0.5
        for (k, name) in model.sources.enumerated() {
            painter.fillRoundedRect(
                Rect(x: x, y: bounds.minY + ts * 0.3, width: ts * 0.8, height: ts * 0.8), radius: ts * 0.2,
                paint: Paint(style.colors[k]))
            x += ts * 1.2
            painter.drawText(name, size: ts, bold: false, x: x, baseline: bounds.minY + ts * 1.0, color: style.text)
            x += painter.textSize(name, size: ts, bold: false).width + ts
        }
    }
}
