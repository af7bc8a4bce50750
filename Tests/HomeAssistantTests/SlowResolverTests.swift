import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// The host names of `[homeassistant] url` and `[mqtt] host` are looked up off the loop: with a name
/// server that takes every query and never answers, the panel still answers its socket at once.
///
/// The kiosk runs in user, network and mount namespaces of its own (`unshare -rnm`, no privileges
/// needed): its /etc/resolv.conf is a bind mount naming 127.0.0.1 with a 30 s timeout, and a UDP socket
/// on 127.0.0.1:53 there records each query and answers none.
@Suite("A name server that never answers does not stall the panel", .serialized)
struct SlowResolverTests {
    static let swallower = """
        import socket, sys
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind(("127.0.0.1", 53))
        log = open(sys.argv[1], "ab", buffering=0)
        while True:
            data, _ = s.recvfrom(4096)
            log.write(data.hex().encode() + b"\\n")
        """

    /// Runs the kiosk with `section` (the part of the config that names a host) in namespaces whose
    /// name server never answers, and asks `get` every 100 ms for 3 s once a query is waiting there.
    /// Returns the gets answered, the slowest, the `stats` reply and the log.
    func whileResolving(_ section: String) throws -> (answered: Int, slowest: Double, stats: JSON?, log: String) {
        let pythons: [String] = ["/opt/thumbwheel-ha/bin/python3", "/usr/bin/python3"]
        let python = try #require(pythons.first { access($0, X_OK) == 0 }, "needs python3 for the name server")
        try #require(access("/usr/bin/unshare", X_OK) == 0, "needs unshare")
        let dir = makeTemporaryDirectory("slow-dns")
        try FileIO.writeAtomically(Array("abc.def.ghi\n".utf8), to: dir + "/token", mode: 0o600)
        try FileIO.writeAtomically(
            Array("nameserver 127.0.0.1\noptions timeout:30 attempts:1\n".utf8), to: dir + "/resolv.conf")
        try FileIO.writeAtomically(Array(Self.swallower.utf8), to: dir + "/swallow.py")
        try FileIO.writeAtomically(
            Array(
                """
                \(BoundPanel.header(dir: dir, port: nil, size: "200x100"))
                \(section.replacingPlaceholder("@DIR@", with: dir))
                [[screens]]
                id = "main"
                  [[screens.controls]]
                  kind = "toggle"
                  id = "lamp"
                  frame = [10, 10, 120, 60]
                """.utf8), to: dir + "/config.toml")
        let binary = try #require(BoundPanel.binary())
        let script = [
            "set -e", "ip link set lo up", "mount --bind \(dir)/resolv.conf /etc/resolv.conf",
            "\(python) \(dir)/swallow.py \(dir)/queries &", "sleep 0.3",
            "exec \(binary) run --config \(dir)/config.toml",
        ].joined(separator: "\n")
        let pid = try HAServer.spawn("/usr/bin/unshare", ["-rnm", "/bin/sh", "-c", script], log: dir + "/kiosk.log")
        defer {
            Glibc.kill(-Int32(pid), SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let log = { FileIO.read(dir + "/kiosk.log").map { String(decoding: $0, as: UTF8.self) } ?? "" }
        #expect(eventually(20) { access(dir + "/control.sock", F_OK) == 0 }, "no socket; log: \(log())")
        // The name server has the question: the lookup is in flight, and stays so for 30 s.
        #expect(
            eventually(10) { (FileIO.read(dir + "/queries")?.count ?? 0) > 0 },
            "no query reached the name server; log: \(log())")
        let panel = SocketPeer(path: dir + "/control.sock")
        var slowest = 0.0
        var answered = 0
        let until = monotonicNow() + 3
        while monotonicNow() < until {
            let asked = monotonicNow()
            if panel.request("{\"cmd\":\"get\",\"id\":\"lamp\"}")?["value"] != nil { answered += 1 }
            slowest = max(slowest, monotonicNow() - asked)
            usleep(100_000)
        }
        return (answered, slowest, panel.request("{\"cmd\":\"stats\"}"), log())
    }

    @Test("Socket requests are answered while the lookup of HA's host hangs; the client says it is connecting")
    func answersWhileResolvingHomeAssistant() throws {
        let run = try whileResolving(
            """
            [homeassistant]
            url = "http://ha.thumbwheel-slow-dns.test:8123"
            token_file = "@DIR@/token"
            """)
        #expect(run.answered >= 20, "answered \(run.answered) gets in 3 s; log: \(run.log)")
        // Not a speed target: a loop held by getaddrinfo would not answer for the resolver's 30 s.
        #expect(run.slowest < 1, "the slowest get took \(run.slowest) s")
        let ha = run.stats?["adapters"]?["homeassistant"] ?? run.stats?["homeassistant"]
        #expect(ha?["state"]?.stringValue == "connecting", "stats: \(String(describing: ha))")
    }

    @Test("The same for the MQTT broker's host name (without TLS: libmosquitto is given the address)")
    func answersWhileResolvingBroker() throws {
        let run = try whileResolving(
            """
            [mqtt]
            host = "broker.thumbwheel-slow-dns.test"
            """)
        #expect(run.answered >= 20, "answered \(run.answered) gets in 3 s; log: \(run.log)")
        #expect(run.slowest < 1, "the slowest get took \(run.slowest) s")
        let mqtt = run.stats?["adapters"]?["mqtt"] ?? run.stats?["mqtt"]
        #expect(mqtt?["state"]?.stringValue == "connecting", "stats: \(String(describing: mqtt))")
    }
}

/// One request per connection to a control socket, its reply (nil after `timeout` seconds).
struct SocketPeer {
    let path: String
    var timeout = 5.0

    func request(_ line: String) -> JSON? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard connected else { return nil }
        let out = Array((line + "\n").utf8)
        guard out.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == out.count else { return nil }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        while !reply.contains(0x0A) && monotonicNow() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { return nil }
            guard p.revents != 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            reply += chunk[0..<n]
        }
        return JSON.parse(Array(reply.prefix { $0 != 0x0A }))
    }
}
