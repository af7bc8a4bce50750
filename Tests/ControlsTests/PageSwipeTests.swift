import Core
import Testing

@testable import Controls

/// The page swipe's state machine with time passed in: where the page is while the finger moves and
/// while it settles, where it settles, flicks, cancels and the stretch of a page with no neighbour.
@Suite("Page swipe: follow the finger, settle with the spring")
struct PageSwipeTests {
    /// An 800-pixel page; a 10-pixel slop, flicks of 60 pixels at 500 pixels a second, 48 of stretch.
    static let settings = PageSwipe.Settings(width: 800, slop: 10, flickDistance: 60, flickSpeed: 500, overshoot: 48)

    func swipe(previous: Bool = true, next: Bool = true) -> PageSwipe {
        PageSwipe(settings: Self.settings, hasPrevious: previous, hasNext: next)
    }

    /// Moves the finger from 0 to `dx` in `steps` samples over `seconds` from `t0`; returns the end time.
    @discardableResult
    func drag(
        _ s: inout PageSwipe, to dx: Double, dy: Double = 0, steps: Int, seconds: Double, from t0: Double = 0
    )
        -> Double
    {
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            s.moved(Vector(dx * f, dy * f), time: t0 + seconds * f)
        }
        return t0 + seconds
    }

    @Test("Under the slop nothing moves; past it the page follows the finger one to one")
    func follows() {
        var s = swipe()
        let early = s.moved(Vector(-6, 1), time: 0.01)
        #expect(!early)
        #expect(s.phase == .idle && s.offset(at: 0.01) == 0)
        let started = s.moved(Vector(-12, 1), time: 0.02)
        #expect(started, "past the slop the swipe starts")
        #expect(s.isActive)
        #expect(s.offset(at: 0.02) == -2, "the page starts where the slop ended: no jump")
        s.moved(Vector(-212, 3), time: 0.2)
        #expect(s.offset(at: 0.2) == -202)
        #expect(s.neighbour(at: 0.2) == 1, "moving left shows the next page")
        s.moved(Vector(40, 3), time: 0.4)
        #expect(s.offset(at: 0.4) == 50)
        #expect(s.neighbour(at: 0.4) == -1, "back past the start shows the previous page")
    }

    @Test("A steep first move is no page swipe, and stays none")
    func steep() {
        var s = swipe()
        s.moved(Vector(-8, -14), time: 0.02)
        #expect(s.phase == .declined)
        s.moved(Vector(-300, -20), time: 0.2)
        #expect(!s.isActive && s.offset(at: 0.2) == 0)
        s.ended(Vector(-300, -20), time: 0.25)
        #expect(s.advance(to: 1) == nil)
    }

    @Test("Released past a third of the width, slowly: it settles on the neighbour with the spring")
    func commits() throws {
        var s = swipe()
        let t = drag(&s, to: -310, steps: 30, seconds: 3)  // ~100 px/s: no flick
        s.ended(Vector(-310, 0), time: t)
        guard case .settling(let a, let target) = s.phase else { Issue.record("not settling"); return }
        #expect(target == -1 && a.to == -800)
        #expect(s.offset(at: t) == -300, "the page starts settling where the finger left it")
        // The spring moves it monotonically towards the next page and never past it.
        var last = s.offset(at: t)
        for i in 1...30 {
            let x = s.offset(at: t + Double(i) * PageSwipe.settleDuration / 30)
            #expect(x <= last && x >= -800)
            last = x
        }
        #expect(s.offset(at: t + 0.1) < -500, "a third of its time in, most of the way there")
        #expect(s.advance(to: t + 0.1) == nil, "not at rest yet")
        #expect(s.advance(to: t + PageSwipe.settleDuration + 0.001) == .turned(1))
        #expect(s.phase == .idle && s.offset(at: t + 1) == 0)
    }

    @Test("Released short of a third, slowly: it springs back")
    func returns() {
        var s = swipe()
        let t = drag(&s, to: 200, steps: 20, seconds: 2)
        s.ended(Vector(200, 0), time: t)
        #expect(s.offset(at: t) == 190)
        #expect(s.offset(at: t + 0.15) > 0 && s.offset(at: t + 0.15) < 190)
        #expect(s.advance(to: t + PageSwipe.settleDuration + 0.001) == .stayed)
    }

    @Test("A flick turns the page though short of a third; too short, or the wrong way, it does not")
    func flicks() {
        var s = swipe()
        var t = drag(&s, to: -120, steps: 6, seconds: 0.1)  // 1200 px/s
        s.ended(Vector(-120, 0), time: t)
        #expect(s.advance(to: t + 1) == .turned(1))
        // Fast but under the flick distance.
        s = swipe()
        t = drag(&s, to: 50, steps: 5, seconds: 0.04)
        s.ended(Vector(50, 0), time: t)
        #expect(s.advance(to: t + 1) == .stayed)
        // Out to the left, then flicked back to the right: the page comes back, it does not turn.
        s = swipe()
        t = drag(&s, to: -200, steps: 20, seconds: 1)
        s.moved(Vector(-140, 0), time: t + 0.05)
        s.ended(Vector(-80, 0), time: t + 0.1)
        #expect(s.advance(to: t + 2) == .stayed)
    }

    @Test("A fast flick settles sooner along the way than a slow release from the same place")
    func flickSpeedCarries() {
        var slow = swipe(), fast = swipe()
        let t1 = drag(&slow, to: -300, steps: 30, seconds: 3)
        slow.ended(Vector(-300, 0), time: t1)
        let t2 = drag(&fast, to: -300, steps: 10, seconds: 0.1)
        fast.ended(Vector(-300, 0), time: t2)
        #expect(fast.offset(at: t2 + 0.05) < slow.offset(at: t1 + 0.05), "the finger's speed carries into the spring")
        #expect(fast.offset(at: t2 + 0.2) >= -800, "and it does not swing past the page")
    }

    @Test("Cancelled while following: it springs back")
    func cancel() {
        var s = swipe()
        let t = drag(&s, to: -500, steps: 10, seconds: 1)
        s.cancelled(time: t)
        #expect(s.offset(at: t) == -490)
        #expect(s.advance(to: t + PageSwipe.settleDuration + 0.001) == .stayed)
    }

    @Test("With no page on that side it stretches no more than the overshoot and comes back")
    func rubberBand() {
        var s = swipe(previous: false, next: true)
        var t = drag(&s, to: 100, steps: 10, seconds: 0.5)
        let first = s.offset(at: t)
        #expect(first > 0 && first < 48)
        #expect(s.neighbour(at: t) == 0, "nothing beside it")
        t = drag(&s, to: 5000, steps: 10, seconds: 0.5, from: t)
        #expect(s.offset(at: t) > first && s.offset(at: t) < 48, "bounded however far the finger goes")
        s.ended(Vector(5000, 0), time: t)
        #expect(s.advance(to: t + 1) == .stayed)
        // A fast flick that way does not turn either.
        var last = swipe(previous: true, next: false)
        t = drag(&last, to: -400, steps: 4, seconds: 0.05)
        #expect(last.offset(at: t) > -48)
        last.ended(Vector(-400, 0), time: t)
        #expect(last.advance(to: t + 1) == .stayed)
    }

    @Test("Never beyond a whole page, whatever the finger does")
    func boundedByWidth() {
        var s = swipe()
        let t = drag(&s, to: -2000, steps: 10, seconds: 0.5)
        #expect(s.offset(at: t) == -800)
    }

    @Test("The same samples give the same positions: time is only what is passed in")
    func deterministic() {
        var a = swipe(), b = swipe()
        let t = drag(&a, to: -350, steps: 7, seconds: 0.2)
        drag(&b, to: -350, steps: 7, seconds: 0.2)
        a.ended(Vector(-350, 0), time: t)
        b.ended(Vector(-350, 0), time: t)
        for i in 0..<20 { #expect(a.offset(at: t + Double(i) / 60) == b.offset(at: t + Double(i) / 60)) }
    }
}
