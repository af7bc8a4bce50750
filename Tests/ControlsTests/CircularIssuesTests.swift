import Testing
import Core
@testable import Controls

@Suite("Circular slider: issue tracker and cross-cutting items (MS-90, X-9, X-11, X-12)") struct CircularIssuesTests {
    @Test(
        "MS-90 issues #16 #18 #28 #32 #35: 0-revolution clamp, begin on the handle only, endless wrap, public count, min offset"
    )
    func issues() {
        // #16: maximumRevolutions 0 clamps a full circle to 0…100 %.
        let clamp = CircularSlider(id: "c")
        clamp.maximumRevolutions = 0
        clamp.angle = 340
        CircularFixture.grab(clamp)
        CircularFixture.drag(clamp, through: [350, 10])
        #expect(clamp.currentValue == 100)
        // #18: a touch away from the handle does not move the value.
        let s = CircularSlider(id: "s")
        #expect(!s.touchBegan(at: Point(150, 150), time: 0))
        #expect(s.currentValue == 0)
        // #28: endless mode jumps 0 → ~97 when crossing north anticlockwise (reproduced).
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [5, 350])
        #expect(s.currentValue > 97)
        // PR #32: the revolution count is readable.
        #expect(clamp.revolutionsCount == 0)
        // #35: a non-zero minimum maps correctly (HEAD formula).
        s.minimumValue = 50
        s.maximumValue = 150
        s.currentValue = 100
        #expect(s.angle == 180)
    }

    @Test("MS-90 issue #13 (over-swipe flips max → min) is reproduced by default and avoided with stickyEnds")
    func issue13() {
        for sticky in [false, true] {
            let s = CircularSlider(id: "s")
            s.maximumAngle = 270
            s.stickyEnds = sticky
            CircularFixture.grab(s)
            CircularFixture.drag(s, through: [260])
            s.touchMoved(to: Point(110, 200), time: 0)
            s.touchMoved(to: Point(80, 195), time: 0)
            #expect(s.angle == (sticky ? 270 : 0))
        }
    }

    @Test("X-11 MS-45 the label font size feeds the label radius: 12 pt vs 20 pt moves the label 4 pt inwards")
    func fontSize() {
        let s = CircularSlider(id: "s")
        s.labels = ["a", "b", "c", "d"]
        #expect(s.labelPlacements[0].center == Point(100, 26))  // −0.1·92 − 2.5 − 6 = −17.7 → 18
        s.labelFontSize = 20
        #expect(s.labelPlacements[0].center == Point(100, 30))  // −0.1·92 − 2.5 − 10 = −21.7 → 22
    }

    @Test("X-12 the circular controls raise no feedback cues (the originals have no sound or haptics)")
    func noFeedback() {
        let s = CircularSlider(id: "s")
        s.labels = ["a", "b"]
        s.snapToLabels = true
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [90, 200])
        s.touchEnded(at: .zero, time: 0)
        let seeker = ArcSeeker.demo()
        #expect(seeker.touchBegan(at: seeker.thumbFrame.center, time: 0))
        seeker.touchEnded(at: .zero, time: 0)
        _ = seeker.advance(to: 1)
        let all = s.drainEvents() + seeker.drainEvents()
        #expect(!all.isEmpty)
        #expect(!all.contains { if case .feedback = $0 { return true } else { return false } })
    }

    @Test("X-9 deferred work runs on the caller's tick: the seeker's value event waits for advance(to:)")
    func deferred() {
        let seeker = ArcSeeker(id: "d")
        #expect(seeker.touchBegan(at: seeker.thumbFrame.center, time: 0))
        seeker.touchEnded(at: .zero, time: 0)
        #expect(seeker.drainEvents().isEmpty)  // nothing happens "by itself"
        #expect(!seeker.advance(to: 0.25))
        #expect(seeker.drainEvents().count == 1)
    }
}
