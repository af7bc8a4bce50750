import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// The server end of one connection, played by the test on the loop's thread: a listening socket on
/// a free port, then the accepted socket read and written by hand.
final class FakeServer {
    let listener: Int32
    let port: UInt16
    var peer: Int32 = -1
    var received: [UInt8] = []

    /// `receiveBuffer`: the accepted socket's SO_RCVBUF, set on the listener so that the connection's
    /// window is small from its start (shrunk later, Linux stalls the sender in zero-window probes).
    /// `anyAddress`: listen on every address (INADDR_ANY), which works while the loopback is down.
    init(receiveBuffer: Int32? = nil, port wanted: UInt16 = 0, anyAddress: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = anyAddress ? 0 : inet_addr("127.0.0.1")
        address.sin_port = wanted.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        listener = fd
        try #require(ok)
        port = UInt16(bigEndian: address.sin_port)
    }
    deinit { close(listener); if peer >= 0 { close(peer) } }

    /// Turns the loop until the client has connected.
    func accept(_ loop: EventLoop) -> Bool {
        turn(loop, timeout: 5) {
            peer = tw_accept(listener)
            return peer >= 0
        }
    }

    /// Reads what the client sent so far (without blocking) into `received`.
    func drain() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { return }
            received += chunk[0..<n]
        }
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads the upgrade request and answers it, `piece` bytes per loop turn.
    func upgrade(_ loop: EventLoop, status: String = "101 Switching Protocols", piece: Int = 1) -> Bool {
        guard
            turn(
                loop, timeout: 5,
                until: {
                    drain(); return String(decoding: received, as: UTF8.self).contains("\r\n\r\n")
                })
        else { return false }
        let request = String(decoding: received, as: UTF8.self)
        received = []
        guard let keyLine = request.split(separator: "\r\n").first(where: { $0.hasPrefix("Sec-WebSocket-Key: ") })
        else { return false }
        let key = String(keyLine.dropFirst("Sec-WebSocket-Key: ".count))
        let answer = Array(
            ("HTTP/1.1 \(status)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(forKey: key))\r\n\r\n").utf8)
        for start in stride(from: 0, to: answer.count, by: piece) {
            write(Array(answer[start..<min(answer.count, start + piece)]))
            loop.runOnce(timeout: 0)
        }
        return true
    }

    /// The client frames in `received` (each must be masked), unmasked; the bytes of an unfinished
    /// frame stay.
    func clientFrames() -> [(opcode: UInt8, payload: [UInt8])] {
        var out: [(UInt8, [UInt8])] = []
        while received.count >= 2 {
            let b = received
            guard b[1] & 0x80 != 0 else { Issue.record("client frame not masked"); return out }
            var length = Int(b[1] & 0x7F), header = 2
            if length == 126 {
                guard b.count >= 4 else { break }; length = Int(b[2]) << 8 | Int(b[3]); header = 4
            } else if length == 127 {
                guard b.count >= 10 else { break }; length = (2..<10).reduce(0) { $0 << 8 | Int(b[$1]) }; header = 10
            }
            guard b.count >= header + 4 + length else { break }
            let key = Array(b[header..<(header + 4)])
            let payload = (0..<length).map { b[header + 4 + $0] ^ key[$0 & 3] }
            out.append((b[0] & 0x0F, payload))
            received.removeFirst(header + 4 + length)
        }
        return out
    }
}

/// accept4 without blocking (Glibc's accept has no flags).
func tw_accept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }

@Suite("The WebSocket connection against a server played by the test")
struct LocalServerTests {
    func connection(_ server: FakeServer, _ loop: EventLoop, limit: Int = 1 << 20) -> (WebSocketConnection, Box) {
        let c = WebSocketConnection(
            loop: loop, address: ServerAddress(host: "127.0.0.1", port: server.port, secure: false),
            caFile: nil, maximumMessage: limit)
        let box = Box()
        c.onOpen = { box.opened = true }
        c.onText = { box.texts.append($0) }
        c.onClosed = { box.closed = $0 }
        c.start()
        return (c, box)
    }

    final class Box { var opened = false; var texts: [[UInt8]] = []; var closed: String? }

