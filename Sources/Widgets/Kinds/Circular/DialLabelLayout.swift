import Controls
import Core

/// Where a dial's labels are drawn: the MS-45 placement, then moved along its own ray so the label's box
/// keeps clear of the band the track, its handles and its markers sweep (issue 36: the spec's formula
/// centres a label at a radius, so a label meant to sit outside the ring landed on the handle, and a wide
/// label at 3 or 9 o'clock lost most of `label_offset` to its own half-width).
///
/// The offset is read as the gap between the ring and the label's near edge, the same at every angle: at
/// 12 and 6 o'clock the spec's centre is kept; to the sides the label moves out (or in) by the part of its
/// half-width that exceeds its half-height. Sizes are a font-free estimate so the placement is the same
/// for drawing and for damage boxes.
struct DialLabelLayout {
    let geometry: CircularGeometry
    /// Half the width of the swept band: the widest of the track, the handles and the markers.
    let reach: Double
    let fontSize: Double

    init(geometry: CircularGeometry, track: CircularTrack, handleDiameters: [Double], markerSide: Double?) {
        self.geometry = geometry
        reach = max(Double(track.lineWidth), handleDiameters.max() ?? 0, markerSide ?? 0) / 2
        fontSize = track.labelFontSize
    }

    /// The room kept between a label's box and the band, in points.
    var gap: Double { max(2, (fontSize * 0.25).rounded()) }

    /// A label's estimated box: DejaVu Sans digits advance about 0.64 em and stand about 0.73 em tall.
    func estimatedSize(_ text: String) -> Size {
        Size(Double(text.count) * fontSize * 0.64, fontSize * 0.73)
    }

    /// The drawn-local centre of `label`.
    func center(of label: LabelPlacement) -> Point {
        let g = geometry
        let c = g.center
        // The ray of the label in the drawn frame (labels are upright on screen, so their extent along the
        // ray depends on the drawn direction).
        let tip = g.drawn(c + g.offset(compass: label.angle, radius: 1))
        let u = Vector(tip.x - c.x, tip.y - c.y)
        let spec = Vector(label.drawnCenter.x - c.x, label.drawnCenter.y - c.y)
        let along = spec.dx * u.dx + spec.dy * u.dy
        let size = estimatedSize(label.text)
        let extent = abs(u.dx) * size.width / 2 + abs(u.dy) * size.height / 2
        let widening = extent - size.height / 2
        let r = g.radius
        var d: Double
        if along >= r {
            d = max(along + widening, r + reach + gap + extent)
        } else {
            d = min(along - widening, r - reach - gap - extent)
            d = max(d, 0)
        }
        return Point((c.x + u.dx * d).rounded(), (c.y + u.dy * d).rounded())
    }
}
