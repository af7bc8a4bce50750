import Persistence
import ConfigLoading
import Controls
import Core
import Display
import Glibc
import Input
import Platform
import Raster
import Widgets

/// The running kiosk: one epoll loop on one thread (only the state file is written on another:
/// `StateFileWriter`). Input frames go to the touch router; control
/// events go to the services (state file, socket subscribers, hooks); damaged pixels go to the
/// presenter. Each wake-up of the loop ends in one `turn()`.
public final class KioskRuntime {
    let options: RunOptions
    public private(set) var config: KioskConfig
    let loop = EventLoop()
    let signals: SignalSource
    let physicsTimer = TickTimer()
    let presenter: Presenter
    let services: KioskServices
    let touches: TouchInput
    /// The shown screen.
    private(set) var screen: KioskScreen
    /// Which screen is shown, the ones shown before (for `back`), and the last touch (for going home).
    var pages = PageHistory()
    var idle: IdleController
    /// The simulator's window, when the kiosk runs in one (`KioskApp.run(frontEnd:)`).
    var frontEnd: (any KioskFrontEnd)?
    private var exitCode: Int32 = 0
    /// The last `screenshot` and the frame it shows: asked again before the next frame, it is sent as
    /// it is instead of encoded again.
    var lastScreenshot: (frame: Int, result: KioskResult)?
    /// The socket, MQTT…: how the rest of the system reaches the kiosk (`KioskAdapter`).
    private(set) var adapters: [any KioskAdapter]
    /// Makes the adapters a config asks for: at start, and at a reload for sections the config gained.
    private let makeAdapters: KioskAdapterFactory
    /// Controls whose device is unavailable (`setAvailable`), on any screen.
    var unavailable: Set<String> = []
    /// Elements holding a value their device sent that the panel could not take, on any screen.
    var invalidValues = InvalidValues()
    /// The question asked before an action (`confirm`), the action and its element, while shown.
    var pendingConfirm: (dialog: ConfirmDialog, element: Element, action: ElementAction)?
    /// Changes made on the panel held back until a question or a PIN is answered (`ElementGates`).
    var gates = ElementGates()
    /// When the loop wakes for the wall time: enabled when a template of the config shows it
    /// (`{now:…}`), then once per shown minute and at no other time for it.
    var clock = MinuteWake()
    /// When the charts' kept samples (`persist = true`) are next handed to the state file.
    var keeping = HistoryKeeping()
    /// Keys of elements changed from outside (`setProperty`), by element id; kept until a reload.
    var properties: [String: [String: ConfigValue]] = [:]
    /// Values set from outside for elements a finger holds, kept until it lifts (`HeldSets`).
    var heldSets = HeldSets()
    /// `bench-latency`: where touch devices come from instead of the config's, and what to call
    /// when the loop first waits.
    var benchInput: BenchInput?
    var onFirstWait: (() -> Void)?
    /// Why the panel does not run its config file as written (shown over the screen), or nil.
    var notice: ConfigNotice?
    /// Watches the config file while `notice` is shown, and when a save is due to be retried.
    var configWatch = ConfigWatch()
    /// The page swipe in progress: the page following the finger or settling, its neighbours drawn.
    var pageTurn: PageTurn?
    /// This start as the crash-loop guard recorded it: values from peers held back after a crash loop.
    var quarantine: StartQuarantine

    /// The variables labels, readouts and gauges show (`set-var`).
    var variables: Variables { services.variables }

    init(
        options: RunOptions, config: KioskConfig, signals: SignalSource, presenter: Presenter,
        notice: ConfigNotice? = nil,
        makeAdapters: @escaping KioskAdapterFactory = { _, _ in [] }
    ) {
        self.options = options
        self.makeAdapters = makeAdapters
        self.adapters = makeAdapters(config, options)
        self.config = config
        self.notice = notice
        self.signals = signals
        self.presenter = presenter
        quarantine = StartQuarantine(statePath: config.state.path, now: monotonicNow())
        let services = KioskServices(config: config, loop: loop)
        self.services = services
        idle = IdleController(config: config.idle, backlight: options.panelDevices)
        pages.current = config.homeIndex
        screen = KioskRuntime.makeScreen(
            config, index: pages.current, presenter: presenter, board: services.variables.board,
            time: monotonicNow(), notice: notice?.banner)
        pages.lastTouch = monotonicNow()
        touches = TouchInput(loop: loop)
        presenter.warningFontPath = config.fonts.regular
        presenter.linkTheme = config.theme
        attachBoard()
        restoreVariables(now: monotonicNow())
        settleSavedValues(now: monotonicNow())
        restoreHistories(now: monotonicNow())
        applySavedValues(time: monotonicNow())
        showAvailability()
        attachSwipes()
    }

