import Glibc

/// What a finished child process left: its exit status and both output streams.
public struct ToolRun {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// What it wrote to stdout.
    public var out: String
    /// What it wrote to stderr.
    public var err: String
}

/// Spawn attributes that give the child an empty signal mask: the test runner's threads block some
/// signals (SIGALRM among them), and a tool timing out by alarm (mosquitto_sub -W) would never do.
public func unblockedSignals() -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    return attributes
}

/// Runs `binary args` to completion, with stdout and stderr on pipes (read together, so neither
/// can fill and stall the child), and an optional extra environment variable. A tool silent on both
/// for `silence` seconds (10, scaled for the run: `TestTiming`) is taken for hung and killed; one that
/// prints only at its end (Home Assistant's onboarding) passes a longer one.
public func runTool(
    _ binary: String, _ args: [String], environment: [String] = [], silence: Double = 10
) -> ToolRun? {
    let silenceMS = Int32(min(Double(Int32.max), TestTiming.seconds(silence) * 1000))
    var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    posix_spawn_file_actions_addclose(&actions, errPipe[0])
    var pid: pid_t = 0
    let argv = ([binary] + args).map { strdup($0) } + [nil]
    var env: [String] = []
    var e = environ
    while let entry = e.pointee { env.append(String(cString: entry)); e += 1 }
    let envp = (env + environment).map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var attributes = unblockedSignals()
    defer { posix_spawnattr_destroy(&attributes) }
    let rc = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
    posix_spawn_file_actions_destroy(&actions)
    close(outPipe[1]); close(errPipe[1])
    defer { close(outPipe[0]); close(errPipe[0]) }
    guard rc == 0 else { return nil }
    var out: [UInt8] = [], err: [UInt8] = []
    var open = [outPipe[0], errPipe[0]]
    var chunk = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), silenceMS) > 0 else { kill(pid, SIGKILL); break }
        for p in fds where p.revents != 0 {
            let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
            if n <= 0 { open.removeAll { $0 == p.fd }; continue }
            if p.fd == outPipe[0] { out += chunk[0..<n] } else { err += chunk[0..<n] }
        }
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ToolRun(status: code, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self))
}

/// A path inside the repository, found from this source file's location.
public func repoPath(_ relative: String) -> String {
    let file = #filePath
    let root = file.firstRange(of: "/Tests/").map { String(file[..<$0.lowerBound]) } ?? "."
    return root + "/" + relative
}

/// The error `body` throws, or nil when it throws none. Tests check it in place of
/// `#expect { … } throws: { … }`, which Swift 6.0.3 (Debian 13's) crashes compiling.
public func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
