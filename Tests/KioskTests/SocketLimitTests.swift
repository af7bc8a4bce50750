import Core
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// The CPU time (user + system) process `pid` has used so far, in seconds, from /proc/PID/stat.
func cpuSeconds(of pid: pid_t) -> Double? {
    guard let bytes = FileIO.read("/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // utime and stime are fields 14 and 15; field 3 (the state) is the first after the name.
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The descriptors process `pid` has open.
func openDescriptors(of pid: pid_t) -> Int {
    guard let dir = opendir("/proc/\(pid)/fd") else { return 0 }
    defer { closedir(dir) }
    var count = 0
    while let entry = readdir(dir) {
        if entry.pointee.d_name.0 != 0x2E { count += 1 }  // not "." or ".."
    }
    return count
}

/// A connection and the first line the kiosk sent on it after a `get` (nil: none within 5 s).
private func connectAndAsk(_ path: String) -> (client: TestClient, reply: String?)? {
    guard let c = TestClient(path: path) else { return nil }
    c.send("{\"cmd\":\"get\",\"id\":\"dial\"}\n")
    let deadline = monotonicNow() + TestTiming.seconds(5)
    while monotonicNow() < deadline {
        if let line = c.nextLine() { return (c, line) }
        var p = pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, 10)
    }
    return (c, nil)
}

@Suite("The control socket at the process's descriptor limit", .serialized)
struct SocketLimitTests {
    @Test(
        "Out of file descriptors, new connections are told so and closed: no spinning, one log line, served again once clients leave"
    )
    func descriptorLimit() throws {
        let kiosk = try #require(KioskProcess(name: "fd-limit"))
        let prlimit = "/usr/bin/prlimit"
        try #require(access(prlimit, X_OK) == 0, "util-linux's prlimit lowers the running kiosk's limit")
        // Lowered while it runs, so the kiosk's own client limit (from the limit at start) is not
        // what stops it: accept itself fails with EMFILE.
        let limit = openDescriptors(of: kiosk.process.pid) + 12
        let lowered = try #require(SpawnedProcess(prlimit, ["--pid", "\(kiosk.process.pid)", "--nofile=\(limit):"]))
        #expect(lowered.waitForExit() == 0)

        var served: [TestClient] = []
        var refusal: String?
        for _ in 0..<40 {
            guard let (client, reply) = connectAndAsk(kiosk.socketPath) else { break }
            if reply == "{\"id\":\"dial\",\"ok\":true,\"value\":25}" { served.append(client); continue }
            refusal = reply
            break
        }
        #expect(served.count >= 5, "served \(served.count) before the limit")
        #expect(
            refusal?.hasPrefix("{\"error\":\"connection refused: the kiosk is out of file descriptors") == true,
            "\(refusal ?? "no reply")")

        // At the limit, with connections still arriving, the kiosk must sleep, not spin on accept.
        let before = try #require(cpuSeconds(of: kiosk.process.pid))
        for _ in 0..<10 {
            _ = connectAndAsk(kiosk.socketPath)
            usleep(100_000)
        }
        let used = try #require(cpuSeconds(of: kiosk.process.pid)) - before
        #expect(used < 0.3, "CPU time over a second at the descriptor limit: \(used) s")
        #expect(
            kiosk.log.components(separatedBy: "socket: refusing new connections").count == 2,
            "said once per episode:\n\(kiosk.log)")

        served.removeAll()
        // Served again (a refusal would be a reply too, so the guard below cannot tell).
        var again: String?
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while again?.hasPrefix("{\"id\"") != true && monotonicNow() < deadline {
            again = connectAndAsk(kiosk.socketPath)?.reply
        }
        #expect(again == "{\"id\":\"dial\",\"ok\":true,\"value\":25}", "\(again ?? "no reply")")
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        usleep(300_000)
        let result = guardian.stop()
        #expect(result.responsive, "after the clients left: \(result)")
        #expect(kiosk.log.contains("socket: taking new connections again"), "\(kiosk.log)")
    }
}
