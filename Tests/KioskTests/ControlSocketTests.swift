import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A handler that echoes `get` (the id's number as the value) and answers `subscribe`, and rejects
/// everything else, so the tests exercise the socket itself: framing, limits, queues.
final class PingHandler: ControlRequestHandler {
    var socket: ControlSocket?
    func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
        switch request {
        case .get(let id): return ValueReply(id: id, value: .single(Double(id) ?? -1))
        case .subscribe: socket?.subscribe(client); return OKReply()
        default: return ErrorReply("not in this test")
        }
    }
}

/// `{"cmd":"get","id":"N"}`, the tests' ping.
func ping(_ n: Int) -> String { "{\"cmd\":\"get\",\"id\":\"\(n)\"}" }
/// The reply to `ping(n)`.
func pong(_ n: Int) -> String { "{\"id\":\"\(n)\",\"ok\":true,\"value\":\(n)}" }

@Suite("Control socket: framing, limits and slow clients", .serialized)
struct ControlSocketTests {
    let loop = EventLoop()
    let handler = PingHandler()
    let socket: ControlSocket
    let path: String

    init() throws {
        path = makeTemporaryDirectory("sock") + "/control.sock"
        socket = try ControlSocket(path: path, group: nil, loop: loop, handler: handler)
        handler.socket = socket
    }

