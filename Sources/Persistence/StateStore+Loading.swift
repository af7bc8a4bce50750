import ConfigLoading
import Controls
import Formats
import Glibc
import Platform

/// Reading the state file at start (`StateFile.read`), and what is done with a file that is not all
/// good. Nothing a file holds stops the kiosk, and nothing is thrown away without a trace:
///
/// - a value of the wrong kind (`"abc"`, `null`, three numbers, `1e999`) is dropped and logged, the
///   other values kept; the file as it was is copied to `PATH.corrupt-N`, and rewritten without the
///   dropped values at the loop's first flush (so the next start does not meet them again);
/// - a file that is no state file (not JSON, the wrong shape, too large) is moved to `PATH.corrupt-N`;
/// - a file of an unknown `version` (a newer kiosk's) is moved to `PATH.unknown-version-N`, not
///   read as if it were ours and not overwritten by the next save.
///
/// In the last two cases the state starts empty: every control starts from its config value.
extension StateStore {
    /// At most this many dropped values are logged one by one; the rest are counted.
    static let droppedValuesLogged = 10

    /// The values of the file at `path`, and whether the file must be rewritten (values were dropped).
    static func load(
        _ path: String
    ) -> (
        values: [String: StoredValue], variables: [String: JSON], histories: [String: [StoredSample]], rewrite: Bool
    ) {
        guard let bytes = FileIO.read(path, limit: StateStore.maxFileBytes) else {
            switch errno {
            case ENOENT: break
            case EFBIG: moveAside(path, "corrupt", because: "it is over \(StateStore.maxFileBytes) bytes")
            default:
                Log.warning(
                    "state: cannot read \(path): \(String(cString: strerror(errno))); starting from the config's values, "
                        + "and the next save replaces the file")
            }
            return ([:], [:], [:], false)
        }
        switch StateFile.read(bytes) {
        case .failure(.corrupt(let why)):
            moveAside(path, "corrupt", because: "it is not a state file: \(why)")
            return ([:], [:], [:], false)
        case .failure(let refusal):
            moveAside(path, "unknown-version", because: refusal.description)
            return ([:], [:], [:], false)
        case .success(let contents) where contents.dropped.isEmpty:
            return (contents.values, contents.variables, contents.histories, false)
        case .success(let contents):
            logDropped(contents.dropped, path: path, evidence: copyAside(path, bytes))
            return (contents.values, contents.variables, contents.histories, true)
        }
    }

    private static func logDropped(_ dropped: [(id: String, found: String)], path: String, evidence: String?) {
        for (id, found) in dropped.prefix(droppedValuesLogged) {
            Log.warning(
                "state: dropped the saved value of \(JSON.string(id)): expected a number or [a, b], found \(found)")
        }
        if dropped.count > droppedValuesLogged {
            Log.warning("state: dropped \(dropped.count - droppedValuesLogged) more saved values of the wrong kind")
        }
        let kept = evidence.map { "the file as it was is in \($0)" } ?? "the file as it was could not be copied aside"
        Log.warning("state: \(path): kept the other values; \(kept); those controls start from their config values")
    }

    /// Moves the file aside as `PATH.KIND-N` and says why.
    private static func moveAside(_ path: String, _ kind: String, because why: String) {
        let aside = asideName(for: path, kind)
        if rename(path, aside) == 0 {
            Log.warning("state: \(path) not loaded: \(why); moved it to \(aside) and started from the config's values")
        } else {
            Log.warning(
                "state: \(path) not loaded: \(why); it could not be moved aside (\(String(cString: strerror(errno)))), "
                    + "and the next save replaces it")
        }
    }

    /// Copies the file's `bytes` to `PATH.corrupt-N`; the copy's path, or nil when it could not be written.
    private static func copyAside(_ path: String, _ bytes: [UInt8]) -> String? {
        let aside = asideName(for: path, "corrupt")
        do { try FileIO.writeAtomically(bytes, to: aside, mode: ConfigLimits.stateFileMode) } catch { return nil }
        return aside
    }

    /// The first `PATH.KIND-N` not taken.
    static func asideName(for path: String, _ kind: String) -> String {
        var n = 1
        while access("\(path).\(kind)-\(n)", F_OK) == 0 { n += 1 }
        return "\(path).\(kind)-\(n)"
    }
}
