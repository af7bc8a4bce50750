import ConfigModel
import Core
import Formats

/// Where the keys of a loaded config are written, for warnings found after the load (what Home
/// Assistant says of the bound entities, `check-config --against`): placed and named exactly as the
/// loader's own diagnostics are. Made from the file's text the config keeps (`KioskConfig.source`).
public struct ConfigPlaces {
    private let file: String
    private let locator: SourceLocator
    /// The path of each `[[variables]]` entry, by its id.
    private let variables: [String: [String]]
    private let controls: [ControlConfig]

    public init(_ config: KioskConfig) {
        file = config.file
        controls = config.allControls
        let parsed = try? TOMLParser.parseWithPositions(config.source)
        locator = SourceLocator(positions: parsed?.1 ?? [:], root: parsed?.0)
        var paths: [String: [String]] = [:]
        if case .table(let entries)? = parsed?.0,
            case .array(let items)? = entries.first(where: { $0.key == "variables" })?.value
        {
            for (i, item) in items.enumerated() {
                guard case .table(let fields) = item,
                    case .string(let id)? = fields.first(where: { $0.key == "id" })?.value
                else { continue }
                paths[id] = ["variables", "[\(i)]"]
            }
        }
        variables = paths
    }

    /// A warning at `key` of the element or variable `id` (a control, a `[[variables]]` entry, or an
    /// entity named in a template: placed at the first key whose template names it).
    public func warning(_ id: String, _ key: String, _ message: String) -> ConfigWarning {
        let path: [String]
        if let c = controls.first(where: { $0.id == id }) {
            path = c.properties.path + [key]
        } else if let v = variables[id] {
            path = v + [key]
        } else if let (c, written) = templateNaming(id) {
            path = c.properties.path + written
        } else {
            path = []
        }
        return ConfigWarning(
            file: file, location: locator.location(of: path), key: locator.name(path), message: message)
    }

    /// Whether `id` is named in a template rather than declared (an entity written as `{sensor.x}`).
    public func isTemplateName(_ id: String) -> Bool {
        controls.first(where: { $0.id == id }) == nil && variables[id] == nil && templateNaming(id) != nil
    }

    /// The first control and key (a path below it) whose template names `{name}` or `{name:…}`, or
    /// whose condition names `name`.
    private func templateNaming(_ name: String) -> (ControlConfig, [String])? {
        func names(_ text: String, condition: Bool) -> Bool {
            text.containsText("{\(name)}") || text.containsText("{\(name):")
                || (condition && text.containsText(name))
        }
        for c in controls {
            for key in c.properties.values.keys.sorted() {
                guard let text = c.properties.string(key) else { continue }
                if names(text, condition: key.hasSuffix("_when")) { return (c, [key]) }
            }
            for (i, t) in c.properties.tables("color_when").enumerated() {
                if let text = t.string("when"), names(text, condition: true) {
                    return (c, ["color_when", "[\(i)]", "when"])
                }
            }
        }
        return nil
    }

    /// "Did you mean" among `names`, by the loader's own rule (bounded by the distance it accepts).
    public static func suggestion(for word: String, among names: [String]) -> String? {
        Validator.suggestion(for: word, among: names)
    }
}
