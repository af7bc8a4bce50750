import Testing
import Core
@testable import Controls

@Suite("Circular slider: two handles (MS-71…85)") struct CircularDoubleHandleTests {
    let s = DoubleHandleCircularSlider(id: "range")

    /// Drawn point on compass `degrees` (+0.5 so it floors to the whole degree), for slider `s`.
    func at(_ degrees: Double) -> Point {
        CircularFixture.drawnPoint(degrees + 0.5, rotation: s.geometry.rotation)
    }

    func ranges(_ events: [ControlEvent]) -> [ControlEvent] {
        events.filter { if case .rangeChanged = $0 { return true } else { return false } }
    }

    @Test("MS-85 MS-71 MS-72 initial state: first 0°, second 60° (16.67), fill 0…60")
    func initial() {
        #expect(s.angle == 0 && s.secondAngle == 60)
        #expect(close(s.secondCurrentValue, 100.0 / 6.0))
        #expect(s.filledArc == ArcSpan(start: 0, sweep: 60))
    }

    @Test("MS-71 secondCurrentValue clamps, announces (nil, fromUser false), no ordering enforced (MS-81)")
    func secondValue() {
        s.secondCurrentValue = 150
        #expect(s.secondCurrentValue == 100)
        s.currentValue = 100  // overlapping range allowed
        #expect(s.currentValue == 100)
        #expect(
            s.drainEvents() == [
                .rangeChanged(first: 0, second: 100, isFirstHandle: nil, fromUser: false),
                .rangeChanged(first: 100, second: 100, isFirstHandle: nil, fromUser: false),
            ])
    }

    @Test("MS-72 secondAngle setter: max(0, v) mod (maximumAngle + 1), no event")
    func secondAngleSetter() {
        s.secondAngle = 361
        #expect(s.secondAngle == 0)
        s.secondAngle = -5
        #expect(s.secondAngle == 0)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("MS-73 MS-82 minimumHandlesDistance: default 10, <1 → 1, clamped lazily to π·R·maximumAngle/360")
    func minimumDistance() {
        #expect(s.minimumHandlesDistance == 10 && s.effectiveMinimumHandlesDistance == 10)
        s.minimumHandlesDistance = 0.2
        #expect(s.effectiveMinimumHandlesDistance == 1)
        s.minimumHandlesDistance = 1000
        #expect(close(s.effectiveMinimumHandlesDistance, Double.pi * 92))
        // Before layout the radius is negative: the request is kept, not turned negative (issue #17).
        let early = DoubleHandleCircularSlider(id: "early", bounds: .zero)
        early.minimumHandlesDistance = 30
        #expect(early.calculatedRadius < 0 && early.effectiveMinimumHandlesDistance == 30)
        early.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        #expect(early.effectiveMinimumHandlesDistance == 30)
    }

    @Test("MS-74 second-handle style is independent and defaults as the first (the redraw: WidgetsTests RedrawTests)")
    func secondStyle() {
        #expect(s.secondHandle == HandleStyle())
        s.secondHandle.color = Color(rgb: 0xFF0000)
        s.secondHandle.type = .smallCircle
        #expect(s.handle.color == NamedGrey.dark && s.secondHandleDiameter == 2.5)
    }

    @Test("MS-75 fill runs from the first handle clockwise to the second, wrapping through north")
    func fill() {
        s.angle = 300
        s.secondAngle = 40
        #expect(s.filledArc == ArcSpan(start: 300, sweep: 100))
    }

    @Test("MS-76 begin: the nearer handle centre wins where the squares overlap; a tie goes to the second")
    func whichHandle() {
        s.secondAngle = 20  // centres (100,8) and (131,14)
        #expect(s.firstHandleCenter == Point(100, 8) && s.secondHandleCenter == Point(131, 14))
        #expect(s.touchBegan(id: 1, at: Point(112, 10), time: 0))
        #expect(s.isFirstHandlePressed && !s.isSecondHandlePressed)
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(s.touchBegan(id: 2, at: Point(120, 10), time: 0))
        #expect(s.isSecondHandlePressed)
        s.touchEnded(id: 2, at: .zero, time: 0)
        #expect(s.touchBegan(id: 3, at: Point(115.5, 11), time: 0))  // equidistant
        #expect(s.isSecondHandlePressed && !s.isFirstHandlePressed)
        s.touchEnded(id: 3, at: .zero, time: 0)
        #expect(!s.touchBegan(id: 4, at: Point(100, 150), time: 0))  // on the disc, off both handles
        let starts = s.drainEvents().compactMap { e -> Bool? in
            if case .rangeStartedTracking(_, _, let first) = e { return first } else { return nil }
        }
        #expect(starts == [true, false, false])
    }

    @Test("MS-77 R 92, diameters 15, distance 10 → minimum arc 25 pt ≈ 15.6°; a rejected move sticks")
    func minimumArc() {
        #expect(close(25.0 / 92.0 * 180 / Double.pi, 15.57, 0.01))
        #expect(s.touchBegan(id: 1, at: s.drawnSecondHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(17), time: 0)
        #expect(s.secondAngle == 17)
        s.touchMoved(id: 1, to: at(15), time: 0)
        #expect(s.secondAngle == 17)  // 24.2 pt < 25: rejected, no clamping
        s.touchMoved(id: 1, to: at(40), time: 0)
        #expect(s.secondAngle == 40)  // follows again on legal ground
    }

    @Test("MS-77 partial arc: the first never passes the second, the second stays in [first, maximum]")
    func ordering() {
        s.maximumAngle = 270
        s.secondAngle = 100
        #expect(s.touchBegan(id: 1, at: s.drawnFirstHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(150), time: 0)
        #expect(s.angle == 0)
        s.touchMoved(id: 1, to: at(50), time: 0)
        #expect(s.angle == 50)
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(s.touchBegan(id: 2, at: s.drawnSecondHandleCenter, time: 0))
        s.touchMoved(id: 2, to: at(290), time: 0)
        #expect(s.secondAngle == 100)  // in the gap: rejected
        s.touchMoved(id: 2, to: at(30), time: 0)
        #expect(s.secondAngle == 100)  // below the first: rejected
    }

    @Test("MS-77 full circle: only the destination is checked, so a jump can carry a handle over the other [QUIRK]")
    func jumpOver() {
        s.secondAngle = 60
        #expect(s.touchBegan(id: 1, at: s.drawnFirstHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(120), time: 0)
        #expect(s.angle == 120)  // passed the second handle at 60
    }

    @Test("MS-78 every move sample sends rangeChanged with the pressed handle and fromUser true (port side)")
    func moveEvents() {
        #expect(s.touchBegan(id: 1, at: s.drawnSecondHandleCenter, time: 0))
        _ = s.drainEvents()
        s.touchMoved(id: 1, to: at(90), time: 0)
        s.touchMoved(id: 1, to: at(10), time: 0)  // rejected, still announced
        #expect(
            s.drainEvents() == [
                .rangeChanged(first: 0, second: 25, isFirstHandle: false, fromUser: true),
                .rangeChanged(first: 0, second: 25, isFirstHandle: false, fromUser: true),
            ])
    }

    @Test("MS-79 release: snap first, then rangeEndedTracking (port order), then un-press")
    func releaseOrder() {
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        #expect(s.touchBegan(id: 1, at: s.drawnSecondHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(100), time: 0)
        _ = s.drainEvents()
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(
            s.drainEvents() == [
                .rangeChanged(first: 0, second: 25, isFirstHandle: nil, fromUser: false),
                .rangeEndedTracking(first: 0, second: 25, isFirstHandle: false),
            ])
        #expect(!s.isSecondHandlePressed)
    }

    @Test("MS-79 snapping for two handles: equal distances collapse to the lower angle")
    func snapTie() {
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        s.secondAngle = 200
        #expect(s.touchBegan(id: 1, at: s.drawnFirstHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(135), time: 0)
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(s.angle == 90)
    }

    @Test("MS-79 the nearest legal candidate is applied; with none legal the handle stays, no event")
    func snapLegal() {
        s.maximumAngle = 180  // labels at 0 and 180
        s.labels = ["lo", "hi"]
        s.snapToLabels = true
        s.angle = 170
        s.secondAngle = 175
        _ = s.drainEvents()
        #expect(s.touchBegan(id: 1, at: s.drawnSecondHandleCenter, time: 0))
        #expect(s.isSecondHandlePressed)
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(s.secondAngle == 175)  // 180 too close to the first, 0 below it
        #expect(ranges(s.drainEvents()).isEmpty)
    }

    @Test("MS-79 MS-61 the marker pass searches labels ∪ markers for the second handle too")
    func snapMarkers() {
        s.labels = ["a", "b"]  // 0, 180
        s.snapToLabels = true
        s.markerCount = 12  // every 30°
        s.snapToMarkers = true
        #expect(s.touchBegan(id: 1, at: s.drawnSecondHandleCenter, time: 0))
        s.touchMoved(id: 1, to: at(100), time: 0)
        _ = s.drainEvents()
        s.touchEnded(id: 1, at: .zero, time: 0)
        #expect(s.secondAngle == 90)
        #expect(ranges(s.drainEvents()).count == 2)  // one per pass (label pass → 180, marker pass → 90)
    }

    @Test("MS-80 a programmatic first-handle set reaches the range channel too (port side)")
    func programmaticFirst() {
        s.currentValue = 10
        #expect(
            s.drainEvents() == [
                .rangeChanged(
                    first: 10, second: 100.0 / 6.0, isFirstHandle: nil,
                    fromUser: false)
            ])
    }

    @Test("MS-83 the radius uses only the first handle's diameter")
    func radiusFirstOnly() {
        s.secondHandle.enlargementPoints = 40
        #expect(s.calculatedRadius == 92)
        s.handle.enlargementPoints = 40
        #expect(s.calculatedRadius == 100 - 23)
    }

    @Test("MS-84 a maximumAngle change keeps both angles and re-announces both values")
    func maximumAngleChange() {
        s.maximumAngle = 180
        #expect(s.angle == 0 && s.secondAngle == 60)
        let expected = ControlEvent.rangeChanged(first: 0, second: 100.0 / 3.0, isFirstHandle: nil, fromUser: false)
        #expect(s.drainEvents() == [expected, expected])
    }

    @Test("MS-76 X-3 two fingers drag both handles at the same time; each keeps its own handle")
    func twoFingers() {
        s.secondAngle = 180
        let router = TouchRouter(controls: [s])
        func touch(_ id: Int, _ p: Point, _ phase: TouchPhase) -> TouchPoint {
            TouchPoint(slot: id, trackingID: id, position: p, phase: phase)
        }
        router.route(
            TouchFrame(
                time: 0,
                touches: [
                    touch(1, s.drawnFirstHandleCenter, .began),
                    touch(2, s.drawnSecondHandleCenter, .began),
                ]))
        #expect(s.isFirstHandlePressed && s.isSecondHandlePressed)
        router.route(TouchFrame(time: 1, touches: [touch(1, at(30), .moved), touch(2, at(250), .moved)]))
        #expect(s.angle == 30 && s.secondAngle == 250)
        // A third finger finds no free handle and is swallowed.
        router.route(TouchFrame(time: 2, touches: [touch(3, s.drawnFirstHandleCenter, .began)]))
        router.route(TouchFrame(time: 3, touches: [touch(1, .zero, .ended)]))
        #expect(!s.isFirstHandlePressed && s.isSecondHandlePressed)
        router.route(TouchFrame(time: 4, touches: [touch(2, at(260), .moved)]))
        #expect(s.secondAngle == 260)
        router.route(TouchFrame(time: 5, touches: [touch(2, .zero, .cancelled)]))
        #expect(!s.isSecondHandlePressed)
        let flags = s.drainEvents().compactMap { e -> Bool? in
            if case .rangeChanged(_, _, let f?, true) = e { return f } else { return nil }
        }
        #expect(flags == [true, false, false])
    }

    @Test("MS-76 X-8 replaying the same two-finger gesture twice gives identical event sequences")
    func replay() {
        func run() -> [ControlEvent] {
            let r = DoubleHandleCircularSlider(id: "r")
            r.secondAngle = 180
            r.markerCount = 8
            r.snapToMarkers = true
            let router = TouchRouter(controls: [r])
            let a0 = r.drawnFirstHandleCenter, b0 = r.drawnSecondHandleCenter
            var frames = [
                TouchFrame(
                    time: 0,
                    touches: [
                        TouchPoint(slot: 0, trackingID: 1, position: a0, phase: .began),
                        TouchPoint(slot: 1, trackingID: 2, position: b0, phase: .began),
                    ])
            ]
            for k in 1...6 {
                let a = CircularFixture.compassPoint(Double(k * 12) + 0.5),
                    b = CircularFixture.compassPoint(180 + Double(k * 9) + 0.5)
                frames.append(
                    TouchFrame(
                        time: Double(k) / 60,
                        touches: [
                            TouchPoint(slot: 0, trackingID: 1, position: a, phase: k == 6 ? .ended : .moved),
                            TouchPoint(slot: 1, trackingID: 2, position: b, phase: .moved),
                        ]))
            }
            frames.append(
                TouchFrame(time: 1, touches: [TouchPoint(slot: 1, trackingID: 2, position: .zero, phase: .ended)]))
            for f in frames { router.route(f) }
            return r.drainEvents()
        }
        let first = run()
        #expect(first.count > 12)
        #expect(first == run())
    }
}
