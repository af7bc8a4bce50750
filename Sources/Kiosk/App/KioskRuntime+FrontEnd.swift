import ConfigLoading
import Core
import Display
import Platform
import Raster
import Widgets

/// The kiosk as a front end (the simulator's window) sees it.
extension KioskRuntime: KioskHandle {
    var eventLoop: EventLoop { loop }
    var configPath: String { options.configPath }
    var configFiles: [String] { config.files }
    var currentFrame: Bitmap { presenter.bitmap }

    func inject(_ frame: TouchFrame) { route(frame) }

    func injectDrag(from: Point, to: Point, duration: Double, steps: Int) {
        // A wheel flick behind ten seconds of queued touches is dropped: it would play long after the turn.
        _ = try? touches.queueDrag(from: from, to: to, duration: duration, steps: steps, now: monotonicNow())
    }

    func reloadConfig() -> [String] { reload() }

    func requestStop() { loop.stop() }

    func redrawEverything() { presenter.invalidate(.everything) }

    var touchTargets: [TouchTarget] {
        let display = presenter.display
        let density = PanelDensity.connector(config.display, canvas: display.canvasSize, physicalMM: display.physicalSizeMM)
            ?? .configured(config.display)
        let scale = screen.scale
        return config.places.filter { $0.screen == pages.current && $0.touchable }.map { p in
            let f = p.frame
            let small = min(density.millimetres(f.width), density.millimetres(f.height)) < Scale.minimumHitMillimetres
            return TouchTarget(id: p.id, frame: Rect(x: f.minX * scale, y: f.minY * scale, width: f.width * scale, height: f.height * scale),
                               tooSmall: small)
        }
    }
}
