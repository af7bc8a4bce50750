import Core
import Testing

@testable import Platform

/// The loop's own timers and deferred calls (`EventLoop.after(at:_:)`, `cancel`, `post`): what
/// components use instead of a timerfd or an eventfd each.
@Suite("Event loop: timers and posted calls")
struct EventLoopTimerTests {
    @Test("A timer runs once its moment has come, not before; the loop sleeps only until then")
    func runsAtItsMoment() {
        let loop = EventLoop()
        let start = monotonicNow()
        var ranAt: MonotonicTime?
        loop.after(at: start + 0.02) { ranAt = monotonicNow() }
        #expect(loop.nextTimer == start + 0.02)
        // No descriptor is watched and no timeout given: only the timer can end this wait.
        for _ in 0..<50 where ranAt == nil { loop.runOnce(timeout: nil) }
        let at = ranAt
        #expect(at != nil)
        #expect((at ?? 0) >= start + 0.02)
        #expect(loop.nextTimer == nil)
    }

    @Test("Timers run by moment, those of one moment as they were set; a cancelled one never runs")
    func orderAndCancel() {
        let loop = EventLoop()
        let now = monotonicNow()
        var order: [String] = []
        loop.after(at: now - 1) { order.append("b") }
        loop.after(at: now - 2) { order.append("a") }
        let dropped = loop.after(at: now - 1) { order.append("never") }
        loop.after(at: now - 1) { order.append("c") }
        loop.after(at: .nan) { order.append("first: a moment that is no number is now") }
        loop.cancel(dropped)
        loop.cancel(dropped)
        loop.runOnce(timeout: 0)
        #expect(order == ["first: a moment that is no number is now", "a", "b", "c"])
    }

    @Test("A timer set by a timer runs on a later wake-up, without the loop sleeping for it")
    func timerFromTimer() {
        let loop = EventLoop()
        var runs = 0
        loop.after(at: monotonicNow() - 1) {
            runs += 1
            loop.after(at: monotonicNow() - 1) { runs += 1 }
        }
        loop.runOnce(timeout: 0)
        #expect(runs == 1)
        let before = monotonicNow()
        loop.runOnce(timeout: 30)
        #expect(runs == 2)
        #expect(loop.nextTimer == nil)
        // A 30-s wait was cut to nothing by the due timer: far less than the timeout, not a timing bound.
        #expect(monotonicNow() - before < 15)
    }

    @Test("A posted call runs on the next wake-up, never inside post; one it posts waits for the one after")
    func posted() {
        let loop = EventLoop()
        var log: [String] = []
        loop.post {
            log.append("first")
            loop.post { log.append("posted by the first") }
        }
        loop.post { log.append("second") }
        #expect(log.isEmpty, "post must not call at once")
        loop.runOnce(timeout: 1)
        #expect(log == ["first", "second"])
        loop.runOnce(timeout: 1)
        #expect(log == ["first", "second", "posted by the first"])
        // Nothing left: the shared eventfd was read, so the next wait times out with nothing run.
        loop.runOnce(timeout: 0)
        #expect(log.count == 3)
    }
}
