import CLinux
import Glibc
import Platform

/// One RFC 6455 client connection on a non-blocking socket in the kiosk's `EventLoop`: TCP connect,
/// TLS for wss, the HTTP upgrade, then frames both ways. Nothing blocks: the host name is looked up
/// on a thread of its own (`HostLookup`). Writes the socket cannot take at once are queued and sent when it is writable.
/// It ends once (`onClosed`), after which the owner makes a new one to reconnect.
final class WebSocketConnection {
    private let loop: EventLoop
    private let address: ServerAddress
    private let caFile: String?
    private var fd: Int32 = -1
    private var tls: TLSSession?
    private enum Phase { case connecting, tlsHandshake, upgrading, open, closed }
    private var phase = Phase.connecting
    private var handshake: HandshakeResponseParser
    private let key: String
    private var decoder: WebSocketFrameDecoder
    private var output: [UInt8] = []
    private var outputStart = 0
    /// TLS asked to wait for the socket to be writable (a handshake or a write to retry).
    private var tlsWantsWrite = false
    private var watched: UInt32 = 0
    /// Set by `close`: the owner ended it, so `onClosed` stays quiet.
    private var closedByOwner = false
    /// Messages decoded but not yet handed on: a turn's budget ran out before them.
    private var backlog: [WebSocketEvent] = []
    private var backlogStart = 0
    /// A resume is posted to the loop (`resumeNextTurn`): when a turn stops reading for its budget, the
    /// next turn goes on from there, whether what is left sits in the kernel, in TLS's buffered records
    /// (which epoll cannot see) or in `backlog`. One at a time, so a turn runs one budget.
    private var resumePosted = false
    /// This turn's budget is spent: the socket's input is not watched until the posted resume, so
    /// one turn runs one budget (not one for the socket and another for the resume).
    private var budgetSpent = false

    /// What one loop turn may spend on this connection's input: the rest waits for the next turn, so
    /// a server sending without pause holds touches, frames and other clients for one budget at most.
    enum Budget {
        /// Seconds of reading and handling messages (at least one message is handled per turn).
        static let seconds = 0.004
        /// Bytes read from the socket.
        static let bytes = 256 * 1024
    }
    /// Bytes the server may leave unread in the output queue before the connection is dropped as
    /// not reading (its pongs and the client's calls would otherwise pile up without end).
    static let maximumQueued = 1 << 20
    /// A message at least this large gives its buffers back once handled (and the heap is trimmed):
    /// one large message must not keep its size in memory for the rest of the run.
    static let largeMessage = 1 << 20

    /// While set, nothing more is read and no message is handed on (the owner is busy with one, off
    /// the loop); the socket's input is not even watched, so the loop sleeps. Cleared, reading goes on
    /// at the next turn.
    var paused = false {
        didSet {
            guard paused != oldValue, phase != .closed else { return }
            watch(watched & EPOLLOUT.rawValue)
            if !paused { resumeNextTurn() }
        }
    }

    /// The upgrade succeeded: messages can be sent.
    var onOpen: (() -> Void)?
    /// A whole text message from the server.
    var onText: (([UInt8]) -> Void)?
    /// A turn's reading ended (its budget spent, or nothing more to read): what the messages of the
    /// turn changed can be passed on once, however many messages changed it.
    var onBatchEnd: (() -> Void)?
    /// The connection ended, with why; called once, and never from inside `close`.
    var onClosed: ((String) -> Void)?

    init(loop: EventLoop, address: ServerAddress, caFile: String?, maximumMessage: Int) {
        self.loop = loop
        self.address = address
        self.caFile = caFile
        var nonce = [UInt8](repeating: 0, count: 16)
        // The system generator made where it is used, not stored (see `ReconnectBackoff.jitter`).
        var random = SystemRandomNumberGenerator()
        for i in nonce.indices { nonce[i] = UInt8.random(in: 0...255, using: &random) }
        key = WebSocketHandshake.key(random: nonce)
        handshake = HandshakeResponseParser(expectedAccept: WebSocketHandshake.accept(forKey: key))
        decoder = WebSocketFrameDecoder(maximumMessage: maximumMessage)
    }

