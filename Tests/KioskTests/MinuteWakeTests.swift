import Core
import Testing
@testable import Kiosk

/// The clock's wake-ups over a simulated hour, driven with time passed in: the loop sleeps until the
/// `MinuteWake` deadline (the only one an idle panel has), and each wake is counted.
@Suite("A clock's wake-ups over an hour")
struct MinuteWakeTests {
    /// Runs an idle loop from monotonic `start` for `seconds`, the wall time being the monotonic time
    /// plus `offset`: returns the wake-ups after the first turn, the local times they came at, the
    /// minutes they put on the board, and how often the wall time was read.
    func hour(
        enabled: Bool, start: MonotonicTime = 5_000, offset: Double, seconds: Double = 3_600,
        extraTurns: [MonotonicTime] = []
    ) -> (wakes: [Double], minutes: [Double], reads: Int) {
        var wake = MinuteWake()
        wake.enabled = enabled
        var reads = 0
        var minutes: [Double] = []
        func turn(_ now: MonotonicTime) {
            if let m = wake.tick(
                now: now,
                localSeconds: {
                    reads += 1; return now + offset
                })
            {
                minutes.append(m)
            }
        }
        turn(start)  // the first turn, at start-up
        var now = start
        var wakes: [Double] = []
        var others = extraTurns.sorted()[...]
        while true {
            // The loop sleeps until the earliest deadline: the clock's, or a turn caused by something else.
            let next = [wake.deadline, others.first].compactMap { $0 }.min()
            guard let next, next <= start + seconds else { break }
            now = next
            if others.first == next { others.removeFirst() } else { wakes.append(now + offset) }
            turn(now)
        }
        return (wakes, minutes, reads)
    }

    @Test("An idle panel with {now:HH:mm} wakes once per minute boundary, just after it, and at no other time")
    func perMinute() {
        // 17.25 s into a minute at start: an hour holds 60 boundaries.
        let offset = 1_790_000_017.25 - 5_000
        let run = hour(enabled: true, offset: offset)
        #expect(run.wakes.count == 60)
        for local in run.wakes {
            let into = local - (local / 60).rounded(.down) * 60
            #expect(into >= 0 && into < 0.01, "a wake \(into) s into its minute, not at its start")
        }
        // Each wake changed the shown minute: the first turn's minute, then one new one per wake.
        #expect(run.minutes.count == 61)
        #expect(zip(run.minutes, run.minutes.dropFirst()).allSatisfy { $1 - $0 == 60 })
        #expect(run.reads == 61, "the wall time is read once per wake, not on other turns")
    }

    @Test("Starting exactly on a minute boundary, the hour's end boundary counts too: 60 or 61 wakes")
    func onBoundary() {
        let offset = 1_790_000_040.0 - 5_000  // a whole minute at start
        let run = hour(enabled: true, offset: offset, seconds: 3_600.01)
        #expect(run.wakes.count == 60 || run.wakes.count == 61)
        #expect(run.minutes.count == run.wakes.count + 1)
    }

    @Test("Turns for other reasons (touches, sets) between minutes read no wall time and move no deadline")
    func otherTurns() {
        let offset = 1_790_000_003.5 - 5_000
        let busy = (1...500).map { 5_000 + Double($0) * 7.1 }
        let run = hour(enabled: true, offset: offset, extraTurns: busy)
        #expect(run.wakes.count == 60)
        #expect(run.reads == 61)
        #expect(run.minutes.count == 61)
    }

    @Test("A panel without a clock has no clock deadline: it does not wake per minute")
    func noClock() {
        let run = hour(enabled: false, offset: 123.4)
        #expect(run.wakes.isEmpty)
        #expect(run.reads == 0)
        var wake = MinuteWake()
        wake.enabled = true
        _ = wake.tick(now: 1, localSeconds: { 30 })
        #expect(wake.deadline != nil)
        wake.enabled = false  // a reload to a config without a clock
        #expect(wake.deadline == nil)
    }
}
