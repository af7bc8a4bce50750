import Testing
import Core
@testable import Controls

@Suite("Circular slider: interaction (MS-50…59)") struct CircularInteractionTests {
    let s = CircularSlider(id: "i")

    @Test("MS-50 idle → pressed on the handle → sliding on a move → idle on lift; off-handle never tracks")
    func states() {
        #expect(!s.touchBegan(at: Point(100, 150), time: 0))
        #expect(s.interactionState == .idle)
        #expect(CircularFixture.grab(s))
        #expect(s.interactionState == .pressed)
        CircularFixture.drag(s, through: [10])
        #expect(s.interactionState == .sliding)
        s.touchEnded(at: Point(0, 0), time: 0)
        #expect(s.interactionState == .idle)
    }

    @Test("MS-51 touch-down sends startedTracking with the value and does not change it")
    func touchDown() {
        s.currentValue = 25
        _ = s.drainEvents()
        // Grab off-centre inside the square: the value still does not move.
        #expect(s.touchBegan(at: s.geometry.drawn(Point(s.handleCenter.x + 15, s.handleCenter.y)), time: 0))
        #expect(s.drainEvents() == [.startedTracking(value: 25)])
        #expect(s.currentValue == 25)
        s.touchEnded(at: Point(0, 0), time: 0)
        #expect(s.currentValue == 25)  // a tap without movement never changes the value
    }

    @Test("MS-52 every move sample sends valueChanged(fromUser: true), even without a change")
    func everySample() {
        CircularFixture.grab(s)
        _ = s.drainEvents()
        CircularFixture.drag(s, through: [36, 36, 36])
        let events = s.drainEvents().filter { if case .valueChanged = $0 { return true } else { return false } }
        #expect(events == Array(repeating: .valueChanged(value: 10, fromUser: true), count: 3))
    }

    @Test(
        "MS-53 gap of a 270° arc: 10 pt right of bottom-centre (309°) → max, 10 pt left (320°) → min, centre (315°) → max"
    )
    func gapSplit() {
        s.maximumAngle = 270
        #expect(s.geometry.compassAngle(of: Point(110, 200)) == 309)
        #expect(s.geometry.compassAngle(of: Point(90, 200)) == 320)
        #expect(s.geometry.compassAngle(of: Point(100, 200)) == 315)
        CircularFixture.grab(s)
        s.touchMoved(to: Point(110, 200), time: 0)
        #expect(s.angle == 270 && s.currentValue == 100)
        s.touchMoved(to: Point(90, 200), time: 0)
        #expect(s.angle == 0 && s.currentValue == 0)  // over-swipe flips max → min [ORIG]
        s.touchMoved(to: Point(100, 200), time: 0)
        #expect(s.angle == 270)
    }

    @Test("MS-53 port option stickyEnds holds the end the handle was at while in the gap")
    func stickyEnds() {
        s.maximumAngle = 270
        s.stickyEnds = true
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [200, 260])
        s.touchMoved(to: Point(110, 200), time: 0)
        s.touchMoved(to: Point(90, 200), time: 0)  // past the gap midpoint: still the maximum
        #expect(s.angle == 270)
    }

    @Test("MS-54 absolute mapping: the handle jumps to the finger's angle on the first sample")
    func absolute() {
        CircularFixture.grab(s)
        s.touchMoved(to: Point(110, 50), time: 0)  // grabbed near north, finger moves east-ish
        #expect(s.angle == s.geometry.compassAngle(of: Point(110, 50)))
        CircularFixture.drag(s, through: [90])
        #expect(s.angle == 90)
    }

    @Test("MS-55 direction: clockwise, counter-clockwise, events only on change, none on release")
    func direction() {
        CircularFixture.grab(s)
        _ = s.drainEvents()
        CircularFixture.drag(s, through: [10, 20, 20, 15, 12, 30])
        let dirs = s.drainEvents().compactMap { e -> Int? in
            if case .directionChanged(let d) = e { return d } else { return nil }
        }
        #expect(dirs == [1, -1, 1])
        s.touchEnded(at: Point(0, 0), time: 0)
        #expect(s.drainEvents().last == .directionChanged(0))
        #expect(s.slidingDirection == .none)
    }

    @Test("MS-55 endless full circle: crossing north clockwise wraps max → min, direction clockwise")
    func endlessWrap() {
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5])
        #expect(s.angle == 5 && s.slidingDirection == .clockwise)
        let events = s.drainEvents()
        #expect(!events.contains { if case .revolutionsChanged = $0 { return true } else { return false } })
        CircularFixture.drag(s, through: [350])
        #expect(s.angle == 350 && s.slidingDirection == .counterclockwise)
    }

    @Test("MS-56 maximumRevolutions 0: 350, 355 → 5 pins at 360 (max, no callback); then 350 follows, counterclockwise")
    func revolutionsZero() {
        s.maximumRevolutions = 0
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5])
        #expect(s.angle == 360 && s.currentValue == 100)
        let events = s.drainEvents()
        #expect(!events.contains { if case .revolutionsChanged = $0 { return true } else { return false } })
        #expect(s.slidingDirection == .clockwise)  // no direction update on the pin
        CircularFixture.drag(s, through: [350])
        #expect(s.angle == 350 && s.slidingDirection == .counterclockwise)
    }

    @Test("MS-56 revolutions pin at the maximum: maximumRevolutions 2 → (1), (2), then pinned at 360")
    func revolutionsTwo() {
        s.maximumRevolutions = 2
        s.angle = 300
        CircularFixture.grab(s)
        for _ in 0..<3 { CircularFixture.drag(s, through: [350, 10, 100, 200, 300]) }
        let counts = s.drainEvents().compactMap { e -> Int? in
            if case .revolutionsChanged(let n) = e { return n } else { return nil }
        }
        #expect(counts == [1, 2])
        // The third crossing pinned at 360; the later samples (100, 200, 300) compare against the pin:
        // 100 is > 180 back (a crossing → pinned again), 200 and 300 are within 180 and follow (MS-57).
        #expect(s.revolutionsCount == 2)
        s.touchEnded(at: .zero, time: 0)
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5])
        #expect(s.angle == 360)
    }

    @Test("MS-56 counter-clockwise crossings from count 0 pin at 0")
    func pinAtZero() {
        s.maximumRevolutions = 2
        s.angle = 10
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [5, 355])
        #expect(s.angle == 0 && s.currentValue == 0 && s.revolutionsCount == 0)
        CircularFixture.drag(s, through: [340])  // still more than 180° "ahead": still pinned
        #expect(s.angle == 0)
    }

    @Test("MS-56 the first sample of a drag detects a crossing too (port); the original skip is an option")
    func firstSample() {
        s.maximumRevolutions = 0
        s.angle = 359
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [1])
        #expect(s.angle == 360)
        s.touchEnded(at: .zero, time: 0)

        let legacy = CircularSlider(id: "legacy")
        legacy.maximumRevolutions = 0
        legacy.detectsCrossingOnFirstSample = false
        legacy.angle = 359
        CircularFixture.grab(legacy)
        CircularFixture.drag(legacy, through: [1])
        #expect(legacy.angle == 1)  // wraps without pinning [BUG reproduced on request]
    }

    @Test("MS-56 the revolution count is never reset between drags [QUIRK]")
    func countPersists() {
        s.maximumRevolutions = 3
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5])
        s.touchEnded(at: .zero, time: 0)
        #expect(s.revolutionsCount == 1)
        s.currentValue = 0
        #expect(s.revolutionsCount == 1)
    }

    @Test("MS-57 pinned at 360, moving back less than 180° releases; a finger at 181° jumps the handle")
    func whilePinned() {
        s.maximumRevolutions = 0
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5, 30, 90])
        #expect(s.angle == 360)  // 30 and 90 are > 180° from the pin: still pinned
        CircularFixture.drag(s, through: [181])
        #expect(s.angle == 181)  // 179° back from 360: no crossing, the handle jumps to the finger
    }

    @Test("MS-58 release order: snap events → endedTracking → directionChanged(none)")
    func releaseOrder() {
        s.labels = ["0", "90", "180", "270"]
        s.snapToLabels = true
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [40, 80])
        _ = s.drainEvents()
        s.touchEnded(at: .zero, time: 0)
        #expect(
            s.drainEvents() == [
                .valueChanged(value: 25, fromUser: false), .endedTracking(value: 25),
                .directionChanged(0),
            ])
        #expect(!s.isHandlePressed)
    }

    @Test("MS-59 X-6 cancel is handled exactly like a release, snap included")
    func cancel() {
        s.labels = ["0", "90", "180", "270"]
        s.snapToLabels = true
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [100])
        _ = s.drainEvents()
        s.touchCancelled(time: 0)
        #expect(
            s.drainEvents() == [
                .valueChanged(value: 25, fromUser: false), .endedTracking(value: 25),
                .directionChanged(0),
            ])
        #expect(s.interactionState == .idle && !s.isHandlePressed)
    }

    @Test("MS-57 option holdsPinUntilReturn: the pin holds until the finger winds back past north")
    func holdPin() {
        s.maximumRevolutions = 0
        s.holdsPinUntilReturn = true
        s.angle = 350
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [355, 5, 90, 181, 270, 300])
        #expect(s.angle == 360)  // 300° past the pin: still held
        CircularFixture.drag(s, through: [200, 90, 10])
        #expect(s.angle == 360)  // winding back, still beyond north
        CircularFixture.drag(s, through: [355])
        #expect(s.angle == 355 && s.slidingDirection == .counterclockwise)
        s.touchEnded(at: .zero, time: 0)
        // The same at the minimum.
        s.angle = 10
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [5, 355, 200, 150])
        #expect(s.angle == 0)
        CircularFixture.drag(s, through: [300, 359, 8])
        #expect(s.angle == 8)
    }
}
