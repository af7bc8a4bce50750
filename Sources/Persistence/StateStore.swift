import ConfigLoading
import Controls
import Formats
import Glibc
import Platform

/// The current values of every control, kept in one JSON file that is always complete: written
/// atomically (temporary file, fsync, rename, directory fsync), debounced while a finger drags and
/// flushed on release and on exit (`StateFile` is its format). A corrupt file is moved aside, never
/// fatal; a bad value in it is dropped, not the whole file.
///
/// With `background: true` (the running kiosk) the file is written by a `StateFileWriter` thread: the
/// loop hands over the values and goes on; `savedGeneration` tells what is on disk, and the
/// control socket holds a reply back until the saves asked for before it have finished
/// (`settledGeneration`, `ControlSocket.saveProgress`). A save that fails is retried every
/// `retryDelay`; until one works, `saveFailure` says why (StateStore+Saving: replies, MQTT, stats).
public final class StateStore {
    public let path: String
    /// The state file's mode: the service and its group read it, nobody else (values can be private:
    /// a door code on a number pad, a schedule).
    public static let fileMode = ConfigLimits.stateFileMode
    /// The largest state file read; a bigger one is treated as corrupt (moved aside).
    static let maxFileBytes = 16 << 20
    /// The values as last set (saved or not).
    public private(set) var values: [String: StoredValue] = [:]
    /// The charts' samples kept across restarts (`persist = true`), by name, as last set or loaded.
    public private(set) var histories: [String: [StoredSample]] = [:]
    /// The variables set through the socket, as last set (`setVariable`), restored at start.
    public private(set) var variables: [String: JSON] = [:]
    /// When the pending change must be written (monotonic seconds), nil when nothing is pending.
    public private(set) var flushDeadline: Double?
    private let debounce: Double
    private let writer: StateFileWriter?
    /// How many writes were asked for; the newest one's number.
    public private(set) var generation = 0
    /// The newest generation on disk (every write holds all values, so older ones are too).
    public private(set) var savedGeneration = 0
    /// The newest generation whose write finished, saved or failed (and logged): what the control
    /// socket's replies wait for. A failing disk must not hold every reply back for ever.
    public private(set) var settledGeneration = 0
    /// How long a failed background write waits before the next try.
    static let retryDelay = 1.0
    /// Why saving fails, while it does (the newest failure); nil while saves reach the disk.
    public private(set) var saveFailure: String?
    /// Saves that failed since start.
    public private(set) var failedSaves = 0
    /// The values of the newest save on disk (what the kiosk comes back with after a power cut); nil
    /// until a value changes (the values as loaded are the file's until then).
    private(set) var lastSavedValues: [String: StoredValue]?
    /// The values of each save handed to the writer and not yet finished, oldest first.
    private var inFlight: [(generation: Int, values: [String: StoredValue])] = []

    /// Loads `path` (`StateStore.load`): a missing file is an empty state; a value of the wrong kind
    /// is dropped and logged and the others kept; a file that cannot be read as a state file is moved
    /// aside with a log line and the state starts empty. `background`: write on a thread of its own
    /// (see the type's note); then `writerFD` must be polled and `collectSaves` called.
    public init(path: String, debounceSeconds: Double = 0.5, background: Bool = false) {
        self.path = path
        self.debounce = debounceSeconds
        writer = background ? StateFileWriter(path: path, mode: ConfigLimits.stateFileMode) : nil
        if background && writer == nil { Log.warning("state: no writer thread; the file is written by the loop") }
        let loaded = StateStore.load(path)
        values = loaded.values
        histories = loaded.histories
        variables = loaded.variables
        // Rewritten at the loop's first flush, so the dropped values are not met again at the next start.
        if loaded.rewrite { flushDeadline = 0 }
    }

    /// Records a new value. `urgent` (a release, a socket set) writes at once; otherwise the write waits
    /// for the debounce interval so a drag does not write on every sample.
    public func set(_ id: String, _ value: StoredValue, now: Double, urgent: Bool) {
        guard values[id] != value else { return }
        if lastSavedValues == nil { lastSavedValues = values }
        values[id] = value
        if urgent { flush() } else if flushDeadline == nil { flushDeadline = now + debounce }
    }

    /// Records a new value to be written by `dueAt` (a release, a programmatic change: now). The kiosk's
    /// loop writes it right after the frame that shows it, so the frame never waits for an fsync and the
    /// file is on disk before the loop sleeps again.
    public func set(_ id: String, _ value: StoredValue, dueAt: Double) {
        guard values[id] != value else { return }
        if lastSavedValues == nil { lastSavedValues = values }
        values[id] = value
        flushDeadline = min(flushDeadline ?? dueAt, dueAt)
    }

