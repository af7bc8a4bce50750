import Core
import Persistence
import Platform

/// The crash-loop guard as the runtime holds it (`CrashLoopGuard`): this start is recorded before
/// anything from outside is read; when the two starts before it ended within a minute, values that
/// peers send by themselves (MQTT sets and device topics, Home Assistant's states) are not applied in
/// this run and bound elements stay veiled, while the finger and the control socket work as ever.
/// The record goes once this start has run a minute, or stops cleanly, so the next start (a restart
/// once the cause is fixed) is trusted again.
struct StartQuarantine {
    /// Its line's key among the banner's (`Presenter.linkLines`), sorted before the links' names.
    static let bannerKey = " crash-loop guard"
    private let record: CrashLoopGuard?
    /// What the record said at this start.
    let start: CrashLoopGuard.Start
    /// When this start counts as proven (nil once it does).
    private(set) var deadline: MonotonicTime?

    /// Records this start beside the state file at `statePath` (nil: no record, nothing quarantined).
    init(statePath: String?, now: MonotonicTime) {
        record = statePath.map(CrashLoopGuard.init(statePath:))
        start = record?.recordStart(now: WallClock.utcSeconds()) ?? CrashLoopGuard.Start(recentCrashes: 0)
        deadline = record == nil ? nil : now + CrashLoopGuard.stableAfter
        if start.quarantined {
            Log.error(
                "crash-loop guard: the last \(start.recentCrashes) starts ended within a minute; values from "
                    + "MQTT and Home Assistant are not applied in this run and bound elements stay veiled "
                    + "(restart the service once the cause is fixed)")
        }
    }

    /// Whether values from peers are held back in this run.
    var isActive: Bool { start.quarantined }

    /// What the panel's banner says for the whole of a quarantined run (nil when trusted): a person at
    /// the panel learns why the bound values are veiled.
    var bannerLine: String? {
        isActive ? "Restarted after \(start.recentCrashes) crashes: outside values held back" : nil
    }

    /// Forgets the record once this start has run long enough.
    mutating func tick(now: MonotonicTime) {
        guard let due = deadline, now >= due else { return }
        record?.markStable()
        deadline = nil
    }

    /// The kiosk stops cleanly: this start did not crash.
    mutating func stoppedCleanly() {
        record?.markStable()
        deadline = nil
    }

    /// Why `command` from `source` is refused in a quarantined run, or nil when it is done.
    func refusal(of command: KioskCommand, from source: CommandSource) -> KioskCommandError? {
        guard isActive, source == .device || source == .mqtt else { return nil }
        switch command {
        case .set, .setVariable, .setProperty, .setAvailable(_, true):
            return KioskCommandError(
                "not applied: the kiosk restarted after \(start.recentCrashes) crashes at start and does not "
                    + "trust values from peers in this run")
        default:
            return nil
        }
    }
}
