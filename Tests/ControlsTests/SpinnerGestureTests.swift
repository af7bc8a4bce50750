import Testing
import Core
@testable import Controls

@Suite("RVS wheel touch interaction")
struct SpinnerGestureTests {
    let right = Point(130, 30), left = Point(-70, 30)

    func openWheel(_ n: Int = 12, selected: Int = 0, options: SpinnerPortOptions = SpinnerPortOptions()) -> Spinner {
        let s = SpinnerFixture.wheel(n, selected: selected, options: options)
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.01)
        _ = s.drainEvents()
        return s
    }

    @Test("RVS-42 taps: n=12 sel=0 → left 11, right 1; sel=11 → right 0")
    func taps() {
        let a = openWheel(12, selected: 0)
        a.tap(left, at: 1)
        #expect(a.selectedIndex == 11)
        let b = openWheel(12, selected: 0)
        b.tap(right, at: 1)
        #expect(b.selectedIndex == 1)
        let c = openWheel(12, selected: 11)
        c.tap(right, at: 1)
        #expect(c.selectedIndex == 0)
        #expect(
            c.drainEvents() == [
                .feedback(.select), .selectionChanged(index: 0), .valueChanged(value: 0, fromUser: true),
            ])
    }

    @Test("RVS-42 the left half is any y with x < R in disc coordinates (the lower half and corners count)")
    func halves() {
        let s = openWheel()
        s.tap(Point(29, 220), at: 1)  // bottom, just left of centre
        #expect(s.selectedIndex == 11)
        s.tap(Point(-165, -165), at: 2)  // top-left corner outside the circle
        #expect(s.selectedIndex == 10)
    }

    @Test("RVS-42 RVS-49 a tap on the disc stops a running spin and does nothing else")
    func tapStopsSpin() {
        for options in [SpinnerPortOptions(), SpinnerPortOptions.original] {
            let s = openWheel(options: options)
            s.spin(velocity: 5, time: 1)
            _ = s.advance(to: 1.1)
            let index = s.selectedIndex
            s.tap(right, at: 1.1)
            #expect(!s.flywheel.isRunning)
            #expect(s.selectedIndex == index)
            #expect(s.isOpen)
        }
    }

    @Test("RVS-41 tap vs long press vs pan")
    func arbitration() {
        var a = GestureArbiter()
        a.begin(at: Point(0, 0), time: 0)
        #expect(a.move(to: Point(5, 5), time: 0.1).isEmpty)
        #expect(a.end(at: Point(5, 5), time: 0.2) == [.tap(at: Point(5, 5))])
        a.begin(at: Point(0, 0), time: 1)
        #expect(a.advance(to: 1.49).isEmpty)
        #expect(a.advance(to: 1.5) == [.longPressBegan(at: Point(0, 0))])
        #expect(a.move(to: Point(30, 0), time: 1.6) == [.longPressChanged(at: Point(30, 0))])
        #expect(a.end(at: Point(30, 0), time: 1.7) == [.longPressEnded(at: Point(30, 0))])
        a.begin(at: Point(0, 0), time: 2)
        #expect(a.move(to: Point(10, 0), time: 2.05).isEmpty)  // exactly 10 pt: not yet
        #expect(a.move(to: Point(11, 0), time: 2.1) == [.panBegan(at: Point(11, 0))])
        #expect(a.advance(to: 3).isEmpty)  // a pan never becomes a long press
        #expect(a.move(to: Point(20, 0), time: 3.1) == [.panChanged(at: Point(20, 0))])
        let end = a.end(at: Point(20, 0), time: 3.2)
        #expect(end.count == 1)
        // A long press due before a lift is recognised first, by the lift's own time.
        a.begin(at: Point(0, 0), time: 4)
        #expect(
            a.end(at: Point(0, 0), time: 4.6) == [.longPressBegan(at: Point(0, 0)), .longPressEnded(at: Point(0, 0))])
        // A cancel ends a pan or a long press without a flick; an undecided touch just goes away.
        a.begin(at: Point(0, 0), time: 5)
        _ = a.move(to: Point(20, 0), time: 5.1)
        #expect(a.cancel() == [.cancelled])
        a.begin(at: Point(0, 0), time: 6)
        #expect(a.cancel().isEmpty)
        #expect(a.phase == .idle)
    }

    @Test("RVS-43 long press (recommended): one step at 0.5 s, nothing at lift")
    func longPressOnce() {
        let s = openWheel()
        _ = s.touchBegan(at: right, time: 1)
        _ = s.advance(to: 1.4)
        #expect(s.selectedIndex == 0)
        _ = s.advance(to: 1.5)
        #expect(s.selectedIndex == 1)
        s.touchMoved(to: Point(140, 40), time: 1.6)
        s.touchEnded(at: Point(140, 40), time: 1.7)
        _ = s.advance(to: 1.8)
        #expect(s.selectedIndex == 1)
    }

    @Test("RVS-43 long press auto-repeat option steps every interval while held")
    func longPressRepeat() {
        var o = SpinnerPortOptions()
        o.longPressStepping = .once(repeatInterval: 0.25)
        let s = openWheel(options: o)
        _ = s.touchBegan(at: left, time: 1)
        _ = s.advance(to: 1.5)
        #expect(s.selectedIndex == 11)
        _ = s.advance(to: 2.01)  // repeats at 1.75 and 2.0
        #expect(s.selectedIndex == 9)
        s.touchEnded(at: left, time: 2.1)
        _ = s.advance(to: 3)
        #expect(s.selectedIndex == 9)
    }

    @Test("RVS-43 long press bit-exact: +2 for a motionless press, one step per move sample")
    func longPressOriginal() {
        let s = openWheel(options: .original)
        _ = s.touchBegan(at: right, time: 1)
        _ = s.advance(to: 1.5)
        s.touchEnded(at: right, time: 1.8)
        _ = s.advance(to: 1.9)
        #expect(s.selectedIndex == 2)
        _ = s.touchBegan(at: right, time: 2)
        _ = s.advance(to: 2.5)
        s.touchMoved(to: Point(131, 30), time: 2.6)
        s.touchMoved(to: Point(132, 30), time: 2.7)
        s.touchMoved(to: Point(133, 30), time: 2.8)
        s.touchEnded(at: Point(133, 30), time: 2.9)
        #expect(s.selectedIndex == 2 + 5)
        // With a spin running, the first call stops it and the later ones step.
        s.spin(velocity: 5, time: 3)
        _ = s.touchBegan(at: right, time: 3)
        _ = s.advance(to: 3.5)
        let afterStop = s.selectedIndex
        #expect(!s.flywheel.isRunning)
        s.touchEnded(at: right, time: 3.6)
        #expect(s.selectedIndex == (afterStop + 1) % 12)
    }

    /// Drags from `points[0]` through the rest, 1/60 s apart, starting at `t0`; lifts at the last point
    /// after a rest (no flick) unless `flick`.
    func drag(_ s: Spinner, _ points: [Point], t0: Double, flick: Bool = false) -> Double {
        var t = t0
        _ = s.touchBegan(at: points[0], time: t)
        for p in points.dropFirst() { t += 1.0 / 60; s.touchMoved(to: p, time: t) }
        if !flick { t += 0.2; s.touchMoved(to: points.last!, time: t) }
        t += 1.0 / 60
        s.touchEnded(at: points.last!, time: t)
        return t
    }

    @Test("RVS-44 pan start kicks by one toward the half it starts in; RVS-45 n=12 s0=3 mapping")
    func panMapping() {
        let s = openWheel(12, selected: 3)
        let c = s.discCenter
        let at = { (deg: Double, r: Double) in Angle(degrees: deg).point(center: c, radius: r) }
        _ = s.touchBegan(at: at(0, 100), time: 1)
        s.touchMoved(to: at(0, 150), time: 1.02)  // recognised exactly at 3 o'clock: θ0 = 0
        #expect(s.selectedIndex == 4)  // the kick (right half: +1)
        s.touchMoved(to: at(45, 150), time: 1.04)
        s.touchMoved(to: at(90, 150), time: 1.06)  // 6 o'clock → k = 3
        #expect(s.selectedIndex == 6)
        s.touchMoved(to: at(0, 150), time: 1.08)
        s.touchMoved(to: at(-90, 150), time: 1.1)  // 12 o'clock → k = −3
        #expect(s.selectedIndex == 0)
        // A full clockwise turn from 3 o'clock (crossing 9 o'clock, where atan2 jumps) → back to 3.
        var t = 1.1
        for deg in stride(from: -60.0, through: 360, by: 30) { t += 0.02; s.touchMoved(to: at(deg, 150), time: t) }
        #expect(s.selectedIndex == 3)
        t += 0.3
        s.touchMoved(to: at(0, 150), time: t)
        s.touchEnded(at: at(0, 150), time: t + 0.02)
        _ = s.advance(to: t + 0.1)
        #expect(s.selectedIndex == 3)
        #expect(!s.flywheel.isRunning)
    }

    @Test("RVS-45 one item per 360°/n, rounded half away from zero")
    func panRounding() {
        let s = openWheel(12, selected: 0)
        let c = s.discCenter
        let at = { (deg: Double) in Angle(degrees: deg).point(center: c, radius: 150) }
        _ = s.touchBegan(at: Angle(degrees: 0).point(center: c, radius: 100), time: 1)
        s.touchMoved(to: at(0), time: 1.02)
        s.touchMoved(to: at(14.9), time: 1.04)
        #expect(s.selectedIndex == 0)
        s.touchMoved(to: at(15.1), time: 1.06)
        #expect(s.selectedIndex == 1)
        s.touchMoved(to: at(-15.1), time: 1.08)
        #expect(s.selectedIndex == 11)
    }

    @Test("RVS-46 a fast flick starts the flywheel; a slow one does not")
    func flickStartsSpin() {
        let s = openWheel(12, selected: 0)
        let c = s.discCenter
        // Clockwise sweep through the upper right at ~1200 pt/s tangential.
        let pts = stride(from: -150.0, through: -30, by: 15).map { Angle(degrees: $0).point(center: c, radius: 150) }
        _ = drag(s, pts, t0: 1, flick: true)
        #expect(s.flywheel.isRunning)
        #expect(s.flywheel.velocity > 0.8)
        let slow = openWheel(12, selected: 0)
        _ = drag(slow, pts, t0: 1, flick: false)
        #expect(!slow.flywheel.isRunning)
    }

    @Test("RVS-48 a spin rests exactly on an item with nothing beyond the last step's events")
    func restingItem() {
        let s = openWheel(12, selected: 0)
        s.spin(velocity: 1.0, time: 1)
        s.run(until: 5, from: 1, dt: 1.0 / 60)
        let events = s.drainEvents()
        #expect(s.selectedIndex == 4)
        #expect(
            events.filter {
                if case .selectionChanged = $0 { return true }; return false
            }.count == 4)
        #expect(events.last == .valueChanged(value: 4, fromUser: true))
        #expect(!events.contains(.closed))
        #expect(s.isOpen)
        #expect(
            abs((s.wheelRotation(at: 5) - WheelGeometry.rotation(index: 4, count: 12)).normalizedSigned.degrees) < 1e-9)
    }

    @Test("RVS-49 closing stops a spin; a centre tap stops it; the port stops it at any disc touch-down")
    func stops() {
        let s = openWheel()
        s.spin(velocity: 5, time: 1)
        s.setOpen(false, time: 1.2)
        #expect(!s.flywheel.isRunning)
        let p = openWheel()
        p.spin(velocity: 5, time: 1)
        _ = p.touchBegan(at: right, time: 1.2)
        #expect(!p.flywheel.isRunning)
    }

    @Test("RVS-49 original: a new pan does not stop the spin [QUIRK]")
    func panKeepsSpin() {
        let s = openWheel(options: .original)
        s.spin(velocity: 5, time: 1)
        _ = s.touchBegan(at: Point(130, 30), time: 1)
        s.touchMoved(to: Point(130, 60), time: 1.05)
        _ = s.advance(to: 1.3)
        #expect(s.flywheel.isRunning)
    }

    @Test("RVS-54 disabled items can be landed on by taps, with normal events")
    func disabledItems() {
        var items = SpinnerFixture.items(4)
        items[1].isEnabled = false
        let s = Spinner(
            id: "d", items: items, mode: -1, frame: Rect(x: 170, y: 170, width: 60, height: 60),
            containerSize: Size(400, 400))
        s.setOpen(true, time: 0)
        s.tap(right, at: 1)
        #expect(s.selectedIndex == 1)
        #expect(s.drainEvents().contains(.selectionChanged(index: 1)))
    }

    @Test("RVS-64 each flywheel step: index set, then next turn tick, hasSelected, valueChanged")
    func flywheelStepOrder() {
        let s = openWheel()
        s.spin(velocity: 0.81, time: 1)
        _ = s.advance(to: 1 + 13.0 / 60)
        #expect(s.selectedIndex == 1)
        #expect(s.drainEvents().isEmpty)
        _ = s.advance(to: 1 + 14.0 / 60)
        #expect(
            s.drainEvents() == [
                .feedback(.select), .selectionChanged(index: 1), .valueChanged(value: 1, fromUser: true),
            ])
    }

    @Test("X-10 advance reports motion while pending, spinning or animating, and idles after")
    func advanceIdle() {
        let s = openWheel()
        s.tap(right, at: 1)
        #expect(s.advance(to: 1.1))
        #expect(!s.advance(to: 2))
    }

    @Test("RVS-41 replaying the same gesture twice gives identical event sequences")
    func replay() {
        func run() -> ([ControlEvent], Int) {
            let s = SpinnerFixture.wheel(12, selected: 2)
            let router = TouchRouter(controls: [s])
            var t = 0.0
            func send(_ p: Point, _ phase: TouchPhase, id: Int = 1) {
                router.route(
                    TouchFrame(
                        time: t,
                        touches: [TouchPoint(slot: 0, trackingID: id, position: s.transform.apply(p), phase: phase)]))
            }
            send(Point(30, 30), .began); t += 0.05; send(Point(30, 30), .ended)
            t += 0.02; _ = s.advance(to: t)
            let c = s.discCenter
            send(Angle(degrees: -170).point(center: c, radius: 150), .began, id: 2)
            for deg in stride(from: -160.0, through: -20, by: 10) {
                t += 1.0 / 60
                send(Angle(degrees: deg).point(center: c, radius: 150), .moved, id: 2)
                _ = s.advance(to: t)
            }
            t += 1.0 / 60
            send(Angle(degrees: -20).point(center: c, radius: 150), .ended, id: 2)
            var events: [ControlEvent] = []
            while t < 10 { t += 1.0 / 50; _ = s.advance(to: t); events += s.drainEvents() }
            return (events, s.selectedIndex)
        }
        let a = run(), b = run()
        #expect(a.0 == b.0)
        #expect(a.1 == b.1)
        #expect(a.0.count > 10)
    }

    @Test("RVS-62 a fast pan gives one selection cue per change but at most one per 60 Hz tick")
    func cueRateLimit() {
        let s = openWheel(36, selected: 0)
        let c = s.discCenter
        _ = s.touchBegan(at: Angle(degrees: 0).point(center: c, radius: 100), time: 1)
        var t = 1.0
        s.touchMoved(to: Angle(degrees: 0).point(center: c, radius: 150), time: t)
        // 240 Hz samples, 10° apart: one item (of 36) per sample, four per 60 Hz tick.
        for k in 1...24 {
            t += 1.0 / 240
            s.touchMoved(to: Angle(degrees: Double(k) * 10).point(center: c, radius: 150), time: t)
            _ = s.advance(to: t)
        }
        _ = s.advance(to: t + 0.01)
        let events = s.drainEvents()
        let changes = events.filter {
            if case .selectionChanged = $0 { return true }; return false
        }.count
        let cues = events.filter { $0 == .feedback(.select) }.count
        #expect(changes == 24)  // the kick, then the first sample lands on the kicked index, then 23 steps
        #expect(cues >= 6 && cues <= 8)  // ~0.1 s of samples → about 6 ticks
    }
}