    /// Replaces the kept samples of the charts (every persisted name), written by `dueAt` like
    /// `set(_:_:dueAt:)`; names missing from `histories` are no longer kept.
    public func setHistories(_ histories: [String: [StoredSample]], dueAt: Double) {
        guard histories != self.histories else { return }
        self.histories = histories
        flushDeadline = min(flushDeadline ?? dueAt, dueAt)
    }

    /// Records variable `id`'s new value (a number or a string), written by `dueAt` like a value.
    public func setVariable(_ id: String, _ value: JSON, dueAt: Double) {
        guard variables[id] != value else { return }
        if lastSavedValues == nil { lastSavedValues = values }
        variables[id] = value
        flushDeadline = min(flushDeadline ?? dueAt, dueAt)
    }

    /// Forgets the value of `id` (one its control refuses), written by `dueAt` like `set(_:_:dueAt:)`.
    public func remove(_ id: String, dueAt: Double) {
        guard values[id] != nil else { return }
        if lastSavedValues == nil { lastSavedValues = values }
        values[id] = nil
        flushDeadline = min(flushDeadline ?? dueAt, dueAt)
    }

    /// Writes the pending change if its deadline has passed.
    public func flushIfDue(now: Double) {
        // A failed write on the loop (no writer thread) waits like the writer's retries do.
        if let d = flushDeadline, now >= d, !flush(), writer == nil { flushDeadline = now + StateStore.retryDelay }
    }

    /// Writes now if anything is pending (release, exit).
    public func flushPending() { if flushDeadline != nil { flush() } }

    deinit { writer?.stop() }

    /// Readable when background writes finished (nil without a writer thread): call `collectSaves`.
    public var writerFD: Int32? { writer?.eventFD }

    /// Writes the file now (with a writer thread: hands it over; `savedGeneration` follows). Errors are
    /// logged, and the change stays pending for the next attempt.
    @discardableResult
    public func flush() -> Bool {
        do {
            generation += 1
            if let writer {
                writer.submit(values, variables: variables, histories: histories, generation: generation)
                inFlight.append((generation, values))
                flushDeadline = nil
                return true
            }
            FileIO.makeDirectories(FileIO.directory(of: path), mode: 0o750)
            try FileIO.writeAtomically(
                StateFile.text(values, variables: variables, histories: histories), to: path,
                mode: ConfigLimits.stateFileMode)
            savedGeneration = generation
            settledGeneration = generation
            lastSavedValues = values
            flushDeadline = nil
            noteSaved()
            return true
        } catch {
            settledGeneration = generation
            noteFailure("\(error)")
            return false
        }
    }

    /// Takes in the writer thread's finished writes (call when `writerFD` is readable): what is on disk
    /// now, and a failed write logged and tried again after `retryDelay`.
    public func collectSaves(now: Double) {
        guard let writer else { return }
        for done in writer.completions() {
            settledGeneration = max(settledGeneration, done.generation)
            // The writer skips a waiting save that a newer one replaced: those never finish.
            let finished = inFlight.first { $0.generation == done.generation }?.values
            inFlight.removeAll { $0.generation <= done.generation }
            if let failure = done.failure {
                noteFailure("\(failure)")
                if done.generation == generation {
                    flushDeadline = min(flushDeadline ?? .infinity, now + StateStore.retryDelay)
                }
            } else {
                savedGeneration = max(savedGeneration, done.generation)
                if let finished { lastSavedValues = finished }
                noteSaved()
            }
        }
    }

    /// Writes what is pending and waits until it is on disk (at exit).
    public func flushAndWait() {
        flushPending()
        writer?.waitUntilIdle()
        collectSaves(now: 0)
    }

    /// A save failed. The log says so once per episode (until a save works again): a read-only or
    /// full disk fails every retry, and a line each second would bury everything else.
    private func noteFailure(_ failure: String) {
        failedSaves += 1
        if saveFailure == nil {
            Log.error(
                "state: cannot save \(path): \(failure); values set from now on are shown but not saved "
                    + "(lost if the kiosk restarts); retrying, and logged again when saving works")
        }
        saveFailure = failure
    }

    /// A save reached the disk: ends a failing episode, with a log line.
    private func noteSaved() {
        guard let failure = saveFailure else { return }
        saveFailure = nil
        Log.notice("state: saving works again; \(path) holds every value (the last failure was: \(failure))")
    }
}
