import Testing
import Core
@testable import Controls

@Suite("RVS picker variant")
struct SpinnerPickerTests {
    func openPicker(_ n: Int = 30, selected: Int = 10) -> Spinner {
        let s = SpinnerFixture.picker(n, selected: selected)
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.5)
        _ = s.drainEvents()
        return s
    }

    @Test("RVS-60 a slow drag settles on one row with one set of events, none while scrolling")
    func dragSettles() {
        let s = openPicker()
        let f = s.pickerFrame
        let x = f.midX
        _ = s.touchBegan(at: Point(x, f.midY), time: 1)
        var t = 1.0
        for k in 1...10 { t += 0.02; s.touchMoved(to: Point(x, f.midY - Double(k) * 8), time: t); _ = s.advance(to: t) }
        t += 0.3
        s.touchMoved(to: Point(x, f.midY - 80), time: t)  // rest, then lift: no fling
        s.touchEnded(at: Point(x, f.midY - 80), time: t + 0.01)
        #expect(s.drainEvents().isEmpty)
        #expect(s.selectedIndex == 10)
        _ = s.advance(to: t + 0.5)
        _ = s.advance(to: t + 0.6)
        #expect(s.selectedIndex == 12)  // 80 pt up = two 40 pt rows later
        #expect(
            s.drainEvents() == [
                .feedback(.select), .selectionChanged(index: 12), .valueChanged(value: 12, fromUser: true),
            ])
    }

    @Test("RVS-60 a fling keeps moving with momentum, then snaps exactly onto a row")
    func fling() {
        let s = openPicker(60, selected: 5)
        let f = s.pickerFrame
        _ = s.touchBegan(at: Point(f.midX, f.midY), time: 1)
        var t = 1.0
        for k in 1...6 { t += 1.0 / 60; s.touchMoved(to: Point(f.midX, f.midY - Double(k) * 20), time: t) }
        t += 1.0 / 60
        s.touchEnded(at: Point(f.midX, f.midY - 140), time: t)
        let afterDrag = s.picker!.position
        #expect(s.picker!.state == .momentum)
        var moving = true
        while moving && t < 10 { t += 1.0 / 60; moving = s.advance(to: t) }
        #expect(s.picker!.state == .idle)
        #expect(Double(s.selectedIndex) > afterDrag + 1)  // travelled beyond the finger
        #expect(s.picker!.position == Double(s.selectedIndex))
        let changes = s.drainEvents().filter {
            if case .selectionChanged = $0 { return true }; return false
        }
        #expect(changes.count == 1)
    }

    @Test("RVS-60 a fling settles on the same row at the same moment whatever the frame rate")
    func flingFrameRate() {
        func settle(dt: Double) -> (Int, Double) {
            let s = openPicker(60, selected: 5)
            let f = s.pickerFrame
            _ = s.touchBegan(at: Point(f.midX, f.midY), time: 1)
            var t = 1.0
            for k in 1...6 { t += 1.0 / 60; s.touchMoved(to: Point(f.midX, f.midY - Double(k) * 20), time: t) }
            t += 1.0 / 60
            s.touchEnded(at: Point(f.midX, f.midY - 140), time: t)
            while t < 6 { t += dt; _ = s.advance(to: t) }
            return (s.selectedIndex, s.picker!.position(at: 6))
        }
        let a = settle(dt: 1.0 / 60), b = settle(dt: 1.0 / 144), c = settle(dt: 0.04)
        #expect(a.0 == b.0 && a.0 == c.0)
        #expect(a.1 == b.1 && a.1 == c.1)
    }

    @Test("RVS-60 tapping a row scrolls to it and then selects it")
    func tapRow() {
        let s = openPicker()
        let rows = s.pickerRows(at: 1)
        let target = rows[12].rect.center
        s.tap(target, at: 1)
        #expect(s.selectedIndex == 10)
        _ = s.advance(to: 1.5)
        _ = s.advance(to: 1.6)
        #expect(s.selectedIndex == 12)
    }

    @Test("RVS-61 no tap-to-step on the picker; the centre closes it; picking a row does not")
    func noStepAndClose() {
        let s = openPicker()
        s.tap(s.pickerRows(at: 1)[10].rect.center, at: 1)
        _ = s.advance(to: 2)
        #expect(s.selectedIndex == 10)
        #expect(s.isOpen)
        s.tap(Point(30, 30), at: 3)
        #expect(!s.isOpen)
    }

    @Test("RVS-60 the list stops at its ends")
    func ends() {
        let s = openPicker(5, selected: 0)
        let f = s.pickerFrame
        _ = s.touchBegan(at: Point(f.midX, f.midY), time: 1)
        s.touchMoved(to: Point(f.midX, f.midY + 300), time: 1.1)
        #expect(s.picker!.position == 0)
        s.touchMoved(to: Point(f.midX, f.midY - 900), time: 1.3)
        #expect(s.picker!.position == 4)
        s.touchCancelled(time: 1.4)
        _ = s.advance(to: 2)
        #expect(s.selectedIndex == 4)
    }

    @Test("RVS-31 the picker opens at its first row and scrolls to the selection without selection events")
    func openScroll() {
        let s = SpinnerFixture.picker(30, selected: 10)
        s.setOpen(true, time: 0)
        let start = s.picker!.position(at: 0)
        #expect(start == 0)
        #expect(s.picker!.position(at: 0.15) > 0)
        _ = s.advance(to: 0.5)
        #expect(s.picker!.position(at: 0.5) == 10)
        #expect(!s.drainEvents().contains(.selectionChanged(index: 10)))
    }

    @Test("RVS-52 a host selection while the picker is open moves the list")
    func hostSelect() {
        let s = openPicker()
        s.select(20, time: 1)
        #expect(s.picker!.position == 20)
    }
}
