import CLinux
import Core
import Glibc

/// Timers and deferred calls, kept by the loop itself: a component asks to be called at a moment
/// (`after(at:_:)`) or on the next wake-up (`post(_:)`) instead of making a timerfd or an eventfd of
/// its own. The loop sleeps no longer than its earliest timer, and runs what is due after the
/// descriptors' handlers of the same wake-up.
extension EventLoop {
    /// A timer set with `after(at:_:)`, to cancel it.
    public struct TimerID: Hashable, Sendable {
        let number: UInt64
    }

    /// Calls `work` on the loop once CLOCK_MONOTONIC reaches `due` (at once, on this wake-up's end, when
    /// it has passed). Timers due at the same moment run in the order they were set.
    @discardableResult
    public func after(at due: MonotonicTime, _ work: @escaping () -> Void) -> TimerID {
        // A moment that is not a number would never come, and the loop would not sleep for it: now.
        let due = due.isNaN ? -.infinity : due
        timerCount &+= 1
        let id = TimerID(number: timerCount)
        // Sorted by moment, then by when set: the search finds the place after every timer not later.
        var low = 0, high = timers.count
        while low < high {
            let mid = (low + high) / 2
            if timers[mid].due <= due { low = mid + 1 } else { high = mid }
        }
        timers.insert(Timer(due: due, id: id, work: work), at: low)
        return id
    }

    /// Takes a timer back before it ran; nothing happens for one that ran or was taken back already.
    public func cancel(_ id: TimerID) {
        if let i = timers.firstIndex(where: { $0.id == id }) { timers.remove(at: i) }
    }

    /// The earliest moment a timer is set for, or nil.
    public var nextTimer: MonotonicTime? { timers.first?.due }

    /// Calls `work` on the loop's next wake-up, after the handler or turn running now: never inside
    /// the call that asks (a completion that must not run inside `start`). One shared eventfd for
    /// every such call.
    public func post(_ work: @escaping () -> Void) {
        if postFD < 0 {
            postFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            guard postFD >= 0 else {
                work()
                return
            }
            add(fd: postFD) { [unowned self] _ in runPosted() }
        }
        if posted.isEmpty {
            var one: UInt64 = 1
            _ = write(postFD, &one, 8)
        }
        posted.append(work)
    }

    /// Runs the calls posted before this wake-up; those they post wait for the next one.
    private func runPosted() {
        var count: UInt64 = 0
        _ = read(postFD, &count, 8)
        let now = posted
        posted.removeAll(keepingCapacity: true)
        for work in now { work() }
    }

    /// Runs the timers due at `now`, in order; a timer one of them sets runs on a later wake-up, even
    /// when due already (the loop does not sleep then).
    func runDueTimers(now: MonotonicTime) {
        var due: [Timer] = []
        while let first = timers.first, first.due <= now { due.append(timers.removeFirst()) }
        for timer in due {
            let started = monotonicNow()
            timer.work()
            noteDuration(since: started, of: "a timer")
        }
    }

    /// `timeout` (seconds; nil: none) shortened to the earliest timer's.
    func timeout(_ timeout: Double?, now: MonotonicTime) -> Double? {
        guard let next = nextTimer else { return timeout }
        let untilTimer = max(0, next - now)
        return timeout.map { min($0, untilTimer) } ?? untilTimer
    }

    /// One timer: when, which, and what it calls.
    struct Timer {
        let due: MonotonicTime
        let id: TimerID
        let work: () -> Void
    }
}
