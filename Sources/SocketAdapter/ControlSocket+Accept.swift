import Kiosk
import ConfigLoading
import CLinux
import Glibc
import Platform

/// Taking connections, and refusing them without spinning when there is no room: past `clientLimit`,
/// or when the process is out of file descriptors.
extension ControlSocket {
    /// The most clients served at once, whatever the descriptor limit allows: each may hold up to
    /// `outputHighWater` of replies and a request of input.
    static let maximumClients = 1024
    /// Connections taken in one wake-up; more wait for the next turn, after the frame.
    static let acceptsPerTurn = 64

    /// `maximumClients`, or fewer under a low descriptor limit: a quarter of the limit (up to 64) is
    /// left for what else the kiosk opens — the state file and its folder, MQTT, hooks' pipes, the
    /// config and its images on reload. A value set while every descriptor is a client's cannot be
    /// saved.
    static func defaultClientLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return maximumClients
        }
        let soft = Int(clamping: limit.rlim_cur)
        return max(1, min(maximumClients, soft - min(64, soft / 4)))
    }

    /// The descriptor given up at the descriptor limit (`shedAtDescriptorLimit`).
    static func openSpare() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    /// Takes the waiting connections: up to `clientLimit` are served, later ones are refused.
    func acceptClients() {
        for _ in 0..<ControlSocket.acceptsPerTurn {
            let c = tw_accept4(fd, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            if c >= 0 {
                if clients.count >= clientLimit {
                    refuse(c, because: "the kiosk serves at most \(clientLimit) clients at once")
                } else {
                    if let refused = refusedSince {
                        Log.notice("socket: taking new connections again (\(refused) refused)")
                        refusedSince = nil
                    }
                    admit(c)
                }
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EMFILE, ENFILE: if !shedAtDescriptorLimit() { return }
            default: return  // EAGAIN: none left
            }
        }
    }

    /// Out of file descriptors, accept fails and leaves the connection queued: the listening socket
    /// stays readable and the loop would spin on it. So the spare descriptor is given up, the
    /// connection accepted with it, told why and closed, and the spare taken again. False when
    /// nothing more can be done now (then accepting pauses until a client leaves).
    private func shedAtDescriptorLimit() -> Bool {
        if spareFD >= 0 { close(spareFD); spareFD = -1 }
        let c = tw_accept4(fd, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        let acceptError = errno
        if c >= 0 { refuse(c, because: "the kiosk is out of file descriptors") }
        spareFD = ControlSocket.openSpare()
        if spareFD < 0 || (c < 0 && (acceptError == EMFILE || acceptError == ENFILE)) {
            // Another thread took the descriptor freed for it: nothing to shed with, so stop watching
            // the socket rather than spin until something is closed.
            pauseListening()
            return false
        }
        return c >= 0
    }

    /// Tells a connection it cannot be served, and closes it. The log says so once per episode (from
    /// the first refusal until a connection is taken again).
    private func refuse(_ c: Int32, because why: String) {
        let line = SocketWire.encode(ErrorReply("connection refused: \(why); try again later")) + [0x0A]
        _ = line.withUnsafeBytes { send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close(c)
        if refusedSince == nil {
            Log.warning(
                "socket: refusing new connections: \(why) (\(clients.count) connected); each is told so and closed until clients leave"
            )
            refusedSince = 0
        }
        refusedSince! += 1
    }

    private func pauseListening() {
        guard !listeningPaused else { return }
        listeningPaused = true
        loop.modify(fd: fd, events: 0)
        Log.warning("socket: out of file descriptors, even the reserve; new connections wait until a client leaves")
    }

    /// Watches the listening socket again after `pauseListening` (a client left, a save finished).
    func resumeListeningIfPaused() {
        guard listeningPaused else { return }
        if spareFD < 0 { spareFD = ControlSocket.openSpare() }
        guard spareFD >= 0 else { return }
        listeningPaused = false
        loop.modify(fd: fd, events: EPOLLIN.rawValue)
    }
}
