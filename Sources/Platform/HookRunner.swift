import CLinux
import Glibc

/// Runs the commands a config attaches to controls: argv arrays with `{id}` and `{value}`
/// substituted, started with posix_spawn (no shell, so a value can never become shell syntax).
/// Output goes to the log line by line, bounded (`HookOutput`); a hook still running after its timeout is killed.
/// `on_change` runs are coalesced: at most one at a time per control, at most one per interval,
/// and the latest value wins. A run asked for now waits in `ready` until the next `tick` (the loop ticks
/// the runner after the frame: spawning a process never delays the frame showing the change).
public final class HookRunner {
    private struct Running {
        var pid: pid_t
        var pidfd: Int32
        var outputFD: Int32
        var deadline: Double
        var label: String
        var output = HookOutput()
        /// SIGKILL sent after the timeout; the pidfd says when it is gone.
        var killed = false
    }
    private struct Pending { var argv: [String]; var label: String; var timeout: Double }

    private let loop: EventLoop
    private var running: [String: Running] = [:]  // key: control id + kind
    private var pending: [String: Pending] = [:]
    private var ready: [(key: String, job: Pending)] = []
    private var lastStart: [String: Double] = [:]
    private var intervals: [String: Double] = [:]

    public init(loop: EventLoop) { self.loop = loop }

