import ConfigLoading
import CSDL2
import Core
import Display
import Glibc
import Kiosk
import Platform
import Raster

/// The simulator's window as one more display: the same damage copy as the panels (a
/// `HeadlessDisplay`: a scan-out buffer of the panel's format and rotation), then only the damaged
/// rectangles enlarged nearest-neighbour (`NearestScaler`) into SDL's window surface and pushed to
/// the screen. At zoom 1 every window pixel is the panel's pixel. No SDL renderer: its full-window
/// present cost more than the kiosk's whole frame (docs/simulator.md).
final class WindowDisplay: DisplayOutput {
    let kind = DisplayKind.window
    let rotation: DisplayRotation
    /// None, as for `render`: the layout's scale and the size warnings come from the config's own
    /// `scale` or `width_mm`/`height_mm`, so the window shows exactly what `render` draws.
    let physicalSizeMM: PixelSize? = nil
    let pollDescriptor: Int32? = nil
    var isPaused: Bool { panel.isPaused }
    let geometry: WindowGeometry
    /// Time spent per presented frame, for `--bench` and the log on exit.
    private(set) var timing = PresentTiming()
    /// When the last frame went on screen.
    private(set) var lastPresentAt = -Double.infinity

    private let sdl: SDLLibrary
    /// SDL's video driver (x11, wayland, kmsdrm…), for the log.
    let videoDriver: String
    private let window: OpaquePointer
    /// The window's pixels (XRGB8888), and bytes per row.
    private let surface: UnsafeMutableRawPointer
    private let surfaceStride: Int
    private let scaler: NearestScaler
    /// The panel's scan-out copy, in memory.
    private let panel: HeadlessDisplay
    private var buffer: ScanoutBuffer { panel.scanoutBuffer }
    /// Set by `resume`: the next present sends the whole picture (the copy repaints everything then).
    private var uploadEverything = false
    /// The scan-out picture widened to XRGB8888, when the panel is RGB565 (the same widening as
    /// `HeadlessDisplay.lastFrame`: what the panel shows).
    private let widened: Bitmap?
    /// The picture with the overlay drawn over it, while there is an overlay.
    private var composite: Bitmap?
    private var overlay: ((Canvas) -> Void)?
    private var closed = false