    func run() -> Int32 {
        let now = monotonicNow()
        // Said on screen for the whole run, beside any link's line (`LinkStatusBanner`).
        presenter.linkLines[StartQuarantine.bannerKey] = quarantine.bannerLine
        presenter.renderIfNeeded(screen, moving: false, now: now)
        presenter.watch(in: loop) { [unowned self] in
            exitCode = 1; loop.stop()
        }
        for a in adapters { a.start(self, now: monotonicNow()) }
        var devices = options.panelDevices ? config.inputConfiguration(canvas: presenter.display.canvasSize) : nil
        if let bench = benchInput {
            var input = config.inputConfiguration(canvas: presenter.display.canvasSize)
            input.directory = bench.directory; input.criteria = [.automatic]
            devices = input
        }
        touches.start(devices, opener: benchInput?.opener) { [unowned self] in self.route($0) }
        loop.add(fd: signals.fd) { [weak self] _ in self?.handleSignals() }
        loop.add(fd: physicsTimer.fd) { [weak self] _ in self?.physicsTimer.acknowledge() }
        if let fd = services.state.writerFD {
            // The state file's writer thread finished a save: replies waiting for it go out.
            loop.add(fd: fd) { [weak self] _ in
                guard let self else { return }
                services.state.collectSaves(now: monotonicNow())
                broadcast(.saved(services.state.progress), now: monotonicNow())
            }
        }
        let display = presenter.display
        logWarnings()
        noticeShown()
        services.notify.ready(status: "showing screen \(screen.config.id) on \(display.kind.rawValue)")
        // The kernel level says which vector unit drawing uses (baseline SSE2 or NEON, AVX2 or AVX-512).
        let reached = adapters.isEmpty ? "no adapters" : adapters.map(\.summary).joined(separator: ", ")
        Log.notice(
            "ready: \(display.summary); \(screen.elements.count) controls; \(reached); "
                + "raster kernels \(KernelLevel.fastest.rawValue); report wait "
                + (TouchInput.spareCore ? config.input.reportWait.rawValue : "sleep (one CPU)"))
        frontEnd?.attach(to: self)
        loop.run(waiting: { [unowned self] in
            defer { onFirstWait?(); onFirstWait = nil }
            let timeout = self.turn(now: monotonicNow())
            // While a finger is down, the panel's next report may be awaited awake (`[input] report_wait`).
            let wait = config.input.reportWait
            let window = touches.reportWindow(wait, now: monotonicNow())
            return EventLoop.Wait(
                timeout: timeout, poll: window,
                prepare: wait == .anticipate && window != nil ? presenter.rehearsal(of: screen) : nil)
        })
        frontEnd?.detach()
        shutdown()
        return exitCode
    }

