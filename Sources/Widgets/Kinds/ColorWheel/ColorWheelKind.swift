import ConfigModel
import Controls
import Core

/// `color-wheel`: a colour picked on a hue ring and a brightness arc inside it, the colour shown in
/// the middle. Its value is one number, `0xRRGGBB` (red × 65536 + green × 256 + blue): the colour
/// itself, so the state file, the socket, hooks (`{value}`) and MQTT carry it as they carry any
/// number, a colour set from outside is kept exactly (a pale one included, which the wheel shows by
/// its hue and brightness), and a command template can split it. It is exposed as `.rgb`, which Home
/// Assistant discovery maps to a light's `rgb_color`.
struct ColorWheelKind: RegisteredKind {
    var name: String { "color-wheel" }
    var schema: Schema { ColorWheelKind.keys }
    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.whole }
    func exposure(_ table: ConfigTable) -> ValueExposure { .rgb }

    static let keys = ElementKeys.common.adding([
        Field(
            "value", .integer(0...0xFFFFFF), default: "0xFFFFFF",
            "The colour at start as 0xRRGGBB (TOML's hex integers: `value = 0xFF8000`); the value read and set from outside is the same number."
        ),
        Field("show_hex", .bool, default: "true", "Writes the colour as #RRGGBB in the middle."),
    ])

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let wheel = ColorWheelModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            rgb: UInt32(p.int("value") ?? 0xFFFFFF), showHex: p.bool("show_hex") ?? true,
            track: context.theme.track, text: context.theme.text)
        wheel.isHidden = c.hidden
        return Element(
            config: c, model: wheel, read: { .single(Double(wheel.rgb)) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value, v == v.rounded(), v >= 0, v <= 0xFFFFFF else {
                    throw Element.ValueError("expected a colour 0xRRGGBB: a whole number from 0 to 16777215")
                }
                wheel.set(rgb: UInt32(v), fromUser: false)
            },
            describe: { _ in
                .of(
                    wheel,
                    points: [("center", wheel.center), ("hue", wheel.hueKnob), ("brightness", wheel.brightnessKnob)])
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? ColorWheelModel).map(ColorWheelWidget.init)
    }
}

/// A colour as hue (degrees, red at 0) and brightness (0…1) at full saturation, and back.
enum HueColor {
    /// The fully saturated colour of `hue` degrees at `brightness`, channels rounded.
    static func rgb(hue: Double, brightness v: Double) -> UInt32 {
        let h = Angle.wrap(hue, period: 360) / 60
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (1, x, 0)
        case 1: (r, g, b) = (x, 1, 0)
        case 2: (r, g, b) = (0, 1, x)
        case 3: (r, g, b) = (0, x, 1)
        case 4: (r, g, b) = (x, 0, 1)
        default: (r, g, b) = (1, 0, x)
        }
        let channel = { (c: Double) in UInt32((c * max(0, min(1, v)) * 255).rounded()) }
        return channel(r) << 16 | channel(g) << 8 | channel(b)
    }

    /// The hue of `rgb` (nil for a grey, which has none) and its brightness (the largest channel).
    static func split(_ rgb: UInt32) -> (hue: Double?, brightness: Double) {
        let r = Double(rgb >> 16 & 0xFF) / 255, g = Double(rgb >> 8 & 0xFF) / 255, b = Double(rgb & 0xFF) / 255
        let high = max(r, g, b), low = min(r, g, b), d = high - low
        guard d > 0 else { return (nil, high) }
        let h: Double
        if high == r {
            h = 60 * ((g - b) / d)
        } else if high == g {
            h = 60 * ((b - r) / d + 2)
        } else {
            h = 60 * ((r - g) / d + 4)
        }
        return (Angle.wrap(h, period: 360), high)
    }

    static func color(_ rgb: UInt32) -> Color { Color(rgb: rgb) }
}
