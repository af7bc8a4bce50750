import ConfigModel
import Widgets

/// A Home Assistant entity named in a template: `{sensor.outdoor:.1}` (its state) or
/// `{media_player.lounge.media_title}` (an attribute).
struct EntityReference {
    var placeholder: TextTemplate.Placeholder
    var table: ConfigTable
    var key: String
}

/// Templates that name entities directly: each entity (and attribute) becomes a variable of its own,
/// named as written (`sensor.outdoor`), bound to the entity as `[[variables]] entity` binds one, so
/// the Home Assistant adapter follows it like any bound variable. A placeholder with a number format
/// (`.1`, `time`, `words=…`) reads the entity as a number; one without reads its text as HA says it.
extension ConfigBuilder {
    mutating func bindEntityTemplates(section: ConfigTable?, to config: inout KioskConfig) {
        var numeric: [String: Bool] = [:]
        var order: [String] = []
        var bindings: [String: EntityBinding] = [:]
        for r in entityReferences {
            let p = r.placeholder
            let written = "{\(p.name)} at column \(p.column)"
            guard p.end == nil, let (entity, domain, attribute) = EntityReference.parse(p.name) else {
                fail(
                    r.table, r.key,
                    "expected a control id, a declared variable or a Home Assistant entity "
                        + "(domain.object_id, optionally .attribute, in lower case: {sensor.outdoor:.1}), found \(written)"
                )
                continue
            }
            guard EntityMapping.known.contains(domain) else {
                let hint =
                    Validator.suggestion(for: domain, among: EntityMapping.known.sorted()).map {
                        " (did you mean \"\($0)\"?)"
                    } ?? ""
                fail(
                    r.table, r.key,
                    "expected an entity of a Home Assistant domain, found the unknown domain \"\(domain)\" in \(written)\(hint)"
                )
                continue
            }
            guard section != nil else {
                fail(
                    r.table, r.key,
                    "expected a [homeassistant] section to show the entity \(written) with, found none")
                continue
            }
            if bindings[p.name] == nil {
                order.append(p.name)
                bindings[p.name] = EntityBinding(
                    id: p.name, entity: entity, domain: domain, use: .readout, attribute: attribute)
            }
            let isNumber: Bool
            switch p.format {
            case .automatic, .wallClock: isNumber = false
            case .decimals, .time, .words: isNumber = true
            }
            numeric[p.name] = (numeric[p.name] ?? false) || isNumber
        }
        guard config.homeAssistant != nil else { return }
        for name in order {
            guard let binding = bindings[name] else { continue }
            config.variables.append(
                ValueBoard.Declaration(id: name, type: numeric[name] == true ? .number : .text))
            config.homeAssistant?.variables.append(binding)
        }
    }
}

extension EntityReference {
    /// The entity id, its domain and the attribute of `name` (`media_player.lounge.media_title`), or
    /// nil when it is no entity id: lower-case letters, digits and `_`, two or three parts.
    static func parse(_ name: String) -> (entity: String, domain: String, attribute: String?)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let entity = parts[0] + "." + parts[1]
        guard let domain = EntityMapping.domain(of: entity) else { return nil }
        guard parts.count == 3 else { return (entity, domain, nil) }
        let attribute = parts[2]
        guard !attribute.isEmpty,
            attribute.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) })
        else { return nil }
        return (entity, domain, attribute)
    }
}
