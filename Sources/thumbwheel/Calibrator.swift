import Kiosk
import ConfigLoading
import Core
import Display
import Glibc
import Input
import Platform
import Raster

/// `thumbwheel calibrate`: shows five targets on the panel, records where the touch panel reports
/// each press (through the mapping the config has now), solves the libinput-style matrix by least
/// squares and writes it into the config's `[input] calibration`, keeping the rest of the file.
public final class Calibrator {
    private let configPath: String
    private var config: KioskConfig

    public init(configPath: String) throws(ConfigErrors) {
        self.configPath = configPath
        config = try ConfigLoader.load(path: configPath)
    }

    /// Runs until every target is touched (returns 0) or a signal stops it (returns 1).
    public func run() -> Int32 {
        let signals = SignalSource()
        let selection: DisplaySelector.Selection
        do { selection = try DisplaySelector().select(config.displayOptions(forceHeadless: false)) } catch {
            Log.error("calibrate: no display: \(error)")
            return 1
        }
        let display = selection.output
        defer { display.close() }
        guard display.kind != .headless else {
            Log.error("calibrate: needs a panel (DRM or fbdev); only the headless display is available here")
            return 1
        }
        let size = display.canvasSize
        let hubConfig = config.inputConfiguration(canvas: size)
        let hub = InputHub(configuration: hubConfig)
        defer { _ = hub.shutdown() }
        // Any axis range gives the same normalised samples, so the session's mapper needs no device.
        let mapper = CoordinateMapper(
            xRange: AxisRange(minimum: 0, maximum: 65535), yRange: AxisRange(minimum: 0, maximum: 65535),
            displaySize: hubConfig.displaySize, calibration: hubConfig.calibration,
            touchRotation: hubConfig.touchRotation, displayRotation: hubConfig.displayRotation)
        var session = CalibrationSession(mapper: mapper)
        let bitmap = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
        func show() {
            draw(target: session.currentTarget, on: bitmap.canvas)
            _ = try? display.present(SourceFrame(bitmap), damage: [bitmap.canvas.bounds])
        }
        show()
        Log.notice("calibrate: touch the centre of each cross (\(session.targets.count) in all)")
        // The kiosk's own loop: signals and every device fd in epoll, one turn per wake-up.
        let loop = EventLoop()
        var result: Int32?
        func finish(_ code: Int32) { result = code; loop.stop() }
        func apply(_ update: InputUpdate) {
            update.log()
            for fd in update.removedFDs { loop.remove(fd: fd) }
            for fd in update.addedFDs { loop.add(fd: fd) { _ in apply(hub.handleReadable(fd: fd)) } }
            for frame in update.frames where result == nil {
                switch session.handle(frame) {
                case .waiting: break
                case .nextTarget: show()
                case .restarted(let why): Log.warning("calibrate: \(why); starting again"); show()
                case .finished(let matrix, let rms): finish(save(matrix, rms: rms))
                }
            }
        }
        loop.add(fd: signals.fd) { _ in
            if signals.drain().contains(where: { $0 == SIGTERM || $0 == SIGINT }) { finish(1) }
        }
        apply(hub.start())
        if result == nil { loop.run { nil } }
        return result ?? 1
    }

    private func save(_ matrix: CalibrationMatrix, rms: Double) -> Int32 {
        guard let text = ConfigLoader.readTextFile(configPath) else {
            Log.error("calibrate: cannot read \(configPath) back"); return 1
        }
        let values = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f]
        let edited = ConfigEditor.setting("calibration", to: ConfigEditor.array(values), inSection: "input", of: text)
        do { try FileIO.writeAtomically(Array(edited.utf8), to: configPath) } catch {
            Log.error("calibrate: \(error)"); return 1
        }
        Log.notice(
            "calibrate: wrote calibration = \(ConfigEditor.array(values)) to \(configPath) (fit error \(Int(rms.rounded())) px rms); restart or SIGHUP the kiosk to use it"
        )
        return 0
    }

    /// A dark screen with one cross and ring at the target.
    private func draw(target: Point?, on canvas: Canvas) {
        canvas.clear(Color(rgb: 0x101010))
        guard let t = target else { return }
        let white = Paint.solid(.white)
        canvas.strokeLine(from: Point(t.x - 30, t.y), to: Point(t.x + 30, t.y), width: 2, paint: white)
        canvas.strokeLine(from: Point(t.x, t.y - 30), to: Point(t.x, t.y + 30), width: 2, paint: white)
        canvas.strokeCircle(center: t, radius: 16, width: 2, paint: .solid(Color(rgb: 0xE0883A)))
    }
}