    /// Opens a window showing `geometry`, with a scan-out copy in `format` (the panel's).
    init(sdl: SDLLibrary, title: String, geometry: WindowGeometry, format: ScanoutFormat) throws(SimulatorError) {
        self.sdl = sdl
        self.geometry = geometry
        rotation = geometry.rotation
        let api = sdl.api
        // The kiosk handles SIGINT and SIGTERM itself (save, then exit 0), through its signalfd.
        _ = api.SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        let explicitDriver = getenv("SDL_VIDEODRIVER") != nil
        if !explicitDriver && getenv("WAYLAND_DISPLAY") == nil {
            guard getenv("DISPLAY") != nil else { throw SimulatorError(WindowDisplay.noDesktop) }
            // X only: probing Wayland without a compositor makes libwayland print an error of its own.
            _ = api.SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        }
        guard api.SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw SimulatorError(
                "simulate: cannot open a window: \(sdl.lastError) (is DISPLAY or WAYLAND_DISPLAY set?)")
        }
        // Without a desktop SDL falls back to a driver that shows nothing; say so instead of running unseen.
        let driver = api.SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        if ["offscreen", "dummy", "evdev"].contains(driver) && !explicitDriver {
            api.SDL_Quit()
            throw SimulatorError(WindowDisplay.noDesktop + " (SDL found only its \(driver) driver)")
        }
        videoDriver = driver
        let size = geometry.window
        let pos = tw_sdl_windowpos_undefined()
        guard
            let window = api.SDL_CreateWindow(
                title, pos, pos, Int32(size.width), Int32(size.height), SDL_WINDOW_SHOWN.rawValue)
        else {
            let message = sdl.lastError
            api.SDL_Quit()
            throw SimulatorError("simulate: cannot open a \(size) window: \(message)")
        }
        // The window surface must hold 0x00RRGGBB words, as the kiosk's frames do (every 24/32-bit desktop).
        let xrgb: Set<UInt32> = [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue]
        guard let s = api.SDL_GetWindowSurface(window), let pixels = s.pointee.pixels,
            let f = s.pointee.format, xrgb.contains(f.pointee.format)
        else {
            let message = sdl.lastError
            api.SDL_DestroyWindow(window)
            api.SDL_Quit()
            throw SimulatorError("simulate: cannot draw into the window (it needs a 24-bit colour desktop): \(message)")
        }
        self.window = window
        surface = pixels
        surfaceStride = Int(s.pointee.pitch)
        scaler = NearestScaler(picture: geometry.scanout, zoom: geometry.zoom, window: geometry.picture)
        panel = HeadlessDisplay(canvas: geometry.canvas, rotation: rotation, format: format)
        widened =
            format == .rgb565
            ? Bitmap(width: geometry.scanout.width, height: geometry.scanout.height, format: .xrgb8888) : nil
        paintBezel()
    }

    deinit { close() }

    static let noDesktop =
        "simulate: no desktop to open a window on: set DISPLAY or WAYLAND_DISPLAY (or use `thumbwheel run --headless`)"

    var canvasSize: PixelSize { panel.canvasSize }
    var summary: String {
        "window \(canvasSize) \(buffer.format) rotation \(rotation) zoom \(decimal(geometry.zoom, places: 2)) (\(geometry.window) window pixels, SDL \(videoDriver))"
    }

    func present(_ frame: SourceFrame, damage: [PixelRect]) throws -> PresentOutcome {
        if closed { return .paused }
        let start = monotonicNow()
        let outcome = try panel.present(frame, damage: damage)
        guard outcome == .shown else { return outcome }
        let copied = monotonicNow()
        let rects =
            uploadEverything
            ? [PixelRect(size: geometry.scanout)] : damage.map { rotation.scanoutRect(for: $0, canvas: canvasSize) }
        uploadEverything = false
        let shown = upload(rects)
        let uploaded = monotonicNow()
        push(shown)
        lastPresentAt = monotonicNow()
        timing.add(
            copy: copied - start, scale: uploaded - copied, push: lastPresentAt - uploaded,
            pixels: rects.reduce(0) { $0 + $1.width * $1.height })
        return .shown
    }

    func handleEvents() throws -> Bool { false }
    func pause() throws { try panel.pause() }
    func resume() throws {
        try panel.resume()
        uploadEverything = true
    }
    func checkConnector() throws -> ConnectorChange { .unchanged }

    func close() {
        guard !closed else { return }
        closed = true
        panel.close()
        sdl.api.SDL_DestroyWindow(window)
        sdl.api.SDL_Quit()
    }

    /// Draws `draw` over the picture (scan-out orientation) until it is replaced or removed (nil).
    func setOverlay(_ draw: ((Canvas) -> Void)?) {
        guard !closed else { return }
        overlay = draw
        if draw == nil { composite = nil }
        push(upload([PixelRect(size: geometry.scanout)]))
    }

    /// Puts the whole window on screen again (it was uncovered).
    func refresh() { if !closed { _ = sdl.api.SDL_UpdateWindowSurface(window) } }

    func setTitle(_ title: String) { sdl.api.SDL_SetWindowTitle(window, title) }

    /// Enlarges the changed scan-out rectangles into the window surface: straight from the scan-out
    /// buffer when it is XRGB8888, widened first when it is RGB565; the whole picture with the overlay
    /// while one is shown. Returns the window rectangles written.
    private func upload(_ rects: [PixelRect]) -> [PixelRect] {
        let bounds = PixelRect(size: geometry.scanout)
        let clipped = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        for r in clipped { widen(r) }
        var source: (base: UnsafeRawPointer, strideBytes: Int) =
            widened.map { (UnsafeRawPointer($0.pixels), $0.strideBytes) } ?? (
                UnsafeRawPointer(buffer.base), buffer.strideBytes
            )
        var parts = clipped
        if let overlay {
            let picture = composite ?? Bitmap(width: bounds.width, height: bounds.height, format: .xrgb8888)
            composite = picture
            for y in 0..<bounds.height {
                UnsafeMutableRawPointer(picture.pixels).advanced(by: y * picture.strideBytes)
                    .copyMemory(from: source.base + y * source.strideBytes, byteCount: bounds.width * 4)
            }
            overlay(picture.canvas)
            source = (UnsafeRawPointer(picture.pixels), picture.strideBytes)
            parts = [bounds]
        }
        let origin = (x: geometry.bezel, y: geometry.bezel)
        return parts.map {
            scaler.scale(
                $0, from: source.base, fromStride: source.strideBytes, to: surface, toStride: surfaceStride,
                origin: origin)
        }
    }

    private func widen(_ r: PixelRect) {
        guard let widened else { return }
        let out = UnsafeMutableRawPointer(widened.pixels)
        for y in r.y..<r.maxY {
            let from = buffer.base + y * buffer.strideBytes, to = out + y * widened.strideBytes
            for x in r.x..<r.maxX {
                to.storeBytes(
                    of: RGB565.unpack(from.load(fromByteOffset: x * 2, as: UInt16.self)), toByteOffset: x * 4,
                    as: UInt32.self)
            }
        }
    }

    /// Sends the written window rectangles to the screen (only those: a small change is a small push).
    private func push(_ rects: [PixelRect]) {
        var sdlRects = rects.filter { !$0.isEmpty }.map {
            SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height))
        }
        guard !sdlRects.isEmpty else { return }
        if sdl.api.SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count)) != 0 {
            Log.warning("simulate: window update failed: \(sdl.lastError)")
        }
    }

    /// The bezel: the window's margin around the picture, near black.
    private func paintBezel() {
        let size = geometry.window
        for y in 0..<size.height {
            let row = surface + y * surfaceStride
            for x in 0..<size.width { row.storeBytes(of: 0x080808, toByteOffset: x * 4, as: UInt32.self) }
        }
    }
}

