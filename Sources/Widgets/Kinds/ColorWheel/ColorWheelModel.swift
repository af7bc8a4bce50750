import Controls
import Core

/// A colour wheel's state and touch: a finger that lands on the hue ring turns the hue, one that
/// lands on the brightness arc sets the brightness, and it keeps that part until it lifts. Its
/// value is `rgb`; hue and brightness are how the wheel shows it (a grey keeps the last hue).
final class ColorWheelModel: TouchControl, EventSource {
    let id: String
    let bounds: Rect
    let transform: Transform
    var isHidden = false
    let outbox = EventOutbox()
    let showHex: Bool
    let track: Color, text: Color

    /// The value: 0xRRGGBB.
    private(set) var rgb: UInt32
    /// Degrees from red at 12 o'clock, clockwise.
    private(set) var hue: Double = 0
    /// 0 (black) … 1.
    private(set) var brightness: Double = 1

    /// The part a finger holds.
    enum Part: Equatable { case hue, brightness }
    private(set) var held: Part?

    /// The brightness arc's start (brightness 0) and sweep, clockwise: open at the bottom.
    static let arcStart = 135.0, arcSweep = 270.0

    init(id: String, bounds: Rect, transform: Transform, rgb: UInt32, showHex: Bool, track: Color, text: Color) {
        self.id = id; self.bounds = bounds; self.transform = transform; self.rgb = rgb & 0xFFFFFF
        self.showHex = showHex; self.track = track; self.text = text
        show(self.rgb)
    }

    // MARK: Geometry (local points)

    var center: Point { bounds.center }
    /// The outer radius of the hue ring.
    var radius: Double { max(1, min(bounds.width, bounds.height) / 2 - 2) }
    var ringWidth: Double { radius * 0.2 }
    var ringRadius: Double { radius - ringWidth / 2 }
    var arcWidth: Double { radius * 0.12 }
    var arcRadius: Double { radius - ringWidth - radius * 0.08 - arcWidth / 2 }
    /// The disc in the middle showing the colour.
    var swatchRadius: Double { max(1, arcRadius - arcWidth / 2 - radius * 0.08) }

    var hueKnob: Point { Angle.degrees(hue - 90).point(center: center, radius: ringRadius) }
    var brightnessKnob: Point {
        Angle.degrees(ColorWheelModel.arcStart + ColorWheelModel.arcSweep * brightness).point(
            center: center, radius: arcRadius)
    }

    /// The part under local point `p`, if any: each band is widened by half its gap so a finger
    /// slightly off still hits it.
    func part(at p: Point) -> Part? {
        let d = p.distance(to: center)
        let slack = radius * 0.04
        if abs(d - ringRadius) <= ringWidth / 2 + slack + 2 { return .hue }
        if abs(d - arcRadius) <= arcWidth / 2 + slack { return .brightness }
        return nil
    }

    // MARK: Value

    /// Sets the colour; a change raises `valueChanged`.
    func set(rgb value: UInt32, fromUser: Bool) {
        let value = value & 0xFFFFFF
        show(value)
        guard value != rgb else { return }
        rgb = value
        outbox.send(.valueChanged(value: Double(value), fromUser: fromUser))
    }

    private func show(_ value: UInt32) {
        let (h, v) = HueColor.split(value)
        if let h { hue = h }
        brightness = v
    }

    /// The colour a finger at `p` picks with the part it holds.
    private func pick(_ p: Point, part: Part) {
        let angle = (p - center).angle.normalizedDegrees
        switch part {
        case .hue:
            hue = Angle.wrap(angle + 90, period: 360)
        case .brightness:
            let along = Angle.wrap(angle - ColorWheelModel.arcStart, period: 360)
            // In the gap at the bottom: the nearer end.
            brightness =
                along <= ColorWheelModel.arcSweep
                ? along / ColorWheelModel.arcSweep
                : (along < (ColorWheelModel.arcSweep + 360) / 2 ? 1 : 0)
        }
        let value = HueColor.rgb(hue: hue, brightness: brightness)
        guard value != rgb else { return }
        rgb = value
        outbox.send(.valueChanged(value: Double(value), fromUser: true))
    }

    // MARK: Touch

    func claims(_ p: Point) -> Bool { !isHidden && part(at: p) != nil }

    func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        guard let part = part(at: p) else { return false }
        held = part
        outbox.send(.startedTracking(value: Double(rgb)))
        pick(p, part: part)
        return true
    }

    func touchMoved(to p: Point, time: MonotonicTime) { if let held { pick(p, part: held) } }

    func touchEnded(at p: Point, time: MonotonicTime) {
        guard let part = held else { return }
        pick(p, part: part)
        held = nil
        outbox.send(.endedTracking(value: Double(rgb)))
    }

    func touchCancelled(time: MonotonicTime) {
        guard held != nil else { return }
        held = nil
        outbox.send(.endedTracking(value: Double(rgb)))
    }

    func advance(to time: MonotonicTime) -> Bool { false }
}
