import Core
import Formats
import Foundation
import Glibc
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A real mosquitto broker on a free loopback port, for as long as the value lives (or until `kill`).
final class MosquittoBroker {
    let port: Int
    let dir: String
    /// Lines of mosquitto.conf after `listener` (authentication, TLS files).
    let listenerOptions: String
    /// What mosquitto_sub and mosquitto_pub need beyond host and port (credentials, --cafile).
    let clientArgs: [String]
    private(set) var pid: pid_t = 0

    /// mosquitto and its clients: scripts/setup installs them (packages mosquitto, mosquitto-clients).
    static func tool(_ name: String) throws -> String {
        let path =
            ((getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + [
                "/usr/sbin", "/sbin",
            ])
            .map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
        guard let path else {
            throw BrokerError(
                "\(name) is not installed: run scripts/setup (it installs mosquitto and mosquitto-clients) or apt-get install -y mosquitto mosquitto-clients"
            )
        }
        return path
    }

    /// The network namespace the broker runs in (`/proc/PID/ns/net`), nil: this process's.
    let namespace: String?

    /// - Parameter namespace: a network namespace to run in: the broker listens on every address there
    ///   (so it can start while the namespace's loopback is down) and is not waited for from here.
    init(
        name: String, port: Int? = nil, listenerOptions: String = "allow_anonymous true\n", clientArgs: [String] = [],
        namespace: String? = nil
    ) throws {
        self.namespace = namespace
        dir = makeTemporaryDirectory(name)
        self.port = port ?? MosquittoBroker.freePort()
        self.listenerOptions = listenerOptions
        self.clientArgs = clientArgs
        try start()
    }

    deinit { kill() }

    /// The user the broker runs as: this one, so it reads the test's private temporary files (started as
    /// root, mosquitto would otherwise switch to user "mosquitto").
    static var userName: String { getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root" }

    /// Starts the broker (again) on the same port and waits until it accepts connections.
    func start() throws {
        let config = dir + "/mosquitto.conf"
        try FileIO.writeAtomically(
            Array(
                "user \(MosquittoBroker.userName)\nlistener \(port) \(namespace == nil ? "127.0.0.1" : "0.0.0.0")\n\(listenerOptions)"
                    .utf8), to: config)
        let mosquitto = try MosquittoBroker.tool("mosquitto")
        let binary = namespace == nil ? mosquitto : try MosquittoBroker.tool("nsenter")
        let args = (namespace.map { ["--net=\($0)", mosquitto] } ?? []) + ["-c", config]
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // The broker's chatter goes to a file, so a full pipe can never stall it.
        posix_spawn_file_actions_addopen(&actions, 1, dir + "/broker.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            throw BrokerError("cannot start \(binary)")
        }
        let deadline = monotonicNow() + TestTiming.seconds(10)
        if namespace != nil {
            while !(FileIO.read(dir + "/broker.log").map { String(decoding: $0, as: UTF8.self) } ?? "").contains(
                "listen socket on port \(port)")
            {
                guard monotonicNow() < deadline else {
                    throw BrokerError("mosquitto did not start (\(dir)/broker.log)")
                }
                usleep(20_000)
            }
            return
        }
        while !MosquittoBroker.accepts(port) {
            guard monotonicNow() < deadline else {
                throw BrokerError("mosquitto did not listen on port \(port) within 10 s (see \(dir)/broker.log)")
            }
            usleep(20_000)
        }
    }

    /// SIGSTOP: the broker hangs with its connections open, as behind a cut cable: the kernel still
    /// takes bytes, nothing is answered.
    func freeze() { if pid > 0 { Glibc.kill(pid, SIGSTOP) } }

    /// SIGKILL: the broker vanishes with its retained messages (no persistence configured).
    func kill() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// The retained payload of `topic`, or nil when none arrives within `seconds`.
    func retained(_ topic: String, seconds: Int = 2) throws -> String? {
        let run = runTool(
            try MosquittoBroker.tool("mosquitto_sub"),
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "\(seconds)"] + clientArgs)
        guard let run, run.status == 0 else { return nil }
        return run.out.hasSuffix("\n") ? String(run.out.dropLast()) : run.out
    }

    /// Polls until `topic`'s retained payload is `expected` (or `timeout` passes); returns the last payload seen.
    func wait(_ topic: String, for expected: String, timeout: Double = 15) throws -> String? {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        var last: String?
        repeat {
            last = try retained(topic, seconds: 1)
            if last == expected { return last }
            usleep(100_000)
        } while monotonicNow() < deadline
        return last
    }

    func publish(_ topic: String, _ payload: String) throws {
        let run = runTool(
            try MosquittoBroker.tool("mosquitto_pub"),
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "1"] + clientArgs)
        guard run?.status == 0 else { throw BrokerError("mosquitto_pub to \(topic) failed: \(run?.err ?? "not run")") }
    }

    /// Every retained message under `pattern` (`homeassistant/#`) as topic → payload, collected for `seconds`.
    func retainedMessages(_ pattern: String, seconds: Int = 1) throws -> [String: String] {
        let run = runTool(
            try MosquittoBroker.tool("mosquitto_sub"),
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", pattern, "-v", "--retained-only", "-W", "\(seconds)"]
                + clientArgs)
        var messages: [String: String] = [:]
        for line in (run?.out ?? "").split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return messages
    }

    static func freePort() -> Int {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, len) }
        }
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
        }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}

struct BrokerError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

extension KioskProcess {
    /// The `stats` reply (nil when the kiosk does not answer).
    var stats: StatsReply? {
        request("{\"cmd\":\"stats\"}").flatMap { try? JSONDecoder().decode(StatsReply.self, from: Data($0.utf8)) }
    }

    /// `stats`' MQTT part (nil when the kiosk has no `[mqtt]` or does not answer).
    var mqttStats: MQTTStats? { stats?.section("mqtt").flatMap { try? JSONCoding.decode(MQTTStats.self, from: $0) } }

    /// The lines of the kiosk's log that mention `text`.
    func logLines(containing text: String) -> [Substring] { log.split(separator: "\n").filter { $0.contains(text) } }
}
