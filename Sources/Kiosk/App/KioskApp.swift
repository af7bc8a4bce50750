import Controls
import Core
import Display
import Glibc
import Input
import Raster

/// How `thumbwheel run` was asked to run.
public struct RunOptions: Sendable {
    public var configPath: String
    /// Overrides the config's backend choice (`--headless`).
    public var forceHeadless = false
    public init(configPath: String) { self.configPath = configPath }
}

/// The kiosk: one thread, one epoll loop. Input frames go to the touch router; control events go
/// to the state file, the socket's subscribers and the hooks; damaged pixels go to the display.
public final class KioskApp {
    let options: RunOptions
    var config: KioskConfig
    let loop = EventLoop()
    let signals = SignalSource()
    let notify = SystemdNotify()
    let physicsTimer = TickTimer()
    var state: StateStore
    lazy var hooks = HookRunner(loop: loop)
    var socket: ControlSocket?
    var inputHub: InputHub?
    var display: (any DisplayOutput)!
    var bitmap: Bitmap!
    var screen: KioskScreen!
    /// Which of the config's screens is shown.
    var screenIndex = 0
    /// Touches injected through the socket, each due at a moment.
    var injected: [(time: MonotonicTime, frame: TouchFrame)] = []
    var nextInjectedID = 1_000_000
    var needsFullRedraw = true
    /// Damage not yet shown because the display had no free buffer.
    var pendingDamage: [PixelRect] = []
    var firstFrameShown = false
    /// Frames drawn since start (for `stats`).
    var framesRendered = 0
    var displayRetryAt: Double?
    var terminal: VirtualTerminal?
    /// DRM hotplug events (DRM outputs only).
    var hotplug: HotplugMonitor?
    var needsRender = true
    var lastWatchdog = 0.0
    var exitCode: Int32 = 0
    lazy var idle = IdleController(config: config.idle)

    /// Loads the config; invalid configs are reported by the caller.
    public init(options: RunOptions) throws(ConfigErrors) {
        self.options = options
        config = try ConfigLoader.load(path: options.configPath)
        state = StateStore(path: config.state.path, debounceSeconds: Double(config.state.debounceMS) / 1000)
    }

    /// Runs until SIGTERM or SIGINT (exit code 0), or until a panel plugged in no longer offers the
    /// mode in use (1, so systemd restarts it for the new panel); returns the exit code.
    public func run() -> Int32 {
        guard openDisplay() else { return 0 }
        let now = monotonicNow()
        buildScreen(time: now)
        renderAndPresent(now: now)
        openSocket()
        startInput()
        loop.add(fd: signals.fd) { [weak self] _ in self?.handleSignals() }
        loop.add(fd: physicsTimer.fd) { [weak self] _ in self?.physicsTimer.acknowledge() }
        notify.ready(status: "showing screen \(screen.config.id) on \(display.kind.rawValue)")
        Log.notice("ready: \(display.summary); \(screen.elements.count) controls; socket \(socket?.path ?? "off")")
        if display.kind == .headless, let path = socket?.path {
            Log.notice("""
                headless: no panel, so drive the kiosk through its socket, for example
                  thumbwheel ctl --socket \(path) list
                  thumbwheel ctl --socket \(path) tap X Y          (screen pixels)
                  thumbwheel ctl --socket \(path) drag X1 Y1 X2 Y2 300
                  thumbwheel ctl --socket \(path) screenshot shot.png
                """)
        }
        loop.run { [unowned self] in self.turn() }
        shutdown()
        return exitCode
    }

    /// One loop turn, before sleeping: advance time-driven work, route due injected touches, deliver
    /// events, draw, and say how long the loop may sleep.
    func turn() -> Double? {
        let now = monotonicNow()
        while let first = injected.first, first.time <= now {
            injected.removeFirst()
            route(first.frame)
        }
        var moving = false
        for b in screen.elements where b.advance(to: now) { moving = true }
        deliverEvents(now: now)
        state.flushIfDue(now: now)
        hooks.tick(now: now)
        idle.tick(now: now)
        retryDisplayIfDue(now: now)
        if needsRender || moving { renderAndPresent(now: now) }
        physicsTimer.set(running: moving)
        if let interval = notify.watchdogInterval, now - lastWatchdog >= interval / 2 {
            notify.watchdog(); lastWatchdog = now
        }
        let deadlines = [state.flushDeadline, displayRetryAt, hooks.nextDeadline, injected.first?.time, idle.nextDeadline,
                         notify.watchdogInterval.map { lastWatchdog + $0 / 2 }].compactMap { $0 }
        return deadlines.min().map { max(0, $0 - monotonicNow()) }
    }

    /// Builds the shown screen of the current config and applies the saved values over the config's.
    func buildScreen(time: MonotonicTime) {
        if screenIndex >= config.screens.count { screenIndex = 0 }
        let size = display.canvasSize
        let scale = KioskScreen.scale(config: config.display, canvasSize: size,
                                      physicalMM: display.physicalSizeMM)
        let newScreen = KioskScreen(config: config, index: screenIndex, canvasSize: size, scale: scale, time: time)
        for b in newScreen.elements {
            guard let saved = state.values[b.id] else { continue }
            do { try b.setValue(saved, time: time) } catch {
                Log.warning("state: saved value of \(b.id) not applied: \(error)")
            }
            _ = b.drainEvents(time: time)
        }
        screen?.router.cancelAll(time: time)
        screen = newScreen
        needsFullRedraw = true
        needsRender = true
    }

    func renderAndPresent(now: MonotonicTime) {
        let damage = screen.render(into: bitmap.canvas, full: needsFullRedraw, time: now)
        needsFullRedraw = false
        needsRender = false
        guard !damage.isEmpty else { return }
        framesRendered += 1
        present(damage: damage)
    }

    func handleSignals() {
        for s in signals.drain() {
            switch s {
            case SIGHUP: reload()
            case SIGUSR1: releaseTerminal()
            case SIGUSR2: acquireTerminal()
            default:
                Log.notice("signal \(s): saving and exiting")
                loop.stop()
            }
        }
    }

    /// Re-reads the config; an invalid one is logged and the running one kept.
    @discardableResult
    func reload() -> [String] {
        notify.reloading()
        defer { notify.ready(status: "config reloaded") }
        do {
            let fresh = try ConfigLoader.load(path: options.configPath)
            state.flushPending()
            config = fresh
            idle = IdleController(config: config.idle)
            buildScreen(time: monotonicNow())
            let c = config.inputConfiguration(canvas: display.canvasSize)
            inputHub?.updateMapping(displaySize: c.displaySize, calibration: c.calibration,
                                    touchRotation: c.touchRotation, displayRotation: c.displayRotation)
            Log.notice("reload: \(options.configPath) loaded (\(config.allControls.count) controls)")
            return []
        } catch {
            Log.error("reload: \(options.configPath) is invalid; keeping the running config:\n" + error.description)
            return error.errors.map(\.description)
        }
    }

    func shutdown() {
        notify.stopping()
        state.flushPending()
        socket = nil
        _ = inputHub?.shutdown()
        display?.close()
        terminal?.restore()
    }
}
