import Testing
import Core
@testable import Controls

@Suite("Common: events, timing curves and the fixed stepper (X-8, X-10)") struct CommonTimingTests {
    @Test("X-8 the outbox queues in order, tells the observer at once, and drains once")
    func outbox() {
        let o = EventOutbox()
        var seen: [ControlEvent] = []
        o.observer = { seen.append($0) }
        o.send(.opened)
        o.send(.valueChanged(value: 1, fromUser: true))
        #expect(seen == [.opened, .valueChanged(value: 1, fromUser: true)])
        #expect(o.pending.count == 2)
        #expect(o.drain() == seen)
        #expect(o.drain().isEmpty)
    }

    @Test("X-8 an observer may call back into the control while an event is being raised")
    func reentrant() {
        let s = CircularSlider(id: "s")
        s.onEvent = { e in if case .valueChanged(let v, _) = e, v < 50 { s.currentValue = 50 } }
        s.currentValue = 10
        #expect(s.currentValue == 50)
        #expect(CircularFixture.values(s.drainEvents()) == [10, 50])
    }

    @Test("X-10 MS-67 CS-12 CS-16 the circular controls animate with the shared curves: ease-in-out, ease-in, ease-out")
    func sharedCurves() {
        let slider = CircularSlider(id: "s")
        slider.setValue(100, animated: true, at: 0)
        _ = slider.advance(to: 0.75 * 0.3)
        #expect(close(slider.currentValue, 100 * CubicBezierCurve.easeInOut.progress(0.3), 1e-9))
        let seeker = ArcSeeker(id: "k")
        #expect(seeker.touchBegan(at: seeker.thumbFrame.center, time: 0))
        _ = seeker.advance(to: 0.05)
        #expect(close(seeker.thumbScale, 1 + 0.2 * CubicBezierCurve.easeIn.progress(0.25), 1e-9))
        _ = seeker.advance(to: 0.2)
        seeker.touchEnded(at: .zero, time: 0.2)
        _ = seeker.advance(to: 0.25)
        #expect(close(seeker.thumbScale, 1.2 - 0.2 * CubicBezierCurve.easeOut.progress(0.25), 1e-9))
        // The curves differ, so the checks above would catch a swapped curve.
        #expect(CubicBezierCurve.easeIn.progress(0.25) < CubicBezierCurve.easeOut.progress(0.25))
    }

    @Test("X-10 the fixed stepper runs whole 1/60 s ticks from monotonic time and carries the remainder")
    func stepper() {
        var s = FixedStepper()
        var ticks = 0
        #expect(s.advance(to: 10) { ticks += 1 } == 0)  // the first call only starts the clock
        #expect(s.advance(to: 10 + 1.0 / 120) { ticks += 1 } == 0)
        #expect(s.advance(to: 10 + 1.0 / 60 + 1e-9) { ticks += 1 } == 1)
        #expect(s.advance(to: 11 + 1e-9) { ticks += 1 } == 59)
        #expect(ticks == 60)
        var half = FixedStepper(subdivisions: 2)
        half.reset(at: 0)
        #expect(half.advance(to: 1.0 / 60 + 1e-9) {} == 2)
        #expect(half.stepDuration == 1.0 / 120)
    }
}
