import ConfigModel
import Widgets

extension ConfigBuilder {
    /// Reports every id whose derived names (the folded id, and the extra entities a kind publishes,
    /// such as a range slider's `_low`/`_high`) meet another id's: they would share one MQTT
    /// discovery topic and Home Assistant entity, and one would silently replace the other.
    mutating func checkDerivedNames(controls: [ControlConfig], variables: [ConfigTable]) {
        var owners: [String: (id: String, line: Int)] = [:]
        var seenControls = Set<String>()
        var reported = Set<String>()
        func claim(_ name: String, by id: String, table: ConfigTable) {
            let key = IDGrammar.folded(name)
            if let owner = owners[key], owner.id != id, reported.insert(id).inserted {
                let derived = name == id ? "" : " (its name \"\(name)\")"
                fail(
                    table, "id",
                    "expected an id whose published names differ from every other id's, found \"\(id)\"\(derived)"
                        + " which Home Assistant and MQTT would confuse with \"\(owner.id)\" (line \(owner.line))")
            } else if owners[key] == nil {
                owners[key] = (id, locator.location(of: table.path + ["id"]).line)
            }
        }
        for c in controls where seenControls.insert(c.id).inserted && IDGrammar.isValid(c.id) {
            // The screen's own topics (`<base>/backlight/…`, Home Assistant's screen light) take this name.
            if IDGrammar.folded(c.id) == IDGrammar.folded(PublishedNames.screen) {
                fail(
                    c.properties, "id",
                    "expected an id other than \"\(PublishedNames.screen)\" (the screen's own MQTT topics and Home Assistant light), found \"\(c.id)\""
                )
            }
            for name in PublishedNames.of(c) { claim(name, by: c.id, table: c.properties) }
        }
        for t in variables {
            guard let id = t.string("id"), IDGrammar.isValid(id), !seenControls.contains(id) else { continue }
            claim(id, by: id, table: t)
        }
    }
}

/// The names a control takes outside the panel (MQTT topics, Home Assistant entity ids): its id, and
/// one per extra entity it publishes (a range slider's `_low` and `_high`). The loader checks them
/// against each other; MQTT discovery derives its object ids the same way.
public enum PublishedNames {
    /// The name the screen itself is published under (its backlight: on/off and brightness).
    public static let screen = "backlight"

    /// `c`'s published names.
    public static func of(_ c: ControlConfig) -> [String] {
        let id = objectID(c.id)
        if case .pair(_, let low, let high)? = ElementKinds.named(c.kind)?.exposure(c.properties) {
            return [c.id, id + "_" + low, id + "_" + high]
        }
        return [c.id, id]
    }

    /// A topic level and entity id: letters, digits, `_` and `-`; anything else becomes `_`.
    public static func objectID(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    }
}
