@_exported import ConfigModel
import Core
import Widgets

/// A loaded, validated config file: every section typed, defaults filled in where the kiosk owns them.
/// Control properties stay a validated `ConfigTable`; each control's own defaults live in Controls.
public struct KioskConfig: Sendable {
    public var file: String
    public var display: DisplayConfig
    public var input: InputConfig
    /// The look shared by every control (Widgets' theme, its defaults overridden by `[theme]`).
    public var theme: Theme
    /// The text fonts' files (`[theme] font`, `bold_font`).
    public var fonts = ThemeFonts()
    public var idle: IdleConfig
    public var socket: SocketConfig
    public var state: StateConfig
    public var screens: [ScreenConfig]
    /// The variables other programs set through the socket (`[[variables]]`), in file order.
    public var variables: [ValueBoard.Declaration] = []
    public var navigation = NavigationConfig()
    /// `[icons]`: the icon font and its names.
    public var icons = IconConfig()
    /// `[mqtt]`; nil (no section) runs without MQTT.
    public var mqtt: MQTTConfig?
    /// `[homeassistant]` and the elements bound to its entities; nil (no section) runs without it.
    public var homeAssistant: HomeAssistantConfig?
    /// The file's text as loaded (kept as the last good config once it has started the kiosk).
    public var source = ""

    /// The index of the home screen (`[navigation] home`, else the first).
    public var homeIndex: Int { navigation.home.flatMap { h in screens.firstIndex { $0.id == h } } ?? 0 }
    /// Every template of the config (labels' `text`, dials' `readout`), parsed once at load, by its text.
    public var templates: [String: TextTemplate] = [:]
    /// What the file allows but probably does not mean, in file order: `check-config` prints them, the
    /// kiosk logs them.
    public var warnings: [ConfigWarning] = []
    /// Where every element ended up (for warnings the kiosk repeats with the panel's real size).
    public var places: [ElementPlace] = []
    /// The image and font files the config names, resolved (relative images from the config's folder),
    /// whether or not they could be read: what a live reload watches.
    public var files: [String] = []
    /// Warnings about this machine (a hook's program or the socket's group not installed, a device not
    /// plugged in), found at load and repeated wherever the others are.
    var machineWarnings: [ConfigWarning] = []

    /// Every control of every screen, in drawing order (file order, cards behind what they contain).
    public var allControls: [ControlConfig] { screens.flatMap(\.controls) }
    public func control(id: String) -> ControlConfig? { allControls.first { $0.id == id } }

    /// The warnings `check-config` knows of: touch targets smaller than a finger at the configured
    /// density, touch targets on top of each other, elements off the configured screen.
    func loadWarnings() -> [ConfigWarning] {
        warnings(density: .configured(display), canvas: display.headlessSize, canvasName: "display.size")
    }

    /// The warnings for the panel the kiosk runs on: with the physical size the connector reports
    /// (`physicalMM`), sizes are measured on the real panel and the screen is its canvas; without one,
    /// the warnings `check-config` gives.
    public func runWarnings(canvas: PixelSize, physicalMM: PixelSize?) -> [ConfigWarning] {
        guard let density = PanelDensity.connector(display, canvas: canvas, physicalMM: physicalMM) else {
            return warnings
        }
        return warnings(density: density, canvas: canvas, canvasName: "the canvas")
    }

    private func warnings(density: PanelDensity, canvas: PixelSize, canvasName: String) -> [ConfigWarning] {
        let scale = density.pixelsPerPoint
        let points = Size(Double(canvas.width) / scale, Double(canvas.height) / scale)
        let pixels = scale == 1 ? "1 pixel" : "\(PanelDensity.number(scale, places: 2)) pixels"
        let found =
            ConfigWarnings.tooSmall(places, density: density, file: file) + ConfigWarnings.overlaps(places, file: file)
            + ConfigWarnings.offScreen(
                places, screen: points, canvas: "\(canvasName) \(canvas) at \(pixels) per point", file: file)
            + ConfigWarnings.underNavigationBar(places, bar: navigation.bar, screen: points, file: file)
            + machineWarnings
        // In file order; warnings on one key keep the order above (size, overlap, screen).
        return found.enumerated().sorted {
            ($0.element.place.location, $0.element.place.key, $0.offset) < (
                $1.element.place.location, $1.element.place.key, $1.offset
            )
        }
        .map(\.element)
    }
}

public struct DisplayConfig: Sendable {
    public enum Backend: String, Sendable { case auto, drm, fbdev, headless }
    public var backend: Backend = .auto
    public var device: String?
    /// "WxH" or "WxH@Hz"; nil for the connector's preferred mode.
    public var mode: String?
    public var rgb565 = false
    /// Clockwise panel rotation: 0, 90, 180 or 270.
    public var rotation = 0
    public var headlessSize = PixelSize(width: 800, height: 480)
    /// The language of month and weekday names in `{now:…}` (`de`, `fr_FR`…).
    public var locale = "en"
    /// The `size` key when the file writes it: the screen in points that its frames are laid out on.
    public var givenSize: PixelSize?
    public var widthMM: Double?
    public var heightMM: Double?
    public var scale: Double?
    /// The virtual terminal to switch into graphics mode (VT switches then pause the kiosk).
    public var terminal: String?
}

public struct InputConfig: Sendable {
    public var device = "auto"
    public var calibration: [Double] = [1, 0, 0, 0, 1, 0]
    public var rotation = 0
    public var grab = true
    public var haptics = true
    /// How the loop waits for the panel's next report while a finger is down.
    public enum ReportWait: String, Sendable {
        /// Sleep until the report wakes the loop: the least power.
        case sleep
        /// Wake just before the report is due (`ReportPacer`) and poll for it: the wake-up is paid
        /// before the report, for well under a tenth of one core while touched.
        case anticipate
        /// Poll from one report to the next: the core never idles while touched, so its caches stay
        /// warm too; one core busy while a finger is down.
        case poll
    }
    public var reportWait = ReportWait.anticipate
}

public struct IdleConfig: Sendable {
    /// Seconds; 0 means never.
    public var dimAfter = 0.0
    public var blankAfter = 0.0
    public var dimLevel = 0.2
    public var backlight: String?
    public var wakeTapOnly = true
}

public struct SocketConfig: Sendable {
    /// Empty disables the socket.
    public var path = "/run/thumbwheel/control.sock"
    public var group: String?
}

public struct StateConfig: Sendable {
    public var path = "/var/lib/thumbwheel/state.json"
    public var debounceMS = 500
}

public struct ScreenConfig: Sendable {
    public var id: String
    public var background: Color?
    public var controls: [ControlConfig]
    /// What the navigation bar calls it.
    public var title: String = ""
    /// Its navigation icon (a resolved path or a built-in icon's name).
    public var icon: String?
}

/// Pages: where the navigation bar goes, which screen is home, when to go home.
public struct NavigationConfig: Sendable {
    public enum Bar: String, Sendable { case none, top, bottom }
    public var bar = Bar.none
    /// The home screen's id; nil for the first screen.
    public var home: String?
    /// Seconds without a touch before going home; 0 never.
    public var returnHomeAfter = 0.0
    /// Whether a horizontal swipe that starts on no control pages through the screens.
    public var swipe = true
}