    deinit {
        if fd >= 0 { loop.remove(fd: fd); Glibc.close(fd) }
    }

    /// Starts connecting; failures (even immediate ones) arrive through `onClosed` on a later turn.
    /// The host name is looked up off the loop (`HostLookup`): a resolver that does not answer holds
    /// up this connection (until the client's connect timeout), never the panel.
    func start() {
        lookup = HostLookup(host: address.host, port: Int(address.port), loop: loop) { [weak self] answer in
            guard let self else { return }
            lookup = nil
            switch answer {
            case .success(let found):
                candidates = found
                connectNext()
            case .failure(let why):
                fail(why.message)
            }
        }
    }

    /// The host name's lookup, while it runs.
    private var lookup: HostLookup?

    /// The addresses the host name gave, tried in order: "localhost" gives ::1 first, and a server
    /// listening on 127.0.0.1 only refuses that one.
    private var candidates: [(family: Int32, address: [UInt8])] = []
    private var lastConnectError = ""

    /// Connects to the next candidate address; fails when none is left.
    private func connectNext() {
        if fd >= 0 { if watched != 0 { loop.remove(fd: fd) }; Glibc.close(fd); fd = -1; watched = 0 }
        while !candidates.isEmpty {
            let (family, bytes) = candidates.removeFirst()
            fd = socket(
                family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastConnectError = String(cString: strerror(errno)); continue }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let rc = bytes.withUnsafeBytes {
                connect(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
            }
            if rc == 0 || errno == EINPROGRESS {
                phase = .connecting
                watch(EPOLLOUT.rawValue)
                return
            }
            lastConnectError = String(cString: strerror(errno))
            Glibc.close(fd)
            fd = -1
        }
        failLater("connect to \(address.host):\(address.port): \(lastConnectError)")
    }

    /// Bytes the connection's buffers hold on to (input, output, messages waiting), for tests.
    var retainedBytes: Int {
        decoder.retainedBytes + output.capacity + backlog.capacity * MemoryLayout<WebSocketEvent>.stride
    }

    /// Bytes queued that the socket has not taken yet.
    var queuedBytes: Int { output.count - outputStart }

    /// Queues one text message; false when the connection is not open.
    @discardableResult
    func send(text: [UInt8]) -> Bool { send(.text, text) }

    /// Sends a close frame and ends the connection now (the owner does not wait for the server's).
    func close(code: UInt16 = 1000, reason: String = "") {
        guard phase != .closed else { return }
        closedByOwner = true
        if phase == .open {
            queue(WebSocketFrameEncoder.close(code: code, reason: reason, mask: mask()))
            if phase == .open { flush() }
        }
        shutDown()
    }

    // MARK: - Internals

    private func send(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> Bool {
        guard phase == .open else { return false }
        queue(WebSocketFrameEncoder.frame(opcode, payload: payload, mask: mask()))
        guard phase == .open else { return false }
        flush()
        return true
    }

    private func mask() -> (UInt8, UInt8, UInt8, UInt8) {
        var random = SystemRandomNumberGenerator()
        let r = random.next() as UInt32
        return (
            UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: r >> 8), UInt8(truncatingIfNeeded: r >> 16),
            UInt8(truncatingIfNeeded: r >> 24)
        )
    }

    /// Queues `bytes`; fails the connection when the server has left more than `maximumQueued` unread
    /// already (one message larger than that may go: it is what the server left unread that counts).
    private func queue(_ bytes: [UInt8]) {
        guard queuedBytes <= Self.maximumQueued else {
            fail("Home Assistant does not read what the panel sends (\(queuedBytes) bytes unsent)")
            return
        }
        output += bytes
    }

    /// Watches `events` (plus input, hang-up and errors, always).
    private func watch(_ events: UInt32) {
        let wanted = events | (paused || budgetSpent ? 0 : EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        guard wanted != watched, fd >= 0 else { return }
        if watched == 0 {
            loop.add(fd: fd, events: wanted) { [weak self] mask in self?.ready(mask) }
        } else {
            loop.modify(fd: fd, events: wanted)
        }
        watched = wanted
    }

    private func ready(_ mask: UInt32) {
        switch phase {
        case .connecting:
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 || (mask & EPOLLOUT.rawValue == 0 && mask & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0) {
                lastConnectError = error != 0 ? String(cString: strerror(error)) : "failed"
                connectNext()
                return
            }
            guard mask & EPOLLOUT.rawValue != 0 else { return }
            if address.secure {
                do { tls = try TLSSession(fd: fd, host: address.host, caFile: caFile) } catch {
                    fail(error.description); return
                }
                phase = .tlsHandshake
                continueTLSHandshake()
            } else {
                startUpgrade()
            }
        case .tlsHandshake:
            continueTLSHandshake()
        case .upgrading, .open:
            if mask & EPOLLOUT.rawValue != 0 || tlsWantsWrite { flush() }
            guard phase != .closed else { return }
            readAvailable()
        case .closed:
            return
        }
    }

    private func continueTLSHandshake() {
        guard let tls else { return }
        switch tls.handshake() {
        case .done: startUpgrade()
        case .wantRead: watch(0)
        case .wantWrite: watch(EPOLLOUT.rawValue)
        case .closed: fail("TLS: the server closed the connection during the handshake")
        case .failed(let why): fail("TLS: \(why)")
        }
    }

    private func startUpgrade() {
        phase = .upgrading
        queue(WebSocketHandshake.request(address, key: key))
        flush()
    }

    /// Writes what is queued until the socket would block; watches for writability meanwhile.
    private func flush() {
        while outputStart < output.count {
            let outcome = output.withUnsafeBytes { all in
                rawWrite(UnsafeRawBufferPointer(rebasing: all[outputStart...]))
            }
            switch outcome {
            case .done(let n): outputStart += n
            case .wantWrite: tlsWantsWrite = true; watch(EPOLLOUT.rawValue); return
            case .wantRead: tlsWantsWrite = true; watch(0); return
            case .closed: fail("the server closed the connection"); return
            case .failed(let why): fail("write: \(why)"); return
            }
        }
        tlsWantsWrite = false
        output.removeAll(keepingCapacity: output.count < 65536)
        outputStart = 0
        watch(0)
    }

    private func rawWrite(_ bytes: UnsafeRawBufferPointer) -> TLSSession.Outcome {
        if let tls { return tls.write(bytes) }
        let n = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        if n >= 0 { return .done(n) }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wantWrite }
        return .failed(String(cString: strerror(errno)))
    }

    private func rawRead(_ buffer: UnsafeMutableRawBufferPointer) -> TLSSession.Outcome {
        if let tls { return tls.read(into: buffer) }
        let n = recv(fd, buffer.baseAddress, buffer.count, 0)
        if n > 0 { return .done(n) }
        if n == 0 { return .closed }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wantRead }
        return .failed(String(cString: strerror(errno)))
    }

