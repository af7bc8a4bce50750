import Testing
import Core
@testable import Controls

/// Runs a flywheel from v0 until it stops; returns (tick, steps) for every tick that moved.
private func simulate(_ v0: Double) -> [(tick: Int, steps: Int)] {
    var wheel = Flywheel()
    wheel.start(velocity: v0)
    var out: [(Int, Int)] = []
    var tick = 0
    while wheel.isRunning && tick < 100_000 {
        tick += 1
        let s = wheel.tick()
        if s != 0 { out.append((tick, s)) }
    }
    return out
}

@Suite("RVS flywheel")
struct SpinnerFlywheelTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var v0: Double, total: Int, lastTick: Int, firstTicks: [Int], firstSteps: [Int]
        var testDescription: String { "v0=\(v0)" }
    }

    @Test(
        "RVS-50 flywheel test vectors",
        arguments: [
            Vector(v0: 0.81, total: 1, lastTick: 13, firstTicks: [13], firstSteps: [1]),
            Vector(v0: 1.0, total: 4, lastTick: 46, firstTicks: [10, 21, 33, 46], firstSteps: [1, 1, 1, 1]),
            Vector(
                v0: 2.0, total: 20, lastTick: 158, firstTicks: [5, 10, 16, 22, 28, 34], firstSteps: [1, 1, 1, 1, 1, 1]),
            Vector(
                v0: 5.0, total: 64, lastTick: 310, firstTicks: [2, 4, 6, 8, 11, 14], firstSteps: [1, 1, 1, 1, 1, 1]),
            Vector(
                v0: 10.0, total: 126, lastTick: 429, firstTicks: [1, 2, 3, 4, 5, 6], firstSteps: [1, 1, 1, 1, 1, 1]),
            Vector(v0: 20.0, total: 245, lastTick: 541, firstTicks: [1, 2, 3, 4, 5], firstSteps: [2, 2, 2, 2, 1]),
            Vector(v0: 100, total: 1454, lastTick: 813, firstTicks: [1], firstSteps: [9]),
            Vector(
                v0: -2.0, total: -20, lastTick: 158, firstTicks: [5, 10, 16, 22, 28, 34],
                firstSteps: [-1, -1, -1, -1, -1, -1]),
        ])
    func vectors(_ v: Vector) {
        let steps = simulate(v.v0)
        #expect(steps.map(\.steps).reduce(0, +) == v.total)
        #expect(steps.last?.tick == v.lastTick)
        #expect(Array(steps.prefix(v.firstTicks.count).map(\.tick)) == v.firstTicks)
        #expect(Array(steps.prefix(v.firstSteps.count).map(\.steps)) == v.firstSteps)
    }

    @Test("RVS-47 flywheel decays 0.994 per tick and accumulates 0.1·v")
    func decayAndAccumulator() {
        var wheel = Flywheel()
        wheel.start(velocity: 0.81)
        _ = wheel.tick()
        #expect(wheel.velocity == 0.81 * 0.994)
        #expect(wheel.accumulator == 0.1 * (0.81 * 0.994))
        _ = wheel.tick()
        #expect(wheel.velocity == 0.81 * 0.994 * 0.994)
    }

    @Test("RVS-47 the fraction is discarded on a step and the stop check runs only on moving ticks")
    func discardAndStopCheck() {
        var wheel = Flywheel()
        wheel.start(velocity: 0.81)
        var moved = 0
        for _ in 1...12 { moved += wheel.tick() }
        #expect(moved == 0)
        // Velocity is already below 0.8 but the wheel keeps running until a tick moves it.
        #expect(wheel.velocity < Flywheel.stopSpeed)
        #expect(wheel.isRunning)
        #expect(wheel.tick() == 1)
        #expect(wheel.accumulator == 0)
        #expect(!wheel.isRunning)
    }

    @Test("RVS-47 velocity is capped at 100 and a restart replaces it")
    func capAndReplace() {
        var wheel = Flywheel()
        wheel.start(velocity: 250)
        #expect(wheel.velocity == 100)
        _ = wheel.tick()
        wheel.start(velocity: -3)
        #expect(wheel.velocity == -3)
        #expect(wheel.accumulator == 0)
    }

    @Test("RVS-46 tangential speed by quadrant and the strict 0.8 threshold")
    func flick() {
        // Upper right (θ = −45°), (600, 600) → u = 1200 → v0 = 2.
        let u1 = Flywheel.tangentialSpeed(vx: 600, vy: 600, theta: .degrees(-45))
        #expect(u1 == 1200)
        #expect(Flywheel.flickVelocity(tangentialSpeed: u1) == 2.0)
        // (300, 100) upper right → 400 → no spin.
        let u2 = Flywheel.tangentialSpeed(vx: 300, vy: 100, theta: .degrees(-45))
        #expect(u2 == 400)
        #expect(Flywheel.flickVelocity(tangentialSpeed: u2) == nil)
        // Lower left (θ = 135°), (−600, −600) → +1200 → 2.
        let u3 = Flywheel.tangentialSpeed(vx: -600, vy: -600, theta: .degrees(135))
        #expect(u3 == 1200)
        #expect(Flywheel.flickVelocity(tangentialSpeed: u3) == 2.0)
        // Lower right: vy − vx; upper left: vx − vy.
        #expect(Flywheel.tangentialSpeed(vx: 100, vy: 700, theta: .degrees(45)) == 600)
        #expect(Flywheel.tangentialSpeed(vx: 100, vy: 700, theta: .degrees(-135)) == -600)
        // Exactly 480 pt/s gives 0.8: not strictly above, no spin; the cap is 100.
        #expect(Flywheel.flickVelocity(tangentialSpeed: 480) == nil)
        #expect(Flywheel.flickVelocity(tangentialSpeed: 481) != nil)
        #expect(Flywheel.flickVelocity(tangentialSpeed: -1e6) == -100)
    }

    @Test("RVS-47 the wheel's flywheel runs on a fixed 60 Hz tick whatever the frame rate")
    func frameRateIndependent() {
        func spinAndRecord(dt: Double) -> ([Int], Int) {
            let s = SpinnerFixture.wheel(12, selected: 0)
            s.setOpen(true, time: 0)
            _ = s.advance(to: 0.01)
            _ = s.drainEvents()
            s.spin(velocity: 2.0, time: 1)
            s.run(until: 4, from: 1, dt: dt)
            return (s.drainIndices(), s.selectedIndex)
        }
        let at60 = spinAndRecord(dt: 1.0 / 60)
        let at144 = spinAndRecord(dt: 1.0 / 144)
        let atOdd = spinAndRecord(dt: 0.037)
        #expect(at60.1 == 20 % 12)
        #expect(at60.0.count == 20)
        #expect(at144.0 == at60.0)
        #expect(atOdd.0 == at60.0)
    }

    @Test("RVS-50 the final index is (start + total) mod n")
    func finalIndex() {
        let s = SpinnerFixture.wheel(12, selected: 5)
        s.setOpen(true, time: 0)
        s.spin(velocity: -2.0, time: 0)
        s.run(until: 3, from: 0, dt: 1.0 / 60)
        #expect(s.selectedIndex == ((5 - 20) % 12 + 12) % 12)
        #expect(!s.flywheel.isRunning)
    }

    @Test("RVS-47 RVS-40 the wheel's shown angle during a spin is the same at any frame rate")
    func rotationFrameRateIndependent() {
        func angle(dt: Double) -> Angle {
            let s = SpinnerFixture.wheel(12)
            s.setOpen(true, time: 0)
            s.spin(velocity: 5, time: 1)
            s.run(until: 2.5, from: 1, dt: dt)
            return s.wheelRotation(at: 2.5)
        }
        let a = angle(dt: 1.0 / 60), b = angle(dt: 1.0 / 90), c = angle(dt: 0.05)
        #expect(abs(a.degrees - b.degrees) < 1e-6)
        #expect(abs(a.degrees - c.degrees) < 1e-6)
    }

    @Test("RVS-47 the host can spin the open wheel; a closed wheel ignores it")
    func hostSpin() {
        let s = SpinnerFixture.wheel(12)
        s.spin(velocity: 5, time: 0)
        #expect(!s.flywheel.isRunning)
        s.setOpen(true, time: 0)
        s.spin(velocity: 5, time: 0)
        #expect(s.flywheel.isRunning)
    }
}
