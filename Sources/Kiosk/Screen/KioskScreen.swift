import Controls
import Core
import Raster

/// One screen of the config, live: its control models with their bindings, the touch router over
/// them, and the painter that draws them.
public final class KioskScreen {
    public let config: ScreenConfig
    public let bindings: [ControlBinding]
    public let router: TouchRouter
    public let painter: ScreenPainter
    /// Logical points → pixels.
    public let scale: Double

    /// Builds screen `index` of `config` for a canvas of `canvasSize` pixels.
    public init(config: KioskConfig, index: Int, canvasSize: PixelSize, scale: Double, time: MonotonicTime) {
        let screen = config.screens[index]
        self.config = screen
        self.scale = scale
        let factory = ControlFactory(scale: scale, configDirectory: FileIO.directory(of: config.file),
                                     screenSize: Size(Double(canvasSize.width) / scale, Double(canvasSize.height) / scale),
                                     theme: config.theme)
        var made: [ControlBinding] = []
        for c in screen.controls {
            if let b = factory.make(c, time: time) { made.append(b) } else {
                Log.warning("screen \(screen.id): control \(c.id): kind \(c.kind) cannot be shown by this build yet")
            }
        }
        bindings = made
        router = TouchRouter(controls: made.map(\.model) + made.flatMap(\.overlays))
        painter = TrackPainter(controls: made.map(\.model), background: screen.background ?? config.theme.background, scale: scale)
    }

    public func binding(id: String) -> ControlBinding? { bindings.first { $0.id == id } }

    /// The scale for a canvas: the config's `scale`, else from the panel's physical size, else 1.
    public static func scale(config: DisplayConfig, canvasSize: PixelSize, physicalMM: PixelSize?) -> Double {
        if let s = config.scale { return s }
        let widthMM = config.widthMM ?? physicalMM.map { Double($0.width) }
        guard let mm = widthMM, mm > 0 else { return 1 }
        // A logical point is 0.1927 mm: a 7" 800x480 panel (154.2 mm wide) has scale 1.
        return (Double(canvasSize.width) / mm) * 0.1927
    }
}