    @Test(
        "An upgrade answered a byte per turn opens; fragments arrive as one message; a ping is answered with a masked pong"
    )
    func upgradeAndPing() throws {
        let loop = EventLoop(), server = try FakeServer()
        let (c, box) = connection(server, loop)
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, piece: 1))
        #expect(turn(loop, timeout: 5) { box.opened })
        server.write(
            serverFrame(1, Array("{\"a\":".utf8), fin: false) + serverFrame(9, [7, 7])
                + serverFrame(0, Array("1}".utf8)))
        #expect(turn(loop, timeout: 5) { box.texts.count == 1 })
        #expect(box.texts.first == Array("{\"a\":1}".utf8))
        #expect(
            turn(loop, timeout: 5) {
                server.drain(); return !server.received.isEmpty
            })
        let frames = server.clientFrames()
        #expect(frames.count == 1 && frames.first?.opcode == 0xA && frames.first?.payload == [7, 7])
        withExtendedLifetime(c) {}  // the connection lives while the test reads
    }

    @Test("A message bigger than the socket takes at once is queued and arrives whole")
    func partialWrites() throws {
        let loop = EventLoop(), server = try FakeServer(receiveBuffer: 4096)
        let (c, box) = connection(server, loop)
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, piece: 4096))
        #expect(turn(loop, timeout: 5) { box.opened })
        var random = SeededRandom(seed: 1)
        let big = (0..<(3 << 20)).map { _ in UInt8(0x20 + random.int(90)) }
        #expect(c.send(text: big))
        #expect(c.send(text: Array("after".utf8)))
        #expect(c.queuedBytes > 0, "the socket took 3 MB at once: the queue was not exercised")
        var frames: [(opcode: UInt8, payload: [UInt8])] = []
        #expect(
            turn(loop, timeout: 20) {
                server.drain(); frames += server.clientFrames(); return frames.count == 2
            },
            "\(server.received.count) bytes unparsed, \(frames.count) frames, \(c.queuedBytes) queued")
        #expect(frames.first?.payload == big)
        #expect(frames.last?.payload == Array("after".utf8))
        #expect(c.queuedBytes == 0)
        #expect(box.closed == nil)
        withExtendedLifetime(c) {}
    }

    @Test("An answer other than 101 fails the connection with the status")
    func refusedUpgrade() throws {
        let loop = EventLoop(), server = try FakeServer()
        let (c, box) = connection(server, loop)
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, status: "500 Internal Server Error", piece: 1000))
        #expect(turn(loop, timeout: 5) { box.closed != nil })
        #expect(box.closed?.contains("HTTP 500") == true, "\(box.closed ?? "")")
        #expect(!box.opened)
        withExtendedLifetime(c) {}  // the connection lives while the test reads
    }

    @Test("A message over the limit fails the connection, telling the server 1009")
    func tooBig() throws {
        let loop = EventLoop(), server = try FakeServer()
        let (c, box) = connection(server, loop, limit: 1000)
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, piece: 1000))
        #expect(turn(loop, timeout: 5) { box.opened })
        server.write([0x81, 126, 0x07, 0xD0])  // a 2000-byte text frame's header
        #expect(turn(loop, timeout: 5) { box.closed != nil })
        #expect(box.closed?.contains("limit of 1000 bytes") == true, "\(box.closed ?? "")")
        server.drain()
        let frames = server.clientFrames()
        #expect(frames.first?.opcode == 0x8 && frames.first?.payload.prefix(2) == [0x03, 0xF1])
        withExtendedLifetime(c) {}  // the connection lives while the test reads
    }

    @Test("A refused connection and an unknown host fail through onClosed, never inside start")
    func unreachable() throws {
        let loop = EventLoop()
        let port: UInt16
        do { let s = try FakeServer(); port = s.port }  // closed again: nothing listens there now
        for host in ["127.0.0.1", "no-such-host.invalid"] {
            let c = WebSocketConnection(
                loop: loop, address: ServerAddress(host: host, port: port, secure: false), caFile: nil,
                maximumMessage: 1000)
            var closed: String?
            c.onClosed = { closed = $0 }
            c.start()
            #expect(closed == nil)
            #expect(turn(loop, timeout: 10) { closed != nil })
            #expect(closed?.contains(host) == true, "\(closed ?? "")")
        }
    }
}

