import ConfigLoading
import Core
import Glibc
import Input
import Platform

/// The input side of the kiosk: the evdev hub (every device fd and the hotplug watch go into the
/// loop) and the touches the socket injects for automation, each due at a moment.
final class TouchInput {
    private(set) var hub: InputHub?
    /// Injected touches in time order; `injected[nextInjected...]` are still due (an index, not
    /// `removeFirst`, so routing one is O(1) however many are queued).
    private var injected: [(time: MonotonicTime, frame: TouchFrame)] = []
    private var nextInjected = 0
    /// Tracking ids of injected touches, far above any a device gives.
    private var nextInjectedID = 1_000_000
    private let loop: EventLoop
    /// When the panels' next reports are due while a finger is down (device frames only).
    private var pacer = ReportPacer()
    /// Where frames go (the runtime's router, through the idle controller); set by `start`.
    private var route: (TouchFrame) -> Void = { _ in }

    init(loop: EventLoop) { self.loop = loop }

    /// Starts reading touch devices (none when `configuration` is nil: injected touches only); frames
    /// go to `route`, devices that go away have their touches cancelled. `opener` replaces `EvdevDevice`
    /// (the latency bench's replay pipe).
    func start(
        _ configuration: InputHubConfiguration?, opener: InputSourceOpener? = nil, route: @escaping (TouchFrame) -> Void
    ) {
        self.route = route
        guard let configuration else { return }
        let hub =
            opener.map { InputHub(configuration: configuration, opener: $0) } ?? InputHub(configuration: configuration)
        self.hub = hub
        apply(hub.start())
        // The runtime's first-time work for the input path, done now rather than on the first touch.
        InputWarmUp.run(time: monotonicNow())
    }

    /// Applies what the hub reported: new and closed fds, frames, log lines.
    private func apply(_ update: InputUpdate) {
        update.log()
        for fd in update.removedFDs { loop.remove(fd: fd) }
        for fd in update.addedFDs {
            loop.add(fd: fd) { [weak self] _ in
                guard let self, let hub = self.hub else { return }
                self.apply(hub.handleReadable(fd: fd))
            }
        }
        for frame in update.frames {
            pacer.note(frame)
            route(frame)
        }
    }

    /// Whether a second CPU is online. On one core, polling would only hold back the thread that
    /// delivers the report (the real-kernel guest has one: its input → submit rose there), so the
    /// loop sleeps until each report whatever `report_wait` says.
    static let spareCore = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    /// When to poll for the next panel report while a finger is down: around the moment it is due
    /// (`.anticipate`), or from now until then (`.poll`); nil when the loop just sleeps.
    func reportWindow(_ wait: InputConfig.ReportWait, now: MonotonicTime) -> ClosedRange<MonotonicTime>? {
        guard wait != .sleep, Self.spareCore, let window = pacer.window(now: now) else { return nil }
        return wait == .poll ? min(now, window.lowerBound)...window.upperBound : window
    }

    /// Routes the injected touches due by `now`.
    func routeDue(now: MonotonicTime) {
        while nextInjected < injected.count, injected[nextInjected].time <= now {
            let frame = injected[nextInjected].frame
            nextInjected += 1
            route(frame)
        }
        // Played frames are dropped once they are half the array (amortised O(1)); a queue that never
        // drains (a client keeping it full) must not keep every frame it ever played.
        if nextInjected > 0, nextInjected * 2 >= injected.count {
            injected.removeFirst(nextInjected)
            nextInjected = 0
        }
    }

    /// Injected frames held, played ones not yet dropped included (what the queue costs in memory).
    var heldFrameCount: Int { injected.count }

    /// The injected touches still to play at `now`, for `stats`.
    func queueStats(now: MonotonicTime) -> TouchQueueStats {
        let left = injected.count - nextInjected
        let last = left > 0 ? injected.last?.time ?? now : now
        return TouchQueueStats(queuedFrames: left, queuedSeconds: max(0, last - now), limitSeconds: Self.queueLimit)
    }

    /// When the next injected touch is due.
    var nextDeadline: MonotonicTime? { nextInjected < injected.count ? injected[nextInjected].time : nil }

    /// How far ahead injected touches may be queued. Touches play at their own pace; a client that
    /// sends them faster (the soak sends touches faster than they play) would otherwise grow the queue
    /// without end: memory, and touches played minutes after they were asked for.
    static let queueLimit = 10.0

    /// Why a touch was not queued.
    struct QueueFull: Error {
        /// Seconds of touches still queued.
        var pending: Double
        var description: String {
            "touch queue full: \(Int(pending.rounded(.up))) s of touches still to play (at most \(Int(TouchInput.queueLimit)) s); try again later"
        }
    }

    /// Queues a tap at `p` (screen pixels) after what is queued; returns the number of frames queued.
    func queueTap(at p: Point, now: MonotonicTime) throws(QueueFull) -> Int {
        let (id, start) = try nextTouch(now: now)
        injected += [frame(id, start, p, .began), frame(id, start + 0.05, p, .ended)]
        return 2
    }

    /// Queues a drag from `from` to `to` over `duration` seconds in `steps` moves; returns the number of frames queued.
    func queueDrag(from: Point, to: Point, duration: Double, steps: Int, now: MonotonicTime) throws(QueueFull) -> Int {
        let (id, start) = try nextTouch(now: now)
        injected.append(frame(id, start, from, .began))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            injected.append(
                frame(
                    id, start + duration * f, Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f), .moved)
            )
        }
        injected.append(frame(id, start + duration, to, .ended))
        return steps + 2
    }

    private func nextTouch(now: MonotonicTime) throws(QueueFull) -> (Int, MonotonicTime) {
        let start = max(now, nextDeadline == nil ? now : injected.last?.time ?? now)
        guard start - now <= Self.queueLimit else { throw QueueFull(pending: start - now) }
        nextInjectedID += 1
        return (nextInjectedID, start)
    }

    private func frame(_ id: Int, _ t: Double, _ p: Point, _ phase: TouchPhase) -> (MonotonicTime, TouchFrame) {
        (
            t,
            TouchFrame(time: t, touches: [TouchPoint(slot: 0, trackingID: id, position: p, phase: phase, deviceID: -1)])
        )
    }

    /// Closes every device.
    func shutdown() { _ = hub?.shutdown() }
}
