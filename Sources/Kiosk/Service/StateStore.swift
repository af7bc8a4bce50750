import Controls
import Glibc

/// The current values of every control, kept in one JSON file that is always complete: written
/// atomically (temporary file, fsync, rename, directory fsync), debounced while a finger drags and
/// flushed on release and on exit. A corrupt file is moved aside, never fatal.
public final class StateStore {
    private struct FileFormat: Codable {
        var version: Int
        var values: [String: StoredValue]
    }

    public let path: String
    /// The state file's mode: the service and its group read it, nobody else (values can be private:
    /// a door code on a number pad, a schedule).
    public static let fileMode: mode_t = 0o640
    /// The largest state file read; a bigger one is treated as corrupt (moved aside).
    static let maxFileBytes = 16 << 20
    /// The values as last set (saved or not).
    public private(set) var values: [String: StoredValue] = [:]
    /// When the pending change must be written (monotonic seconds), nil when nothing is pending.
    public private(set) var flushDeadline: Double?
    private let debounce: Double

    /// Loads `path`. A missing file is an empty state; an unreadable or corrupt one is renamed to
    /// `path.corrupt-N` with a log line, and the state starts empty.
    public init(path: String, debounceSeconds: Double = 0.5) {
        self.path = path
        self.debounce = debounceSeconds
        let bytes = FileIO.read(path, limit: StateStore.maxFileBytes)
        guard bytes != nil || errno == EFBIG else { return }
        do {
            guard let bytes else { throw FileIO.Failure(action: "read", path: path, code: EFBIG) }
            let file = try JSONCoding.decode(FileFormat.self, from: bytes)
            values = file.values.filter { $0.value.isFinite }
        } catch {
            let aside = StateStore.asideName(for: path)
            if rename(path, aside) == 0 {
                Log.warning("state: \(path) is corrupt (\(error)); moved it to \(aside) and started from the config's values")
            } else {
                Log.warning("state: \(path) is corrupt (\(error)) and could not be moved aside; it will be overwritten")
            }
        }
    }

    /// Records a new value. `urgent` (a release, a socket set) writes at once; otherwise the write waits
    /// for the debounce interval so a drag does not write on every sample.
    public func set(_ id: String, _ value: StoredValue, now: Double, urgent: Bool) {
        guard values[id] != value else { return }
        values[id] = value
        if urgent { flush() } else if flushDeadline == nil { flushDeadline = now + debounce }
    }

    /// Records a new value to be written by `dueAt` (a release, a programmatic change: now). The kiosk's
    /// loop writes it right after the frame that shows it, so the frame never waits for an fsync and the
    /// file is on disk before the loop sleeps again.
    public func set(_ id: String, _ value: StoredValue, dueAt: Double) {
        guard values[id] != value else { return }
        values[id] = value
        flushDeadline = min(flushDeadline ?? dueAt, dueAt)
    }

    /// Writes the pending change if its deadline has passed.
    public func flushIfDue(now: Double) {
        if let d = flushDeadline, now >= d { flush() }
    }

    /// Writes now if anything is pending (release, exit).
    public func flushPending() { if flushDeadline != nil { flush() } }

    /// Writes the file now. Errors are logged, and the change stays pending for the next attempt.
    @discardableResult
    public func flush() -> Bool {
        do {
            // Pretty-printed with sorted keys, the layout JSONEncoder wrote before: old and new
            // kiosks read each other's files.
            let data = try JSONCoding.encode(FileFormat(version: 1, values: values)).text(pretty: true)
            FileIO.makeDirectories(FileIO.directory(of: path), mode: 0o750)
            try FileIO.writeAtomically(Array(data) + [0x0A], to: path, mode: StateStore.fileMode)
            flushDeadline = nil
            return true
        } catch {
            Log.error("state: cannot save \(path): \(error)")
            return false
        }
    }

    private static func asideName(for path: String) -> String {
        var n = 1
        while access("\(path).corrupt-\(n)", F_OK) == 0 { n += 1 }
        return "\(path).corrupt-\(n)"
    }
}
