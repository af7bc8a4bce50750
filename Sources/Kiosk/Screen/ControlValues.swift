import ConfigLoading
import Controls
import Core
import Platform
import Widgets

/// The values controls start with, for labels that show a control of a screen not built yet.
enum ControlValues {
    /// Every control's value as its config sets it (defaults and clamping included: each is built by
    /// its kind, as a screen would build it, and read). Elements holding no value are left out.
    static func initial(of config: KioskConfig) -> [String: StoredValue] {
        let size = config.display.headlessSize
        let context = ElementContext(
            scale: 1, configDirectory: FileIO.directory(of: config.file),
            screenSize: Size(Double(size.width), Double(size.height)), theme: config.theme, time: 0,
            templates: config.templates)
        var values: [String: StoredValue] = [:]
        for c in config.allControls {
            guard let kind = ElementKinds.named(c.kind), let value = kind.make(c, in: context).value else { continue }
            values[c.id] = value
        }
        return values
    }
}
