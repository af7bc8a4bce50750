import ConfigLoading
import AssetFiles
import CSDL2
import Core
import Display
import Glibc
import Kiosk
import Platform
import Raster
import Widgets

/// How `thumbwheel simulate` was asked to run.
public struct SimulatorOptions: Sendable {
    public var configPath: String
    /// Window pixels per panel pixel (nearest neighbour).
    public var scale = 1
    /// The canvas size (default: the config's `display.size`, as `render` draws it).
    public var size: PixelSize?
    /// Shows the picture turned as a panel mounted this way receives it (clockwise degrees).
    public var rotation = DisplayRotation.deg0
    /// The laptop screen's dots per inch: the panel is then shown at its physical size, in a bezel.
    public var dpi: Double?
    /// The bezel's width in millimetres (with `dpi`).
    public var bezelMM = 8.0
    /// Draws this many full frames as fast as it can, logs what they cost, and exits.
    public var benchFrames: Int?
    public init(configPath: String) { self.configPath = configPath }
}

/// The desktop simulator: the kiosk's own loop, controls, widgets and rasterizer in a window. The
/// window is its display (`WindowDisplay`), the mouse its touch panel (`MouseFingers`), and saving the
/// config (or an image or font it names) reloads it in place (`FileWatcher`).
public final class Simulator: KioskFrontEnd {
    /// How long to wait after a save before reading the file: an editor's write-then-rename (or
    /// several writes) arrives as a few events within a millisecond or two.
    static let reloadDebounce = 0.01
    /// SDL events are polled, not waited for: SDL offers no descriptor for its queue (and the X
    /// connection's fd can stay quiet while Xlib already holds events it read along with a reply), so
    /// the kiosk loop polls on its timer. Every 4 ms while the mouse was used in the last second, so a
    /// drag is sampled finer than a 120 Hz panel; every 16 ms otherwise, about 60 cheap wake-ups a
    /// second (SDL_PollEvent is microseconds) for at most one frame of delay on the first click.
    static let activePoll = 0.004, idlePoll = 0.016, activeWindow = 1.0

    public var display: any DisplayOutput { window }
    private let window: WindowDisplay
    private let sdl: SDLLibrary
    private let options: SimulatorOptions
    private weak var kiosk: (any KioskHandle)?
    private var fingers = MouseFingers()
    private var overlay = Overlay()
    private var showTargets = false
    private let font: Font?
    private let watcher = FileWatcher()
    /// When the pending reload is due, and when the save that asked for it was seen.
    private var reloadDue: (at: MonotonicTime, savedAt: MonotonicTime)?
    /// A reload that was taken, to log once its frame is on screen.
    private var reloaded: (savedAt: MonotonicTime, loadSeconds: Double)?
    private var lastInput = -Double.infinity
    /// The last mouse position on the picture, in canvas pixels (for the wheel).
    private var mouse: Point?
    private var bench: BenchRun?

    /// Loads libSDL2 and opens the window for `config` (as loaded by the kiosk).
    public init(options: SimulatorOptions, config: KioskConfig) throws(SimulatorError) {
        self.options = options
        sdl = try SDLLibrary()
        let d = config.display
        let canvas = options.size ?? d.headlessSize
        let geometry = Simulator.geometry(options, canvas: canvas, display: d)
        window = try WindowDisplay(
            sdl: sdl, title: Simulator.title(options.configPath), geometry: geometry,
            format: d.rgb565 ? .rgb565 : .xrgb8888)
        font = Overlay.font(size: 13)
        bench = options.benchFrames.map { BenchRun(frames: $0) }
    }

    /// The window's layout: `--scale`, or with `--dpi` the panel's physical size on that screen.
    static func geometry(
        _ options: SimulatorOptions, canvas: PixelSize, display d: ConfigLoading.DisplayConfig
    ) -> WindowGeometry {
        guard let dpi = options.dpi else {
            return WindowGeometry(canvas: canvas, rotation: options.rotation, zoom: Double(options.scale), bezel: 0)
        }
        // The panel's pixels per millimetre: from its width in the config, else from the scale (a
        // point is `Scale.millimetresPerPoint` on any panel).
        let panelPerMM =
            d.widthMM.map { Double(canvas.width) / $0 }
            ?? PanelScale.of(config: d, canvasSize: canvas, physicalMM: nil) / Scale.millimetresPerPoint
        let screenPerMM = dpi / 25.4
        return WindowGeometry(
            canvas: canvas, rotation: options.rotation, zoom: screenPerMM / panelPerMM,
            bezel: Int((options.bezelMM * screenPerMM).rounded()))
    }

