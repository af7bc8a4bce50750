import ConfigLoading
import Core
import Display
import Platform
import Raster
import Widgets

/// The kiosk as a front end (the simulator's window) sees it.
extension KioskRuntime: KioskHandle {
    public var configPath: String { options.configPath }
    public var configFiles: [String] { config.files }
    public var currentFrame: Bitmap { presenter.bitmap }

    public func inject(_ frame: TouchFrame) { route(frame) }

    public func requestStop() { loop.stop() }

    public func redrawEverything() { presenter.invalidate(.everything) }

    public var touchTargets: [TouchTarget] {
        let display = presenter.display
        let density =
            PanelDensity.connector(config.display, canvas: display.canvasSize, physicalMM: display.physicalSizeMM)
            ?? .configured(config.display)
        let scale = screen.scale
        return config.places.filter { $0.screen == pages.current && $0.touchable }.map { p in
            let f = p.frame
            let small = min(density.millimetres(f.width), density.millimetres(f.height)) < Scale.minimumHitMillimetres
            return TouchTarget(
                id: p.id,
                frame: Rect(x: f.minX * scale, y: f.minY * scale, width: f.width * scale, height: f.height * scale),
                tooSmall: small)
        }
    }
}
