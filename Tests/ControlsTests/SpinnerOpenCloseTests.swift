import Testing
import Core
@testable import Controls

@Suite("RVS open, close, selection and events")
struct SpinnerOpenCloseTests {
    let centre = Point(30, 30)

    @Test("RVS-26 RVS-64 a tap that opens: opened (isOpen still false), then next turn feedback and touchUpInside")
    func tapOpens() {
        let s = SpinnerFixture.wheel(5)
        let d = RecordingSpinnerDelegate()
        s.delegate = d
        #expect(s.touchBegan(at: centre, time: 0))
        #expect(s.drainEvents().isEmpty)  // nothing on touch-down but the dimming
        #expect(s.isCenterHighlighted)
        s.touchEnded(at: centre, time: 0.1)
        // The lift only schedules the tap's handling for the next loop turn.
        #expect(!s.isOpen)
        #expect(s.pendingWork == [.centerTap])
        #expect(s.drainEvents().isEmpty)
        _ = s.advance(to: 0.11)
        #expect(s.isOpen)
        #expect(d.log == ["opened isOpen=false"])
        #expect(s.drainEvents() == [.opened, .touchUpInside])
        #expect(s.pendingWork == [.openFeedback])
        _ = s.advance(to: 0.12)
        #expect(s.drainEvents() == [.feedback(.open)])
    }

