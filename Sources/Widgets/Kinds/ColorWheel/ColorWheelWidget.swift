import Controls
import Core
import Raster

/// Draws a colour wheel: the hue ring (a conic gradient through the six primaries, red at the top),
/// the brightness arc from black to the current hue, a knob on each, and the colour itself in the
/// middle, written as #RRGGBB when asked.
final class ColorWheelWidget: SnapshotLook {
    let model: ColorWheelModel
    var control: any TouchControl { model }
    var damage = SnapshotDamage<Snapshot>()

    init(_ model: ColorWheelModel) { self.model = model }

    struct Snapshot: LookSnapshot {
        var transform: Transform, bounds: Rect, hidden: Bool
        var rgb: UInt32, hue: Double, brightness: Double, held: ColorWheelModel.Part?
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: model.transform, bounds: model.bounds, hidden: model.isHidden, rgb: model.rgb, hue: model.hue,
            brightness: model.brightness, held: model.held)
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(s.bounds, s.transform) }

    /// The six primaries around the ring, red again at the end: the canvas interpolates each channel
    /// linearly between stops, which between two neighbouring primaries is exactly the hue between them.
    static let hueStops: [GradientStop] = [0xFF0000, 0xFFFF00, 0x00FF00, 0x00FFFF, 0x0000FF, 0xFF00FF, 0xFF0000]
        .enumerated().map { GradientStop(Double($0.offset) / 6, Color(rgb: $0.element)) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        let m = model
        let c = m.center, centre = painter.device(c)
        let ring = ConicGradient(center: centre, start: .degrees(-90) + painter.rotation, stops: Self.hueStops)
        painter.canvas.strokeCircle(
            center: centre, radius: m.ringRadius * painter.scale, width: m.ringWidth * painter.scale,
            paint: .conic(ring))
        let pure = Color(rgb: HueColor.rgb(hue: s.hue, brightness: 1))
        let sweep = ColorWheelModel.arcSweep / 360
        let arc = ConicGradient(
            center: centre, start: .degrees(ColorWheelModel.arcStart) + painter.rotation,
            stops: [GradientStop(0, Color(rgb: 0)), GradientStop(sweep, pure), GradientStop(1, Color(rgb: 0))])
        painter.strokeArc(
            center: c, radius: m.arcRadius, start: .degrees(ColorWheelModel.arcStart),
            sweep: .degrees(ColorWheelModel.arcSweep), width: m.arcWidth, cap: .round, paint: .conic(arc))
        let colour = Color(rgb: s.rgb)
        painter.fillCircle(center: c, radius: m.swatchRadius, color: colour)
        painter.strokeCircle(center: c, radius: m.swatchRadius, width: 1.5, color: m.track)
        knob(painter, at: m.hueKnob, radius: m.ringWidth * 0.55, fill: pure, held: s.held == .hue)
        knob(
            painter, at: m.brightnessKnob, radius: m.arcWidth * 0.8,
            fill: Color(rgb: HueColor.rgb(hue: s.hue, brightness: s.brightness)), held: s.held == .brightness)
        if m.showHex {
            let digits = String(s.rgb, radix: 16, uppercase: true)
            let hex = "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            let size = max(8, min(28, m.swatchRadius * 0.32))
            // Dark text on a light colour, light text on a dark one.
            let light = 0.299 * Double(colour.r) + 0.587 * Double(colour.g) + 0.114 * Double(colour.b) > 150
            painter.drawText(hex, size: size, bold: true, centeredAt: c, color: light ? Color(rgb: 0x202020) : .white)
        }
    }

    /// A knob filled with the colour it stands for, ringed white, larger while a finger holds it.
    private func knob(_ painter: LocalPainter, at p: Point, radius: Double, fill: Color, held: Bool) {
        let r = held ? radius * 1.25 : radius
        painter.fillCircle(center: p, radius: r, color: .white)
        painter.fillCircle(center: p, radius: r - max(2, r * 0.22), color: fill)
    }
}