    /// Reads and hands on messages within one turn's `Budget`; when it runs out, a posted resume brings
    /// the next turn back here (TLS buffers records: stopping early must not strand one).
    private func readAvailable() {
        guard !paused else { return }
        defer { onBatchEnd?() }
        let started = monotonicNow()
        deliverBacklog(started)
        var read = 0
        var chunk = [UInt8](repeating: 0, count: 16384)
        while phase == .upgrading || phase == .open {
            guard !paused else { return }
            guard backlogStart == backlog.count, read < Budget.bytes, monotonicNow() - started < Budget.seconds else {
                budgetSpent = true
                watch(watched & EPOLLOUT.rawValue)
                resumeNextTurn()
                return
            }
            let outcome = chunk.withUnsafeMutableBytes { rawRead($0) }
            switch outcome {
            case .done(let n):
                read += n
                received(chunk[0..<n])
                deliverBacklog(started)
            case .wantRead: return
            case .wantWrite: tlsWantsWrite = true; watch(EPOLLOUT.rawValue); return
            case .closed:
                fail(
                    phase == .upgrading
                        ? "the server closed the connection during the upgrade" : "the server closed the connection");
                return
            case .failed(let why): fail("read: \(why)"); return
            }
        }
    }

    /// Wakes the loop's next turn for this connection.
    private func resumeNextTurn() {
        guard !resumePosted else { return }
        resumePosted = true
        loop.post { [weak self] in self?.resumed() }
    }

