import CLinux
import Glibc

/// What the socket asks of the kiosk: one reply per request line.
public protocol ControlRequestHandler: AnyObject {
    /// Handles one decoded request from `client`; failures are an `ErrorReply`. Lines that do not
    /// decode never get here: the socket answers them itself.
    func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply
}

/// The control socket: a Unix stream socket speaking newline-delimited JSON. Requests over 64 KiB are
/// refused; replies and events are queued per client and written as the client can take them, so a
/// slow client never blocks the UI; a subscriber whose queue is full loses events (counted, and
/// reported in its next event as `dropped`).
public final class ControlSocket {
    public typealias ClientID = Int32
    /// The longest request line accepted.
    public static let maxMessageBytes = 64 * 1024
    /// Queued events a subscriber may fall behind by before events are dropped.
    public static let maxQueuedEvents = 256
    /// Output a client may leave unread before it is disconnected.
    static let maxQueuedBytes = 8 * 1024 * 1024

    private struct Client {
        var input: [UInt8] = []
        var output: [UInt8] = []
        var queuedEvents = 0
        var subscribed = false
        var dropped = 0
        /// A reply waiting for the state file (and the client's later requests with it), and the save
        /// generation it waits for.
        var held: (reply: any SocketReply, generation: Int)?
    }

    /// The state file's save generations, newest asked for and newest finished: a reply is held back
    /// until every save asked for before it has finished (`savesReached`), so a client that hears back
    /// knows each change made before its request is on disk (or its failure logged): it survives a
    /// power cut. Nil: replies go out at once.
    public var saveProgress: (() -> (asked: Int, finished: Int))?

    public let path: String
    private let fd: Int32
    private let loop: EventLoop
    private weak var handler: ControlRequestHandler?
    private var clients: [Int32: Client] = [:]

    /// Binds `path` (replacing a stale socket), mode 0660, owned by `group` when given.
    public init(path: String, group: String?, loop: EventLoop, handler: ControlRequestHandler) throws(FileIO.Failure) {
        // Bound before any stored property is set: a failed init must not run deinit, which would
        // unlink the path (another kiosk's socket, or whatever file was there) and close twice.
        let fd = try ControlSocket.listen(at: path, group: group)
        self.path = path; self.loop = loop; self.handler = handler; self.fd = fd
        loop.add(fd: fd) { [weak self] _ in self?.acceptClients() }
    }

