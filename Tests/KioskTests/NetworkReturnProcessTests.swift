import Core
import Glibc
import Platform
import Testing
import TestSupport
@testable import Kiosk

/// A network namespace of its own (`unshare --net`), held open by a sleeping process, whose loopback
/// starts down: a kiosk and a broker started in it see the network come and go as a panel's Wi-Fi does
/// (`ip link set lo up` makes the link, address and route events a reconnect brings).
final class NetworkNamespace {
    let holder: SpawnedProcess
    /// For `nsenter --net=`.
    let path: String

    init() throws {
        let unshare = try MosquittoBroker.tool("unshare")
        holder = try #require(SpawnedProcess(unshare, ["--net", "sleep", "600"]))
        path = "/proc/\(holder.pid)/ns/net"
        // unshare execs sleep once the namespace is made: then the link differs from ours.
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while NetworkNamespace.link(path) == nil
            || NetworkNamespace.link(path) == NetworkNamespace.link("/proc/self/ns/net")
        {
            guard monotonicNow() < deadline else { throw BrokerError("unshare --net made no namespace") }
            usleep(10_000)
        }
    }

    deinit {
        kill(holder.pid, SIGKILL)
        _ = holder.readAcksUntilExit()
    }

    /// What a /proc namespace link names (`net:[4026531840]`), nil when there is none.
    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink(path, &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// What starts a command inside the namespace.
    var wrapper: [String] { ["/usr/bin/nsenter", "--net=\(path)"] }

    /// Runs `ip ARGS` inside the namespace; its exit status is 0.
    func ip(_ args: [String]) throws {
        let run = runTool(
            try MosquittoBroker.tool("nsenter"), ["--net=\(path)", try MosquittoBroker.tool("ip")] + args)
        try #require(run?.status == 0, "ip \(args.joined(separator: " ")): \(run?.err ?? "not run")")
    }
}

/// The network coming back ends a reconnect backoff at once (issue 43 item 5): the kernel's netlink
/// events, not a timer, tell the kiosk to try again. Run in a namespace of its own, against a real
/// mosquitto, as root (CI's user).
@Suite("Reconnecting when the network comes back")
struct NetworkReturnProcessTests {
    @Test("The broker unreachable for 20 s with a 60 s backoff cap: connected within 2 s of the network")
    func networkBack() throws {
        let namespace = try NetworkNamespace()
        let broker = try MosquittoBroker(name: "netns-broker", namespace: namespace.path)
        let kiosk = try #require(
            KioskProcess(
                name: "netns-kiosk",
                extraScreens: """
                    [mqtt]
                    host = "127.0.0.1"
                    port = \(broker.port)
                    base_topic = "tw/netns"
                    client_id = "tw-netns-\(getpid())"
                    discovery = false
                    reconnect_max = 60
                    """, wrapper: namespace.wrapper))
        // Down loopback: every attempt fails at once with "network is unreachable", and the waits grow:
        // after 20 s the next attempt is several seconds away (0.5 s doubling, the upper half of each).
        usleep(20_000_000)
        #expect(kiosk.mqttStats?.state == "waiting", "no network, no broker: \(kiosk.log)")
        try namespace.ip(["link", "set", "lo", "up"])
        let back = monotonicNow()
        var connected = false
        while monotonicNow() - back < 20 {
            if kiosk.mqttStats?.state == "connected" { connected = true; break }
            usleep(50_000)
        }
        let took = monotonicNow() - back
        print("network back: the broker connected \(took) s after lo came up")
        #expect(connected, "never connected: \(kiosk.log)")
        #expect(took <= TestTiming.seconds(2), "connected \(took) s after the network came back")
        #expect(!kiosk.logLines(containing: "the network changed; reconnecting now").isEmpty, "\(kiosk.log)")
    }
}
