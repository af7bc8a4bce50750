import Glibc
import Platform

/// Defence in depth against a crash loop: a kiosk that died twice within a minute of starting comes up
/// the third time quarantined — values from outside that arrive by themselves at every start (retained
/// MQTT messages, device states, Home Assistant's states) are not applied, and the panel says so —
/// instead of dying at every start until systemd gives up.
///
/// The record is a small file beside the state file (`<state path>.starts`): one line per start that
/// has not yet proven itself, its wall time in seconds. A start writes its line before anything from
/// outside is read; running `stableAfter` seconds, or stopping cleanly, removes the file. So the lines
/// found at a start are the earlier starts that ended within a minute without a clean stop.
public struct CrashLoopGuard {
    /// How long a start must run before it counts as not crashed.
    public static let stableAfter = 60.0
    /// Unproven earlier starts that make this one quarantined.
    public static let crashesBeforeQuarantine = 2
    /// Earlier starts older than this are forgotten (a crash yesterday says nothing of today).
    public static let memory = 600.0

    /// What the record said at this start.
    public struct Start: Equatable, Sendable {
        /// Earlier starts, within `memory`, that ended within a minute without a clean stop.
        public var recentCrashes: Int
        public init(recentCrashes: Int) { self.recentCrashes = recentCrashes }
        /// Whether this start is quarantined.
        public var quarantined: Bool { recentCrashes >= CrashLoopGuard.crashesBeforeQuarantine }
    }

    /// The record's file.
    public let path: String

    /// The record kept beside the state file at `statePath`.
    public init(statePath: String) { path = statePath + ".starts" }

    /// The decision from the record's text and the time now; pure, so it is tested without files.
    public static func decide(record: String, now: Double) -> (start: Start, kept: [Double]) {
        let times = record.split(separator: "\n").compactMap { Double($0) }.filter { $0.isFinite }
        let kept = times.filter { now - $0 >= 0 && now - $0 <= memory }
        return (Start(recentCrashes: kept.count), kept)
    }

    /// Reads the record, adds this start at `now` (wall seconds) and writes it back atomically;
    /// returns what the record said. An unreadable or unwritable record quarantines nothing.
    public func recordStart(now: Double) -> Start {
        let text = FileIO.read(path, limit: 64 << 10).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let (start, kept) = CrashLoopGuard.decide(record: text, now: now)
        let lines = (kept + [now]).map { String($0) }.joined(separator: "\n") + "\n"
        do {
            try FileIO.writeAtomically(Array(lines.utf8), to: path, mode: 0o600)
        } catch {
            Log.warning("crash-loop guard: cannot write \(path): \(error)")
        }
        return start
    }

    /// This start has proven itself (it ran `stableAfter` seconds, or stops cleanly): the record goes.
    public func markStable() {
        if unlink(path) != 0 && errno != ENOENT {
            Log.warning("crash-loop guard: cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}
