import Kiosk
import Persistence
import ConfigLoading
import CLinux
import Formats
import Glibc
import Platform

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
///
/// No client can hold the loop: each is served a bounded number of requests per loop turn (the rest
/// wait for the next turn, after the other clients and the frame), and one whose replies pile up
/// unread is not read from until it reads them (`outputHighWater`). Connections beyond
/// `clientLimit`, or made while the process is out of file descriptors, are told so and closed.
public final class ControlSocket {
    public typealias ClientID = Int32
    /// The longest request line accepted.
    public static let maxMessageBytes = 64 * 1024
    /// Queued events a subscriber may fall behind by before events are dropped.
    public static let maxQueuedEvents = 256
    /// Output a client may leave unread before it is disconnected (only events can get it there: a
    /// client's requests stop being read long before, at `outputHighWater`).
    static let maxQueuedBytes = 8 * 1024 * 1024
    /// Unread output at which a client's requests stop being read and handled…
    static let outputHighWater = 64 * 1024
    /// …until its output is down to this.
    static let outputLowWater = 16 * 1024
    /// Requests of one client handled in one loop turn; the rest wait for the next turn.
    static let requestsPerTurn = 16
    /// Seconds of one client's requests in one loop turn (at least one request is handled): a few
    /// slow ones (screenshots, lists of big screens) must not add up to a stall.
    static let turnBudget = 0.002
    /// Bytes read from one client in one go.
    static let readChunk = 64 * 1024

    /// One connection, changed in place: a class, so that updating a client never copies its buffers.
    final class Client {
        let fd: Int32
        var input = ByteQueue()
        /// Bytes at the front of `input` known to hold no newline (the search resumes after them).
        var scanned = 0
        var output = ByteQueue()
        var queuedEvents = 0
        var subscribed = false
        var dropped = 0
        /// A reply waiting for the state file (and the client's later requests with it).
        var held: HeldReply?
        /// Output reached `outputHighWater` and has not yet drained to `outputLowWater`.
        var throttled = false
        /// The peer shut its sending side: no more requests come; closed once the replies are out.
        var readClosed = false
        /// The peer is gone (hung up or failed): what it asked for is still done, replies are dropped.
        var gone = false
        /// The epoll events registered for it now.
        var watching: UInt32

        init(fd: Int32, watching: UInt32) { self.fd = fd; self.watching = watching }
    }

    /// A `set`'s reply, held until the save it waits for has finished (if that save fails, the client
    /// hears so instead).
    struct HeldReply {
        var reply: any SocketReply
        /// The save that must finish first: the newest asked for when the request was handled.
        var generation: Int
    }

    /// The state file's saves (`StateStore.progress`): a `set`'s reply is held back until every save
    /// asked for before it has finished (`savesReached`), so a client that hears back knows its change
    /// (and each one before it) is on disk; a `set` whose save failed is answered with an error. Other
    /// requests are answered at once. Nil: replies go out at once.
    public var saveProgress: (() -> SaveProgress)?

    public let path: String
    let fd: Int32
    let loop: EventLoop
    weak var handler: ControlRequestHandler?
    var clients: [Int32: Client] = [:]
    /// The clients with complete requests that wait for the next turn, and the eventfd that wakes the
    /// loop for them (level-triggered: readable while any wait).
    var backlog: Set<Int32> = []
    let backlogFD: Int32
    var backlogSignalled = false
    /// The most clients served at once; later connections are refused until one leaves.
    public let clientLimit: Int
    /// A descriptor kept open to be given up at the process's descriptor limit, so the connection
    /// waiting there can be accepted and closed (see `acceptClients`).
    var spareFD: Int32 = -1
    /// Connections refused since the last one taken (nil: none; the log says an episode once).
    var refusedSince: Int?
    /// Accepting stopped because not even the spare descriptor was left (resumed when a client leaves).
    var listeningPaused = false
    /// One read buffer for all clients.
    var chunk = [UInt8](repeating: 0, count: ControlSocket.readChunk)

