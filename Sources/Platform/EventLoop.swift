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
    private var slowLog = SlowRunLog(limit: EventLoop.slowLimit, interval: EventLoop.slowLogInterval)
    /// The timers set (`after(at:_:)`), earliest first; how many were ever set (their ids).
    var timers: [Timer] = []
    var timerCount: UInt64 = 0
    /// The calls `post(_:)` queued for the next wake-up, and the eventfd that wakes the loop for them
    /// (made at the first post).
    var posted: [() -> Void] = []
    var postFD: Int32 = -1

    public init() {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epfd >= 0, "epoll_create1 failed: \(String(cString: strerror(errno)))")
    }
    deinit {
        if postFD >= 0 { close(postFD) }
        close(epfd)
    }

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

    /// How the loop waits before its next turn.
    public struct Wait {
        /// Seconds the loop may sleep at most (nil: until a descriptor wakes it).
        public var timeout: Double?
        /// A stretch of CLOCK_MONOTONIC time in which an event is expected (a touch panel's next report,
        /// `ReportPacer`): the loop sleeps until it starts, then polls its descriptors without sleeping
        /// until one is ready or it ends, so the event finds the loop running.
        public var poll: ClosedRange<MonotonicTime>?
        /// Work to run once before the window, when nothing is ready yet (nil: none).
        public var prepare: Preparation?
        public init(timeout: Double?, poll: ClosedRange<MonotonicTime>? = nil, prepare: Preparation? = nil) {
            self.timeout = timeout; self.poll = poll; self.prepare = prepare
        }
    }

    /// Work the loop runs just before a poll window, so it is done when the event comes (the kiosk
    /// draws its last frame again there: the frame the touch brings then finds its code and pixels in
    /// the caches instead of coming back to caches other work used while the loop slept).
    public struct Preparation {
        /// How long `run` is expected to take: the loop wakes that much before the window.
        public var lead: Double
        public var run: () -> Void
        public init(lead: Double, run: @escaping () -> Void) { self.lead = lead; self.run = run }
    }

    /// Runs until `stop()`. `beforeWait` returns how long the loop may sleep (nil: until an fd wakes it).
    public func run(beforeWait: () -> Double?) {
        run(waiting: { Wait(timeout: beforeWait()) })
    }

    /// Runs until `stop()`; `waiting` runs before each wait and says how to wait.
    public func run(waiting: () -> Wait) {
        running = true
        while running {
            let started = monotonicNow()
            let wait = waiting()
            noteDuration(since: started, of: "the turn")
            guard running else { break }
            if !runOnce(wait) { return }
        }
    }

    /// Waits up to `timeout` seconds (nil: forever), or until the earliest timer, runs the handlers of
    /// the descriptors that became ready, then the timers due. Returns false when epoll itself failed.
    @discardableResult
    public func runOnce(timeout: Double?) -> Bool {
        let ok = waitAndDispatch(timeout: self.timeout(timeout, now: monotonicNow()))
        runDueTimers(now: monotonicNow())
        return ok
    }

    /// Waits as `wait` says (polling through its window; no longer than the earliest timer), runs the
    /// handlers of the descriptors that became ready, then the timers due. Returns false when epoll
    /// itself failed.
    @discardableResult
    public func runOnce(_ wait: Wait) -> Bool {
        var shortened = wait
        shortened.timeout = timeout(wait.timeout, now: monotonicNow())
        let ok = waitAndDispatch(shortened)
        runDueTimers(now: monotonicNow())
        return ok
    }

    private func waitAndDispatch(timeout: Double?) -> Bool {
        let ms = timeout.map { Int32(max(0, min(3_600_000, ($0 * 1000).rounded(.up)))) } ?? -1
        return dispatch(epoll_wait(epfd, &ready, Int32(ready.count), ms))
    }

    private func waitAndDispatch(_ wait: Wait) -> Bool {
        let now = monotonicNow()
        let deadline = wait.timeout.map { now + $0 } ?? .infinity
        guard let window = wait.poll, min(window.upperBound, deadline) > now else {
            return waitAndDispatch(timeout: wait.timeout)
        }
        let opens = window.lowerBound - (wait.prepare?.lead ?? 0)
        if opens > now {
            let n = sleep(until: min(opens, deadline))
            if n != 0 { return dispatch(n) }
        }
        if let prepare = wait.prepare {
            // Not when the event is here already: it goes first.
            let n = epoll_wait(epfd, &ready, Int32(ready.count), 0)
            if n != 0 { return dispatch(n) }
            prepare.run()
        }
        let end = min(window.upperBound, deadline)
        var n: Int32 = 0
        repeat {
            n = epoll_wait(epfd, &ready, Int32(ready.count), 0)
        } while n == 0 && monotonicNow() < end
        return dispatch(n)
    }

    /// epoll_pwait2 is missing before Linux 5.11; then the sleep is epoll_wait's, in whole milliseconds.
    private var preciseWaitMissing = false

    /// Sleeps until `time` (CLOCK_MONOTONIC) or a descriptor is ready; epoll_wait's result. To the
    /// microsecond where the kernel can (epoll_wait's milliseconds could start a poll window 1 ms late).
    private func sleep(until time: MonotonicTime) -> Int32 {
        let seconds = max(0, time - monotonicNow())
        if !preciseWaitMissing {
            var span = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            let n = epoll_pwait2(epfd, &ready, Int32(ready.count), &span, nil)
            if n >= 0 || errno != ENOSYS { return n }
            preciseWaitMissing = true
        }
        // Rounded down: waking early costs a little polling, waking late misses the event.
        return epoll_wait(epfd, &ready, Int32(ready.count), Int32((seconds * 1000).rounded(.down)))
    }

    /// Runs the handlers of the `n` descriptors epoll reported (n < 0: its error).
    /// When the descriptor handler running now was called (nil outside handlers): the moment what
    /// arrived on its descriptor began to be read, for latency figures that start at arrival.
    public private(set) var handlerStarted: MonotonicTime?

    private func dispatch(_ n: Int32) -> Bool {
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
            handlerStarted = started
            defer { handlerStarted = nil }
            handler(mask)
            noteDuration(since: started, of: "the handler of fd \(fd)")
        }
        return true
    }

    /// Counts (and now and then logs) a run that held the loop over one tick: the soak saw frames wait
    /// several ticks, and only a line in the journal can say what held them.
    func noteDuration(since started: MonotonicTime, of what: @autoclosure () -> String) {
        let now = monotonicNow()
        let took = now - started
        if took > EventLoop.slowLimit { slowRuns += 1 }
        if let line = slowLog.note(took: took, of: what(), now: now) { Log.warning(line) }
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
