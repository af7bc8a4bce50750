import ConfigLoading
import Controls
import Formats
import HomeAssistant
import Widgets

/// `check-config --against`: a loaded config's bindings held against what Home Assistant itself
/// says (a `HomeAssistantSnapshot`): every entity exists, every `attribute` is one its entity has,
/// every service (a button's `service`, and each call the mapping makes for the element) is one the
/// entity supports. Each finding is a located warning, as the loader's own are.
public enum EntityCheck {
    /// At most this many of HA's entity ids are searched for a "did you mean" (a big install has
    /// thousands; the search per name is bounded anyway).
    static let suggestionPool = 5000

    /// The warnings, in file order.
    public static func warnings(_ config: KioskConfig, against snapshot: HomeAssistantSnapshot) -> [ConfigWarning] {
        guard let ha = config.homeAssistant else { return [] }
        let places = ConfigPlaces(config)
        let ids = snapshot.entities.keys.sorted()
        var found: [ConfigWarning] = []
        for b in ha.elements + ha.variables {
            let entityKey = b.entity == nil ? "service" : "entity"
            if let entity = b.entity {
                guard let state = snapshot.entities[entity] else {
                    let pool = ids.filter { $0.hasPrefix(b.domain + ".") }.prefix(suggestionPool)
                    let hint = ConfigPlaces.suggestion(for: entity, among: Array(pool)).map {
                        " (did you mean \"\($0)\"?)"
                    }
                    found.append(
                        places.warning(
                            b.id, entityKey,
                            "expected an entity Home Assistant has, found \"\(entity)\", which it has not\(hint ?? "")")
                    )
                    continue
                }
                if let problem = attributeProblem(b, entity: entity, state) {
                    found.append(places.warning(b.id, places.isTemplateName(b.id) ? "" : "attribute", problem))
                    continue  // Its service's field would be the same mistake said again.
                }
            }
            guard let services = snapshot.services else { continue }
            for call in calls(b, config) {
                let state = b.entity.flatMap { snapshot.entities[$0] }
                guard let problem = ServiceSupport.problem(call, entity: b.entity, state: state, services: services)
                else { continue }
                let key = b.service != nil ? "service" : entityKey
                found.append(places.warning(b.id, key, "expected a service the entity supports, found: \(problem)"))
                break
            }
        }
        return found.enumerated().sorted {
            ($0.element.place.location, $0.offset) < ($1.element.place.location, $1.offset)
        }.map(\.element)
    }

    /// Why `b`'s attribute is not `entity`'s: not one it has (with a "did you mean"), or not present
    /// now because the entity is off or unavailable (HA drops a light's brightness while it is off).
    static func attributeProblem(_ b: EntityBinding, entity: String, _ state: EntityState) -> String? {
        // HA keeps some attributes as null while they do not apply (an off light's brightness).
        guard let attribute = b.attribute, state[attribute: attribute] == nil || state[attribute: attribute] == .null
        else { return nil }
        // A climate's mode is its state, not an attribute.
        if b.domain == "climate" && attribute == "hvac_mode" { return nil }
        let names: [String]
        if case .object(let pairs) = state.attributes {
            names = pairs.map(\.0).filter { $0 != attribute }.sorted()
        } else {
            names = []
        }
        let hint = ConfigPlaces.suggestion(for: attribute, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        if state[attribute: attribute] == .null || dropsAttributes(state, domain: b.domain) {
            return "expected an attribute of \(entity), found \"\(attribute)\" not present now: the entity is "
                + "\(state.state), and HA gives some attributes only while it is on or playing\(hint)"
        }
        return "expected an attribute \(entity) has, found \"\(attribute)\"\(hint)"
    }

    /// Whether `state` is one in which HA leaves out attributes the entity has at other times.
    private static func dropsAttributes(_ state: EntityState, domain: String) -> Bool {
        if ["off", "unavailable", "unknown"].contains(state.state) { return true }
        // A media player's media_* attributes come and go with what it plays.
        return domain == "media_player" && state.state != "playing"
    }

    /// The service calls the element's mapping makes (both ends of a toggle, a number, a colour and
    /// black, a choice's first option, a press), by the adapter's own table.
    static func calls(_ b: EntityBinding, _ config: KioskConfig) -> [ServiceCall] {
        guard b.use != .readout else { return [] }
        var exposure: ValueExposure = .press
        if let c = config.control(id: b.id), let kind = ElementKinds.named(c.kind) {
            exposure = kind.exposure(c.properties)
        }
        if case .select(let options) = exposure, options.isEmpty { exposure = .select(options: ["?"]) }
        let link = EntityLink(binding: b, exposure: exposure)
        let values: [StoredValue?]
        switch b.use {
        case .press: values = [nil]
        case .onOff: values = [.single(1), .single(0)]
        case .number, .select: values = [.single(link.range?.minimum ?? 0)]
        case .pair: values = [.pair(link.range?.minimum ?? 0, link.range?.maximum ?? 1)]
        case .color: values = [.single(0xFF0000), .single(0)]
        case .readout: values = []
        }
        return values.compactMap { EntityValues.call($0, for: link, state: nil) }
    }
}