    /// A listening socket bound at `path`, mode 0660, owned by `group` when given.
    private static func listen(at path: String, group: String?) throws(FileIO.Failure) -> Int32 {
        // A longer path would be cut short by the address and a different socket bound.
        guard path.utf8.count <= maximumPathBytes else { throw FileIO.Failure(action: "bind", path: path, code: ENAMETOOLONG) }
        FileIO.makeDirectories(FileIO.directory(of: path))
        removeStaleTemporaries(of: path)
        // Only a stale socket is replaced: a path naming any other file is a mistake, not ours to
        // delete, and a socket someone still answers on belongs to a running kiosk.
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw FileIO.Failure(action: "bind (not a socket, left alone)", path: path, code: EEXIST) }
            if isAnswered(path) { throw FileIO.Failure(action: "bind (another process listens there)", path: path, code: EADDRINUSE) }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw FileIO.Failure(action: "socket for", path: path, code: errno) }
        // Bound under a temporary name and renamed to `path` once it listens, so the path never names
        // a socket that refuses connections (a client that waits for the file, as the tests and
        // start-up scripts do, could otherwise connect between bind and listen and be refused).
        // (A path too long to take the suffix is bound directly, as before.)
        let suffixed = path + ".tmp.\(getpid())"
        let temporary = suffixed.utf8.count <= maximumPathBytes ? suffixed : path
        if temporary != path { unlink(temporary) }
        // Bound under umask 0117, so the socket is never more than 0660, not even until the chmod.
        let previousMask = umask(0o117)
        let bound = withAddress(temporary, { bind(fd, $0, $1) })
        let bindError = errno
        umask(previousMask)
        guard bound == 0 else { close(fd); throw FileIO.Failure(action: "bind", path: path, code: bindError) }
        chmod(temporary, 0o660)
        if let group {
            if let gr = getgrnam(group) {
                if chown(temporary, UInt32.max, gr.pointee.gr_gid) != 0 { Log.error("socket: cannot give \(path) to group \(group): \(String(cString: strerror(errno)))") }
            } else {
                Log.error("socket: no group \(group); \(path) keeps the service's group")
            }
        }
        guard Glibc.listen(fd, 16) == 0 else { let e = errno; close(fd); unlink(temporary); throw FileIO.Failure(action: "listen on", path: path, code: e) }
        guard temporary == path || rename(temporary, path) == 0 else { let e = errno; close(fd); unlink(temporary); throw FileIO.Failure(action: "bind", path: path, code: e) }
        return fd
    }

    /// Removes the temporary sockets (`PATH.tmp.PID`, see `listen(at:group:)`) that a kiosk killed
    /// between bind and rename left behind: those whose process is gone. One whose process lives (a
    /// kiosk starting now) and any file that is not a socket are left alone.
    private static func removeStaleTemporaries(of path: String) {
        let directory = FileIO.directory(of: path)
        let prefix = path.split(separator: "/").last.map(String.init).map { $0 + ".tmp." } ?? ""
        guard !prefix.isEmpty, let dir = opendir(directory) else { return }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(directory + "/" + name) }
        }
        closedir(dir)
        for file in stale {
            var info = stat()
            if lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK { unlink(file) }
        }
    }

    /// Whether a process accepts connections on the socket at `path` (a stale one refuses them).
    private static func isAnswered(_ path: String) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return withAddress(path) { connect(probe, $0, $1) } == 0
    }

    deinit {
        for c in clients.keys { close(c) }
        loop.remove(fd: fd)
        close(fd)
        unlink(path)
    }

    public var clientCount: Int { clients.count }

    /// Marks `client` as a subscriber: it receives every `broadcast` event from now on.
    public func subscribe(_ client: ClientID) { clients[client]?.subscribed = true }

    /// Sends an event line to every subscriber, dropping it for those that are too far behind. The
    /// event is built only when someone subscribed (a drag raises one per sample).
    public func broadcast(_ makeEvent: @autoclosure () -> JSON) {
        guard clients.values.contains(where: \.subscribed) else { return }
        let event = makeEvent()
        for (id, var c) in clients where c.subscribed {
            if c.queuedEvents >= ControlSocket.maxQueuedEvents { c.dropped += 1; clients[id] = c; continue }
            var e = event
            if c.dropped > 0, case .object(var pairs) = e { pairs.append(("dropped", .number(Double(c.dropped)))); e = .object(pairs); c.dropped = 0 }
            c.queuedEvents += 1
            c.output += SocketWire.encode(e) + [0x0A]
            clients[id] = c
            flush(id)
        }
    }

    private func acceptClients() {
        while true {
            let c = tw_accept4(fd, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            if c < 0 { return }
            clients[c] = Client()
            loop.add(fd: c, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue) { [weak self] events in self?.service(c, events) }
        }
    }

    private func service(_ id: Int32, _ events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush(id) }
        guard events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLRDHUP.rawValue | EPOLLERR.rawValue) != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        while clients[id] != nil {
            let n = chunk.withUnsafeMutableBytes { read(id, $0.baseAddress, $0.count) }
            if n > 0 {
                clients[id]!.input += chunk[0..<n]
                processLines(id)
                continue
            }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { disconnect(id) }
            return
        }
    }

    /// Sends the replies that waited for saves up to `finished`, and goes on with those clients' requests.
    public func savesReached(_ finished: Int) {
        for (id, c) in clients {
            guard let held = c.held, held.generation <= finished else { continue }
            clients[id]!.held = nil
            reply(id, held.reply)
            processLines(id)
        }
    }

    private func processLines(_ id: Int32) {
        while var c = clients[id], c.held == nil {
            guard let nl = c.input.firstIndex(of: 0x0A) else {
                if c.input.count > ControlSocket.maxMessageBytes {
                    reply(id, ErrorReply(SocketRequestError.tooLong.message))
                    disconnect(id)
                }
                return
            }
            let line = Array(c.input[..<nl])
            c.input.removeSubrange(...nl)
            clients[id] = c
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            switch SocketRequest.decode(line: line) {
            case .failure(let error): reply(id, ErrorReply(error.message))
            case .success(let request): replyAfterSaves(id, handler?.handle(request, client: id) ?? ErrorReply("shutting down"))
            }
        }
    }

    private func replyAfterSaves(_ id: Int32, _ message: any SocketReply) {
        if let progress = saveProgress?(), progress.asked > progress.finished, clients[id] != nil {
            clients[id]!.held = (message, progress.asked)
        } else {
            reply(id, message)
        }
    }

    private func reply(_ id: Int32, _ message: any SocketReply) {
        guard clients[id] != nil else { return }
        clients[id]!.output += SocketWire.encode(message) + [0x0A]
        flush(id)
    }

    private func flush(_ id: Int32) {
        guard var c = clients[id] else { return }
        while !c.output.isEmpty {
            let n = c.output.withUnsafeBytes { send(id, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                // Count whole event lines written, so the subscriber queue bound is in events.
                let written = c.output[..<n].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                c.queuedEvents = max(0, c.queuedEvents - written)
                c.output.removeFirst(n)
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { break }
            disconnect(id); return
        }
        if c.output.count > ControlSocket.maxQueuedBytes {
            Log.warning("socket: client \(id) stopped reading; disconnected")
            disconnect(id); return
        }
        clients[id] = c
        let want = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (c.output.isEmpty ? 0 : EPOLLOUT.rawValue)
        loop.modify(fd: id, events: want)
    }

    private func disconnect(_ id: Int32) {
        loop.remove(fd: id)
        close(id)
        clients[id] = nil
    }

    /// Calls `body` with a sockaddr_un for `path`.
    /// The longest socket path a Unix address holds (`sun_path` less its terminating NUL): a longer
    /// one would be cut and bind another path, so the config refuses it.
    public static var maximumPathBytes: Int {
        let addr = sockaddr_un()
        return MemoryLayout.size(ofValue: addr.sun_path) - 1
    }

    public static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: addr.sun_path) - 1))
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