    /// Binds `path` (replacing a stale socket), mode 0660, owned by `group` when given. `clientLimit`:
    /// the most clients served at once (by default, from the process's descriptor limit).
    public init(
        path: String, group: String?, loop: EventLoop, handler: ControlRequestHandler,
        clientLimit: Int? = nil
    ) throws(FileIO.Failure) {
        // Bound before any stored property is set: a failed init must not run deinit, which would
        // unlink the path (another kiosk's socket, or whatever file was there) and close twice.
        let fd = try ControlSocket.listen(at: path, group: group)
        let backlogFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard backlogFD >= 0 else {
            let e = errno; close(fd); unlink(path); throw FileIO.Failure(action: "eventfd for", path: path, code: e)
        }
        self.path = path; self.loop = loop; self.handler = handler; self.fd = fd; self.backlogFD = backlogFD
        self.clientLimit = max(1, clientLimit ?? ControlSocket.defaultClientLimit())
        spareFD = ControlSocket.openSpare()
        loop.add(fd: fd) { [weak self] _ in self?.acceptClients() }
        loop.add(fd: backlogFD) { [weak self] _ in self?.serveBacklog() }
    }

    /// A listening socket bound at `path`, mode 0660, owned by `group` when given.
    private static func listen(at path: String, group: String?) throws(FileIO.Failure) -> Int32 {
        // A longer path would be cut short by the address and a different socket bound.
        guard path.utf8.count <= maximumPathBytes else {
            throw FileIO.Failure(action: "bind", path: path, code: ENAMETOOLONG)
        }
        FileIO.makeDirectories(FileIO.directory(of: path))
        removeStaleTemporaries(of: path)
        // Only a stale socket is replaced: a path naming any other file is a mistake, not ours to
        // delete, and a socket someone still answers on belongs to a running kiosk.
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw FileIO.Failure(action: "bind (not a socket, left alone)", path: path, code: EEXIST)
            }
            if isAnswered(path) {
                throw FileIO.Failure(action: "bind (another process listens there)", path: path, code: EADDRINUSE)
            }
            unlink(path)
        }
        let fd = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
                if chown(temporary, UInt32.max, gr.pointee.gr_gid) != 0 {
                    Log.error("socket: cannot give \(path) to group \(group): \(String(cString: strerror(errno)))")
                }
            } else {
                Log.error("socket: no group \(group); \(path) keeps the service's group")
            }
        }
        guard Glibc.listen(fd, 16) == 0 else {
            let e = errno; close(fd); unlink(temporary); throw FileIO.Failure(action: "listen on", path: path, code: e)
        }
        guard temporary == path || rename(temporary, path) == 0 else {
            let e = errno; close(fd); unlink(temporary); throw FileIO.Failure(action: "bind", path: path, code: e)
        }
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
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
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
        for c in clients.keys { loop.remove(fd: c); close(c) }
        loop.remove(fd: fd)
        loop.remove(fd: backlogFD)
        close(fd)
        close(backlogFD)
        if spareFD >= 0 { close(spareFD) }
        unlink(path)
    }

    public var clientCount: Int { clients.count }

    /// Marks `client` as a subscriber: it receives every `broadcast` event from now on.
    public func subscribe(_ client: ClientID) { clients[client]?.subscribed = true }

    /// Sends an event line to every subscriber, dropping it for those that are too far behind. The
    /// event is built only when someone subscribed (a drag raises one per sample).
    public func broadcast(_ makeEvent: @autoclosure () -> JSON) {
        guard clients.values.contains(where: { $0.subscribed && !$0.gone }) else { return }
        let event = makeEvent()
        for c in clients.values.sorted(by: { $0.fd < $1.fd }) where c.subscribed && !c.gone {
            if c.queuedEvents >= ControlSocket.maxQueuedEvents { c.dropped += 1; continue }
            var e = event
            if c.dropped > 0, case .object(var pairs) = e {
                pairs.append(("dropped", .number(Double(c.dropped)))); e = .object(pairs); c.dropped = 0
            }
            c.queuedEvents += 1
            c.output.append(SocketWire.encode(e) + [0x0A])
            flush(c)
        }
    }

    /// The longest socket path a Unix address holds (the config refuses longer ones).
    public static var maximumPathBytes: Int { ConfigLimits.socketPathBytes }

    /// Calls `body` with a sockaddr_un for `path`.
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
