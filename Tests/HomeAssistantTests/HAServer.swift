import Glibc
import Platform
import Testing
import TestSupport

/// The real Home Assistant core the tests talk to: started once for the whole target from the venv
/// scripts/setup makes, with the YAML helpers of HAFixtures/configuration.yaml on a free port, and
/// killed when the test process exits. Not installed is a failure that says how to install it.
final class HAServer: @unchecked Sendable {
    /// The venv scripts/setup installs; THUMBWHEEL_HA_VENV names another.
    static let venv = getenv("THUMBWHEEL_HA_VENV").map { String(cString: $0) } ?? "/opt/thumbwheel-ha"
    /// How long HA may take to start (the notes measured a few seconds; a busy builder is slower).
    static let startTimeout = 120.0

    let port: UInt16
    let configDir: String
    let token: String
    private(set) var pid: pid_t

    struct Unavailable: Error, CustomStringConvertible { var description: String }

    private static let lock = NSLockish()
    nonisolated(unsafe) private static var started: [Bool: Result<HAServer, Unavailable>] = [:]

    /// The one plain-HTTP server, started on first use.
    static func shared() throws -> HAServer { try server(tls: false) }
    /// A second one serving HTTPS with a certificate for `localhost` from a CA of its own (`caFile`).
    static func sharedTLS() throws -> HAServer { try server(tls: true) }

    private static func server(tls: Bool) throws -> HAServer {
        try lock.locked {
            if started[tls] == nil {
                do { started[tls] = .success(try HAServer(tls: tls)) } catch {
                    started[tls] = .failure(error as? Unavailable ?? Unavailable(description: "\(error)"))
                }
            }
            return try started[tls]!.get()
        }
    }

    /// The CA certificate of a TLS server (nil: plain HTTP).
    let caFile: String?

    private init(tls: Bool) throws {
        let hass = "\(Self.venv)/bin/hass"
        guard access(hass, X_OK) == 0 else {
            throw Unavailable(
                description:
                    "Home Assistant is not installed at \(Self.venv): run scripts/setup (as root) to install it")
        }
        configDir = makeTemporaryDirectory("ha")
        port = try Self.freePort()
        var httpTLS = ""
        if tls {
            try Self.makeCertificates(in: configDir)
            httpTLS = "  ssl_certificate: \(configDir)/server.crt\n  ssl_key: \(configDir)/server.key"
            caFile = "\(configDir)/ca.crt"
        } else {
            caFile = nil
        }
        let template = try #require(FileIO.read(repoPath("Tests/HomeAssistantTests/HAFixtures/configuration.yaml")))
        let config = String(decoding: template, as: UTF8.self).replacingPlaceholder("@PORT@", with: String(port))
            .replacingPlaceholder("@TLS@", with: httpTLS)
        try FileIO.writeAtomically(Array(config.utf8), to: "\(configDir)/configuration.yaml")
        pid = try Self.spawn(hass, ["-c", configDir, "--skip-pip"], log: "\(configDir)/hass.out")
        HAServer.registerKill(pid, dir: configDir)
        let base = tls ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)"
        let onboard = try #require(
            runTool(
                "\(Self.venv)/bin/python",
                [
                    repoPath("Tests/HomeAssistantTests/HAFixtures/onboard.py"),
                    base, configDir, String(Self.startTimeout),
                ] + (caFile.map { [$0] } ?? []), silence: Self.startTimeout + 10))
        guard onboard.status == 0, !onboard.out.isEmpty else {
            throw Unavailable(
                description: "Home Assistant did not start or onboard: \(onboard.err) (its log: \(configDir)/hass.out)")
        }
        token = onboard.out.trimmingNewline
    }

    /// A CA and a server certificate for DNS name `localhost` only (no IP address: connecting to
    /// 127.0.0.1 must fail the host name check). EC keys: quick to make.
    private static func makeCertificates(in dir: String) throws {
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-keyout", "\(dir)/ca.key", "-out", "\(dir)/ca.crt", "-subj", "/CN=Thumbwheel test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr", "-subj", "/CN=localhost",
            ],
            [
                "x509", "-req", "-in", "\(dir)/server.csr", "-CA", "\(dir)/ca.crt", "-CAkey", "\(dir)/ca.key",
                "-CAcreateserial",
                "-days", "2", "-out", "\(dir)/server.crt", "-extfile", "\(dir)/san.ext",
            ],
        ]
        try FileIO.writeAtomically(Array("subjectAltName=DNS:localhost\n".utf8), to: "\(dir)/san.ext")
        for args in steps {
            let run = try #require(runTool("/usr/bin/openssl", args))
            guard run.status == 0 else { throw Unavailable(description: "openssl \(args[0]) failed: \(run.err)") }
        }
    }

    /// Kills HA at once (SIGKILL: a dead peer, not a polite shutdown) and waits for it.
    func kill() {
        Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Starts HA again on the same configuration (same port, same users and token).
    /// Whether HA's port takes a connection now.
    func accepts() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    func restart() throws {
        pid = try Self.spawn(
            "\(Self.venv)/bin/hass", ["-c", configDir, "--skip-pip"], log: "\(configDir)/hass-restart.out")
        HAServer.registerKill(pid, dir: configDir)
    }

    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw Unavailable(description: "no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Starts `binary` in a process group of its own (so the kill reaches anything it starts), with
    /// its output in `log`.
    static func spawn(_ binary: String, _ args: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = unblockedSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
        guard rc == 0 else {
            throw Unavailable(description: "cannot start \(binary): \(String(cString: strerror(rc)))")
        }
        return pid
    }

    /// The process of each server, by its folder (a restart replaces it), for the exit hook.
    nonisolated(unsafe) private static var running: [String: pid_t] = [:]
    nonisolated(unsafe) private static var exitHookSet = false
    /// Apart from `lock`, which is held while a server starts (and registers itself).
    private static let runningLock = NSLockish()

    /// HA must not outlive the test process, nor its folders stay behind: both go in atexit
    /// (THUMBWHEEL_KEEP_HA=1 keeps the folders, with HA's logs).
    private static func registerKill(_ pid: pid_t, dir: String) {
        let first = runningLock.locked {
            running[dir] = pid
            defer { exitHookSet = true }
            return !exitHookSet
        }
        guard first else { return }
        atexit {
            for (dir, pid) in HAServer.running {
                Glibc.kill(-pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                if getenv("THUMBWHEEL_KEEP_HA") == nil && dir.hasPrefix("/tmp/thumbwheel-ha-") {
                    _ = runTool("/bin/rm", ["-rf", dir])
                }
            }
        }
    }
}

/// A pthread mutex (the tests use no Foundation).
final class NSLockish: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

extension String {
    func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
        split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
    }
    var trimmingNewline: String { String(drop { $0 == "\n" }.reversed().drop { $0 == "\n" || $0 == " " }.reversed()) }
}
