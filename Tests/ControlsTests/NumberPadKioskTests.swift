import Testing
import Core
@testable import Controls

/// The kiosk's number pad (issue 36): typing replaces the value shown, ✓ on an entry the control cannot
/// take keeps the pad open and says why, and the keys are as big as a finger needs.
@Suite("Number pad in the kiosk")
struct NumberPadKioskTests {
    /// A kiosk pad over 0…100 (whole numbers), anchored low on an 800×480 screen, opened on `shown`.
    func pad(shown: Double = 93, decimals: Int = 0) -> NumberPad {
        let p = NumberPad(
            id: "pad", anchor: Rect(x: 300, y: 400, width: 200, height: 40), screenSize: Size(800, 480),
            validator: NumberValidator(minimum: 0, maximum: 100, decimals: decimals))
        p.typingReplacesShownValue = true
        p.refusesInvalidEntry = true
        p.metrics = NumberPadMetrics(keyCell: 47, messageHeight: 30)
        p.open(currentNumber: shown)
        _ = p.drainEvents()
        return p
    }

    @Test("The first digit replaces the value shown (93, then 4 → 4); the next ones append")
    func typingReplaces() {
        let p = pad()
        #expect(p.text == "93")
        p.press(label: "4")
        #expect(p.text == "4")
        p.press(label: "2")
        #expect(p.text == "42")
        #expect(p.drainEvents().last == .valueChanged(value: 42, fromUser: true))
    }

    @Test("The separator first gives 0. in place of the value; ⌫ first edits the value shown")
    func separatorAndDelete() {
        let p = pad(decimals: 1)
        p.press(label: ".")
        #expect(p.text == "0.")
        let q = pad()
        q.press(label: "\u{232B}")
        #expect(q.text == "9")
        q.press(label: "1")
        #expect(q.text == "91", "after ⌫ the text is the user's: digits append")
    }

    @Test("Reopening shows the value again and the first digit replaces it again")
    func reopen() {
        let p = pad()
        p.press(label: "5")
        p.close(committed: false)
        p.open(currentNumber: 5)
        p.press(label: "7")
        #expect(p.text == "7")
    }

    @Test("The reference pad still appends (NP-46): 93, then 4 → 934")
    func referenceAppends() {
        let p = NumberPad(id: "pad", anchor: Rect(x: 300, y: 400, width: 200, height: 40), screenSize: Size(800, 480))
        p.open(currentNumber: 93)
        p.press(label: "4")
        #expect(p.text == "934")
    }

    @Test("✓ on a number out of range keeps the pad open and says the range; the next key clears the message")
    func refusedOutOfRange() {
        let p = pad()
        for k in ["1", "0", "0", "0"] { p.press(label: k) }
        #expect(p.text == "1000")
        p.press(label: "\u{2713}")
        #expect(p.isOpen)
        #expect(p.message == "Out of range: 0\u{2013}100")
        #expect(!p.drainEvents().contains(.padDismissed(committed: true)))
        p.press(label: "\u{232B}")
        #expect(p.message == nil)
        p.press(label: "\u{2713}")
        #expect(!p.isOpen, "100 is in range: ✓ closes")
    }

    @Test("✓ on an empty entry keeps the pad open and asks for a number")
    func refusedEmpty() {
        let p = pad()
        p.press(label: "C")
        p.press(label: "\u{2713}")
        #expect(p.isOpen)
        #expect(p.message == "Type a number: 0\u{2013}100")
    }

    @Test("✓ on too many decimals says how many are allowed")
    func refusedDecimals() {
        let p = pad(decimals: 1)
        for k in ["5", ".", "2", "5"] { p.press(label: k) }
        p.press(label: "\u{2713}")
        #expect(p.isOpen)
        #expect(p.message == "At most 1 decimal")
    }

    @Test("Without a range the hint is absent and ✓ on any number closes")
    func unbounded() {
        let p = NumberPad(
            id: "pad", anchor: Rect(x: 300, y: 400, width: 200, height: 40), screenSize: Size(800, 480),
            validator: .unbounded())
        p.refusesInvalidEntry = true
        p.open(currentNumber: 3)
        #expect(p.rangeHint == nil)
        p.press(label: "\u{2713}")
        #expect(!p.isOpen)
    }

    @Test("Kiosk metrics: 47 pt keys below a 30 pt message row; the reference grid is unchanged")
    func metrics() {
        let m = NumberPadMetrics(keyCell: 47, messageHeight: 30)
        #expect(m.viewSize == Size(223, 253))
        let frames = NumberPadLayout.frames(NumberPadLayout.defaultKeys(NumberPadKeyStrings()), metrics: m)
        func f(_ l: String) -> Rect { frames.first { $0.key.label == l }!.frame }
        #expect(f("7") == Rect(x: 10, y: 40, width: 47, height: 47))
        #expect(f("\u{2713}") == Rect(x: 166, y: 144, width: 47, height: 99))
        #expect(f("0").maxY + 10 == m.viewSize.height)
        #expect(m.messageFrame.maxY + 5 == f("7").minY)
        for k in frames { #expect(min(k.frame.width, k.frame.height) >= 47, "\(k.key.label)") }
        #expect(NumberPadMetrics.reference.viewSize == Size(211, 211))
        let p = pad()
        #expect(p.padFrame.size == m.viewSize)
        #expect(p.messageFrame.minY > p.padFrame.minY && p.messageFrame.maxY < p.keys[0].frame.minY)
    }

    @Test("The kiosk's host switches replace-on-type and the refused ✓ on")
    func rangeHost() {
        let slider = ValueSlider(id: "v", size: Size(300, 60))
        let pad = NumberPad(id: "v/pad", anchor: Rect(x: 0, y: 300, width: 300, height: 60), screenSize: Size(800, 480))
        _ = RangeValueHost(slider: slider, pad: pad, minimum: 0, maximum: 100, decimals: 0, initial: 93, time: 0)
        #expect(pad.typingReplacesShownValue && pad.refusesInvalidEntry)
        #expect(pad.rangeHint == "0\u{2013}100")
    }
}