    /// One loop turn, before sleeping: route due injected touches, advance time-driven work, deliver
    /// events, draw, and say how long the loop may sleep (nil: until a descriptor wakes it).
    func turn(now: MonotonicTime) -> Double? {
        let frontEndDue = frontEnd?.turn(now: now)
        touches.routeDue(now: now)
        // First: a page that finished settling is shown before the screen advances.
        let settling = advancePageTurn(now: now)
        let moving = screen.advance(to: now) || settling
        tickClock(now: now)
        deliverEvents(now: now, cause: .kiosk)
        showHeldSets(now: now)
        answerConfirm(now: now)
        answerGate(now: now)
        // After the events: a value that changed may change a template's text or a condition.
        refreshElements(now: now)
        // A variable that went stale dims the labels showing it: the widgets see it when they draw.
        if variables.wentStale(now: now) { presenter.invalidate() }
        services.tick(now: now)
        for a in adapters { a.tick(now: now) }
        idle.tick(now: now)
        quarantine.tick(now: now)
        returnHomeIfDue(now: now)
        presenter.retryIfDue(now: now)
        // A badge in a corner while values are not being saved (a read-only or full disk).
        presenter.showsSaveWarning = services.state.saveFailure != nil
        // A note beside an element whose time is over: the frame without it.
        if let due = screen.view.noteDeadline, due <= now { presenter.invalidate() }
        // While a page slides its frames are copies of the pages drawn once (`slidePageTurn`).
        if !slidePageTurn(now: now) { presenter.renderIfNeeded(screen, moving: moving, now: now) }
        reportProblems(now: now)
        // After the frame: a release or a set is on screen first, then on disk before the loop sleeps,
        // and hooks (a process spawned per change) start.
        keepHistories(now: now)
        services.state.flushIfDue(now: now)
        services.hooks.tick(now: now)
        physicsTimer.set(running: moving)
        if configWatch.retryIsDue(now: now) { reload(saved: true) }
        let deadlines =
            [
                services.nextDeadline, presenter.retryDeadline, touches.nextDeadline, idle.nextDeadline,
                variables.staleDue,
                homeDeadline, frontEndDue, configWatch.retryAt, clock.deadline,
                pendingConfirm?.dialog.deadline, keeping.due, screen.view.noteDeadline, quarantine.deadline,
                heldSets.nextDeadline, gates.deadline,
            ] + adapters.map(\.nextDeadline)
        return deadlines.compactMap { $0 }.min().map { max(0, $0 - monotonicNow()) }
    }

    /// Routes one frame of real or injected touches, letting the idle controller swallow a wake tap.
    func route(_ frame: TouchFrame) {
        pages.lastTouch = frame.time
        if frame.touches.contains(where: { $0.phase == .began }) {
            let before = idle.power
            let swallowed = idle.touched(now: frame.time)
            if idle.power != before { broadcast(.screenPower(idle.power), now: frame.time) }
            if swallowed { return }
        }
        // While a page slides only the swiping finger counts: a finger put down meanwhile reaches no control.
        if pageTurn?.swipe.isActive == true {
            let rest = frame.touches.filter { $0.phase != .began }
            guard !rest.isEmpty else { return }
            screen.router.route(TouchFrame(time: frame.time, touches: rest))
        } else {
            screen.router.route(frame)
        }
        presenter.noteChange(.input, at: frame.time)
        presenter.invalidate()
    }

    /// Starts the adapters of sections the reloaded config has and the running one had not (an
    /// `[mqtt]` or `[homeassistant]` added): followed at once, as other changes are.
    private func startAdaptersAdded() {
        let running = Set(adapters.map(\.name))
        for adapter in makeAdapters(config, options) where !running.contains(adapter.name) {
            adapters.append(adapter)
            adapter.start(self, now: monotonicNow())
            Log.notice("reload: \(adapter.name) added (\(adapter.summary))")
        }
    }

    /// Shows screen `index` of the current config with the saved values applied over the config's.
    /// `remember`: push the screen shown now for `back`.
    /// `prepared`: that screen built already (`prepareScreen`, a page swipe's neighbour).
    func show(screenIndex index: Int, time: MonotonicTime, remember: Bool = false, prepared: KioskScreen? = nil) {
        if remember { pages.push(pages.current) }
        // A question asked on the screen that goes away is not answered: its action does not run.
        pendingConfirm = nil
        gates.dropQuestion()
        // A page sliding when another is shown (an action, the socket, a reload) stops where it is.
        pageTurn = nil
        pages.current = index < config.screens.count ? index : 0
        screen.router.cancelAll(time: time)
        if let prepared {
            // Built when the swipe began: values set since (from outside, saved) are brought in.
            _ = prepared.refresh(overrides: properties, time: time)
            applySavedValues(to: prepared, time: time)
            showAvailability(on: prepared)
        }
        screen = prepared ?? prepareScreen(pages.current, time: time)
        attachSwipes()
        presenter.invalidate(.everything)
        // Subscribers learn which page a person is looking at (a tap on the bar, an action, going home).
        broadcast(.screen(id: screen.config.id), now: time)
    }

    /// The config's warnings, measured on this panel: with the size the connector reports, a control
    /// too small for a finger is judged on the real panel, not on what the file assumed.
    private func logWarnings() {
        let display = presenter.display
        for w in config.runWarnings(canvas: display.canvasSize, physicalMM: display.physicalSizeMM) {
            Log.warning(w.description)
        }
    }