    /// A kiosk killed between bind and rename leaves `PATH.tmp.PID`; the next start removes it when
    /// that process is gone, and leaves a live process's and any file that is not a socket.
    @Test("Stale temporary sockets of dead processes are removed at start")
    func staleTemporaries() throws {
        let dir = makeTemporaryDirectory("sock-stale")
        let path = dir + "/control.sock"
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        func bindSocket(_ file: String) -> Int32 {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in file.utf8.enumerated() { raw[i] = byte }
            }
            let ok = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(ok == 0)
            return fd
        }
        let staleSocket = bindSocket(path + ".tmp.\(dead)")
        let liveSocket = bindSocket(path + ".tmp.1")  // pid 1 lives
        defer { close(staleSocket); close(liveSocket) }
        let plainFile = path + ".tmp.\(dead - 1)"
        close(open(plainFile, O_CREAT | O_WRONLY, 0o600))
        let other = try ControlSocket(path: path, group: nil, loop: loop, handler: handler)
        defer { withExtendedLifetime(other) {} }
        #expect(access(path + ".tmp.\(dead)", F_OK) != 0, "the dead process's socket is gone")
        #expect(access(path + ".tmp.1", F_OK) == 0, "a live process's is kept")
        #expect(access(plainFile, F_OK) == 0, "a file that is not a socket is kept")
        #expect(access(path, F_OK) == 0)
    }

    @Test("The socket file is mode 0660")
    func mode() {
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o660)
    }

    @Test("One reply per request line, in order, even when lines arrive in one write")
    func framing() throws {
        let c = try #require(TestClient(path: path))
        c.send(ping(1) + "\n" + ping(2) + "\n\n{\"cmd\":\"get\",")
        #expect(reply(c, loop) == pong(1))
        #expect(reply(c, loop) == pong(2))
        c.send("\"id\":\"3\"}\n")
        #expect(reply(c, loop) == pong(3))
    }

    @Test("Malformed JSON gets an error reply and the connection stays usable")
    func malformed() throws {
        let c = try #require(TestClient(path: path))
        c.send("not json\n[1,2]\n{\"cmd\":\"frobnicate\"}\n" + ping(7) + "\n")
        #expect(
            reply(c, loop) == "{\"error\":\"expected one JSON object per line, such as {\\\"cmd\\\":\\\"list\\\"}\"}")
        #expect(reply(c, loop)?.hasPrefix("{\"error\"") == true)
        #expect(
            reply(c, loop)?.hasPrefix("{\"error\":\"unknown cmd \\\"frobnicate\\\"") == true,
            "the socket refuses it; the handler never sees it")
        #expect(reply(c, loop) == pong(7))
    }

    @Test("A message over 64 KiB is refused with an error and the client is closed")
    func oversized() throws {
        let c = try #require(TestClient(path: path))
        c.send("{\"cmd\":\"get\",\"pad\":\"" + String(repeating: "x", count: 70_000))
        let line = reply(c, loop)
        #expect(line == "{\"error\":\"message longer than 65536 bytes; refused\"}")
        var closed = false
        pump(loop) {
            closed = c.poll(); return closed
        }
        #expect(closed)
    }

    @Test("Concurrent clients each get their own replies")
    func concurrent() throws {
        let clients = try (0..<8).map { _ in try #require(TestClient(path: path)) }
        for (i, c) in clients.enumerated() { c.send(ping(i) + "\n") }
        for (i, c) in clients.enumerated() { #expect(reply(c, loop) == pong(i)) }
        #expect(socket.clientCount == 8)
    }

    @Test("A subscriber that never reads cannot block broadcasting; drops are counted and reported")
    func slowSubscriber() throws {
        let slow = try #require(TestClient(path: path))
        slow.send("{\"cmd\":\"subscribe\"}\n")
        #expect(reply(slow, loop) == "{\"ok\":true}")
        let padding = String(repeating: "y", count: 2000)
        for i in 0..<5000 {  // ~10 MB of events: far beyond the kernel's socket buffer
            socket.broadcast(
                .object([("event", .string("changed")), ("n", .number(Double(i))), ("pad", .string(padding))]))
        }
        // Every broadcast returned: the loop was never blocked. Now drain and look for the drop count.
        var lines: [String] = []
        pump(loop) {
            while let l = slow.nextLine() { lines.append(l) }
            return lines.count >= ControlSocket.maxQueuedEvents / 2
        }
        #expect(lines.count < 5000)
        socket.broadcast(.object([("event", .string("last"))]))
        var last: String?
        pump(loop) {
            while let l = slow.nextLine() { last = l; if l.contains("last") { return true } }
            return false
        }
        #expect(last?.contains("\"dropped\":") == true)
    }

    @Test("Past the client limit a connection is told so and closed; one is taken again once a client leaves")
    func clientLimit() throws {
        let path = makeTemporaryDirectory("sock-limit") + "/control.sock"
        let limited = try ControlSocket(path: path, group: nil, loop: loop, handler: handler, clientLimit: 2)
        var first: TestClient? = try #require(TestClient(path: path))
        let second = try #require(TestClient(path: path))
        first?.send(ping(1) + "\n"); second.send(ping(2) + "\n")
        #expect(reply(try #require(first), loop) == pong(1) && reply(second, loop) == pong(2))
        let third = try #require(TestClient(path: path))
        #expect(
            reply(third, loop)?.hasPrefix("{\"error\":\"connection refused: the kiosk serves at most 2 clients at once")
                == true)
        var closed = false
        pump(loop) {
            closed = third.poll(); return closed
        }
        #expect(closed && limited.clientCount == 2)
        first = nil
        pump(loop) { limited.clientCount == 1 }
        let fourth = try #require(TestClient(path: path))
        fourth.send(ping(4) + "\n")
        #expect(reply(fourth, loop) == pong(4))
    }

    @Test("A client that sends requests and closes at once still has them done")
    func requestsBeforeHangUp() throws {
        final class Counter: ControlRequestHandler {
            var sets: [Double] = []
            func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
                if case .set(_, .single(let v)) = request { sets.append(v) }
                return OKReply()
            }
        }
        let counter = Counter()
        let path = makeTemporaryDirectory("sock-hangup") + "/control.sock"
        let socket = try ControlSocket(path: path, group: nil, loop: loop, handler: counter)
        do {
            let c = try #require(TestClient(path: path))
            c.send((1...50).map { "{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\($0)}" }.joined(separator: "\n") + "\n")
        }
        #expect(
            pump(loop) { counter.sets.count == 50 && socket.clientCount == 0 },
            "sets done: \(counter.sets.count), clients \(socket.clientCount)")
        #expect(counter.sets == (1...50).map(Double.init))
    }
}
