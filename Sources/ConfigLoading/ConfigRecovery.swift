import Core
import Glibc
import Platform
import Widgets

/// How the kiosk starts when its config does not load, so a panel never stays dark.
///
/// Under systemd an invalid config used to make `run` exit 1 until the unit's start limit gave up:
/// a black panel with no word on it. Now every config that has started the kiosk (its first frame on
/// screen) is kept beside the state file as the last good one. A config that does not load is
/// reported in the log and on the panel, over the last good config run in its place; with none, over
/// a blank screen. Either way the kiosk stays up and retries the file whenever it is saved (or on
/// SIGHUP), taking it as soon as it loads.
public enum ConfigRecovery {
    /// The last good config's file name, in the state file's folder.
    public static let lastGoodName = "last-good-config.toml"
    /// The id of the blank screen shown when no config has ever loaded.
    public static let blankScreenID = "config-errors"

    /// What the kiosk runs and what it says about it.
    public struct Start {
        /// The config to run.
        public var config: KioskConfig
        /// Why it is not the file's own config, or nil when the file loaded.
        public var notice: ConfigNotice?
    }

    /// The config to start with: the file's, else the last good one, else a blank panel. Never fails.
    public static func start(path: String) -> Start {
        let errors: ConfigErrors
        do { return Start(config: try ConfigLoader.load(path: path), notice: nil) } catch { errors = error }
        let messages = errors.errors.map(\.description)
        let salvaged = ConfigLoader.readTextFile(path).flatMap { ConfigLoader.salvage(text: $0, file: path) }
        let state = salvaged?.state ?? StateConfig()
        if let text = FileIO.read(lastGoodPath(state)).map({ String(decoding: $0, as: UTF8.self) }),
            let good = try? ConfigLoader.parse(text: text, file: path)
        {
            return Start(config: good, notice: ConfigNotice(file: path, errors: messages, running: .lastGood))
        }
        return Start(
            config: blank(salvaged, path: path), notice: ConfigNotice(file: path, errors: messages, running: .nothing))
    }

    /// Where the last good copy of a config with `state` is kept.
    static func lastGoodPath(_ state: StateConfig) -> String {
        FileIO.directory(of: state.path) + "/" + lastGoodName
    }

    /// Keeps `config` as the last good one (once it is on screen), unless the copy already holds it.
    /// Written on a thread of its own: an fsync can take long behind other writes, and the loop that
    /// just drew the new config must not wait for it.
    public static func remember(_ config: KioskConfig) {
        guard !config.source.isEmpty else { return }
        let path = lastGoodPath(config.state), bytes = Array(config.source.utf8), file = config.file
        LastGoodWriter.shared.write { keep(bytes, of: file, at: path) }
    }

    /// Writes the copy (on the writer's thread).
    private static func keep(_ bytes: [UInt8], of file: String, at path: String) {
        if FileIO.read(path, limit: ConfigLimits.fileBytes) == bytes { return }
        do {
            FileIO.makeDirectories(FileIO.directory(of: path), mode: 0o750)
            try FileIO.writeAtomically(bytes, to: path, mode: ConfigLimits.stateFileMode)
            Log.notice("config: kept \(file) as the last good config (\(path))")
        } catch {
            Log.warning("config: cannot keep the last good config: \(error)")
        }
    }

    /// A panel with nothing to show but the errors: the display, input, socket and state sections of
    /// the file where they could be read (so the panel lights and the socket answers where the
    /// integrator expects), the default theme (its font is known to draw), one blank screen.
    private static func blank(_ salvaged: KioskConfig?, path: String) -> KioskConfig {
        let s = salvaged
        return KioskConfig(
            file: path, display: s?.display ?? DisplayConfig(), input: s?.input ?? InputConfig(), theme: Theme(),
            idle: IdleConfig(), socket: s?.socket ?? SocketConfig(), state: s?.state ?? StateConfig(),
            screens: [ScreenConfig(id: blankScreenID, background: nil, controls: [])])
    }
}

/// Why the kiosk shows something other than its config file: what it runs instead, and the errors.
public struct ConfigNotice: Sendable, Equatable {
    /// What runs in the file's place.
    public enum Running: Sendable, Equatable {
        /// The last config that started the kiosk (kept in the state folder).
        case lastGood
        /// The config that was running when a reload found the file invalid.
        case previous
        /// Nothing: no config has loaded yet.
        case nothing
    }

    public var file: String
    public var errors: [String]
    public var running: Running

    public init(file: String, errors: [String], running: Running) {
        self.file = file; self.errors = errors; self.running = running
    }

    /// The banner over the panel: a headline saying what runs and how to fix it, then each error.
    public var banner: NoticeBanner.Content {
        let count = "\(errors.count) error\(errors.count == 1 ? "" : "s")"
        let shown: String =
            switch running {
            case .lastGood: "showing the last config that worked"
            case .previous: "still showing the config loaded before"
            case .nothing: "no config has loaded yet"
            }
        return NoticeBanner.Content(
            headline: "\(file) is invalid (\(count)); \(shown). Saving a fixed file loads it.",
            lines: errors, fullScreen: running == .nothing)
    }
}

/// Runs the last good config's writes one at a time, each on a short-lived thread of its own, so the
/// loop never waits for the disk and two quick reloads never write the same temporary file at once.
public final class LastGoodWriter: @unchecked Sendable {
    public static let shared = LastGoodWriter()
    // pthread objects must not move: allocated once, for the life of the process.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let idle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let turn = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Jobs handed over and not finished (guarded by `mutex`).
    private var pending = 0

    private init() {
        pthread_mutex_init(mutex, nil); pthread_cond_init(idle, nil); pthread_mutex_init(turn, nil)
    }

    /// Runs `job` on a new detached thread, after any earlier job has finished; on the caller's
    /// thread when no thread can be started.
    func write(_ job: @escaping () -> Void) {
        pthread_mutex_lock(mutex); pending += 1; pthread_mutex_unlock(mutex)
        let run: () -> Void = { [self] in
            pthread_mutex_lock(turn)
            job()
            pthread_mutex_unlock(turn)
            pthread_mutex_lock(mutex); pending -= 1; pthread_cond_broadcast(idle); pthread_mutex_unlock(mutex)
        }
        let context = Unmanaged.passRetained(Job(run)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Job>.fromOpaque(context).release()
            run()
        }
    }

    /// Waits until every job handed over so far has finished (before exit, so a copy is not cut short).
    public func waitUntilIdle() {
        pthread_mutex_lock(mutex)
        while pending > 0 { pthread_cond_wait(idle, mutex) }
        pthread_mutex_unlock(mutex)
    }

    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
