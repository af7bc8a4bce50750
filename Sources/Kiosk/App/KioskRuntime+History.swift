import Core
import Persistence
import Platform
import Widgets

/// The charts' samples kept across restarts (`persist = true`): put back into the rings at start,
/// and handed to the state file (written off the loop, atomically, with the values) at most once per
/// `HistoryKeeping.delay` while they change, and at exit. In the file each sample is at its wall time
/// (UTC), so a reboot, which starts the monotonic clock again, keeps its moment.
struct HistoryKeeping {
    /// The longest a changed history waits before it is written: a chart of a value changing every
    /// second does not fsync the state file every second; a power cut loses at most this much.
    static let delay = 60.0
    /// When the changed histories are handed to the state file, nil while nothing changed.
    var due: MonotonicTime?
    /// The history revisions last handed over, by name.
    var saved: [String: Int] = [:]
}

extension KioskRuntime {
    /// The wall time (UTC) minus the monotonic time now: what converts one to the other.
    private static func wallOffset() -> Double { WallClock.utcSeconds() - monotonicNow() }

    /// Puts the state file's samples of the persisted names back into the history (samples older than
    /// their chart's window dropped), at start.
    func restoreHistories(now: MonotonicTime) {
        let history = variables.board.history
        let offset = KioskRuntime.wallOffset()
        for name in history.persisted {
            guard let kept = services.state.histories[name] else { continue }
            let samples = kept.map { SampleHistory.Sample(time: $0.time - offset, value: $0.value) }
            let taken = history.restore(name, samples, now: now)
            Log.info("chart history: \(name): \(taken) of \(kept.count) samples kept from before the start")
            keeping.saved[name] = history.revision(name)
        }
    }

    /// Notes a change of a persisted history (due in `HistoryKeeping.delay`), and hands the histories
    /// to the state file when due (or at once with `now == nil`, at exit).
    func keepHistories(now: MonotonicTime?) {
        let history = variables.board.history
        let names = history.persisted
        // Changed samples, or names the file keeps that no chart persists any more (or not yet).
        let kept = services.state.histories
        let changed =
            names.contains { keeping.saved[$0] != history.revision($0) || kept[$0] == nil } || kept.count != names.count
        guard changed else { return }
        if let now {
            let due = keeping.due ?? now + HistoryKeeping.delay
            keeping.due = due
            guard now >= due else { return }
        }
        keeping.due = nil
        let offset = KioskRuntime.wallOffset()
        var fresh: [String: [StoredSample]] = [:]
        for name in names {
            fresh[name] = history.samples(name).map { StoredSample(time: $0.time + offset, value: $0.value) }
            keeping.saved[name] = history.revision(name)
        }
        services.state.setHistories(fresh, dueAt: now ?? 0)
    }
}