    /// The window's title: the config's name, and how many errors keep it from loading.
    static func title(_ path: String, errors: Int = 0) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return errors == 0
            ? "\(name) — thumbwheel simulate"
            : "\(name) (\(errors) error\(errors == 1 ? "" : "s")) — thumbwheel simulate"
    }

    public func attach(to kiosk: any KioskHandle) {
        self.kiosk = kiosk
        watcher.watch([kiosk.configPath] + kiosk.configFiles)
        if watcher.fd >= 0 {
            kiosk.eventLoop.add(fd: watcher.fd) { [weak self] _ in self?.filesChanged() }
        } else {
            Log.warning("simulate: inotify is unavailable; saving the config will not reload it")
        }
        Log.write(
            .notice,
            lines: [
                "simulate: \(window.summary)",
                "mouse: left button = one finger; Ctrl+click pins a finger (Ctrl+click it again, or right-click, to lift);",
                "wheel = a short flick; S or F12 = screenshot; T = touch targets; F5 = reload; Esc or closing the window = quit.",
                "Saving \(kiosk.configPath) (or an image or font it names) reloads it, keeping values.",
            ])
    }

    public func turn(now: MonotonicTime) -> MonotonicTime? {
        pumpEvents(now: now)
        // The shown screen may have changed (a tap on the navigation bar, an action, the socket).
        if showTargets, let kiosk, kiosk.touchTargets != overlay.targets { updateOverlay() }
        if let due = reloadDue, now >= due.at {
            reloadDue = nil
            reload(savedAt: due.savedAt)
        }
        if let r = reloaded, window.lastPresentAt > r.savedAt {
            reloaded = nil
            let onScreen = (window.lastPresentAt - r.savedAt) * 1000
            Log.notice(
                "simulate: reloaded \(kiosk?.configPath ?? ""): on screen \(decimal(onScreen, places: 1)) ms after the save "
                    + "(debounce \(decimal(Simulator.reloadDebounce * 1000, places: 0)) ms, load \(decimal(r.loadSeconds * 1000, places: 1)) ms)"
            )
        }
        if let kiosk, bench != nil {
            if bench!.step(now: now, kiosk: kiosk, timing: window.timing) { return now }
            Log.notice("simulate: bench: " + bench!.summary(window.timing))
            bench = nil
            kiosk.requestStop()
        }
        let poll = now - lastInput < Simulator.activeWindow ? Simulator.activePoll : Simulator.idlePoll
        return [now + poll, reloadDue?.at, reloaded.map { _ in now + Simulator.activePoll }].compactMap { $0 }.min()
    }

    public func detach() {
        if let kiosk { kiosk.eventLoop.remove(fd: watcher.fd) }
        Log.info("simulate: presented \(window.timing.summary)")
    }

    // MARK: events

    private func pumpEvents(now: MonotonicTime) {
        var event = SDL_Event()
        while sdl.api.SDL_PollEvent(&event) != 0 {
            lastInput = now
            handle(event, now: now)
        }
    }

    private func handle(_ event: SDL_Event, now: MonotonicTime) {
        let ctrl = Int(sdl.api.SDL_GetModState().rawValue) & Int(KMOD_CTRL.rawValue) != 0
        switch event.type {
        case SDL_QUIT.rawValue:
            kiosk?.requestStop()
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) { window.refresh() }
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard let p = canvasPoint(event.button.x, event.button.y, clamped: false) else { return }
            if event.button.button == UInt8(SDL_BUTTON_RIGHT) { send(fingers.liftPinned(time: now)); return }
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            send(fingers.press(at: p, ctrl: ctrl, time: now))
        case SDL_MOUSEMOTION.rawValue:
            mouse = canvasPoint(event.motion.x, event.motion.y, clamped: false)
            if let p = canvasPoint(event.motion.x, event.motion.y, clamped: true) {
                send(fingers.move(to: p, time: now))
            }
        case SDL_MOUSEBUTTONUP.rawValue:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT),
                let p = canvasPoint(event.button.x, event.button.y, clamped: true)
            else { return }
            send(fingers.release(at: p, time: now))
        case SDL_MOUSEWHEEL.rawValue:
            guard let p = mouse, event.wheel.y != 0 else { return }
            let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            let notches = Double(event.wheel.y) * (flipped ? -1 : 1)
            // A short, quick drag under the pointer: a flick that spins a wheel or scrolls a picker.
            // A wheel flick behind ten seconds of queued touches is dropped: it would play long after the turn.
            _ = kiosk?.perform(
                .drag(from: p, to: Point(p.x, p.y - notches * 24), duration: 0.05, steps: 5), from: .frontEnd)
        case SDL_KEYDOWN.rawValue:
            key(Int(event.key.keysym.sym))
        default:
            break
        }
    }

    private func key(_ sym: Int) {
        switch sym {
        case Int(SDLK_ESCAPE.rawValue): kiosk?.requestStop()
        case Int(SDLK_s.rawValue), Int(SDLK_F12.rawValue): screenshot()
        case Int(SDLK_t.rawValue):
            showTargets.toggle()
            updateOverlay()
        case Int(SDLK_F5.rawValue): reload(savedAt: monotonicNow())
        default: break
        }
    }

    private func canvasPoint(_ x: Int32, _ y: Int32, clamped: Bool) -> Point? {
        let g = window.geometry
        var wx = Double(x) + 0.5, wy = Double(y) + 0.5
        if clamped {
            let p = g.picture
            wx = min(max(wx, Double(g.bezel)), Double(g.bezel + p.width) - 0.5)
            wy = min(max(wy, Double(g.bezel)), Double(g.bezel + p.height) - 0.5)
        }
        return g.canvasPoint(windowX: wx, windowY: wy)
    }

    private func send(_ frame: TouchFrame?) {
        guard let frame else { return }
        kiosk?.inject(frame)
        let pins = fingers.pinned.map(\.position)
        if pins != overlay.pinned {
            overlay.pinned = pins
            updateOverlay()
        }
    }

    // MARK: reload, overlay, screenshots

    private func filesChanged() {
        let changed = watcher.changedFiles()
        guard !changed.isEmpty else { return }
        let now = monotonicNow()
        reloadDue = (now + Simulator.reloadDebounce, reloadDue?.savedAt ?? now)
    }

    private func reload(savedAt: MonotonicTime) {
        guard let kiosk else { return }
        let start = monotonicNow()
        let errors: [String]
        if case .failure(let refused) = kiosk.perform(.reload, from: .frontEnd) {
            errors = refused.errors
        } else {
            errors = []
        }
        if errors.isEmpty {
            reloaded = (savedAt, monotonicNow() - start)
            watcher.watch([kiosk.configPath] + kiosk.configFiles)
            if !overlay.errors.isEmpty { Log.notice("simulate: the config loads again; error overlay removed") }
        } else {
            Log.notice(
                "simulate: showing \(errors.count) error\(errors.count == 1 ? "" : "s") over the last good screen until the config is fixed"
            )
        }
        overlay.errors = errors
        window.setTitle(Simulator.title(kiosk.configPath, errors: errors.count))
        updateOverlay()
    }

    private func updateOverlay() {
        overlay.targets = showTargets ? kiosk?.touchTargets : nil
        let shown = overlay, geometry = window.geometry, font = font
        window.setOverlay(shown.isEmpty ? nil : { canvas in shown.draw(on: canvas, geometry: geometry, font: font) })
    }

    /// Writes the kiosk's frame (what `render` and the socket's `screenshot` give) to the first free
    /// thumbwheel-screenshot-N.png in the working directory.
    private func screenshot() {
        guard let kiosk else { return }
        var n = 1
        while access("thumbwheel-screenshot-\(n).png", F_OK) == 0 { n += 1 }
        let path = "thumbwheel-screenshot-\(n).png"
        do {
            try PNGImage.write(kiosk.currentFrame, to: path)
            Log.notice("simulate: wrote \(path)")
        } catch {
            Log.error("simulate: screenshot: \(error)")
        }
    }
}
