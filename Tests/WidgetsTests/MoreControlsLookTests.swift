import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Screenshots of the two-handle and gradient sliders, the arc seeker, the value slider and the number pad.
@Suite("Other controls look")
struct MoreControlsLookTests {
    @Test("MS-74/75/86: two handles with a wrapped range fill; gradient fill colour at three values")
    func doubleAndGradient() throws {
        let range = DoubleHandleCircularSlider(id: "range", bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        Theme.dark.apply(to: range)
        range.lineWidth = 8; range.secondHandle.type = .doubleCircle; range.secondHandle.enlargementPoints = 16
        range.angle = 300; range.secondAngle = 80
        var controls: [any TouchControl] = [range]
        for (i, v) in [10.0, 50, 90].enumerated() {
            let g = GradientCircularSlider(
                id: "g\(i)", bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                transform: .translation(Double(200 * (i + 1)), 0))
            Theme.dark.apply(to: g)
            g.lineWidth = 12; g.maximumAngle = 270; g.currentValue = v
            controls.append(g)
        }
        #expect(range.filledArc == ArcSpan(start: 300, sweep: 140))
        try Reference.check(Fixture.render(controls, width: 800, height: 200), "circular-double-gradient")
    }

    @Test("CS-9/10/12: the arc seeker's arc and thumb, at rest and pressed (thumb enlarged)")
    func seeker() throws {
        let rest = ArcSeeker(id: "rest", bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        Theme.dark.apply(to: rest)
        rest.startAngle = 120; rest.endAngle = 60; rest.currentAngle = 200
        let pressed = ArcSeeker(
            id: "pressed", bounds: Rect(x: 0, y: 0, width: 200, height: 200), transform: .translation(200, 0))
        Theme.dark.apply(to: pressed)
        pressed.startAngle = 120; pressed.endAngle = 60; pressed.currentAngle = 330
        #expect(pressed.touchBegan(at: pressed.thumbFrame.center, time: 0))
        var t = 0.0
        while pressed.advance(to: t), t < 2 { t += 1.0 / 60 }
        try Reference.check(Fixture.render([rest, pressed], width: 400, height: 200, time: t), "seeker")
    }

    /// A value slider with its pad on a 440x420 screen, as the reference integration wires them.
    static func sliderWithPad(validator: NumberValidator? = nil) -> (ValueSlider, NumberPad, SliderPadHost) {
        let origin = Point(80, 340)
        let slider = ValueSlider(id: "value", size: Size(280, 44), transform: .translation(origin.x, origin.y))
        let pad = NumberPad(
            id: "pad", anchor: Rect(x: origin.x, y: origin.y + 22, width: 280, height: 22),
            screenSize: Size(440, 420), validator: validator)
        let host = SliderPadHost(slider: slider, pad: pad, initialNumber: 50)
        _ = slider.advance(to: 1)  // the host sets the position animated (NP-14): let it land
        return (slider, pad, host)
    }

    @Test("NP-3/4/5/7: value slider at rest, and pressed with the balloon joined to the narrow thumb")
    func valueSlider() throws {
        let (slider, pad, _) = Self.sliderWithPad()
        let (pressed, pressedPad, _) = Self.sliderWithPad()
        pressed.transform = .translation(80, 200)
        #expect(pressed.touchBegan(at: pressed.thumbRect(at: 1).center, time: 1))
        #expect(pressed.balloonRect(at: 1) != nil)
        _ = pressedPad
        try Reference.check(Fixture.render([slider, pressed, pad], width: 440, height: 420, time: 1), "value-slider")
    }

    @Test("NP-21…31/39…44: number pad open: valid, prefix (blue), invalid (red, digits disabled), callout, pressed C")
    func numberPad() throws {
        let validator = NumberValidator(minimum: 20, maximum: 100, decimals: 0)
        func openPad(_ keys: [String]) -> (ValueSlider, NumberPad) {
            let (slider, pad, host) = Self.sliderWithPad(validator: validator)
            pad.open(currentNumber: host.number)
            for k in keys { pad.press(label: k) }
            slider.editOverlayText = pad.text
            return (slider, pad)
        }
        let (s1, valid) = openPad([])
        #expect(valid.validity == .valid)
        try Reference.check(Fixture.render([s1, valid], width: 440, height: 420, time: 1), "pad-valid")

        let (s2, prefix) = openPad(["C", "1"])
        #expect(prefix.validity == .prefix)
        try Reference.check(Fixture.render([s2, prefix], width: 440, height: 420, time: 1), "pad-prefix")

        let (s3, invalid) = openPad(["0"])
        #expect(invalid.validity == .invalid)
        try Reference.check(Fixture.render([s3, invalid], width: 440, height: 420, time: 1), "pad-invalid")

        let (s4, callout) = openPad([])
        let five = try #require(callout.keys.first { $0.key.label == "5" })
        #expect(callout.touchBegan(at: five.frame.center, time: 0))
        #expect(callout.callout != nil)
        try Reference.check(Fixture.render([s4, callout], width: 440, height: 420, time: 1), "pad-callout")

        let (s5, clear) = openPad([])
        let c = try #require(clear.keys.first { $0.key.label == "C" })
        #expect(clear.touchBegan(at: c.frame.center, time: 0))
        #expect(clear.pressedKeyIndex != nil && clear.callout == nil)
        try Reference.check(Fixture.render([s5, clear], width: 440, height: 420, time: 1), "pad-pressed-clear")
    }
}
