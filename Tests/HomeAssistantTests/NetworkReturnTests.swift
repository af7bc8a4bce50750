import CLinux
import Core
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// The network coming back ends the client's backoff at once (issue 43 item 5): the kernel's netlink
/// events (`NetworkWatch`), not its timer, make it try again. The test's thread moves into a network
/// namespace of its own, whose loopback starts down, and back at the end (needs root, as CI runs).
@Suite("The client when the network comes back")
struct NetworkReturnTests {
    @Test("Down with a 60 s backoff cap: the loopback coming up connects at once, not when the timer says")
    func networkBack() throws {
        let home = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)
        try #require(home >= 0)
        defer { close(home) }
        try #require(
            tw_unshare_network() == 0, "unshare(CLONE_NEWNET): \(String(cString: strerror(errno))) (root needed)")
        defer { precondition(tw_setns_network(home) == 0, "back to the test's own network namespace") }

        let server = try FakeServer(anyAddress: true)
        let loop = EventLoop()
        let timing = HomeAssistantClient.Timing(
            pingInterval: 20, pongTimeout: 10, connectTimeout: 5, initialBackoff: 0.5, maximumBackoff: 60)
        let client = HomeAssistantClient(
            settings: try HomeAssistantSettings(url: "ws://127.0.0.1:\(server.port)", token: "t"),
            entityIDs: nil, loop: loop, timing: timing)
        var attempts: [Double] = []
        client.onState = { if $0 == .connecting { attempts.append(monotonicNow()) } }
        client.start()
        // Each attempt fails at once ("network is unreachable") and the waits grow: until the next is
        // at least 3 s away, so an attempt sooner than that is the network's doing, not the timer's.
        #expect(
            turn(loop, timeout: 40) { (client.reconnectAt ?? 0) - monotonicNow() >= 3 }, "\(attempts.count) attempts")
        let due = try #require(client.reconnectAt)

        // A child process is made in its parent thread's namespace: this `ip` brings up this loopback.
        let up = runTool("/usr/sbin/ip", ["link", "set", "lo", "up"])
        try #require(up?.status == 0, "ip link set lo up: \(up?.err ?? "not run")")
        let back = monotonicNow()
        #expect(server.accept(loop), "the client connected once the network was back")
        let took = monotonicNow() - back
        print("network back: the client connected \(took) s after lo came up (its timer was \(due - back) s away)")
        #expect(monotonicNow() < due - 1, "connected \(took) s after the network came back, as its timer would")
        client.stop()
    }
}
