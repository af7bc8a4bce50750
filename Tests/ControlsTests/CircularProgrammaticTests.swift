import Testing
import Core
@testable import Controls

@Suite("Circular slider: programmatic API and events (MS-66…70)") struct CircularProgrammaticTests {
    let s = CircularSlider(id: "p")

    @Test("MS-66 setting currentValue clamps, moves the angle, announces fromUser false even if unchanged")
    func setCurrentValue() {
        s.currentValue = 50
        #expect(s.angle == 180)
        s.currentValue = 50
        s.currentValue = 500
        #expect(
            s.drainEvents() == [
                .valueChanged(value: 50, fromUser: false),
                .valueChanged(value: 50, fromUser: false),
                .valueChanged(value: 100, fromUser: false),
            ])
        #expect(s.angle == 360)
    }

    @Test("MS-67 not animated → MS-66 at once and the completion runs")
    func notAnimated() {
        var done = 0
        s.setValue(40, animated: false, at: 0) { done += 1 }
        #expect(s.currentValue == 40 && done == 1)
        #expect(s.drainEvents() == [.valueChanged(value: 40, fromUser: false)])
        #expect(!s.advance(to: 1))
    }

    @Test("MS-67 animated to the current value completes at once without events")
    func animatedSame() {
        s.currentValue = 30
        _ = s.drainEvents()
        var done = false
        s.setValue(30, animated: true, at: 0) { done = true }
        #expect(done && !s.isAnimating && s.drainEvents().isEmpty)
    }

    @Test("MS-67 animated: ease-in-out over 0.75 s, one event per frame, the exact target at the end, then completion")
    func animated() {
        var done = false
        s.setValue(120, animated: true, at: 10) { done = true }  // clamped target 100
        #expect(s.isAnimating && s.drainEvents().isEmpty)
        #expect(s.advance(to: 10.375))
        #expect(close(s.currentValue, 50, 1e-9))  // ease-in-out is symmetric: half-way at half time
        #expect(s.advance(to: 10.1))  // an earlier frame time is still a frame
        let early = s.currentValue
        #expect(early > 0 && early < 100 * 0.1 / 0.75)  // slow start (below linear)
        #expect(!done)
        #expect(!s.advance(to: 10.75))
        #expect(done && !s.isAnimating && s.currentValue == 100)
        let values = CircularFixture.values(s.drainEvents())
        #expect(values.count == 4)  // two frames, the last frame, the exact target
        #expect(values.suffix(2) == [100, 100])
        #expect(!s.advance(to: 11))
    }

    @Test("MS-67 a finger on the handle stops the animation where it is (port decision)")
    func animationGrabbed() {
        var done = false
        s.setValue(50, animated: true, at: 0) { done = true }
        _ = s.advance(to: 0.2)
        let v = s.currentValue
        #expect(CircularFixture.grab(s))
        #expect(done && !s.isAnimating)
        #expect(!s.advance(to: 1) && s.currentValue == v)
    }

    @Test("MS-68 label helpers: add appends; change/remove with a bad index throw")
    func labelHelpers() throws {
        s.addLabel("a"); s.addLabel("b")
        try s.changeLabel(at: 1, to: "B")
        #expect(s.labels == ["a", "B"])
        try s.removeLabel(at: 0)
        #expect(s.labels == ["B"])
        #expect(throws: CircularControlError.indexOutOfRange(index: 3, count: 1)) { try s.removeLabel(at: 3) }
        #expect(throws: CircularControlError.indexOutOfRange(index: -1, count: 1)) {
            try s.changeLabel(at: -1, to: "x")
        }
    }

    @Test("MS-69 changing maximumAngle keeps the handle angle and announces the recomputed value")
    func maximumAngleChange() {
        s.angle = 90  // 25 on a full circle
        _ = s.drainEvents()
        s.maximumAngle = 180
        #expect(s.angle == 90)
        #expect(s.drainEvents() == [.valueChanged(value: 50, fromUser: false)])
        s.maximumAngle = 180  // unchanged: nothing to announce
        #expect(s.drainEvents().isEmpty)
    }

    @Test("MS-70 event catalogue of one bounded drag, in order")
    func catalogue() {
        s.maximumRevolutions = 1
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        s.angle = 340
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [350, 10, 5])
        s.touchEnded(at: .zero, time: 0)
        let v = { (a: Double) in a * 100 / 360 }
        #expect(
            s.drainEvents() == [
                .startedTracking(value: v(340)),
                .directionChanged(1), .valueChanged(value: v(350), fromUser: true),
                .revolutionsChanged(1), .valueChanged(value: v(10), fromUser: true),
                .directionChanged(-1), .valueChanged(value: v(5), fromUser: true),
                .valueChanged(value: 0, fromUser: false),
                .endedTracking(value: 0),
                .directionChanged(0),
            ])
    }

    @Test("X-8 replaying the same gesture twice gives identical event sequences")
    func replay() {
        func run() -> [ControlEvent] {
            let r = CircularSlider(id: "r")
            r.maximumRevolutions = 2
            r.markerCount = 12
            r.snapToMarkers = true
            let router = TouchRouter(controls: [r])
            let path: [Point] = [
                Point(100, 8), Point(150, 20), Point(190, 100), Point(100, 190), Point(10, 100),
                Point(60, 20), Point(120, 15), Point(170, 60),
            ]
            for (i, p) in path.enumerated() {
                let phase: TouchPhase = i == 0 ? .began : (i == path.count - 1 ? .ended : .moved)
                router.route(
                    TouchFrame(
                        time: Double(i) / 60,
                        touches: [
                            TouchPoint(
                                slot: 0, trackingID: 7,
                                position: p, phase: phase)
                        ]))
            }
            return r.drainEvents()
        }
        let first = run()
        #expect(first.count > 8)
        #expect(first == run())
    }
}
