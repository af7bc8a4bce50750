import Testing
import Core
@testable import Controls

@Suite("NP value slider")
struct ValueSliderTests {
    /// W = 140, H = 44, i = 11.5 (the demo's slider), at v = 0.5 → thumb centre 70.
    func slider(_ v: Double = 0.5) -> ValueSlider {
        let s = ValueSlider(id: "v", size: Size(140, 44))
        s.setPosition(v, title: "50", animated: false, time: 0)
        _ = s.drainEvents()
        return s
    }

    @Test("NP-3 layout: track 9 pt in the lower half, thumb 44 × H/2 centred at i + v·(W − 2i)")
    func layout() {
        let s = slider(0)
        #expect(s.thumbCenterX(at: 0) == 11.5)
        #expect(s.thumbRect(at: 0) == Rect(x: 11.5 - 22, y: 22, width: 44, height: 22))
        #expect(s.trackRect == Rect(x: 0, y: 22 + 6.5, width: 140, height: 9))
        s.setPosition(1, title: nil, animated: false, time: 0)
        #expect(s.thumbCenterX(at: 0) == 140 - 11.5)
        // The thumb overhangs the right end by 22 − i.
        #expect(s.thumbRect(at: 0).maxX - 140 == 22 - 11.5)
        s.thumbTravelInset = 15.5
        #expect(s.thumbCenterX(at: 0) == 140 - 15.5)
    }

    @Test("NP-7 press: H=44, cx=70 → narrow thumb (59,22,22,22), balloon (44,−30,52,49)")
    func press() {
        let s = slider(0.5)
        #expect(s.thumbCenterX(at: 0) == 70)
        #expect(s.touchBegan(at: Point(70, 33), time: 1))
        #expect(s.state == .pressed)
        #expect(s.thumbRect(at: 1) == Rect(x: 59, y: 22, width: 22, height: 22))
        #expect(s.balloonRect(at: 1) == Rect(x: 44, y: -30, width: 52, height: 49))
        #expect(s.balloonOutline(at: 1)?.outlineFrame == Rect(x: 44, y: -30, width: 52, height: 74))
        // Touch-down alone sends no value or finish callback (NP-18); only the balloon shows.
        #expect(s.drainEvents() == [.opened])
    }

    @Test("NP-6 only the thumb takes touches: no tap-to-jump on the track")
    func onlyThumb() {
        let s = slider(0.5)
        #expect(!s.claims(Point(10, 33)))
        #expect(!s.touchBegan(at: Point(10, 33), time: 1))
        #expect(s.claims(Point(91, 43)))
        #expect(!s.claims(Point(70, 10)))  // the upper half is free for the balloon
    }

    @Test("NP-8 NP-12 a press released without a drag → Normal and valueButtonPressed")
    func tap() {
        let s = slider()
        _ = s.touchBegan(at: Point(70, 33), time: 1)
        s.touchMoved(to: Point(75, 33), time: 1.05)
        s.touchEnded(at: Point(75, 33), time: 1.1)
        #expect(s.state == .normal)
        #expect(s.balloonRect(at: 1.1) == nil)
        #expect(s.thumbRect(at: 1.1).width == 44)
        #expect(s.drainEvents() == [.opened, .closed, .valueButtonPressed(byFlick: false)])
    }

    @Test("NP-9 NP-13 drag: v = x / W clamped, every sample, the thumb jumps to the finger")
    func drag() {
        let s = slider(0.5)
        _ = s.touchBegan(at: Point(80, 33), time: 1)
        s.touchMoved(to: Point(95, 33), time: 1.02)  // 15 pt: a drag, and the first sample
        #expect(s.state == .dragging)
        #expect(s.value == 95.0 / 140)
        s.touchMoved(to: Point(95, 34), time: 1.04)  // same x: reported again
        s.touchMoved(to: Point(500, 34), time: 1.06)
        #expect(s.value == 1)
        // Near the end the thumb lags the finger by i.
        #expect(s.thumbCenterX(at: 1.06) == 140 - 11.5)
        s.touchMoved(to: Point(-30, 34), time: 1.08)
        #expect(s.value == 0)
        s.touchEnded(at: Point(-30, 34), time: 1.1)
        let first: Double = 95.0 / 140
        let expected: [ControlEvent] = [
            .opened, .valueChanged(value: first, fromUser: true), .valueChanged(value: first, fromUser: true),
            .valueChanged(value: 1, fromUser: true), .valueChanged(value: 0, fromUser: true), .closed,
            .endedTracking(value: 0),
        ]
        #expect(s.drainEvents() == expected)
    }

    @Test("NP-13 preserveGrabOffset option keeps the grab point [PORT]")
    func grabOffset() {
        let s = slider(0.5)
        s.preserveGrabOffset = true
        _ = s.touchBegan(at: Point(80, 33), time: 1)  // 10 pt right of the thumb centre
        s.touchMoved(to: Point(95, 33), time: 1.02)
        #expect(abs(s.thumbCenterX(at: 1.02) - 85) < 1e-9)
    }

