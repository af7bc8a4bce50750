import Core
import Glibc
import Testing
@testable import Kiosk

/// A real mosquitto broker on a free loopback port, for as long as the value lives (or until `kill`).
final class MosquittoBroker {
    let port: Int
    let dir: String
    private(set) var pid: pid_t = 0

    /// mosquitto and its clients: scripts/setup installs them (packages mosquitto, mosquitto-clients).
    static func tool(_ name: String) throws -> String {
        let path = ((getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"])
            .map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
        guard let path else {
            throw BrokerError("\(name) is not installed: run scripts/setup (it installs mosquitto and mosquitto-clients) or apt-get install -y mosquitto mosquitto-clients")
        }
        return path
    }

    init(name: String, port: Int? = nil) throws {
        dir = makeTemporaryDirectory(name)
        self.port = port ?? MosquittoBroker.freePort()
        try start()
    }

    deinit { kill() }

    /// Starts the broker (again) on the same port and waits until it accepts connections.
    func start() throws {
        let config = dir + "/mosquitto.conf"
        try FileIO.writeAtomically(Array("listener \(port) 127.0.0.1\nallow_anonymous true\n".utf8), to: config)
        let binary = try MosquittoBroker.tool("mosquitto")
        let argv = ([binary, "-c", config] as [String]).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // The broker's chatter goes to a file, so a full pipe can never stall it.
        posix_spawn_file_actions_addopen(&actions, 1, dir + "/broker.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { throw BrokerError("cannot start \(binary)") }
        let deadline = monotonicNow() + 10
        while !MosquittoBroker.accepts(port) {
            guard monotonicNow() < deadline else { throw BrokerError("mosquitto did not listen on port \(port) within 10 s (see \(dir)/broker.log)") }
            usleep(20_000)
        }
    }

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
        let run = runTool(try MosquittoBroker.tool("mosquitto_sub"), ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "\(seconds)"])
        guard let run, run.status == 0 else { return nil }
        return run.out.hasSuffix("\n") ? String(run.out.dropLast()) : run.out
    }

    /// Polls until `topic`'s retained payload is `expected` (or `timeout` passes); returns the last payload seen.
    func wait(_ topic: String, for expected: String, timeout: Double = 15) throws -> String? {
        let deadline = monotonicNow() + timeout
        var last: String?
        repeat {
            last = try retained(topic, seconds: 1)
            if last == expected { return last }
            usleep(100_000)
        } while monotonicNow() < deadline
        return last
    }

    func publish(_ topic: String, _ payload: String) throws {
        let run = runTool(try MosquittoBroker.tool("mosquitto_pub"), ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "1"])
        guard run?.status == 0 else { throw BrokerError("mosquitto_pub to \(topic) failed: \(run?.err ?? "not run")") }
    }

    static func freePort() -> Int {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, len) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

struct BrokerError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// End to end against a real broker: the kiosk publishes retained values and its status, takes `set`s
/// as the socket does, ignores malformed ones, and survives the broker going away.
@Suite("MQTT: a real mosquitto broker and the kiosk process", .serialized)
struct MQTTProcessTests {
    static let base = "tw/test"

    static func section(port: Int) -> String {
        "[mqtt]\nhost = \"127.0.0.1\"\nport = \(port)\nbase_topic = \"\(base)\"\nclient_id = \"thumbwheel-test-\(getpid())\"\nkeepalive = 5\n"
    }

    func value(_ kiosk: KioskProcess) -> Double? {
        kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}").flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    @Test("Retained state and status after start; a set over MQTT is applied like the socket's; malformed ones change nothing")
    func publishAndSet() throws {
        let broker = try MosquittoBroker(name: "mqtt-set")
        let kiosk = try #require(KioskProcess(name: "mqtt-set-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        #expect(try broker.wait("\(base)/status", for: "online") == "online")

        try broker.publish("\(base)/dial/set", "60")
        #expect(try broker.wait("\(base)/dial/state", for: "60") == "60")
        #expect(value(kiosk) == 60)

        // Clamped exactly as the socket's set would be.
        try broker.publish("\(base)/dial/set", "140")
        #expect(try broker.wait("\(base)/dial/state", for: "100") == "100")
        #expect(value(kiosk) == 100)

        for bad in ["abc", "NaN", "[1]", "{\"v\":3}", "", String(repeating: "1", count: 2000)] {
            try broker.publish("\(base)/dial/set", bad)
        }
        try broker.publish("\(base)/nope/set", "5")
        usleep(500_000)
        #expect(value(kiosk) == 100, "a malformed payload must change nothing")
        #expect(try broker.retained("\(base)/dial/state") == "100")
        #expect(try broker.retained("\(base)/nope/state", seconds: 1) == nil)
        // The kiosk is still listening after the rubbish.
        try broker.publish("\(base)/dial/set", " 50 ")
        #expect(try broker.wait("\(base)/dial/state", for: "50") == "50")
    }

    @Test("The broker killed and restarted: the kiosk reconnects and republishes every value and its status")
    func reconnects() throws {
        let broker = try MosquittoBroker(name: "mqtt-restart")
        let kiosk = try #require(KioskProcess(name: "mqtt-restart-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        // A value set through the socket while the broker is away still reaches the fresh broker.
        broker.kill()
        #expect(kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":70}") == "{\"id\":\"dial\",\"ok\":true,\"value\":70}")
        try broker.start()
        #expect(try broker.wait("\(base)/dial/state", for: "70", timeout: 30) == "70")
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
    }

    @Test("A broker absent at start is retried until it appears")
    func brokerLate() throws {
        let port = MosquittoBroker.freePort()
        let kiosk = try #require(KioskProcess(name: "mqtt-late-kiosk", extraScreens: MQTTProcessTests.section(port: port)))
        usleep(1_500_000)
        #expect(value(kiosk) == 25, "the kiosk runs without its broker")
        let broker = try MosquittoBroker(name: "mqtt-late", port: port)
        #expect(try broker.wait("\(MQTTProcessTests.base)/dial/state", for: "25", timeout: 40) == "25")
    }
}
