import ConfigLoading
import Controls
import Core
import Formats
import Raster
import Widgets

/// One screen of a config drawn once (`thumbwheel render`), given values, keys and availability from
/// outside as adapters give them to the running kiosk: a value set on its element, a key checked by
/// `PropertyEdits` and the element built again, an unavailable source veiling what shows it (the
/// runtime's `showAvailability` rule), and the link banner over it all. No loop, no touch, no state.
public final class StillPanel {
    public let config: KioskConfig
    private let screen: KioskScreen
    private let variables: Variables
    private let canvas: PixelSize
    private var properties: [String: [String: ConfigValue]] = [:]
    private var unavailable: Set<String> = []
    /// The banner's lines (`LinkStatusBanner`), e.g. "Home Assistant not connected"; none: no banner.
    public var linkLines: [String] = []

    public init(config: KioskConfig, index: Int, canvasSize: PixelSize, scale: Double) {
        self.config = config
        canvas = canvasSize
        let variables = Variables(config: config, time: 0)
        self.variables = variables
        let screen = KioskScreen(
            config: config, index: index, canvasSize: canvasSize, scale: scale, time: 0, board: variables.board)
        self.screen = screen
        let initial = ControlValues.initial(of: config)
        variables.board.controlValue = { [unowned screen] id in screen.element(id: id)?.value ?? initial[id] }
    }

    /// Sets element `id` as a device would; an element not on this screen is left alone. Why it was
    /// refused, or nil.
    public func set(_ id: String, _ value: StoredValue) -> String? {
        guard let element = screen.element(id: id) else { return nil }
        do { _ = try element.setValue(value, time: 0) } catch { return "\(id): \(error)" }
        _ = element.drainEvents(time: 0)
        _ = screen.refresh(overrides: properties, time: 0)
        return nil
    }

    /// Sets variable `id` (checked against its type, as `set-var` is); why it was refused, or nil.
    public func setVariable(_ id: String, _ value: JSON) -> String? {
        do { _ = try variables.set(id, value, now: 0) } catch { return error.message }
        _ = screen.refresh(overrides: properties, time: 0)
        return nil
    }

    /// Sets one of element `id`'s keys as `setProperty` does; why it was refused, or nil.
    public func setProperty(_ id: String, _ key: String, _ value: JSON) -> String? {
        guard let c = config.control(id: id) else { return "no element \(id)" }
        do throws(PropertyError) {
            properties[id, default: [:]][key] = try PropertyEdits.value(value, key: key, of: c, in: config)
        } catch { return error.description }
        _ = screen.refresh(overrides: properties, time: 0)
        return nil
    }

    /// Marks element or variable `id` unavailable (veiled; text showing it dimmed) or available.
    public func setAvailable(_ id: String, _ available: Bool) {
        _ = variables.setAvailable(id, available)
        if config.control(id: id) != nil {
            if available { unavailable.remove(id) } else { unavailable.insert(id) }
        }
        _ = screen.refresh(overrides: properties, time: 0)
    }

    /// The screen as the kiosk's frame would show it now.
    public func render() -> Bitmap {
        let ids = Set(screen.elements.map(\.id))
        screen.view.unavailable = unavailable.intersection(ids).union(screen.disabledIDs).union(
            screen.readingUnavailable)
        let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
        _ = screen.render(into: bitmap.canvas, full: true, time: 0)
        if !linkLines.isEmpty {
            let badge = SaveWarningBadge(canvas: canvas, fontPath: config.fonts.regular)
            LinkStatusBanner(
                lines: linkLines, canvas: canvas, fontPath: config.fonts.regular, theme: config.theme,
                badge: badge.rect, top: screen.topBarPixels
            ).draw(on: bitmap.canvas)
        }
        return bitmap
    }
}
