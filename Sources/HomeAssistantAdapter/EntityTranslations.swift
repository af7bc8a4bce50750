import ConfigLoading
import Formats
import HomeAssistant
import Kiosk
import Platform

/// Home Assistant's own names for option values (a climate's `heat_cool` is "Heat/Cool", a fan's
/// preset `auto` "Auto"), from `frontend/get_translations` (`entity_component`), as the default
/// `option_labels` of the choices, dropdowns and spinners bound to those entities. The config's own
/// labels win; the values sent stay HA's.
enum EntityTranslations {
    /// The domains whose option values HA translates (a select's options are its author's own texts).
    static let domains: Set<String> = ["climate", "fan"]

    /// The translation keys of `resources` for an element bound to `domain` and `attribute` (a
    /// climate's `hvac_mode` is its state): option value → HA's name for it.
    static func labels(_ resources: JSON, domain: String, attribute: String?) -> [String: String] {
        guard case .object(let pairs) = resources else { return [:] }
        let base = "component.\(domain).entity_component._."
        let prefix =
            attribute == nil || (domain == "climate" && attribute == "hvac_mode")
            ? base + "state." : base + "state_attributes.\(attribute ?? "").state."
        var labels: [String: String] = [:]
        for (key, value) in pairs where key.hasPrefix(prefix) {
            if let text = value.stringValue { labels[String(key.dropFirst(prefix.count))] = text }
        }
        return labels
    }
}

extension HomeAssistantAdapter {
    /// Asks HA once per connection for its names of the bound elements' option values and sets them
    /// as each element's `option_labels`, under the config's own.
    func fetchTranslations(_ client: HomeAssistantClient, _ links: EntityLinks, config: KioskConfig) {
        let selects = settings.elements.filter { $0.use == .select && EntityTranslations.domains.contains($0.domain) }
        guard !selects.isEmpty else { return }
        let domains = Set(selects.map(\.domain)).sorted().map(JSON.string)
        let fields: [(String, JSON)] = [
            ("language", .string("en")), ("category", .string("entity_component")), ("integration", .array(domains)),
        ]
        client.request("frontend/get_translations", fields: fields) { [weak links] result in
            guard let links, case .success(let answer) = result, let resources = answer?["resources"] else { return }
            for b in selects {
                var labels = EntityTranslations.labels(resources, domain: b.domain, attribute: b.attribute)
                guard !labels.isEmpty else { continue }
                for (key, value) in config.control(id: b.id)?.properties.table("option_labels")?.values ?? [:] {
                    if case .string(let text) = value { labels[key.lowercased()] = text }
                }
                let table = JSON.object(labels.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
                if let refused = links.setProperty(b.id, "option_labels", table) {
                    Log.warning("homeassistant: \(b.id): HA's option names not taken: \(refused)")
                }
            }
        }
    }
}