@Suite("The client's timers, against servers played by the test")
struct ClientTimerTests {
    @Test("Reconnects back off: each wait doubles (less jitter), up to the maximum")
    func backoff() throws {
        let loop = EventLoop()
        let port: UInt16
        do { let s = try FakeServer(); port = s.port }  // closed again: every connect is refused
        let timing = HomeAssistantClient.Timing(
            pingInterval: 1, pongTimeout: 1, connectTimeout: 5, initialBackoff: 0.1, maximumBackoff: 0.4)
        let client = HomeAssistantClient(
            settings: try HomeAssistantSettings(url: "ws://127.0.0.1:\(port)", token: "t"),
            entityIDs: nil, loop: loop, timing: timing)
        var starts: [Double] = []
        client.onState = { if $0 == .connecting { starts.append(monotonicNow()) } }
        client.start()
        turn(loop, for: 1.5)
        client.stop()
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        try #require(gaps.count >= 4, "\(starts.count) attempts in 1.5 s")
        // The timer never fires early, so the lower bounds (jitter takes up to half) are exact; the
        // upper one allows a busy machine.
        for (i, minimum) in [0.05, 0.1, 0.2, 0.2].enumerated() {
            #expect(gaps[i] >= minimum - 0.002, "wait \(i): \(gaps[i]) s")
        }
        #expect(gaps.allSatisfy { $0 <= 0.4 + 1 }, "\(gaps)")
        #expect(client.attempts == starts.count)
    }

    @Test("A server that accepts but never answers the upgrade: down after the connect timeout")
    func connectTimeout() throws {
        // Never accepts: the kernel's backlog completes the TCP handshake.
        let loop = EventLoop(), server = try FakeServer()
        let timing = HomeAssistantClient.Timing(
            pingInterval: 1, pongTimeout: 1, connectTimeout: 0.5, initialBackoff: 10, maximumBackoff: 10)
        let client = HomeAssistantClient(
            settings: try HomeAssistantSettings(url: "ws://127.0.0.1:\(server.port)", token: "t"),
            entityIDs: nil, loop: loop, timing: timing)
        let started = monotonicNow()
        client.start()
        #expect(
            turn(loop, timeout: 3) {
                if case .down = client.state { return true }; return false
            })
        let took = monotonicNow() - started
        #expect(took >= 0.5 && took < TestTiming.seconds(3), "\(took) s")
        #expect(client.state == .down("no connection within 0.5 s"))
        client.stop()
    }
}

@Suite("The Home Assistant protocol against a server played by the test")
struct FakeHomeAssistantTests {
    /// Turns the loop until the client has sent a text frame; its JSON.
    func nextMessage(_ server: FakeServer, _ loop: EventLoop) -> JSON? {
        var frames: [(opcode: UInt8, payload: [UInt8])] = []
        guard
            turn(
                loop, timeout: 5,
                until: {
                    server.drain(); frames = server.clientFrames(); return !frames.isEmpty
                })
        else { return nil }
        return JSON.parse(frames[0].payload)
    }

    func send(_ server: FakeServer, _ text: String) { server.write(serverFrame(1, Array(text.utf8))) }

    @Test("Auth with the token, subscribe to the ids asked for; odd ids and unknown types are ignored, not trapped on")
    func protocolFlow() throws {
        let loop = EventLoop(), server = try FakeServer()
        let settings = try HomeAssistantSettings(url: "ws://127.0.0.1:\(server.port)", token: "tok-123")
        let client = HomeAssistantClient(settings: settings, entityIDs: ["light.a"], loop: loop, timing: Harness.quick)
        client.start()
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, piece: 1000))
        #expect(turn(loop, timeout: 5) { client.state == .authenticating })
        send(server, #"{"type":"auth_required","ha_version":"2024.3.3"}"#)
        #expect(nextMessage(server, loop) == JSON.parse(Array(#"{"type":"auth","access_token":"tok-123"}"#.utf8)))
        send(server, #"{"type":"auth_ok"}"#)
        let subscribe = try #require(nextMessage(server, loop))
        #expect(subscribe["type"] == .string("subscribe_entities"))
        #expect(subscribe["entity_ids"] == .array([.string("light.a")]))
        let id = try #require(subscribe["id"]?.numberValue)
        // Ids no Int holds, a fraction, a type this client does not know, an array of two messages.
        send(server, #"[{"id":1e300,"type":"result","success":true},{"id":-1e300,"type":"event","event":{}}]"#)
        send(server, #"{"id":1.5,"type":"event","event":{"a":{"light.b":{"s":"on"}}}}"#)
        send(server, #"{"type":"something_new"}"#)
        send(server, #"{"id":\#(Int(id)),"type":"result","success":true,"result":null}"#)
        #expect(client.state == .authenticating)
        send(server, #"{"id":\#(Int(id)),"type":"event","event":{"a":{"light.a":{"s":"on","a":{"brightness":3}}}}}"#)
        #expect(turn(loop, timeout: 5) { client.state == .live })
        #expect(client.entities.entities.keys.sorted() == ["light.a"])
        client.stop()
    }
}