    /// Where a program named without a slash is looked up: the system's directories, never the
    /// kiosk's own PATH (which systemd, a shell or a test set).
    public static let searchPath = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]
    /// Variables passed on from the kiosk's environment: the locale and the time zone a hook's output
    /// and timestamps depend on. Nothing else (no NOTIFY_SOCKET, credentials, or whatever the
    /// service manager or a caller left there) reaches a hook.
    static let passedVariables = ["LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME", "TZ"]

    /// The whole environment a hook gets: PATH (the `searchPath`), HOME=/ and the `passedVariables` set.
    public static func environment(from kiosk: [String: String]) -> [String] {
        ["PATH=" + searchPath.joined(separator: ":"), "HOME=/"]
            + passedVariables.compactMap { name in kiosk[name].map { "\(name)=\($0)" } }
    }

    /// What a hook's program names on this machine.
    public enum Resolution: Equatable, Sendable {
        /// An executable file at this path.
        case found(String)
        /// Nothing there (the panel may have it): why.
        case missing(String)
        /// Something there that cannot run (a directory, a file without execute permission): why.
        case unusable(String)
    }

    /// Finds `program` as the kiosk will run it: a path with a slash as is, a bare name in `searchPath`.
    public static func resolve(_ program: String) -> Resolution {
        guard !program.isEmpty else { return .unusable("an empty string") }
        if program.contains("/") { return check(program) }
        for dir in searchPath {
            if case .found(let path) = check(dir + "/" + program) { return .found(path) }
        }
        return .missing("not in " + searchPath.joined(separator: ":"))
    }

    private static func check(_ path: String) -> Resolution {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .unusable(info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file")
        }
        guard access(path, X_OK) == 0 else { return .unusable("not executable") }
        return .found(path)
    }

    /// The kiosk's environment as a dictionary (read at each start: a test may change it).
    private static func currentEnvironment() -> [String: String] {
        var out: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { out[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            p += 1
        }
        return out
    }

    /// Substitutes `{id}` and `{value}` in every argument.
    public static func expand(_ argv: [String], id: String, value: String) -> [String] {
        argv.map { $0.replacingAll("{id}", with: id).replacingAll("{value}", with: value) }
    }

    /// Asks for `argv` to run for `key` (e.g. "volume/change"). `minInterval` coalesces: while a run for
    /// the key is in progress or the interval has not passed, only the latest request is kept.
    public func request(key: String, argv: [String], minInterval: Double, timeout: Double, now: Double) {
        intervals[key] = minInterval
        let job = Pending(argv: argv, label: key, timeout: timeout)
        if running[key] == nil, !ready.contains(where: { $0.key == key }),
            now - (lastStart[key] ?? -.infinity) >= minInterval
        {
            lastStart[key] = now
            ready.append((key, job))
        } else {
            pending[key] = job
        }
    }

    /// The next moment this runner needs the loop to call `tick` (a timeout or a coalesced run).
    public var nextDeadline: Double? {
        if !ready.isEmpty { return 0 }
        // A killed hook has no deadline left: until the kernel reports it gone (its pidfd), the loop
        // would otherwise spin on the passed timeout (the soak logged kill after kill per hanging run).
        let timeouts = running.values.filter { !$0.killed }.map(\.deadline)
        let waits = pending.keys.compactMap { k -> Double? in
            running[k] == nil ? (lastStart[k] ?? 0) + (intervals[k] ?? 0) : nil
        }
        return (timeouts + waits).min()
    }

    /// Starts the runs asked for since the last call, in order.
    private func startReady() {
        let runs = ready
        ready.removeAll()
        for run in runs { start(key: run.key, run.job, now: lastStart[run.key] ?? 0) }
    }

    /// Starts the ready runs, kills hooks past their timeout and starts coalesced runs that are due.
    public func tick(now: Double) {
        startReady()
        for (key, r) in running where now >= r.deadline && !r.killed {
            Log.warning("hook \(r.label): still running after its timeout; killed (pid \(r.pid))")
            kill(r.pid, SIGKILL)
            running[key]?.killed = true
        }
        for (key, job) in pending
        where running[key] == nil && now - (lastStart[key] ?? -.infinity) >= (intervals[key] ?? 0) {
            pending[key] = nil
            start(key: key, job, now: now)
        }
    }

    /// True while any hook is running or waiting.
    public var isBusy: Bool { !running.isEmpty || !pending.isEmpty || !ready.isEmpty }

    private func start(key: String, _ job: Pending, now: Double) {
        lastStart[key] = now
        var fds: [Int32] = [0, 0]
        guard tw_pipe2(&fds, O_CLOEXEC) == 0 else {
            Log.error("hook \(key): pipe: \(String(cString: strerror(errno)))"); return
        }
        // Only the kiosk's end is non-blocking. The hook's end blocks, as any stdout does: non-blocking,
        // a hook writing more than the pipe holds (64 KiB) got EAGAIN and failed ("tr: write error").
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        // The kiosk blocks SIGTERM/SIGINT/SIGHUP for its signalfd; hooks must get them normally.
        posix_spawnattr_setsigmask(&attr, &defaultSignals)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let cArgs = job.argv.map { strdup($0) } + [nil]
        let cEnv = HookRunner.environment(from: HookRunner.currentEnvironment()).map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        let program: String
        switch HookRunner.resolve(job.argv[0]) {
        case .found(let path): program = path
        case .missing, .unusable: program = job.argv[0]  // posix_spawn says why, in the log line below
        }
        let rc = posix_spawn(&pid, program, &actions, &attr, cArgs, cEnv)
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attr)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            Log.error("hook \(key): cannot run \(job.argv[0]): \(String(cString: strerror(rc)))")
            return
        }
        let pidfd = tw_pidfd_open(pid)
        running[key] = Running(pid: pid, pidfd: pidfd, outputFD: fds[0], deadline: now + job.timeout, label: job.label)
        loop.add(fd: fds[0]) { [weak self] _ in self?.readOutput(key) }
        if pidfd >= 0 { loop.add(fd: pidfd) { [weak self] _ in self?.reap(key) } }
    }

    private func readOutput(_ key: String) {
        guard var r = running[key] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(r.outputFD, $0.baseAddress, $0.count) }
            if n > 0 {
                for line in r.output.take(chunk[0..<n]) { Log.info("hook \(r.label): \(line)") }
                continue
            }
            if n == 0 { loop.remove(fd: r.outputFD) }  // EOF; the pidfd tells when it exits
            break
        }
        running[key] = r
    }

    private func reap(_ key: String) {
        readOutput(key)  // what is left in the pipe, before the state is read below
        guard var r = running[key] else { return }
        var status: Int32 = 0
        guard waitpid(r.pid, &status, WNOHANG) == r.pid else { return }
        for line in r.output.finish() { Log.info("hook \(r.label): \(line)") }
        let exited = status & 0x7f == 0
        if exited && (status >> 8) & 0xff != 0 {
            Log.warning("hook \(r.label): exited with status \((status >> 8) & 0xff)")
        }
        if !exited { Log.warning("hook \(r.label): ended by signal \(status & 0x7f)") }
        loop.remove(fd: r.pidfd); close(r.pidfd)
        loop.remove(fd: r.outputFD); close(r.outputFD)
        running[key] = nil
    }
}

extension String {
    /// Every occurrence of `target` replaced (the kiosk avoids Foundation's String extensions). Matched
    /// on UTF-8 bytes, where a valid target can only match at scalar boundaries: the standard
    /// library's generic `firstRange(of:)` cost a large share of a drag frame per hook argument, and a dial
    /// with an on-change hook expands its argv on every sample of a drag.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.utf8)
        guard let first = t.first, utf8.contains(first) else { return self }
        let bytes = Array(utf8), r = Array(replacement.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == first, i + t.count <= bytes.count, bytes[i..<i + t.count].elementsEqual(t) {
                out += r
                i += t.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
