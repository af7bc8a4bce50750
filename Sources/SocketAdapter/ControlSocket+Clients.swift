import Kiosk
import Persistence
import ConfigLoading
import CLinux
import Core
import Glibc
import Platform

/// Serving the connected clients: reading their requests, handling a bounded number per loop turn,
/// holding replies for the state file, writing replies as each client can take them.
extension ControlSocket {
    /// A client's descriptor woke the loop.
    func service(_ c: Client, _ events: UInt32) {
        if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            peerGone(c)
            return
        }
        if events & EPOLLOUT.rawValue != 0 { flush(c) }
        guard clients[c.fd] === c else { return }
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 && wantsInput(c) { readInput(c) }
        guard clients[c.fd] === c else { return }
        process(c)
    }

    /// Whether more of `c`'s requests should be read now: not while its earlier ones wait (a held
    /// reply, requests not yet handled, replies it has not read).
    func wantsInput(_ c: Client) -> Bool {
        !c.readClosed && c.held == nil && !c.throttled && !hasCompleteLine(c)
            && c.input.count <= ControlSocket.maxMessageBytes
    }

    /// Reads what `c` sent, up to one chunk (the rest stays in the kernel for a later turn).
    private func readInput(_ c: Client) {
        let n = chunk.withUnsafeMutableBytes { read(c.fd, $0.baseAddress, $0.count) }
        if n > 0 {
            chunk.withUnsafeBytes { c.input.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        } else if n == 0 {
            c.readClosed = true
        } else if errno != EAGAIN && errno != EINTR {
            disconnect(c)
        }
    }

    /// The peer hung up or failed: what it sent is still read and done (a `set` written just before
    /// closing counts), but nothing is written back, and its descriptor leaves epoll, which would
    /// otherwise report the hang-up on every turn.
    private func peerGone(_ c: Client) {
        guard !c.gone else { return }
        c.gone = true
        c.readClosed = true
        c.output = ByteQueue()
        loop.remove(fd: c.fd)
        // What the kernel still holds for it is bounded by the peer's send buffer.
        while c.input.count <= 16 * ControlSocket.readChunk {
            let n = chunk.withUnsafeMutableBytes { read(c.fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            chunk.withUnsafeBytes { c.input.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
        process(c)
    }

    /// Whether `c`'s input holds a whole request line.
    func hasCompleteLine(_ c: Client) -> Bool {
        if c.input.firstIndex(of: 0x0A, from: c.scanned) != nil { return true }
        c.scanned = c.input.count
        return false
    }

    /// Handles up to `requestsPerTurn` of `c`'s request lines (fewer once they took `turnBudget`),
    /// stopping at a held reply or when its output passes `outputHighWater`; then sends what it can
    /// and arranges what comes next.
    func process(_ c: Client) {
        var handled = 0
        let started = monotonicNow()
        while clients[c.fd] === c, c.held == nil, !c.throttled, handled < ControlSocket.requestsPerTurn,
            handled == 0 || monotonicNow() - started < ControlSocket.turnBudget
        {
            guard let nl = c.input.firstIndex(of: 0x0A, from: c.scanned) else {
                c.scanned = c.input.count
                if c.input.count > ControlSocket.maxMessageBytes {
                    reply(c, ErrorReply(SocketRequestError.tooLong.message))
                    c.readClosed = true
                    c.input = ByteQueue(); c.scanned = 0
                }
                break
            }
            let line = c.input.prefix(nl)
            c.input.removeFirst(nl + 1)
            c.scanned = 0
            handled += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            switch SocketRequest.decode(line: line) {
            case .failure(let error): reply(c, ErrorReply(error.message))
            case .success(let request):
                let answer = handler?.handle(request, client: c.fd) ?? ErrorReply("shutting down")
                // Only a change waits for the disk: its reply says it is saved. Everything else is
                // answered at once, so one client's large save never holds another client's `get`.
                if request.changesSavedValue { replyAfterSaves(c, answer) } else { reply(c, answer) }
            }
            if c.output.count >= ControlSocket.outputHighWater { c.throttled = true }
        }
        flush(c)
    }

    /// Sends the replies held for saves up to `progress.settled`, then goes on with those clients'
    /// requests. A `set` whose save failed is answered with an error instead.
    public func savesReached(_ progress: SaveProgress) {
        resumeListeningIfPaused()
        for c in clients.values.sorted(by: { $0.fd < $1.fd }) {
            guard let held = c.held, progress.hasSettled(held.generation) else { continue }
            c.held = nil
            reply(c, ControlSocket.outcome(of: held, progress))
            process(c)
        }
    }

    /// What a held reply becomes once its save has finished.
    static func outcome(of held: HeldReply, _ progress: SaveProgress) -> any SocketReply {
        guard !progress.hasSaved(held.generation) else { return held.reply }
        let why = progress.failure ?? "the state file could not be written"
        return ErrorReply("not saved: \(why); the panel shows the new value, but it is lost when the kiosk restarts")
    }

    private func replyAfterSaves(_ c: Client, _ message: any SocketReply) {
        guard let progress = saveProgress?() else { reply(c, message); return }
        let held = HeldReply(reply: message, generation: progress.asked)
        if progress.hasSettled(held.generation) {
            reply(c, ControlSocket.outcome(of: held, progress))
        } else {
            c.held = held
        }
    }

    /// Queues one reply line (sent by the next `flush`).
    func reply(_ c: Client, _ message: any SocketReply) {
        guard !c.gone else { return }
        c.output.append(SocketWire.encode(message) + [0x0A])
    }

    /// Writes what `c` can take now, then decides what to watch it for, whether its remaining requests
    /// wait for the next turn, and whether it is done.
    func flush(_ c: Client) {
        while !c.gone && !c.output.isEmpty {
            let n = c.output.withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                // Count whole event lines written, so the subscriber queue bound is in events.
                c.queuedEvents = max(0, c.queuedEvents - c.output.occurrences(of: 0x0A, inFirst: n))
                c.output.removeFirst(n)
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            disconnect(c); return
        }
        if c.output.count > ControlSocket.maxQueuedBytes {
            Log.warning("socket: client \(c.fd) stopped reading; disconnected")
            disconnect(c); return
        }
        if c.throttled && c.output.count <= ControlSocket.outputLowWater { c.throttled = false }
        if c.output.count >= ControlSocket.outputHighWater { c.throttled = true }
        settle(c)
    }

    /// Puts `c` in the backlog when a request of its waits and may be handled, closes it when nothing
    /// more can come of it, and otherwise watches it for what it waits for.
    private func settle(_ c: Client) {
        guard clients[c.fd] === c else { return }
        let lineWaits = hasCompleteLine(c)
        if lineWaits && c.held == nil && !c.throttled {
            backlog.insert(c.fd)
            signalBacklog()
        } else {
            backlog.remove(c.fd)
        }
        if c.readClosed && !lineWaits && c.held == nil && (c.gone || c.output.isEmpty) {
            disconnect(c); return
        }
        guard !c.gone else { return }
        var want: UInt32 = wantsInput(c) ? EPOLLIN.rawValue | EPOLLRDHUP.rawValue : 0
        if !c.output.isEmpty { want |= EPOLLOUT.rawValue }
        if want != c.watching {
            loop.modify(fd: c.fd, events: want)
            c.watching = want
        }
    }

    private func signalBacklog() {
        guard !backlogSignalled else { return }
        var one: UInt64 = 1
        _ = write(backlogFD, &one, 8)
        backlogSignalled = true
    }

    /// The backlog's turn: each waiting client gets another `requestsPerTurn` requests handled.
    func serveBacklog() {
        var count: UInt64 = 0
        _ = read(backlogFD, &count, 8)
        backlogSignalled = false
        let waiting = backlog.sorted()
        backlog.removeAll()
        for fd in waiting { if let c = clients[fd] { process(c) } }
    }

    /// Registers a connection just accepted.
    func admit(_ fd: Int32) {
        let events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        let c = Client(fd: fd, watching: events)
        clients[fd] = c
        loop.add(fd: fd, events: events) { [weak self, weak c] events in if let c { self?.service(c, events) } }
    }

    func disconnect(_ c: Client) {
        guard clients[c.fd] === c else { return }
        if !c.gone { loop.remove(fd: c.fd) }
        close(c.fd)
        clients[c.fd] = nil
        backlog.remove(c.fd)
        resumeListeningIfPaused()
    }
}

extension SocketRequest {
    /// Whether the request changes a value the state file keeps, so that its reply must say whether
    /// the change was saved.
    var changesSavedValue: Bool {
        if case .set = self { return true }
        return false
    }
}