    private static func makeScreen(
        _ config: KioskConfig, index: Int, presenter: Presenter, board: ValueBoard,
        time: MonotonicTime, notice: NoticeBanner.Content?
    ) -> KioskScreen {
        let size = presenter.display.canvasSize
        let scale = PanelScale.of(
            config: config.display, canvasSize: size, physicalMM: presenter.display.physicalSizeMM)
        return KioskScreen(
            config: config, index: index, canvasSize: size, scale: scale, time: time, board: board, notice: notice)
    }

    /// Screen `index` of the current config, built with the saved values, the properties set from
    /// outside and the unavailable controls applied: ready to be drawn (shown, or beside a sliding page).
    func prepareScreen(_ index: Int, time: MonotonicTime) -> KioskScreen {
        let made = KioskRuntime.makeScreen(
            config, index: index, presenter: presenter, board: variables.board, time: time, notice: notice?.banner)
        // Keys set from outside first (an entity's options, its range): the saved value is one of them.
        _ = made.refresh(overrides: properties, time: time)
        applySavedValues(to: made, time: time)
        showAvailability(on: made)
        return made
    }

    private func applySavedValues(time: MonotonicTime) { applySavedValues(to: screen, time: time) }

    private func applySavedValues(to screen: KioskScreen, time: MonotonicTime) {
        for e in screen.elements {
            guard let saved = services.state.values[e.id] else { continue }
            do { try e.setValue(saved, time: time) } catch {
                Log.warning("state: saved value of \(e.id) not applied: \(error)")
            }
            _ = e.drainEvents(time: time)
        }
    }

    private func handleSignals() {
        for s in signals.drain() {
            switch s {
            case SIGHUP: reload()
            case SIGUSR1: presenter.releaseTerminal()
            case SIGUSR2: presenter.acquireTerminal()
            default:
                Log.notice("signal \(s): saving and exiting")
                loop.stop()
            }
        }
    }

    /// Re-reads the config; an invalid one is logged and the running one kept. `saved`: the file
    /// was retried because it was saved while the panel showed its errors (logged in its own words,
    /// so a reload asked for by SIGHUP or the socket is counted once).
    @discardableResult
    func reload(saved: Bool = false) -> [String] {
        services.notify.reloading()
        defer { services.notify.ready(status: "config reloaded") }
        do {
            let fresh = try ConfigLoader.load(path: options.configPath)
            services.state.flushPending()
            config = fresh
            presenter.linkTheme = config.theme
            // Properties set from outside last until the config is reloaded (docs/socket.md).
            properties = [:]
            invalidValues.reloaded(keeping: Set(config.allControls.map(\.id)))
            notice = nil
            // The screen's power set from outside outlives a reload, as values do.
            let power = idle.power
            idle = IdleController(config: config.idle, backlight: options.panelDevices)
            if power != idle.power { idle.setPower(on: power.on, brightness: power.brightness, now: monotonicNow()) }
            variables.reload(config, time: monotonicNow())
            attachBoard()
            settleSavedValues(now: monotonicNow())
            show(screenIndex: pages.current, time: monotonicNow())
            for a in adapters { a.reloaded(self, now: monotonicNow()) }
            startAdaptersAdded()
            let c = config.inputConfiguration(canvas: presenter.display.canvasSize)
            touches.hub?.updateMapping(
                displaySize: c.displaySize, calibration: c.calibration,
                touchRotation: c.touchRotation, displayRotation: c.displayRotation)
            Log.notice(
                (saved
                    ? "config: \(options.configPath) was saved and is loaded" : "reload: \(options.configPath) loaded")
                    + " (\(config.allControls.count) controls)")
            logWarnings()
            configLoaded()
            return []
        } catch {
            Log.error(
                (saved
                    ? "config: \(options.configPath) was saved but is still invalid"
                    : "reload: \(options.configPath) is invalid")
                    + "; keeping the running config:\n" + error.description)
            configRefused(error.errors.map(\.description))
            return error.errors.map(\.description)
        }
    }

    private func shutdown() {
        services.notify.stopping()
        keepHistories(now: nil)
        services.state.flushAndWait()
        quarantine.stoppedCleanly()
        LastGoodWriter.shared.waitUntilIdle()
        for a in adapters { a.stop() }
        touches.shutdown()
        presenter.close()
    }
}
