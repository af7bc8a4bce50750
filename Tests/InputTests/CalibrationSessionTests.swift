import Core
import Testing
@testable import Input

@Suite("CalibrationSession (thumbwheel calibrate)") struct CalibrationSessionTests {
    let mapper = CoordinateMapper(
        xRange: AxisRange(minimum: 0, maximum: 4095), yRange: AxisRange(minimum: 0, maximum: 4095),
        displaySize: Size(800, 480))
    /// The panel's error: a finger at normalised p is reported at skew(p).
    let skew = CalibrationMatrix(0.95, 0.03, 0.04, -0.02, 1.06, -0.05)

    /// Where the hub would report a finger that is really on display point `p`.
    func reported(_ p: Point) -> Point {
        let n = skew.apply(Point(p.x / 800, p.y / 480))
        return mapper.transform.apply(Point(n.x * 4096, n.y * 4096))
    }

    /// A press on `p`: began with a wild first sample, a few close ones, then the lift.
    func press(_ p: Point, id: Int, time: Double) -> [TouchFrame] {
        let r = reported(p)
        let samples = [Point(r.x + 40, r.y - 30), r, Point(r.x + 0.5, r.y), r, Point(r.x - 0.5, r.y)]
        var frames = [
            TouchFrame(time: time, touches: [TouchPoint(slot: 0, trackingID: id, position: samples[0], phase: .began)])
        ]
        for (i, s) in samples.dropFirst().dropLast().enumerated() {
            frames.append(
                TouchFrame(
                    time: time + Double(i + 1) * 0.01,
                    touches: [TouchPoint(slot: 0, trackingID: id, position: s, phase: .moved)]))
        }
        frames.append(
            TouchFrame(
                time: time + 0.1, touches: [TouchPoint(slot: 0, trackingID: id, position: samples.last!, phase: .ended)]
            ))
        return frames
    }

    @Test("Five presses on the targets give a matrix that puts the panel's touches on the targets")
    func solves() throws {
        var session = CalibrationSession(mapper: mapper)
        #expect(
            session.targets.count == 5 && session.targets[0] == Point(80, 48) && session.targets[4] == Point(400, 240))
        var last = CalibrationSession.Progress.waiting
        for (i, target) in session.targets.enumerated() {
            #expect(session.currentTarget == target)
            let progress = press(target, id: i, time: Double(i)).map { session.handle($0) }
            #expect(progress.dropLast().allSatisfy { $0 == .waiting })
            last = progress.last!
            if i < 4 { #expect(last == .nextTarget) }
        }
        guard case .finished(let matrix, let rms) = last else { Issue.record("not finished: \(last)"); return }
        #expect(rms < 1)
        #expect(session.currentTarget == nil && session.isFinished)
        session.restart()
        #expect(session.currentTarget == session.targets[0])
        let fixed = CoordinateMapper(
            xRange: mapper.xRange, yRange: mapper.yRange, displaySize: mapper.displaySize, calibration: matrix)
        for p in [Point(10, 10), Point(700, 300), Point(400, 470)] {
            let raw = try #require(mapper.transform.inverted).apply(reported(p))
            #expect(fixed.transform.apply(raw).distance(to: p) < 1)
        }
    }

    @Test("A cancelled press and a second finger do not count")
    func ignoresCancelAndSecondFinger() {
        var session = CalibrationSession(mapper: mapper)
        let t = session.targets[0]
        _ = session.handle(
            TouchFrame(time: 0, touches: [TouchPoint(slot: 0, trackingID: 1, position: t, phase: .began)]))
        #expect(
            session.handle(
                TouchFrame(time: 0.1, touches: [TouchPoint(slot: 0, trackingID: 1, position: t, phase: .cancelled)]))
                == .waiting)
        _ = session.handle(
            TouchFrame(
                time: 1,
                touches: [
                    TouchPoint(slot: 0, trackingID: 2, position: t, phase: .began),
                    TouchPoint(slot: 1, trackingID: 3, position: Point(700, 400), phase: .began),
                ]))
        #expect(
            session.handle(
                TouchFrame(
                    time: 1.1, touches: [TouchPoint(slot: 1, trackingID: 3, position: Point(700, 400), phase: .ended)]))
                == .waiting)
        #expect(session.currentTarget == t)
        #expect(
            session.handle(
                TouchFrame(time: 1.2, touches: [TouchPoint(slot: 0, trackingID: 2, position: t, phase: .ended)]))
                == .nextTarget)
        #expect(session.currentTarget == session.targets[1])
    }

    @Test("Touches all in one place, or nowhere near the targets, start the session over")
    func restarts() {
        var session = CalibrationSession(mapper: mapper)
        var last = CalibrationSession.Progress.waiting
        for i in 0..<5 { last = press(Point(300, 300), id: i, time: Double(i)).map { session.handle($0) }.last! }
        guard case .restarted(let why) = last else { Issue.record("expected a restart, got \(last)"); return }
        #expect(why.contains("one line"))
        #expect(session.currentTarget == session.targets[0])
        let wild = [Point(700, 50), Point(100, 400), Point(120, 60), Point(650, 420), Point(50, 240)]
        for (i, p) in wild.enumerated() {
            last = press(p, id: 10 + i, time: Double(10 + i)).map { session.handle($0) }.last!
        }
        guard case .restarted(let far) = last else { Issue.record("expected a restart, got \(last)"); return }
        #expect(far.contains("too far"))
    }
}
