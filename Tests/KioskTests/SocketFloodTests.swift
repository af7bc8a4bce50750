import Core
import Glibc
import Platform
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// A client that writes requests as fast as the kiosk takes them and reads nothing back until told to:
/// the attack of issue 37 item 2 on the control socket.
final class PipeliningClient {
    let client: TestClient
    private var pending: [UInt8]
    private var sent = 0

    init?(path: String, requests: [String]) {
        guard let c = TestClient(path: path) else { return nil }
        client = c
        pending = Array(requests.joined(separator: "\n").utf8) + [0x0A]
    }

    var finishedSending: Bool { sent == pending.count }

    /// Writes what the socket takes now, without blocking; returns the bytes written.
    @discardableResult
    func sendSome() -> Int {
        var total = 0
        while sent < pending.count {
            let n = pending.withUnsafeBytes {
                send(client.fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { break }
            sent += n; total += n
        }
        return total
    }

    /// Sends without reading until everything is written or the kiosk stops taking bytes for
    /// `quiet` seconds (it stopped reading this client: its replies are not being read).
    func flood(quiet: Double = 0.5) {
        var lastProgress = monotonicNow()
        while !finishedSending && monotonicNow() - lastProgress < quiet {
            if sendSome() > 0 { lastProgress = monotonicNow() } else { usleep(2_000) }
        }
    }

    /// Reads `count` reply lines, sending the rest of the requests as the kiosk takes them.
    func readReplies(_ count: Int, timeout: Double = 60) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(count)
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        while lines.count < count && monotonicNow() < deadline {
            sendSome()
            var got = false
            while lines.count < count, let line = client.nextLine() { lines.append(line); got = true }
            if !got {
                var p = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, 5)
            }
        }
        return lines
    }
}

@Suite("The control socket under a client that pipelines requests and reads nothing", .serialized)
struct SocketFloodTests {
    /// Floods `kiosk` with `requests` from one client while a second client's `get`s are timed; then
    /// the flooding client reads and must find every reply, in order.
    private func attack(_ kiosk: KioskProcess, _ requests: [String], check: (Int, String) -> Bool) throws {
        let attacker = try #require(PipeliningClient(path: kiosk.socketPath, requests: requests))
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        attacker.flood()
        // Keep the attacker's replies unread a while longer: the kiosk must stay responsive meanwhile.
        usleep(300_000)
        let result = guardian.stop()
        #expect(result.responsive, "another client's get while one pipelines \(requests.count) requests: \(result)")
        let replies = attacker.readReplies(requests.count)
        #expect(replies.count == requests.count, "replies read: \(replies.count) of \(requests.count)")
        let wrong = replies.enumerated().first { !check($0.offset, $0.element) }
        #expect(wrong == nil, "reply \(wrong?.offset ?? -1) out of order or wrong: \(wrong?.element.prefix(200) ?? "")")
    }

    @Test("100,000 pipelined gets: other clients are answered promptly; the replies come in order once read")
    func pipelinedGets() throws {
        let kiosk = try #require(KioskProcess(name: "flood-get"))
        // Every other request names a control that does not exist: its error reply names it, so the
        // order of the replies can be checked.
        let requests = (0..<100_000).map { i in
            i % 2 == 0 ? "{\"cmd\":\"get\",\"id\":\"dial\"}" : "{\"cmd\":\"get\",\"id\":\"n\(i)\"}"
        }
        try attack(kiosk, requests) { i, reply in
            i % 2 == 0
                ? reply == "{\"id\":\"dial\",\"ok\":true,\"value\":25}"
                : reply.hasPrefix("{\"error\":\"no control \\\"n\(i)\\\"")
        }
    }

    @Test("Thousands of pipelined lists: other clients are answered promptly; every reply arrives")
    func pipelinedLists() throws {
        let kiosk = try #require(KioskProcess(name: "flood-list"))
        let requests = (0..<4000).map { i in i % 2 == 0 ? "{\"cmd\":\"list\"}" : "{\"cmd\":\"get\",\"id\":\"n\(i)\"}" }
        try attack(kiosk, requests) { i, reply in
            i % 2 == 0 ? reply.hasPrefix("{\"controls\":[{") && reply.hasSuffix("}") : reply.contains("\\\"n\(i)\\\"")
        }
    }

    @Test("Pipelined screenshots: other clients are answered promptly; every reply arrives")
    func pipelinedScreenshots() throws {
        let kiosk = try #require(KioskProcess(name: "flood-shot"))
        let requests = (0..<200).map { i in
            i % 2 == 0 ? "{\"cmd\":\"screenshot\"}" : "{\"cmd\":\"get\",\"id\":\"n\(i)\"}"
        }
        try attack(kiosk, requests) { i, reply in
            i % 2 == 0
                ? reply.hasPrefix("{\"height\":300,\"ok\":true,\"png\":\"iVBOR") : reply.contains("\\\"n\(i)\\\"")
        }
    }
}
