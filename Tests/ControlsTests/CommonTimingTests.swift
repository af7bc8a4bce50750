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

    @Test("X-10 curves: linear, ease-in below, ease-out above, ease-in-out symmetric; ends exact")
    func curves() {
        for c in [ArcTiming.linear, .easeIn, .easeOut, .easeInEaseOut] {
            #expect(c.progress(0) == 0 && c.progress(1) == 1)
            #expect(c.progress(-1) == 0 && c.progress(2) == 1)
        }
        #expect(ArcTiming.linear.progress(0.3) == 0.3)
        #expect(ArcTiming.easeIn.progress(0.5) < 0.5 && ArcTiming.easeOut.progress(0.5) > 0.5)
        #expect(close(ArcTiming.easeInEaseOut.progress(0.5), 0.5, 1e-12))
        #expect(close(ArcTiming.easeInEaseOut.progress(0.25) + ArcTiming.easeInEaseOut.progress(0.75), 1, 1e-12))
        // ease-in (0.42, 0, 1, 1) at x = 0.5: solve x(t) = 0.5 independently by Newton's method.
        var t = 0.5
        for _ in 0..<50 {
            let u = 1 - t
            let x = 3 * u * u * t * 0.42 + 3 * u * t * t + t * t * t
            let dx = 3 * u * u * 0.42 + 6 * u * t * (1 - 0.42) + 3 * t * t * (1 - 1)
            t -= (x - 0.5) / dx
        }
        let y = 3 * (1 - t) * t * t + t * t * t
        #expect(close(ArcTiming.easeIn.progress(0.5), y, 1e-9))
        var last = 0.0
        for i in 1...100 {
            let p = ArcTiming.easeInEaseOut.progress(Double(i) / 100)
            #expect(p >= last)
            last = p
        }
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