    @Test("NP-9 the balloon follows the thumb during a drag")
    func balloonFollows() {
        let s = slider(0.5)
        _ = s.touchBegan(at: Point(70, 33), time: 1)
        s.touchMoved(to: Point(100, 40), time: 1.02)
        let cx = s.thumbCenterX(at: 1.02)
        #expect(s.balloonRect(at: 1.02) == Rect(x: cx - 26, y: -30, width: 52, height: 49))
    }

    @Test("NP-10 a drag cancel → Normal then didFinishChanges")
    func cancel() {
        let s = slider()
        _ = s.touchBegan(at: Point(70, 33), time: 1)
        s.touchMoved(to: Point(90, 33), time: 1.02)
        _ = s.drainEvents()
        s.touchCancelled(time: 1.1)
        #expect(s.state == .normal)
        #expect(s.drainEvents() == [.closed, .endedTracking(value: 90.0 / 140)])
    }

    @Test("NP-11 a drag sample inside the balloon asks for the pad and cancels the drag")
    func flickUp() {
        let s = slider(0.5)
        _ = s.touchBegan(at: Point(70, 40), time: 1)
        s.touchMoved(to: Point(72, 25), time: 1.02)  // 15 pt up, below the balloon: updates v
        #expect(s.value == 72.0 / 140)
        s.touchMoved(to: Point(72, 5), time: 1.04)  // inside the balloon
        #expect(s.state == .normal)
        s.touchMoved(to: Point(30, 30), time: 1.06)  // the cancelled contact is ignored
        s.touchEnded(at: Point(30, 30), time: 1.08)
        let v: Double = 72.0 / 140
        let expected: [ControlEvent] = [
            .opened, .valueChanged(value: v, fromUser: true), .valueButtonPressed(byFlick: true),
            .closed, .endedTracking(value: v),
        ]
        #expect(s.drainEvents() == expected)
        #expect(s.value == 72.0 / 140)
    }

    @Test("NP-12 the lift may be up to 70 pt outside the thumb for a tap")
    func liftTolerance() {
        let s = slider()
        _ = s.touchBegan(at: Point(70, 33), time: 1)
        s.touchEnded(at: Point(70, 33), time: 1.1)
        #expect(s.drainEvents().contains(.valueButtonPressed(byFlick: false)))
    }

    @Test("NP-14 setPosition: clamped, programmatic change at once, cancels a drag [QUIRK], animated 0.2 s")
    func setPosition() {
        let s = slider(0)
        _ = s.touchBegan(at: Point(11.5, 33), time: 1)
        s.touchMoved(to: Point(40, 33), time: 1.02)
        _ = s.drainEvents()
        s.setPosition(7, title: "507", animated: true, time: 2)
        #expect(s.value == 1)
        #expect(s.title == "507")
        #expect(s.state == .normal)
        #expect(s.drainEvents() == [.valueChanged(value: 1, fromUser: false), .closed, .endedTracking(value: 1)])
        let mid = s.thumbCenterX(at: 2.1)
        #expect(mid > 40 && mid < 128.5)
        #expect(s.thumbCenterX(at: 2.2) == 128.5)
        #expect(s.advance(to: 2.1))
        #expect(!s.advance(to: 2.2))
        s.touchMoved(to: Point(60, 33), time: 2.3)  // the old contact no longer drags
        #expect(s.value == 1)
        s.setPosition(nil, title: "x", animated: false, time: 3)
        #expect(s.value == 1)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("NP-16 removePopup cancels a press and removes the balloon")
    func removePopup() {
        let s = slider()
        _ = s.touchBegan(at: Point(70, 33), time: 1)
        s.removePopup()
        #expect(s.balloonRect(at: 1) == nil)
        s.touchEnded(at: Point(70, 33), time: 1.1)
        #expect(s.drainEvents() == [.opened, .closed])
    }

    @Test("NP-18 replaying the same gesture gives identical events")
    func replay() {
        func run() -> [ControlEvent] {
            let s = slider(0.3)
            let router = TouchRouter(controls: [s])
            var t = 0.0
            let xs: [Double] = [45, 50, 62, 80, 97, 110, 90, 70]
            router.route(
                TouchFrame(
                    time: t, touches: [TouchPoint(slot: 0, trackingID: 7, position: Point(45, 33), phase: .began)]))
            for x in xs {
                t += 1.0 / 60;
                router.route(
                    TouchFrame(
                        time: t, touches: [TouchPoint(slot: 0, trackingID: 7, position: Point(x, 33), phase: .moved)]))
            }
            router.route(
                TouchFrame(
                    time: t + 0.01,
                    touches: [TouchPoint(slot: 0, trackingID: 7, position: Point(70, 33), phase: .ended)]))
            return s.drainEvents()
        }
        let a = run()
        #expect(a == run())
        #expect(a.count > 5)
    }
}