    @Test("RVS-32 a tap that closes: willClose, closed (isOpen still true), then feedback and touchUpInside")
    func tapCloses() {
        let s = SpinnerFixture.wheel(5, selected: 2)
        let d = RecordingSpinnerDelegate()
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.5)
        _ = s.drainEvents()
        s.delegate = d
        s.tap(centre, at: 1)
        #expect(!s.isOpen)
        #expect(d.log == ["willClose", "closed isOpen=true"])
        #expect(s.drainEvents() == [.closed, .touchUpInside])
        _ = s.advance(to: 1.2)
        #expect(s.drainEvents() == [.feedback(.close)])
        #expect(s.selectedIndex == 2)  // closing keeps the selection
    }

    @Test("RVS-32 the delegate vetoes a close")
    func veto() {
        let s = SpinnerFixture.wheel(5)
        let d = RecordingSpinnerDelegate()
        d.allowClose = false
        s.delegate = d
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.1)
        _ = s.drainEvents()
        s.tap(centre, at: 1)
        #expect(s.isOpen)
        #expect(s.drainEvents().isEmpty)
        s.setOpen(false, time: 2)
        #expect(s.isOpen)
    }

    @Test("RVS-31 opening needs two items and is ignored when open; RVS-57 an empty spinner is inert")
    func openGuards() {
        let one = Spinner(
            id: "1", items: SpinnerFixture.items(1), frame: Rect(x: 0, y: 0, width: 40, height: 40),
            containerSize: Size(300, 300))
        one.setOpen(true, time: 0)
        #expect(!one.isOpen)
        let empty = Spinner(
            id: "0", items: [], frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(300, 300))
        empty.setOpen(true, time: 0)
        #expect(!empty.isOpen)
        #expect(empty.isHidden)
        #expect(!empty.claims(Point(20, 20)))
        #expect(empty.value == nil)
        #expect(empty.selectedIndex == 0)
        #expect(empty.centerContent == .none)
        let s = SpinnerFixture.wheel(3)
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.05)
        _ = s.drainEvents()
        s.setOpen(true, time: 0.1)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("RVS-31 spinner pop-in springs 0 → 1 (0.25 s, ζ 0.8, v 25); RVS-32 shrinks after the next turn")
    func popupAnimation() {
        let s = SpinnerFixture.wheel(4)
        s.setOpen(true, time: 10)
        #expect(s.popupScale(at: 10) == 0)
        #expect(s.popupScale(at: 10.25) == 1)
        let early = s.popupScale(at: 10.02)
        #expect(early > 0 && early < 1)
        let peak = (1..<250).map { s.popupScale(at: 10 + Double($0) / 1000) }.max()!
        #expect(peak > 1)  // the 0.8 spring overshoots
        _ = s.advance(to: 11)
        s.setOpen(false, time: 11)
        #expect(s.popupVariant == .wheel)
        #expect(s.popupScale(at: 11.1) == 1)  // the shrink has not started: it is deferred
        _ = s.advance(to: 11.2)
        #expect(s.popupScale(at: 11.3) < 1)
        _ = s.advance(to: 11.45)
        #expect(s.popupVariant == nil)  // 0.25 s after the deferred start
        #expect(s.popupScale(at: 11.5) == 0)
    }

    @Test("RVS-31 picker grows from 0.001 shifted down by half its height; RVS-32 closes in 0.3 s")
    func pickerPopup() {
        let s = SpinnerFixture.picker(30)
        s.setOpen(true, time: 0)
        #expect(s.popupVariant == .picker)
        #expect(s.popupScale(at: 0) == Spinner.collapsedScale)
        #expect(abs(s.pickerOffsetY(at: 0) - s.pickerFrame.height / 2) < 1e-9)
        #expect(s.pickerOffsetY(at: 0.25) == 0)
        _ = s.advance(to: 1)
        s.setOpen(false, time: 1)
        _ = s.advance(to: 1.01)
        _ = s.advance(to: 1.3)
        #expect(s.popupVariant == .picker)
        _ = s.advance(to: 1.32)
        #expect(s.popupVariant == nil)
    }

    @Test("RVS-52 a selection change defers tick, hasSelected and valueChanged to the next turn, in that order")
    func deferredSelection() {
        let s = SpinnerFixture.wheel(12)
        let d = RecordingSpinnerDelegate()
        s.delegate = d
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.01)
        _ = s.drainEvents()
        d.log.removeAll()
        s.select(3, time: 1)
        #expect(s.selectedIndex == 3)
        #expect(s.drainEvents().isEmpty)
        #expect(d.log.isEmpty)
        _ = s.advance(to: 1.01)
        #expect(
            s.drainEvents() == [
                .feedback(.select), .selectionChanged(index: 3), .valueChanged(value: 3, fromUser: false),
            ])
        #expect(d.log == ["selected 3"])
    }

    @Test("RVS-5 RVS-52 the host's index is clamped, not wrapped; no change, no events; closed → no tick")
    func clamp() {
        let s = SpinnerFixture.wheel(5, selected: 2)
        s.select(99, time: 0)
        #expect(s.selectedIndex == 4)
        s.select(-3, time: 0)
        #expect(s.selectedIndex == 0)
        _ = s.advance(to: 0.1)
        #expect(
            s.drainEvents() == [
                .selectionChanged(index: 4), .valueChanged(value: 4, fromUser: false),
                .selectionChanged(index: 0), .valueChanged(value: 0, fromUser: false),
            ])
        s.select(0, time: 1)
        _ = s.advance(to: 1.1)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("RVS-53 assigning values clamps, closes an open popup, and always sends valueChanged synchronously")
    func assignValues() {
        let s = SpinnerFixture.wheel(12, selected: 10)
        s.setItems(SpinnerFixture.items(12), time: 0)
        #expect(s.drainEvents() == [.valueChanged(value: 10, fromUser: false)])
        s.setOpen(true, time: 1)
        _ = s.advance(to: 1.1)
        _ = s.drainEvents()
        s.setItems(SpinnerFixture.items(4), time: 2)
        #expect(s.selectedIndex == 3)
        #expect(!s.isOpen)
        #expect(s.drainEvents() == [.closed, .valueChanged(value: 3, fromUser: false)])
        _ = s.advance(to: 2.1)
        // Step 1 (the clamp) deferred its effects before step 3 (the close) deferred its own.
        #expect(
            s.drainEvents() == [
                .selectionChanged(index: 3), .valueChanged(value: 3, fromUser: false), .feedback(.close),
            ])
    }

    @Test("RVS-7 RVS-8 changing the mode or threshold while open closes on the next turn")
    func configChangeCloses() {
        let s = SpinnerFixture.wheel(5)
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.1)
        s.setSpinnerMode(1, time: 1)
        #expect(s.isOpen)
        _ = s.advance(to: 1.01)
        #expect(!s.isOpen)
        s.setOpen(true, time: 2)
        #expect(s.popupVariant == .picker)
        s.setSpinnerThreshold(3, time: 3)
        _ = s.advance(to: 3.01)
        #expect(!s.isOpen)
    }

    @Test("RVS-56 exactly one value: the tap sends touchUpInside then singleValueSelected, no feedback, never opens")
    func singleValue() {
        let s = Spinner(
            id: "1", items: SpinnerFixture.items(1), frame: Rect(x: 0, y: 0, width: 40, height: 40),
            containerSize: Size(300, 300))
        let d = RecordingSpinnerDelegate()
        s.delegate = d
        s.tap(Point(20, 20), at: 0)
        #expect(!s.isOpen)
        #expect(s.drainEvents() == [.touchUpInside, .singleValueSelected(index: 0)])
        #expect(d.log == ["single 0"])
    }

    @Test("RVS-26 a tap outside the centre only redraws; RVS-24 dragging out un-dims and back in re-dims")
    func touchUpOutside() {
        let s = SpinnerFixture.wheel(5)
        _ = s.touchBegan(at: centre, time: 0)
        #expect(s.centerOpacity == 0.5)
        s.touchMoved(to: Point(30, 200), time: 0.1)
        #expect(!s.isCenterHighlighted)
        #expect(s.centerOpacity == 1)
        s.touchMoved(to: Point(35, 35), time: 0.2)
        #expect(s.centerOpacity == 0.5)
        s.touchMoved(to: Point(30, 200), time: 0.3)
        s.touchEnded(at: Point(30, 200), time: 0.4)
        _ = s.advance(to: 0.5)
        #expect(!s.isOpen)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("RVS-24 the centre is dimmed for a disabled selection or a disabled control")
    func dimming() {
        var items = SpinnerFixture.items(3)
        items[0].isEnabled = false
        let s = Spinner(
            id: "d", items: items, frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(300, 300))
        #expect(s.centerOpacity == 0.5)
        s.select(1, time: 0)
        #expect(s.centerOpacity == 1)
        s.isEnabled = false
        #expect(s.centerOpacity == 0.5)
    }

    @Test("RVS-55 a disabled control ignores taps; the host can still open it and the open disc responds")
    func disabledControl() {
        let s = SpinnerFixture.wheel(12)
        s.isEnabled = false
        #expect(!s.claims(centre))
        s.setOpen(true, time: 0)
        #expect(s.isOpen)
        s.tap(Point(130, 30), at: 1)
        #expect(s.selectedIndex == 1)
        // With the centre disabled, the disc's centre rectangle is reachable and closes (RVS-33).
        #expect(s.claims(centre))
        s.tap(centre, at: 2)
        #expect(!s.isOpen)
    }

    @Test("RVS-23 RVS-11 RVS-12 which image the centre shows")
    func centreImage() {
        let s = SpinnerFixture.wheel(3, selected: 1)
        #expect(s.centerContent == .selectedIcon(name: "icon1", template: false))
        s.hudMode = true
        #expect(s.centerContent == .selectedIcon(name: "icon1", template: true))
        s.hudMode = false
        s.centerImageName = "logo"
        #expect(s.centerContent == .centerImage(name: "logo"))
        s.setOpen(true, time: 0)
        #expect(s.centerContent == .centerImage(name: "logo"))
        s.setOpen(false, time: 1)
        s.replaceCenterImage = true
        #expect(s.centerContent == .centerImage(name: "logo"))
        s.setOpen(true, time: 2)
        #expect(s.centerContent == .selectedIcon(name: "icon1", template: false))
    }

    @Test("RVS-68 the centre pops in on open and again after the close animation when it swaps images")
    func centrePopIn() {
        let s = SpinnerFixture.wheel(3)
        s.centerImageName = "logo"
        s.replaceCenterImage = true
        s.setOpen(true, time: 0)
        #expect(s.centerScale(at: 0) == 0)
        #expect(s.centerScale(at: 0.25) == 1)
        _ = s.advance(to: 1)
        s.setOpen(false, time: 1)
        _ = s.advance(to: 1.01)
        _ = s.advance(to: 1.3)  // close animation (1.01 … 1.26) done
        #expect(s.popupVariant == nil)
        #expect(s.centerScale(at: 1.3) < 1)
        #expect(s.centerScale(at: 1.6) == 1)
    }

    @Test("RVS-62 open/close feedback gated by the switches; the original never plays it")
    func feedback() {
        let s = SpinnerFixture.wheel(3)
        s.isSoundOn = false
        s.isHapticsOn = false
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.01)
        #expect(!s.drainEvents().contains(.feedback(.open)))
        let o = SpinnerFixture.wheel(3, options: .original)
        o.setOpen(true, time: 0)
        _ = o.advance(to: 0.01)
        o.setOpen(false, time: 1)
        _ = o.advance(to: 1.01)
        #expect(o.drainEvents() == [.opened, .closed])
    }

    @Test("RVS-63 haptics switched on while open wait for the next open; switched off they stop at once")
    func hapticsLifetime() {
        let s = SpinnerFixture.wheel(12)
        s.isSoundOn = false
        s.isHapticsOn = false
        s.setOpen(true, time: 0)
        s.isHapticsOn = true
        #expect(!s.feedbackLive)
        s.select(2, time: 1)
        _ = s.advance(to: 1.01)
        #expect(!s.drainEvents().contains(.feedback(.select)))
        s.setOpen(false, time: 2)
        s.setOpen(true, time: 3)
        #expect(s.feedbackLive)
        s.isHapticsOn = false
        #expect(!s.feedbackLive)
        s.isHapticsOn = true
        #expect(!s.feedbackLive)
    }

    @Test("RVS-65 exactly one touchUpInside per toggling centre tap, none for a stop-spin tap")
    func singleTouchUpInside() {
        let s = SpinnerFixture.wheel(12)
        s.tap(centre, at: 0)
        #expect(s.drainEvents().filter { $0 == .touchUpInside }.count == 1)
        s.spin(velocity: 5, time: 1)
        s.tap(centre, at: 1)
        #expect(s.isOpen)  // the tap only stopped the spin
        #expect(!s.flywheel.isRunning)
        #expect(!s.drainEvents().contains(.touchUpInside))
        s.tap(centre, at: 2)  // a second tap closes
        #expect(!s.isOpen)
    }

    @Test("RVS-33 touches outside the disc are not claimed and do not close")
    func outside() {
        let s = SpinnerFixture.wheel(12)
        s.setOpen(true, time: 0)
        #expect(!s.claims(Point(-200, 30)))
        #expect(s.claims(Point(-165, -165)))  // the disc's square corner counts (RVS-41)
        #expect(!s.touchBegan(at: Point(-200, 30), time: 1))
        #expect(s.isOpen)
    }
}
