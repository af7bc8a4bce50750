import CSDL2
import Core
import Display
import Glibc
import Kiosk
import Raster

/// The simulator's window as one more display: the same damage copy as the panels (a
/// `HeadlessDisplay`: a scan-out buffer of the panel's format and rotation), then the damaged rectangles
/// uploaded to an SDL streaming texture and the texture put on screen, enlarged nearest-neighbour
/// so that at zoom 1 every window pixel is the panel's pixel.
final class WindowDisplay: DisplayOutput {
    let kind = DisplayKind.window
    let rotation: DisplayRotation
    let physicalSizeMM: PixelSize?
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
    private let renderer: OpaquePointer
    private let texture: OpaquePointer
    /// The panel's scan-out copy, in memory.
    private let panel: HeadlessDisplay
    private var buffer: ScanoutBuffer { panel.scanoutBuffer }
    /// Set by `resume`: the next present sends the whole picture (the copy repaints everything then).
    private var uploadEverything = false
    /// The scan-out picture widened to XRGB8888 for the texture, when the panel is RGB565 (the same
    /// widening as `HeadlessDisplay.lastFrame`: what the panel shows).
    private let widened: Bitmap?
    /// The picture with the overlay drawn over it, while there is an overlay.
    private var composite: Bitmap?
    private var overlay: ((Canvas) -> Void)?
    private var closed = false