/// What presenting costs in the window, summed over the frames.
struct PresentTiming {
    private(set) var frames = 0
    /// Seconds: the damage copy into the scan-out buffer (as on a panel), its enlargement into the
    /// window surface, and the push of the changed window rectangles to the screen.
    private(set) var copy = 0.0, scale = 0.0, push = 0.0
    private(set) var pixels = 0

    /// What was added after `earlier` (a copy of this taken before).
    func since(_ earlier: PresentTiming) -> PresentTiming {
        var d = PresentTiming()
        d.frames = frames - earlier.frames; d.copy = copy - earlier.copy; d.scale = scale - earlier.scale
        d.push = push - earlier.push; d.pixels = pixels - earlier.pixels
        return d
    }

    mutating func add(copy: Double, scale: Double, push: Double, pixels: Int) {
        frames += 1; self.copy += copy; self.scale += scale; self.push += push; self.pixels += pixels
    }

    /// "N frames: copy a ms + scale b ms + push c ms per frame (p pixels changed per frame)".
    var summary: String {
        guard frames > 0 else { return "no frames presented" }
        let n = Double(frames)
        func ms(_ s: Double) -> String { decimal(s / n * 1000, places: 3) + " ms" }
        return
            "\(frames) frames: copy \(ms(copy)) + scale \(ms(scale)) + push \(ms(push)) per frame (\(pixels / frames) pixels changed per frame)"
    }
}

/// `v` rounded to `places` decimals, as the log shows it.
func decimal(_ v: Double, places: Int) -> String {
    var f = 1.0
    for _ in 0..<places { f *= 10 }
    return NumberFormat.plain((v * f).rounded() / f)
}
