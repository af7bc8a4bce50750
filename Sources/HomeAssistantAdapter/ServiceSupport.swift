import ConfigLoading
import Formats
import HomeAssistant

/// Whether an entity takes a service call, by what `get_services` describes: the service exists,
/// its `target` takes the entity's domain with the `supported_features` it needs, and each field the
/// call sends is one the service has and the entity supports (a field's `filter`: features, or an
/// attribute such as a light's `supported_color_modes`). HA's own rule for features: the entity has
/// every bit of one of the listed sets.
enum ServiceSupport {
    /// Why `entity` (in `state`) cannot take `call`, nil when it can; `services` is get_services' result.
    static func problem(_ call: ServiceCall, entity: String?, state: EntityState?, services: JSON) -> String? {
        let name = "\(call.domain).\(call.service)"
        guard case .object(let domain)? = services[call.domain] else {
            return "Home Assistant has no services of the domain \"\(call.domain)\" (no \(name))"
        }
        guard let described = services[call.domain]?[call.service] else {
            let hint = ConfigPlaces.suggestion(for: call.service, among: domain.map(\.0).sorted()).map {
                " (did you mean \(call.domain).\($0)?)"
            }
            return "Home Assistant has no service \(name)\(hint ?? "")"
        }
        guard let entity, let state, let entityDomain = EntityMapping.domain(of: entity) else { return nil }
        let features = Int(exactly: state[attribute: "supported_features"]?.numberValue ?? 0) ?? 0
        if case .array(let filters)? = described["target"]?["entity"], !filters.isEmpty {
            let takesDomain = filters.filter { f in
                guard let domains = f["domain"]?.arrayValue else { return true }
                return domains.contains(.string(entityDomain))
            }
            if takesDomain.isEmpty {
                return "\(name) does not act on a \(entityDomain) entity"
            }
            if !takesDomain.contains(where: { has(features, $0["supported_features"]) }) {
                let sets = takesDomain.compactMap { $0["supported_features"]?.arrayValue }.flatMap { $0 }
                return "\(entity) does not support \(name): it needs supported_features \(listed(sets)), "
                    + "the entity has \(features)"
            }
        }
        guard case .object(let data)? = call.data else { return nil }
        for (field, _) in data {
            guard let spec = described["fields"]?[field] else {
                let known = keys(described["fields"])
                let hint = ConfigPlaces.suggestion(for: field, among: known).map { " (did you mean \"\($0)\"?)" }
                return "\(name) has no field \"\(field)\"\(hint ?? "")"
            }
            guard let filter = spec["filter"] else { continue }
            if !has(features, filter["supported_features"]) {
                let sets = filter["supported_features"]?.arrayValue ?? []
                return "\(entity) does not support \(name) with \(field): it needs supported_features "
                    + "\(listed(sets)), the entity has \(features)"
            }
            if case .object(let wanted)? = filter["attribute"] {
                for (attribute, values) in wanted where !attributeMatches(state[attribute: attribute], values) {
                    return "\(entity) does not support \(name) with \(field): it needs \(attribute) "
                        + "\(text(values)), the entity has \(state[attribute: attribute].map(text) ?? "none")"
                }
            }
        }
        return nil
    }

    /// Whether `features` has every bit of one of `sets` (none listed: any entity).
    private static func has(_ features: Int, _ sets: JSON?) -> Bool {
        guard let sets = sets?.arrayValue, !sets.isEmpty else { return true }
        return sets.contains { set in
            guard let bits = set.numberValue.flatMap({ Int(exactly: $0) }) else { return false }
            return features & bits == bits
        }
    }

    /// An attribute filter: the entity's value (one, or a list such as `supported_color_modes`) has
    /// one of `values`.
    private static func attributeMatches(_ have: JSON?, _ values: JSON) -> Bool {
        let wanted = values.arrayValue ?? [values]
        let had = have?.arrayValue ?? (have.map { [$0] } ?? [])
        return had.contains { wanted.contains($0) }
    }

    private static func keys(_ object: JSON?) -> [String] {
        guard case .object(let pairs)? = object else { return [] }
        return pairs.map(\.0).sorted()
    }

    private static func text(_ json: JSON) -> String { String(decoding: json.text(), as: UTF8.self) }

    private static func listed(_ sets: [JSON]) -> String {
        let numbers = sets.compactMap { $0.numberValue.flatMap { Int(exactly: $0) } }.map(String.init)
        return numbers.count == 1 ? numbers[0] : "one of " + numbers.joined(separator: ", ")
    }
}