    /// Opens a window for a canvas of `canvas` pixels. `physicalMM`: the panel's size when the config
    /// gives it (the kiosk then lays out and warns as on that panel).
    init(sdl: SDLLibrary, title: String, geometry: WindowGeometry, format: ScanoutFormat, physicalMM: PixelSize?) throws(SimulatorError) {
        self.sdl = sdl
        self.geometry = geometry
        rotation = geometry.rotation
        physicalSizeMM = physicalMM
        let api = sdl.api
        // The kiosk handles SIGINT and SIGTERM itself (save, then exit 0), through its signalfd.
        _ = api.SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Nearest neighbour: an enlarged panel pixel stays one sharp square.
        _ = api.SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        let explicitDriver = getenv("SDL_VIDEODRIVER") != nil
        if !explicitDriver && getenv("WAYLAND_DISPLAY") == nil {
            guard getenv("DISPLAY") != nil else { throw SimulatorError(WindowDisplay.noDesktop) }
            // X only: probing Wayland without a compositor makes libwayland print an error of its own.
            _ = api.SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        }
        guard api.SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw SimulatorError("simulate: cannot open a window: \(sdl.lastError) (is DISPLAY or WAYLAND_DISPLAY set?)")
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
        guard let window = api.SDL_CreateWindow(title, pos, pos, Int32(size.width), Int32(size.height), SDL_WINDOW_SHOWN.rawValue) else {
            let message = sdl.lastError
            api.SDL_Quit()
            throw SimulatorError("simulate: cannot open a \(size) window: \(message)")
        }
        // The software renderer: exact pixels everywhere (Xvfb, remote X, no GPU), and at these sizes
        // its copy costs little next to drawing the frame (see README "Simulator").
        guard let renderer = api.SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue),
              let texture = api.SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                                  Int32(geometry.scanout.width), Int32(geometry.scanout.height)) else {
            let message = sdl.lastError
            api.SDL_DestroyWindow(window)
            api.SDL_Quit()
            throw SimulatorError("simulate: cannot draw into the window: \(message)")
        }
        self.window = window; self.renderer = renderer; self.texture = texture
        let scan = geometry.scanout
        panel = HeadlessDisplay(canvas: geometry.canvas, rotation: rotation, format: format)
        widened = format == .rgb565 ? Bitmap(width: scan.width, height: scan.height, format: .xrgb8888) : nil
    }

    deinit { close() }

    static let noDesktop = "simulate: no desktop to open a window on: set DISPLAY or WAYLAND_DISPLAY (or use `thumbwheel run --headless`)"

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
        let rects = uploadEverything ? [PixelRect(size: geometry.scanout)] : damage.map { rotation.scanoutRect(for: $0, canvas: canvasSize) }
        uploadEverything = false
        upload(rects)
        let uploaded = monotonicNow()
        show()
        lastPresentAt = monotonicNow()
        timing.add(copy: copied - start, upload: uploaded - copied, show: lastPresentAt - uploaded,
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
        sdl.api.SDL_DestroyTexture(texture)
        sdl.api.SDL_DestroyRenderer(renderer)
        sdl.api.SDL_DestroyWindow(window)
        sdl.api.SDL_Quit()
    }

    /// Draws `draw` over the picture (scan-out orientation) until it is replaced or removed (nil).
    func setOverlay(_ draw: ((Canvas) -> Void)?) {
        overlay = draw
        if draw == nil { composite = nil }
        upload([PixelRect(size: geometry.scanout)])
        show()
    }

    /// Puts the texture on screen again (the window was uncovered).
    func refresh() { if !closed { show() } }

    func setTitle(_ title: String) { sdl.api.SDL_SetWindowTitle(window, title) }

    /// Sends the changed scan-out rectangles to the texture: straight from the scan-out buffer when it
    /// is XRGB8888, widened first when it is RGB565; the whole picture again while an overlay is shown.
    private func upload(_ rects: [PixelRect]) {
        let bounds = PixelRect(size: geometry.scanout)
        for r in rects { widen(r.intersection(bounds)) }
        let source: (base: UnsafeMutableRawPointer, strideBytes: Int) =
            widened.map { (UnsafeMutableRawPointer($0.pixels), $0.strideBytes) } ?? (buffer.base, buffer.strideBytes)
        if let overlay {
            let picture = composite ?? Bitmap(width: bounds.width, height: bounds.height, format: .xrgb8888)
            composite = picture
            for y in 0..<bounds.height {
                UnsafeMutableRawPointer(picture.pixels).advanced(by: y * picture.strideBytes)
                    .copyMemory(from: source.base + y * source.strideBytes, byteCount: bounds.width * 4)
            }
            overlay(picture.canvas)
            updateTexture(bounds, UnsafeMutableRawPointer(picture.pixels), picture.strideBytes)
            return
        }
        for r in rects {
            let clipped = r.intersection(bounds)
            guard !clipped.isEmpty else { continue }
            updateTexture(clipped, source.base + clipped.y * source.strideBytes + clipped.x * 4, source.strideBytes)
        }
    }

    private func widen(_ r: PixelRect) {
        guard let widened, !r.isEmpty else { return }
        let out = UnsafeMutableRawPointer(widened.pixels)
        for y in r.y..<r.maxY {
            let from = buffer.base + y * buffer.strideBytes, to = out + y * widened.strideBytes
            for x in r.x..<r.maxX {
                to.storeBytes(of: RGB565.unpack(from.load(fromByteOffset: x * 2, as: UInt16.self)), toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    private func updateTexture(_ r: PixelRect, _ pixels: UnsafeMutableRawPointer, _ strideBytes: Int) {
        var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        if sdl.api.SDL_UpdateTexture(texture, &rect, pixels, Int32(strideBytes)) != 0 {
            Log.warning("simulate: texture upload failed: \(sdl.lastError)")
        }
    }

    /// The bezel, then the picture enlarged into its place.
    private func show() {
        let api = sdl.api
        _ = api.SDL_SetRenderDrawColor(renderer, 0x08, 0x08, 0x08, 0xFF)
        _ = api.SDL_RenderClear(renderer)
        let picture = geometry.picture
        var destination = SDL_Rect(x: Int32(geometry.bezel), y: Int32(geometry.bezel), w: Int32(picture.width), h: Int32(picture.height))
        _ = api.SDL_RenderCopy(renderer, texture, nil, &destination)
        api.SDL_RenderPresent(renderer)
    }
}

/// What presenting costs in the window, summed over the frames.
struct PresentTiming {
    private(set) var frames = 0
    /// Seconds: the damage copy into the scan-out buffer (as on a panel), the texture upload, and
    /// SDL's copy to the window and present.
    private(set) var copy = 0.0, upload = 0.0, show = 0.0
    private(set) var pixels = 0

    /// What was added after `earlier` (a copy of this taken before).
    func since(_ earlier: PresentTiming) -> PresentTiming {
        var d = PresentTiming()
        d.frames = frames - earlier.frames; d.copy = copy - earlier.copy; d.upload = upload - earlier.upload
        d.show = show - earlier.show; d.pixels = pixels - earlier.pixels
        return d
    }

    mutating func add(copy: Double, upload: Double, show: Double, pixels: Int) {
        frames += 1; self.copy += copy; self.upload += upload; self.show += show; self.pixels += pixels
    }

    /// "N frames: copy a ms + upload b ms + present c ms per frame (p pixels per frame)".
    var summary: String {
        guard frames > 0 else { return "no frames presented" }
        let n = Double(frames)
        func ms(_ s: Double) -> String { decimal(s / n * 1000, places: 3) + " ms" }
        return "\(frames) frames: copy \(ms(copy)) + upload \(ms(upload)) + present \(ms(show)) per frame (\(pixels / frames) pixels changed per frame)"
    }
}

/// `v` rounded to `places` decimals, as the log shows it.
func decimal(_ v: Double, places: Int) -> String {
    var f = 1.0
    for _ in 0..<places { f *= 10 }
    return NumberFormat.plain((v * f).rounded() / f)
}
