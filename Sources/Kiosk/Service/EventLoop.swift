import Core
import CLinux
import Glibc

/// One epoll loop on one thread. Sources register a file descriptor with a handler; a timerfd-based
/// timer wakes the loop only while something needs it (physics, a debounce, the watchdog), so an
/// idle kiosk sleeps in epoll_wait.
public final class EventLoop {
    public typealias Handler = (_ events: UInt32) -> Void
    private let epfd: Int32
    private var handlers: [Int32: Handler] = [:]
    private var running = false
    /// epoll_wait's result buffer, made once: a wake-up allocates nothing.
    private var ready = [epoll_event](repeating: epoll_event(), count: 32)
    /// How many times epoll_wait returned (events or timeouts): an idle kiosk must not add to it.
    public private(set) var wakeups = 0
    /// Handlers and turns that held the loop longer than `slowLimit`: touches due meanwhile waited.
    public private(set) var slowRuns = 0
    /// One frame of a 60 Hz panel: a handler or turn longer than this delays what the next frame shows.
    public static let slowLimit = 1.0 / 60
    /// The log says at most one slow run per this many seconds (a slow panel must not flood the journal).
    static let slowLogInterval = 10.0
    private var lastSlowLog = -Double.infinity
    private var slowSinceLog = 0

    public init() {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epfd >= 0, "epoll_create1 failed: \(String(cString: strerror(errno)))")
    }
    deinit { close(epfd) }

    /// Watches `fd` for input (and hang-up/errors); `handler` runs on each wake-up.
    public func add(fd: Int32, events: UInt32 = EPOLLIN.rawValue, _ handler: @escaping Handler) {
        var ev = epoll_event()
        ev.events = events
        ev.data.fd = fd
        if epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) != 0 && errno == EEXIST {
            epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev)
        }
        handlers[fd] = handler
    }

    /// Changes the events watched on `fd` (e.g. adds EPOLLOUT while a client has output queued).
    public func modify(fd: Int32, events: UInt32) {
        var ev = epoll_event()
        ev.events = events
        ev.data.fd = fd
        epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev)
    }

    public func remove(fd: Int32) {
        epoll_ctl(epfd, EPOLL_CTL_DEL, fd, nil)
        handlers[fd] = nil
    }

    /// Runs until `stop()`. `beforeWait` returns how long the loop may sleep (nil: until an fd wakes it).
    public func run(beforeWait: () -> Double?) {
        running = true
        while running {
            let started = monotonicNow()
            let timeout = beforeWait()
            noteDuration(since: started, of: "the turn")
            guard running else { break }
            if !runOnce(timeout: timeout) { return }
        }
    }

    /// Waits up to `timeout` seconds (nil: forever) and runs the handlers of the descriptors that
    /// became ready. Returns false when epoll itself failed.
    @discardableResult
    public func runOnce(timeout: Double?) -> Bool {
        let ms = timeout.map { Int32(max(0, min(3_600_000, ($0 * 1000).rounded(.up)))) } ?? -1
        let n = epoll_wait(epfd, &ready, Int32(ready.count), ms)
        wakeups += 1
        if n < 0 {
            if errno == EINTR { return true }
            Log.error("epoll_wait: \(String(cString: strerror(errno)))")
            return false
        }
        for i in 0..<Int(n) {
            let fd = ready[i].data.fd
            let mask = ready[i].events
            guard let handler = handlers[fd] else { continue }
            let started = monotonicNow()
            handler(mask)
            noteDuration(since: started, of: "the handler of fd \(fd)")
        }
        return true
    }

    /// Counts (and now and then logs) a run that held the loop over one tick: the soak saw frames wait
    /// 100–290 ms, and only a line in the journal can say what held them.
    private func noteDuration(since started: MonotonicTime, of what: @autoclosure () -> String) {
        let now = monotonicNow()
        let took = now - started
        guard took > EventLoop.slowLimit else { return }
        slowRuns += 1
        slowSinceLog += 1
        guard now - lastSlowLog >= EventLoop.slowLogInterval else { return }
        let others = slowSinceLog > 1 ? " (\(slowSinceLog - 1) more slow runs since the last such line)" : ""
        Log.warning("loop: \(what()) took \(Int((took * 1000).rounded())) ms, over one 60 Hz tick\(others)")
        lastSlowLog = now
        slowSinceLog = 0
    }

    public func stop() { running = false }
}


/// SIGTERM, SIGINT, SIGHUP and the VT-switch signals (SIGUSR1/2) delivered through a signalfd, so they are handled in the loop like
/// any other input instead of in an async signal handler.
public final class SignalSource {
    public let fd: Int32

    public init(signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        signal(SIGPIPE, SIG_IGN)  // a client that hangs up must not kill the kiosk
    }
    deinit { close(fd) }

    /// The signals waiting on the fd.
    public func drain() -> [Int32] {
        var out: [Int32] = []
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            out.append(Int32(info.ssi_signo))
        }
        return out
    }
}
