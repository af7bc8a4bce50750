import CLinux
import Glibc

/// Runs the commands a config attaches to controls: argv arrays with `{id}` and `{value}`
/// substituted, started with posix_spawn (no shell, so a value can never become shell syntax).
/// Output goes to the log line by line; a hook still running after its timeout is killed.
/// `on_change` runs are coalesced: at most one at a time per control, at most one per interval,
/// and the latest value wins.
public final class HookRunner {
    private struct Running {
        var pid: pid_t
        var pidfd: Int32
        var outputFD: Int32
        var deadline: Double
        var label: String
        var buffer: [UInt8] = []
    }
    private struct Pending { var argv: [String]; var label: String; var timeout: Double }

    private let loop: EventLoop
    private var running: [String: Running] = [:]      // key: control id + kind
    private var pending: [String: Pending] = [:]
    private var lastStart: [String: Double] = [:]
    private var intervals: [String: Double] = [:]

    public init(loop: EventLoop) { self.loop = loop }

    /// Substitutes `{id}` and `{value}` in every argument.
    public static func expand(_ argv: [String], id: String, value: String) -> [String] {
        argv.map { $0.replacingAll("{id}", with: id).replacingAll("{value}", with: value) }
    }

    /// Asks for `argv` to run for `key` (e.g. "volume/change"). `minInterval` coalesces: while a run for
    /// the key is in progress or the interval has not passed, only the latest request is kept.
    public func request(key: String, argv: [String], minInterval: Double, timeout: Double, now: Double) {
        intervals[key] = minInterval
        let job = Pending(argv: argv, label: key, timeout: timeout)
        if running[key] == nil, now - (lastStart[key] ?? -.infinity) >= minInterval {
            start(key: key, job, now: now)
        } else {
            pending[key] = job
        }
    }

    /// The next moment this runner needs the loop to call `tick` (a timeout or a coalesced run).
    public var nextDeadline: Double? {
        let timeouts = running.values.map(\.deadline)
        let waits = pending.keys.compactMap { k -> Double? in
            running[k] == nil ? (lastStart[k] ?? 0) + (intervals[k] ?? 0) : nil
        }
        return (timeouts + waits).min()
    }

    /// Kills hooks past their timeout and starts coalesced runs that are due.
    public func tick(now: Double) {
        for (key, r) in running where now >= r.deadline {
            Log.warning("hook \(r.label): still running after its timeout; killed (pid \(r.pid))")
            kill(r.pid, SIGKILL)
            _ = key
        }
        for (key, job) in pending where running[key] == nil && now - (lastStart[key] ?? -.infinity) >= (intervals[key] ?? 0) {
            pending[key] = nil
            start(key: key, job, now: now)
        }
    }

    /// True while any hook is running or waiting.
    public var isBusy: Bool { !running.isEmpty || !pending.isEmpty }

    private func start(key: String, _ job: Pending, now: Double) {
        lastStart[key] = now
        var fds: [Int32] = [0, 0]
        guard tw_pipe2(&fds, O_CLOEXEC | O_NONBLOCK) == 0 else { Log.error("hook \(key): pipe: \(String(cString: strerror(errno)))"); return }
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
        defer { cArgs.forEach { free($0) } }
        let rc = posix_spawnp(&pid, job.argv[0], &actions, &attr, cArgs, environ)
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
            if n > 0 { r.buffer.append(contentsOf: chunk[0..<n]); continue }
            if n == 0 { loop.remove(fd: r.outputFD) }  // EOF; the pidfd tells when it exits
            break
        }
        while let nl = r.buffer.firstIndex(of: 0x0A) {
            Log.info("hook \(r.label): \(String(decoding: r.buffer[..<nl], as: UTF8.self))")
            r.buffer.removeSubrange(...nl)
        }
        running[key] = r
    }

    private func reap(_ key: String) {
        guard let r = running[key] else { return }
        readOutput(key)
        var status: Int32 = 0
        guard waitpid(r.pid, &status, WNOHANG) == r.pid else { return }
        if !r.buffer.isEmpty { Log.info("hook \(r.label): \(String(decoding: r.buffer, as: UTF8.self))") }
        let exited = status & 0x7f == 0
        if exited && (status >> 8) & 0xff != 0 { Log.warning("hook \(r.label): exited with status \((status >> 8) & 0xff)") }
        if !exited { Log.warning("hook \(r.label): ended by signal \(status & 0x7f)") }
        loop.remove(fd: r.pidfd); close(r.pidfd)
        loop.remove(fd: r.outputFD); close(r.outputFD)
        running[key] = nil
    }
}

extension String {
    /// Every occurrence of `target` replaced (Kiosk avoids Foundation's String extensions).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
