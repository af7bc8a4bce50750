import Testing
import Core
@testable import Controls

@Suite("NP number pad")
struct NumberPadTests {
    /// The demo: screen 320×568, anchor strip (80,497,160,22) → pad at (75,276).
    func pad(_ validator: NumberValidator? = nil, decimal: String = ".") -> NumberPad {
        let p = NumberPad(
            id: "pad", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568),
            keyStrings: NumberPadKeyStrings(decimal: decimal), validator: validator)
        p.open(currentNumber: 50)
        _ = p.drainEvents()
        return p
    }

    func frame(_ p: NumberPad, _ label: String) -> Rect { p.keys.first { $0.key.label == label }!.frame }

    /// Taps the key labelled `label` (down and up at its centre).
    func tapKey(_ p: NumberPad, _ label: String, at t: Double = 1) {
        let c = frame(p, label).center
        _ = p.touchBegan(at: c, time: t)
        p.touchEnded(at: c, time: t + 0.05)
    }

    @Test("NP-21 NP-22 key frames in pad coordinates")
    func keyFrames() {
        let frames = NumberPadLayout.frames(NumberPadLayout.defaultKeys(NumberPadKeyStrings()))
        func f(_ l: String) -> Rect { frames.first { $0.key.label == l }!.frame }
        #expect(f("7") == Rect(x: 10, y: 10, width: 44, height: 44))
        #expect(f("8") == Rect(x: 59, y: 10, width: 44, height: 44))
        #expect(f("9") == Rect(x: 108, y: 10, width: 44, height: 44))
        #expect(f("C") == Rect(x: 157, y: 10, width: 44, height: 44))
        #expect(f("5") == Rect(x: 59, y: 59, width: 44, height: 44))
        #expect(f("\u{232B}") == Rect(x: 157, y: 59, width: 44, height: 44))
        #expect(f("1") == Rect(x: 10, y: 108, width: 44, height: 44))
        #expect(f("\u{2713}") == Rect(x: 157, y: 108, width: 44, height: 93))
        #expect(f("0") == Rect(x: 10, y: 157, width: 93, height: 44))
        #expect(f(".") == Rect(x: 108, y: 157, width: 44, height: 44))
        // The pad is square with the keys centred: the same margin on every side.
        let side = NumberPadLayout.viewSide
        #expect(side - f("C").maxX == f("7").minX && side - f("0").maxY == f("7").minY && f("7").minX == f("7").minY)
    }

    @Test("NP-23 key defaults: colours, sizes and zoom behaviour; NP-20 key strings")
    func keyDefaults() {
        let s = NumberPadKeyStrings()
        #expect(s.ok == "✓" && s.clear == "C" && s.delete == "⌫")
        let keys = NumberPadLayout.defaultKeys(s).flatMap { $0 }
        let ok = keys.first { $0.role == .ok }!, clear = keys.first { $0.role == .clear }!
        let del = keys.first { $0.role == .delete }!, zero = keys.first { $0.label == "0" }!
        #expect(ok.backgroundColor == NumberKey.green && ok.height == 2 && !ok.zoomOnPress)
        #expect(clear.backgroundColor == NumberKey.navy && !clear.zoomOnPress)
        #expect(del.backgroundColor == NumberKey.maroon && !del.zoomOnPress)
        #expect(zero.width == 2 && zero.zoomOnPress && zero.backgroundColor == NumberKey.darkGrey)
        #expect(keys.first { $0.role == .decimal }!.zoomOnPress)
    }

    @Test("NP-22 a custom key table is laid out with wide keys skipping columns [PORT NP-23]")
    func customTable() {
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        p.keyTable = [[NumberKey(label: "1", role: .digit, width: 3), NumberKey(label: "2", role: .digit)]]
        p.open(currentNumber: 1)
        #expect(p.keys.count == 2)
        #expect(p.keys[1].frame.minX - p.padFrame.minX == 10 + 49 * 3)
    }

    @Test(
        "NP-26 callout: key 5 → callout (46.75,10,68.5,44), outline box (46.75,10,68.5,93), abort box (36.75,0,88.5,113)"
    )
    func calloutGeometry() {
        let k = Rect(x: 59, y: 59, width: 44, height: 44)
        #expect(NumberPadLayout.calloutFrame(forKey: k) == Rect(x: 46.75, y: 10, width: 68.5, height: 44))
        #expect(NumberPadLayout.calloutFrame(forKey: k).union(k) == Rect(x: 46.75, y: 10, width: 68.5, height: 93))
        #expect(NumberPadLayout.abortBox(forKey: k) == Rect(x: 36.75, y: 0, width: 88.5, height: 113))
    }

    @Test("NP-26 zoom keys: callout on press, input on release, abort when the finger leaves the box")
    func zoomKeys() {
        let p = pad()
        let five = frame(p, "5")
        _ = p.touchBegan(at: five.center, time: 1)
        #expect(p.callout?.frame == NumberPadLayout.calloutFrame(forKey: five))
        #expect(p.text == "50")  // nothing typed on press
        p.touchEnded(at: five.center, time: 1.1)
        #expect(p.callout == nil)
        #expect(p.text == "505")
        _ = p.touchBegan(at: five.center, time: 2)
        p.touchMoved(to: Point(five.midX, five.maxY + 11), time: 2.1)  // out of the abort box
        #expect(p.callout == nil)
        p.touchMoved(to: five.center, time: 2.2)  // back in: still aborted
        p.touchEnded(at: five.center, time: 2.3)
        #expect(p.text == "505")
        _ = p.touchBegan(at: five.center, time: 3)
        p.touchMoved(to: Point(five.midX, five.maxY + 9), time: 3.1)  // inside the tolerance
        p.touchEnded(at: Point(five.midX, five.maxY + 9), time: 3.2)
        #expect(p.text == "5055")
    }

    @Test("NP-26 a cancelled key press makes no input and leaves no callout [PORT]")
    func cancelAborts() {
        let p = pad()
        _ = p.touchBegan(at: frame(p, "5").center, time: 1)
        p.touchCancelled(time: 1.1)
        #expect(p.callout == nil)
        #expect(p.text == "50")
    }

    @Test("NP-25 function keys act on touch-up inside with a 70 pt tolerance")
    func functionKeys() {
        let p = pad()
        let del = frame(p, "\u{232B}")
        _ = p.touchBegan(at: del.center, time: 1)
        #expect(p.pressedKeyIndex != nil)
        p.touchMoved(to: Point(del.maxX + 60, del.midY), time: 1.1)
        p.touchEnded(at: Point(del.maxX + 60, del.midY), time: 1.2)
        #expect(p.text == "5")
        _ = p.touchBegan(at: del.center, time: 2)
        p.touchMoved(to: Point(del.maxX + 80, del.midY), time: 2.1)
        #expect(p.pressedKeyIndex == nil)
        p.touchEnded(at: Point(del.maxX + 80, del.midY), time: 2.2)
        #expect(p.text == "5")
    }

    @Test("NP-28 parsing: sign, digits, one locale separator, a trailing separator, no grouping")
    func parsing() {
        let dot = NumberText(separator: "."), comma = NumberText(separator: ",")
        #expect(dot.parse("50.") == 50)
        #expect(dot.parse("") == nil)
        #expect(dot.parse(".") == nil)
        #expect(dot.parse("-") == nil)
        #expect(dot.parse("\u{2212}5") == -5)
        #expect(dot.parse(".5") == 0.5)
        #expect(dot.parse("1.2.3") == nil)
        #expect(dot.parse("1,000") == nil)
        #expect(comma.parse("1,5") == 1.5)
        #expect(comma.parse("1.5") == nil)
    }

    @Test("NP-32 NP-36 formatting with the locale separator and no grouping")
    func formatting() {
        #expect(NumberText(separator: ".").format(50) == "50")
        #expect(NumberText(separator: ".").format(50.5) == "50.5")
        #expect(NumberText(separator: ",").format(50.5) == "50,5")
        #expect(NumberText(separator: ".").format(-3) == "-3")
        #expect(NumberText(separator: ".").format(123456789) == "123456789")
        let p = pad(decimal: ",")
        #expect(p.keys.contains { $0.key.label == "," && $0.key.role == .decimal })
    }

    @Test("NP-29 validity against min 1, max 100, 2 decimals")
    func validity() {
        let v = NumberValidator(minimum: 1, maximum: 100, decimals: 2)
        #expect(v.validity(of: "5") == .valid)
        #expect(v.validity(of: "100.") == .valid)
        #expect(v.validity(of: "99.99") == .valid)
        #expect(v.validity(of: "0") == .prefix)  // "05" could follow
        #expect(v.validity(of: "0.") == .invalid)  // 0.xx never reaches 1
        #expect(v.validity(of: "1000") == .invalid)
        #expect(v.validity(of: "100.5") == .invalid)
        #expect(v.validity(of: "5.123") == .invalid)
        #expect(v.validity(of: "-") == .invalid)
        #expect(v.validity(of: "") == .unparsed)
        #expect(v.validity(of: "abc") == .invalid)
        let neg = NumberValidator(minimum: -10, maximum: 10, decimals: 0)
        #expect(neg.validity(of: "-") == .prefix)
        #expect(neg.validity(of: "-5") == .valid)
        #expect(neg.validity(of: "-11") == .invalid)
        #expect(neg.validity(of: "5.") == .invalid)  // no decimals allowed
        let big = NumberValidator(minimum: 500, maximum: 600, decimals: 1)
        #expect(big.validity(of: "5") == .prefix)
        #expect(big.validity(of: "55") == .prefix)
        #expect(big.validity(of: "7") == .invalid)
        #expect(big.validity(of: "550.5") == .valid)
    }

    @Test(
        "NP-27 NP-29 NP-31 pipeline: invalid text stays in red, digit keys disable, ⌫ recovers; prefix is blue and silent"
    )
    func pipeline() {
        let p = pad(NumberValidator(minimum: 1, maximum: 100, decimals: 2))
        tapKey(p, "5")  // "505": invalid
        #expect(p.text == "505")
        #expect(p.validity == .invalid)
        #expect(p.editLabelColor == Color(r: 255, g: 0, b: 0))
        #expect(p.drainEvents().isEmpty)
        tapKey(p, "7")  // disabled: ignored
        #expect(p.text == "505")
        #expect(p.callout == nil)
        tapKey(p, "\u{232B}")  // always enabled
        #expect(p.text == "50")
        #expect(p.validity == .valid)
        #expect(p.drainEvents() == [.valueChanged(value: 50, fromUser: true)])
        tapKey(p, "C")
        #expect(p.text == "")
        #expect(p.validity == .unparsed)
        #expect(p.editLabelColor == .black)
        tapKey(p, "0")
        #expect(p.validity == .prefix)
        #expect(p.editLabelColor == Color(r: 0, g: 0, b: 255))
        #expect(p.drainEvents().isEmpty)
    }

    @Test("NP-30 NP-33 closing resets the state to valid and clears the label; NP-32 reopening reloads it")
    func resetOnClose() {
        let p = pad(NumberValidator(minimum: 1, maximum: 100, decimals: 2))
        tapKey(p, "5")
        #expect(p.validity == .invalid)
        p.close(committed: false)
        #expect(p.validity == .valid)
        #expect(p.text == "")
        #expect(p.drainEvents() == [.padDismissed(committed: false)])
        p.open(currentNumber: 42.5)
        #expect(p.text == "42.5")
        #expect(p.drainEvents() == [.padShown])
    }

    @Test("NP-32 an opening keeps a label the host already filled")
    func keepLabel() {
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        p.updateNumberText(7)
        p.open(currentNumber: 50)
        #expect(p.text == "7")
    }

    @Test("NP-35 updateNumberTextField overwrites without validating")
    func updateText() {
        let p = pad(NumberValidator(minimum: 1, maximum: 100, decimals: 2))
        p.updateNumberText(9999)
        #expect(p.text == "9999")
        #expect(p.validity == .valid)
        #expect(p.drainEvents().isEmpty)
    }

    @Test("NP-34 outside touches: outside the anchor closes, inside it is swallowed, the pad margin too")
    func outside() {
        let p = pad()
        #expect(p.claims(Point(5, 5)))
        #expect(p.touchBegan(at: Point(100, 505), time: 1))  // the anchor strip
        p.touchEnded(at: Point(100, 505), time: 1.1)
        #expect(p.isOpen)
        #expect(p.touchBegan(at: Point(p.padFrame.minX + 3, p.padFrame.minY + 3), time: 2))  // margin
        p.touchEnded(at: Point(p.padFrame.minX + 3, p.padFrame.minY + 3), time: 2.1)
        #expect(p.isOpen)
        // The neck between the pad and the anchor is outside both.
        #expect(!p.touchBegan(at: Point(150, 489), time: 3))
        #expect(!p.isOpen)
        #expect(p.drainEvents() == [.padDismissed(committed: false)])
        #expect(!p.claims(Point(5, 5)))
        #expect(p.isHidden)
    }

    @Test("NP-19 the catcher sits beneath the controls raised above it (X-4)")
    func catcherOrder() {
        let p = pad()
        let slider = ValueSlider(id: "s", size: Size(140, 44), transform: .translation(90, 475))
        slider.setPosition(0.5, title: "50", animated: false, time: 0)
        let router = TouchRouter(controls: [p, slider])
        router.route(
            TouchFrame(time: 1, touches: [TouchPoint(slot: 0, trackingID: 1, position: Point(160, 508), phase: .began)])
        )
        #expect(router.activeControlIDs == ["s"])
        #expect(p.isOpen)
    }

    @Test("NP-46 NP-50 the reference test sequence with the host")
    func referenceSequence() {
        let slider = ValueSlider(id: "s", size: Size(140, 44))
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        let host = SliderPadHost(slider: slider, pad: p, initialNumber: 50)
        func pump(_ t: Double) { _ = host.process(slider: slider.drainEvents(), pad: p.drainEvents(), time: t) }
        p.open(currentNumber: host.number)
        pump(0)
        #expect(p.text == "50")
        #expect(slider.editOverlayText == "50")
        p.press(label: "7"); pump(1)
        #expect(p.text == "507")
        #expect(host.number == 507)
        #expect(slider.value == 1)
        #expect(slider.title == "507")
        p.press(label: "C"); pump(2)
        #expect(p.text == "")
        #expect(host.number == 507)
        p.press(label: "."); pump(3)
        #expect(p.text == "0.")
        #expect(host.number == 0)
        p.press(label: "5"); pump(4)
        #expect(p.text == "0.5")
        #expect(host.number == 0.5)
        p.press(label: "\u{232B}"); pump(5)
        #expect(p.text == "0.")
        #expect(host.number == 0)
        #expect(slider.value == 0)
        // NP-50: the thumb moved with a 0.2 s animation.
        #expect(slider.advance(to: 5.1))
        p.press(label: "\u{2713}"); pump(6)
        #expect(!p.isOpen)
        #expect(slider.editOverlayText == nil)
    }

    @Test("NP-46 editing rules: a second separator is rejected, ⌫ on empty stays empty")
    func editingRules() {
        let e = ReferenceNumberEditor()
        #expect(e.edit(.decimal, label: ".", oldText: "1.5") == "1.5")
        #expect(e.edit(.decimal, label: ".", oldText: "") == "0.")
        #expect(e.edit(.decimal, label: ".", oldText: "12") == "12.")
        #expect(e.edit(.delete, label: "⌫", oldText: "") == "")
        #expect(e.edit(.ok, label: "✓", oldText: "3") == nil)
        #expect(e.edit(.other, label: "?", oldText: "3") == "")
    }

    @Test("NP-47 the reference host's validity is always valid")
    func referenceValidity() {
        let v = NumberValidator.unbounded()
        #expect(v.validity(of: "123456") == .valid)
        #expect(v.validity(of: "0.") == .valid)
    }

    @Test("NP-48 mapping between slider and number")
    func mapping() {
        #expect(SliderPadHost.number(forSlider: 0.5) == 50)
        #expect(SliderPadHost.number(forSlider: 1) == 100)
        #expect(SliderPadHost.number(forSlider: 0) == 1)
        #expect(SliderPadHost.sliderPosition(for: 50) == 0.49)
        #expect(SliderPadHost.sliderPosition(for: 0.5) == 0)
        #expect(SliderPadHost.sliderPosition(for: 100) == 1)
        #expect(SliderPadHost.sliderPosition(for: 507) == 1)
    }

    @Test("NP-49 the pad opens on a thumb tap and on a flick, and closes on a second tap, a drag, or ✓")
    func lifecycle() {
        let slider = ValueSlider(id: "s", size: Size(140, 44))
        let p = NumberPad(id: "p", anchor: Rect(x: 0, y: 22, width: 140, height: 22), screenSize: Size(320, 568))
        let host = SliderPadHost(slider: slider, pad: p, initialNumber: 50)
        func pump(_ t: Double) { _ = host.process(slider: slider.drainEvents(), pad: p.drainEvents(), time: t) }
        let cx = slider.thumbCenterX(at: 0)
        _ = slider.touchBegan(at: Point(cx, 33), time: 1); slider.touchEnded(at: Point(cx, 33), time: 1.05); pump(1.1)
        #expect(p.isOpen)
        _ = slider.touchBegan(at: Point(cx, 33), time: 2); slider.touchEnded(at: Point(cx, 33), time: 2.05); pump(2.1)
        #expect(!p.isOpen)
        // A flick into the balloon opens it.
        _ = slider.touchBegan(at: Point(cx, 40), time: 3)
        slider.touchMoved(to: Point(cx, 0), time: 3.02)
        pump(3.03)
        #expect(p.isOpen)
        slider.touchEnded(at: Point(cx, 0), time: 3.05); pump(3.06)
        // The first drag sample closes it, and the drag goes on moving the value.
        _ = slider.touchBegan(at: Point(cx, 33), time: 4)
        slider.touchMoved(to: Point(cx + 20, 33), time: 4.02)
        pump(4.03)
        #expect(!p.isOpen)
        slider.touchMoved(to: Point(cx + 30, 33), time: 4.04); pump(4.05)
        #expect(host.number == SliderPadHost.number(forSlider: (cx + 30) / 140))
        #expect(slider.title == NumberText().format(host.number))
        slider.touchEnded(at: Point(cx + 30, 33), time: 4.1); pump(4.2)
    }
}