    private func resumed() {
        resumePosted = false
        guard phase == .upgrading || phase == .open else { return }
        if budgetSpent {
            budgetSpent = false
            watch(watched & EPOLLOUT.rawValue)
        }
        readAvailable()
    }

    private func received(_ bytes: ArraySlice<UInt8>) {
        if phase == .upgrading {
            let rest: [UInt8]
            do {
                guard let r = try handshake.feed(bytes) else { return }
                rest = r
            } catch {
                fail(
                    error.status == 500
                        ? "\(error.description) (Home Assistant's http component failed)" : error.description)
                return
            }
            phase = .open
            onOpen?()
            if !rest.isEmpty && phase == .open { frames(rest) }
        } else {
            frames(bytes)
        }
    }

    private func frames(_ bytes: some Collection<UInt8>) {
        let events: [WebSocketEvent]
        do { events = try decoder.feed(bytes) } catch {
            queue(WebSocketFrameEncoder.close(code: error.closeCode, reason: "", mask: mask()))
            flush()
            fail("WebSocket protocol error: \(error.description)")
            return
        }
        if backlogStart == backlog.count { backlog.removeAll(keepingCapacity: true); backlogStart = 0 }
        backlog += events
    }

    /// Hands on decoded messages until the turn that began at `started` has spent its budget (one at least).
    private func deliverBacklog(_ started: Double) {
        var handled = 0
        while phase == .open, !paused, backlogStart < backlog.count,
            handled == 0 || monotonicNow() - started < Budget.seconds
        {
            let event = backlog[backlogStart]
            backlog[backlogStart] = .pong([])
            backlogStart += 1
            handled += 1
            switch event {
            case .text(let payload):
                onText?(payload)
                if payload.count >= Self.largeMessage { releaseMemory() }
            case .binary: break  // HA sends text only; a binary message carries nothing this client reads.
            case .ping(let payload): _ = send(.pong, payload)
            case .pong: break
            case .close(let code, let reason):
                // Answer the close (section 5.5.1), then end: the server closes the TCP connection itself.
                _ = send(.close, WebSocketFrameEncoder.closeReply(to: code))
                fail(
                    "the server closed the WebSocket"
                        + (code.map { " (\($0)\(reason.isEmpty ? "" : ": \(reason)"))" } ?? ""))
            }
        }
        if backlogStart == backlog.count {
            backlog.removeAll(keepingCapacity: backlog.capacity < 1024); backlogStart = 0
        }
    }

    /// Gives back what a large message grew: the decoder's buffers and the heap's free pages.
    private func releaseMemory() {
        decoder.releaseBuffers()
        malloc_trim(0)
    }

    private func shutDown() {
        phase = .closed
        backlog = []
        backlogStart = 0
        lookup?.cancel()
        lookup = nil
        if fd >= 0 {
            loop.remove(fd: fd)
            Glibc.close(fd)
            fd = -1
        }
        tls = nil
    }

    /// Ends the connection and reports `why`.
    private func fail(_ why: String) {
        guard phase != .closed else { return }
        shutDown()
        if !closedByOwner { onClosed?(why) }
    }

    /// Reports a failure found before the socket is in the loop: on the loop's next wake-up, so
    /// `onClosed` never runs inside the call that found it (nor after `close`: `fail` checks).
    private func failLater(_ why: String) {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
        watched = 0
        phase = .connecting
        loop.post { [weak self] in self?.fail(why) }
    }
}
