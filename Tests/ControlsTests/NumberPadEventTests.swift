import Testing
import Core
@testable import Controls

@Suite("NP events, defaults and host hooks")
struct NumberPadEventTests {
    @Test("NP-1 NP-2 the slider's value stays in [0, 1]; only setPosition, removePopup and the edit overlay are API")
    func sliderApi() {
        let s = ValueSlider(id: "s", size: Size(200, 50))
        s.setPosition(-4, title: nil, animated: false, time: 0)
        #expect(s.value == 0)
        s.setPosition(0.25, title: "a", animated: false, time: 0)
        #expect(s.value == 0.25)
        #expect(s.trackRect.minY >= 25 && s.thumbRect(at: 0).minY == 25)  // both in the lower half
    }

    @Test("NP-15 the edit overlay shows inside the thumb while the host sets it")
    func editOverlay() {
        let s = ValueSlider(id: "s", size: Size(200, 50))
        #expect(s.editOverlayText == nil)
        s.editOverlayText = "12.5"
        #expect(s.editOverlayText == "12.5")
    }

    @Test("NP-38 callbacks as events: padShown first, valueChanged per valid key, padDismissed on every close")
    func callbacks() {
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        p.open(currentNumber: 3)
        p.press(label: "4")
        p.press(label: "\u{2713}")
        #expect(
            p.drainEvents() == [.padShown, .valueChanged(value: 34, fromUser: true), .padDismissed(committed: true)])
        p.open(currentNumber: 3)
        p.toggle(currentNumber: 3)
        #expect(p.drainEvents() == [.padShown, .padDismissed(committed: false)])
    }

    @Test("NP-37 the editing rules are the host's: a pad with other rules edits differently")
    func hostRules() {
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        p.editor = { key, old in key.role == .digit ? key.label : old }  // replace instead of append
        p.open(currentNumber: 50)
        p.press(label: "7")
        #expect(p.text == "7")
    }

    @Test("NP-24 key state for drawing: the pressed key and disabled digits while invalid")
    func keyState() {
        let p = NumberPad(
            id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568),
            validator: NumberValidator(minimum: 0, maximum: 9, decimals: 0))
        p.open(currentNumber: 5)
        let digit = p.keys.first { $0.key.label == "1" }!
        let clear = p.keys.first { $0.key.role == .clear }!
        #expect(p.isEnabled(digit.key))
        p.press(label: "1")  // "51": invalid
        #expect(!p.isEnabled(digit.key))
        #expect(p.isEnabled(clear.key))
        _ = p.touchBegan(at: clear.frame.center, time: 1)
        #expect(p.pressedKeyIndex == p.keys.firstIndex { $0.key.role == .clear })
    }

    @Test("NP-39 popup defaults: radius 0, no padding, automatic placement")
    func popupDefaults() {
        let l = PopupLayout(
            base: Rect(x: 80, y: 497, width: 160, height: 22), popupSize: Size(211, 211), screen: Size(320, 568))
        #expect(l.cornerRadius == 0)
        #expect(l.base == Rect(x: 80, y: 497, width: 160, height: 22))
        #expect(l.popup == l.popupContentFrame)
        #expect(l.popupContentFrame == Rect(x: 75, y: 276, width: 211, height: 211))
    }

    @Test("NP-26 NP-34 replaying the same key presses through the router gives identical events")
    func replay() {
        func run() -> ([ControlEvent], String) {
            let p = NumberPad(
                id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568),
                validator: NumberValidator(minimum: 1, maximum: 100, decimals: 1))
            p.open(currentNumber: 5)
            let router = TouchRouter(controls: [p])
            var t = 0.0, id = 0
            for label in ["C", "4", "2", ".", "5", "\u{232B}", "9", "7", "\u{2713}"] {
                guard let key = p.keys.first(where: { $0.key.label == label }) else { continue }
                id += 1; t += 0.2
                router.route(
                    TouchFrame(
                        time: t,
                        touches: [TouchPoint(slot: 0, trackingID: id, position: key.frame.center, phase: .began)]))
                router.route(
                    TouchFrame(
                        time: t + 0.05,
                        touches: [TouchPoint(slot: 0, trackingID: id, position: key.frame.center, phase: .ended)]))
            }
            return (p.drainEvents(), p.text)
        }
        let a = run(), b = run()
        #expect(a.0 == b.0)
        #expect(a.0.first == .padShown)
        #expect(a.0.last == .padDismissed(committed: true))
        #expect(a.0.contains(.valueChanged(value: 42.9, fromUser: true)))
    }
}
