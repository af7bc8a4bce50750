import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// The `color-wheel` kind: its value 0xRRGGBB against the pixels it draws and the touches that set
/// it, its exposure, and a reference image.
@Suite("Colour wheel element")
struct ColorWheelTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0)

    func make(_ id: String, _ frame: Rect, _ values: [String: ConfigValue] = [:]) throws -> (Element, ColorWheelModel) {
        let kind = try #require(ElementKinds.named("color-wheel"))
        let e = kind.make(
            ControlConfig(kind: "color-wheel", id: id, frame: frame, properties: ConfigTable(values: values)),
            in: context)
        return (e, try #require(e.model as? ColorWheelModel))
    }

    /// A tap at local point `p`.
    func tap(_ m: ColorWheelModel, _ p: Point) {
        #expect(m.claims(p))
        #expect(m.touchBegan(at: p, time: 0))
        m.touchEnded(at: p, time: 0.05)
    }

    @Test("hue and brightness to 0xRRGGBB and back: primaries, halves, greys")
    func conversions() {
        #expect(HueColor.rgb(hue: 0, brightness: 1) == 0xFF0000)
        #expect(HueColor.rgb(hue: 120, brightness: 1) == 0x00FF00)
        #expect(HueColor.rgb(hue: 240, brightness: 0.5) == 0x000080)
        #expect(HueColor.rgb(hue: 30, brightness: 1) == 0xFF8000)
        #expect(HueColor.rgb(hue: 300, brightness: 0) == 0x000000)
        #expect(HueColor.split(0xFF8000).hue == 30.117647058823529)
        #expect(HueColor.split(0x00FF00) == (120, 1))
        #expect(HueColor.split(0x808080).hue == nil)
    }

    @Test(
        "the value set is the colour in the middle, and the hue knob sits at its hue on the ring",
        arguments: [
            (UInt32(0x00FF00), 30.0), (0x0000FF, 150.0), (0xFF0000, -90.0), (0xFFFF00, -30.0),
        ])
    func valueToPixels(rgb: UInt32, knobAngle: Double) throws {
        let (e, m) = try make("lamp", Rect(x: 0, y: 0, width: 240, height: 240), ["show_hex": .bool(false)])
        try e.setValue(.single(Double(rgb)), time: 0)
        let bitmap = Fixture.render([e.model], width: 240, height: 240)
        #expect(bitmap.color(x: 120, y: 120) == Color(rgb: rgb))
        let knob = Angle.degrees(knobAngle).point(center: m.center, radius: m.ringRadius)
        #expect(m.hueKnob.distance(to: knob) < 1e-9)
        #expect(bitmap.color(x: Int(knob.x), y: Int(knob.y)) == Color(rgb: rgb))
    }

    @Test(
        "a tap on the ring picks its hue at the brightness held; a tap on the arc picks the brightness; the middle takes no touch"
    )
    func touchToValue() throws {
        let (e, m) = try make("lamp", Rect(x: 0, y: 0, width: 240, height: 240), ["value": .int(0xFF0000)])
        _ = e.drainEvents(time: 0)
        tap(m, Angle.degrees(30).point(center: m.center, radius: m.ringRadius))
        #expect(e.value == .single(Double(0x00FF00)))
        #expect(
            e.drainEvents(time: 1) == [
                .startedTracking(value: Double(0xFF0000)), .valueChanged(value: Double(0x00FF00), fromUser: true),
                .endedTracking(value: Double(0x00FF00)),
            ])
        tap(m, Angle.degrees(270).point(center: m.center, radius: m.arcRadius))  // the top: half way along the arc
        #expect(e.value == .single(Double(0x008000)))
        tap(m, Angle.degrees(135).point(center: m.center, radius: m.arcRadius))  // the arc's start
        #expect(e.value == .single(0))
        tap(m, Angle.degrees(100).point(center: m.center, radius: m.arcRadius))  // in the gap, nearer the start
        #expect(e.value == .single(0))
        #expect(!m.claims(m.center))
    }

    @Test("a colour off the wheel set from outside is kept exactly; values that are no colour are refused")
    func keepsExactValue() throws {
        let (e, m) = try make("lamp", Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(e.value == .single(Double(0xFFFFFF)))
        try e.setValue(.single(Double(0xC08040)), time: 0)
        #expect(e.value == .single(Double(0xC08040)))
        #expect(abs(m.brightness - Double(0xC0) / 255) < 1e-12)
        for bad in [-1.0, 0x1000000, 12.5] {
            #expect(throws: Element.ValueError.self) { try e.setValue(.single(bad), time: 0) }
        }
        #expect(ElementKinds.named("color-wheel")?.exposure(ConfigTable(values: [:])) == .rgb)
    }

    @Test("wheels at several sizes and colours, with and without the hex (reference image)")
    func look() throws {
        let wheels = try [
            make("a", Rect(x: 10, y: 10, width: 220, height: 220), ["value": .int(0xFF8000)]),
            make("b", Rect(x: 240, y: 10, width: 160, height: 220), ["value": .int(0x2060C0)]),
            make(
                "c", Rect(x: 410, y: 40, width: 120, height: 120), ["value": .int(0x808080), "show_hex": .bool(false)]),
        ]
        try Reference.check(
            Fixture.render(wheels.map(\.0.model), width: 540, height: 240), "color-wheels", tolerance: 0)
    }
}
