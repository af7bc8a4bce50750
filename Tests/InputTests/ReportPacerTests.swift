import Core
import Testing
@testable import Input

/// One report of contact `id` (device 0) at `time` seconds.
private func report(_ time: Double, _ phase: TouchPhase = .moved, id: Int = 7) -> TouchFrame {
    TouchFrame(time: time, touches: [TouchPoint(slot: 0, trackingID: id, position: Point(x: 10, y: 10), phase: phase)])
}

@Suite("Report pacer: when a touched panel's next report is due")
struct ReportPacerTests {
    /// A panel reporting every 7.4 ms: the window opens `lead` before the next report and closes
    /// `slack` after it.
    @Test("A steady panel's next report is awaited one period after its last")
    func steadyPeriod() throws {
        var pacer = ReportPacer()
        pacer.note(report(1.0, .began))
        #expect(pacer.window(now: 1.0) == nil, "one report says nothing of a period")
        for i in 1...5 { pacer.note(report(1.0 + Double(i) * 0.0074)) }
        let period = try #require(pacer.period)
        #expect(abs(period - 0.0074) < 1e-9)
        let last = 1.0 + 5 * 0.0074
        let window = try #require(pacer.window(now: last + 0.0001))
        #expect(abs(window.lowerBound - (last + 0.0074 - pacer.lead)) < 1e-9)
        #expect(abs(window.upperBound - (last + 0.0074 + pacer.slack)) < 1e-9)
    }

    @Test("A skipped report (an interval of two periods) does not double the period")
    func skippedReport() throws {
        var pacer = ReportPacer()
        let times = [0.0, 0.0074, 0.0222, 0.0296, 0.0370, 0.0518, 0.0592]
        pacer.note(report(times[0], .began))
        for t in times.dropFirst() { pacer.note(report(t)) }
        let period = try #require(pacer.period)
        #expect(abs(period - 0.0074) < 1e-9)
    }

    /// The windows of later periods follow once one passes without a report, up to `periodsAwaited`;
    /// then the loop sleeps (a finger held still on a panel that reports only changes).
    @Test("A report that does not come moves the window one period on, then no window at all")
    func missingReports() throws {
        var pacer = ReportPacer(lead: 0.0004, slack: 0.0008, periodsAwaited: 3)
        pacer.note(report(0, .began))
        for i in 1...4 { pacer.note(report(Double(i) * 0.01)) }
        let first = try #require(pacer.window(now: 0.0401))
        #expect(abs(first.upperBound - 0.0508) < 1e-9)
        let second = try #require(pacer.window(now: 0.0509))
        #expect(abs(second.lowerBound - (0.06 - 0.0004)) < 1e-9)
        let third = try #require(pacer.window(now: 0.0609))
        #expect(abs(third.lowerBound - (0.07 - 0.0004)) < 1e-9)
        #expect(pacer.window(now: 0.0709) == nil)
    }

    /// The median of the last reports carried forward: a report stamped 1 ms late does not move the
    /// next window by its lateness (predicting from the last report alone put the next, on-time,
    /// report 1 ms before its window in bench-latency).
    @Test("One report stamped late does not move the next window")
    func lateReport() throws {
        var pacer = ReportPacer()
        pacer.note(report(0, .began))
        for i in 1...5 { pacer.note(report(Double(i) * 0.0074)) }
        pacer.note(report(6 * 0.0074 + 0.001))  // stamped 1 ms late
        let window = try #require(pacer.window(now: 6 * 0.0074 + 0.0011))
        let due = 7 * 0.0074
        #expect(window.contains(due), "the on-time report at \(due) must fall in \(window)")
    }

    @Test("No window once every finger lifted; the period is kept for the next touch")
    func liftEndsTheSeries() throws {
        var pacer = ReportPacer()
        pacer.note(report(0, .began))
        for i in 1...3 { pacer.note(report(Double(i) * 0.008)) }
        pacer.note(report(0.032, .ended))
        #expect(pacer.window(now: 0.0321) == nil)
        // A new touch: its first report has nothing to follow, but the period is the panel's.
        pacer.note(report(1.0, .began, id: 8))
        let window = try #require(pacer.window(now: 1.0001))
        #expect(window.contains(1.008))
    }

    @Test("A second finger keeps the window open after the first lifts")
    func twoFingers() throws {
        var pacer = ReportPacer()
        pacer.note(report(0, .began, id: 1))
        pacer.note(
            TouchFrame(
                time: 0.008,
                touches: [
                    TouchPoint(slot: 0, trackingID: 1, position: Point(x: 1, y: 1), phase: .moved),
                    TouchPoint(slot: 1, trackingID: 2, position: Point(x: 5, y: 5), phase: .began),
                ]))
        pacer.note(report(0.016, .ended, id: 1))
        #expect(pacer.window(now: 0.0161) != nil, "finger 2 is still down")
        pacer.note(report(0.024, .cancelled, id: 2))
        #expect(pacer.window(now: 0.0241) == nil)
    }

    @Test("Intervals outside 2–50 ms are not a period")
    func implausibleIntervals() {
        var pacer = ReportPacer()
        pacer.note(report(0, .began))
        pacer.note(report(0.0005))  // two reports of one burst
        pacer.note(report(0.2))  // a pause
        #expect(pacer.period == nil)
        #expect(pacer.window(now: 0.2001) == nil)
    }

    /// The real recording (EP0430M09, a drag up and down): almost every report falls in the window
    /// the reports before it predicted.
    @Test("The recorded drag's reports fall in their windows")
    func recordedDrag() throws {
        let result = try RecordingReplayer.replay(
            try EvemuParser.parse(try fixture("EP0430M09.1-finger-drag-up-down.events")))
        var pacer = ReportPacer()
        var inWindow = 0, awaited = 0
        for frame in result.frames {
            // What the loop would have waited with 3 ms before this report arrived.
            if let window = pacer.window(now: frame.time - 0.003) {
                awaited += 1
                if window.contains(frame.time) { inWindow += 1 }
            }
            pacer.note(frame)
        }
        #expect(awaited > 150)
        #expect(Double(inWindow) >= 0.9 * Double(awaited), "\(inWindow) of \(awaited) reports in their window")
    }
}

@Suite("Input warm-up: the input path run once on a made-up touch at start")
struct InputWarmUpTests {
    /// The warm-up must run the same path a real touch takes (else it warms nothing): the assembler
    /// has to turn its made-up events into a press, a move and a lift.
    @Test("The made-up touch makes a press, a move and a lift, at their times")
    func madeUpTouch() {
        let frames = InputWarmUp.run(time: 100)
        #expect(frames.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(frames.map(\.time) == [100, 100.0075, 100.015])
    }
}
