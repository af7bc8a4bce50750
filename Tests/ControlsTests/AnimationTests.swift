import Testing
@testable import Controls

/// A point of the Bézier curve at parameter s, computed here from the textbook formula.
private func bezierPoint(_ c: CubicBezierCurve, _ s: Double) -> (x: Double, y: Double) {
    let u = 1 - s
    func coord(_ a: Double, _ b: Double) -> Double { 3 * u * u * s * a + 3 * u * s * s * b + s * s * s }
    return (coord(c.x1, c.x2), coord(c.y1, c.y2))
}

@Suite("X-10 animation curves")
struct AnimationTests {
    @Test(
        "X-10 Bézier curves pass through their own points",
        arguments: [
            CubicBezierCurve.linear, .easeIn, .easeOut, .easeInOut, .coreAnimationDefault,
        ])
    func bezierMatchesFormula(_ curve: CubicBezierCurve) {
        for s in stride(from: 0.05, to: 1.0, by: 0.05) {
            let p = bezierPoint(curve, s)
            #expect(abs(curve.progress(p.x) - p.y) < 1e-9)
        }
        #expect(curve.progress(0) == 0)
        #expect(curve.progress(1) == 1)
        #expect(curve.progress(-1) == 0)
        #expect(curve.progress(2) == 1)
    }

    @Test("X-10 linear is the identity; ease-in-out is symmetric about its midpoint")
    func shapes() {
        #expect(abs(CubicBezierCurve.linear.progress(0.3) - 0.3) < 1e-9)
        #expect(abs(CubicBezierCurve.easeInOut.progress(0.5) - 0.5) < 1e-9)
        for t in [0.1, 0.25, 0.4] {
            let a = CubicBezierCurve.easeInOut.progress(t), b = CubicBezierCurve.easeInOut.progress(1 - t)
            #expect(abs(a + b - 1) < 1e-9)
        }
        #expect(CubicBezierCurve.easeIn.progress(0.3) < 0.3)
        #expect(CubicBezierCurve.easeOut.progress(0.3) > 0.3)
    }

    @Test(
        "X-10 curves are monotonic", arguments: [CubicBezierCurve.easeIn, .easeOut, .easeInOut, .coreAnimationDefault])
    func monotonic(_ curve: CubicBezierCurve) {
        var last = 0.0
        for i in 1...200 {
            let v = curve.progress(Double(i) / 200)
            #expect(v >= last - 1e-12)
            last = v
        }
    }

    @Test("X-10 spring starts at 0 with its initial velocity and rests at 1 at its duration")
    func springEnds() {
        let spring = SpringCurve(dampingRatio: 0.8, initialVelocity: 25, duration: 0.25)
        #expect(spring.progress(atElapsed: 0) == 0)
        #expect(spring.progress(atElapsed: 0.25) == 1)
        let h = 1e-6
        #expect(abs(spring.progress(atElapsed: h) / h - 25) < 0.01)
        // Under-damped: it overshoots somewhere.
        let peak = (1...249).map { spring.progress(atElapsed: Double($0) / 1000) }.max()!
        #expect(peak > 1)
        // Just before the end it is within the 0.1 % envelope.
        #expect(abs(spring.progress(atElapsed: 0.2499) - 1) < 0.0015)
    }

    @Test("X-10 critically damped spring does not overshoot (RVS-32 close spring)")
    func criticalSpring() {
        let spring = SpringCurve(dampingRatio: 1.0, initialVelocity: 7, duration: 0.25)
        var last = 0.0
        for i in 1...250 {
            let v = spring.progress(atElapsed: Double(i) / 1000)
            #expect(v <= 1 + 1e-12)
            #expect(v >= last - 1e-12)
            last = v
        }
        let h = 1e-6
        #expect(abs(spring.progress(atElapsed: h) / h - 7) < 0.01)
    }

    @Test("X-10 over-damped spring keeps its initial velocity and ends at 1")
    func overDamped() {
        let spring = SpringCurve(dampingRatio: 2, initialVelocity: 3, duration: 0.5)
        let h = 1e-6
        #expect(abs(spring.progress(atElapsed: h) / h - 3) < 0.01)
        #expect(spring.progress(atElapsed: 0.5) == 1)
        #expect(spring.progress(atElapsed: 0.49) < 1)
    }

    @Test("X-10 scalar animation is a pure function of the time passed in")
    func scalarAnimation() {
        let a = ScalarAnimation(from: 10, to: 20, start: 5, duration: 0.2, curve: .timing(.linear))
        #expect(a.value(at: 4) == 10)
        #expect(abs(a.value(at: 5.1) - 15) < 1e-9)
        #expect(a.value(at: 5.2) == 20)
        #expect(!a.isFinished(at: 5.19))
        #expect(a.isFinished(at: 5.2))
        #expect(a.value(at: 5.05) == a.value(at: 5.05))
        let s = ScalarAnimation(
            from: 1, to: 0.001, start: 0, spring: SpringCurve(dampingRatio: 1, initialVelocity: 7, duration: 0.3))
        #expect(s.duration == 0.3)
        #expect(s.value(at: 0.3) == 0.001)
        #expect(s.value(at: 0.1) < 1 && s.value(at: 0.1) > 0.001)
    }
}
