import ConfigModel
import Formats
import Glibc
import HomeAssistant
import Widgets

/// `[homeassistant]` and the elements and variables bound to its entities.
public struct HomeAssistantConfig: Sendable {
    public var url: String
    /// The token read from `token_file` at load; never logged.
    public var token: String
    public var caFile: String?
    /// `reconnect_max`: the longest wait between reconnects, in seconds (nil: the client's default).
    public var reconnectMax: Double?
    /// The bound elements, in file order.
    public var elements: [EntityBinding] = []
    /// The bound variables, in file order.
    public var variables: [EntityBinding] = []

    /// Every entity bound, once, sorted: what the client subscribes to.
    public var entityIDs: [String] { Array(Set((elements + variables).compactMap(\.entity))).sorted() }
}

/// One element or variable bound to an entity.
public struct EntityBinding: Sendable, Equatable {
    /// The element's or variable's id.
    public var id: String
    /// The entity; nil only for a button with an explicit `service` and no target.
    public var entity: String?
    public var domain: String
    public var use: EntityUse
    /// The attribute it reads and sets, nil: the domain's own (or the state).
    public var attribute: String?
    /// A button's explicit service (`domain`, `service`) and its data.
    public var service: (domain: String, name: String)?
    public var data: JSON?
    /// Whether the element's config sets `min` or `max`: its numbers are then HA's own; otherwise HA's
    /// range is mapped onto the element's (which is fixed at load and cannot follow the entity).
    public var ownRange = false

    public static func == (a: EntityBinding, b: EntityBinding) -> Bool {
        a.id == b.id && a.entity == b.entity && a.use == b.use && a.attribute == b.attribute
            && a.service?.domain == b.service?.domain && a.service?.name == b.service?.name && a.data == b.data
    }
}

extension ConfigBuilder {
    /// `[homeassistant]` with its token read, and every `entity` of the elements and variables checked:
    /// the domain known, and fitting what the element's value is (its exposure).
    mutating func homeAssistant(
        _ section: ConfigTable?, controls: [ControlConfig], variables: [ConfigTable]
    ) -> HomeAssistantConfig? {
        var ha: HomeAssistantConfig?
        if let t = section, let url = t.string("url") {
            do { _ = try ServerAddress(url: url) } catch { fail(t, "url", "\(error)") }
            var token = ""
            if let path = t.string("token_file") {
                let file = resolved(path)
                if access(file, F_OK) != 0 && errno == ENOENT {
                    // Like a hook's program: the file is the panel's (a token is made per panel and never
                    // shipped in a config), so a machine checking the config may well lack it.
                    warn(
                        t, "token_file",
                        "expected a token file, found none at \(file) (No such file or directory on this machine: the kiosk runs without Home Assistant until it is there and the config is loaded again)"
                    )
                } else {
                    do { token = try TokenFile.read(file) } catch { fail(t, "token_file", error.description) }
                }
            }
            let ca = t.string("ca_file").map(resolved)
            if let ca, access(ca, R_OK) != 0 { fail(t, "ca_file", "expected a readable PEM file, found none at \(ca)") }
            ha = HomeAssistantConfig(url: url, token: token, caFile: ca, reconnectMax: t.number("reconnect_max"))
        }
        let elements = controls.compactMap { c -> EntityBinding? in
            let p = c.properties
            guard p["entity"] != nil || p["service"] != nil else {
                for key in ["attribute", "data"] where p[key] != nil {
                    fail(p, key, "expected `entity` or `service` with it, found neither")
                }
                return nil
            }
            guard section != nil else {
                fail(
                    p, p["entity"] != nil ? "entity" : "service",
                    "expected a [homeassistant] section to reach Home Assistant with, found none");
                return nil
            }
            return elementBinding(c)
        }
        let bound = variables.compactMap { t -> EntityBinding? in
            guard let id = t.string("id"), let entity = t.string("entity") else {
                if t["attribute"] != nil { fail(t, "attribute", "expected `entity` with it, found none") }
                return nil
            }
            guard section != nil else {
                fail(t, "entity", "expected a [homeassistant] section to reach Home Assistant with, found none");
                return nil
            }
            guard let domain = checkedDomain(t, entity) else { return nil }
            if t["topic"] != nil { fail(t, "entity", "expected either `topic` or `entity`, found both") }
            return EntityBinding(
                id: id, entity: entity, domain: domain, use: .readout, attribute: t.string("attribute"))
        }
        ha?.elements = elements
        ha?.variables = bound
        return ha
    }

    private mutating func elementBinding(_ c: ControlConfig) -> EntityBinding? {
        let p = c.properties
        let exposure = ElementKinds.named(c.kind)?.exposure(p) ?? .nothing
        var data: JSON?
        if let text = p.string("data") {
            data = JSON.parse(Array(text.utf8))
            if case .object? = data {
            } else {
                fail(
                    p, "data", "expected a JSON object as text ('{\"brightness_pct\": 30}'), found \(text.prefix(40))");
                data = nil
            }
        }
        if let text = p.string("service") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                fail(p, "service", "expected `domain.service` (\"light.toggle\"), found \"\(text)\""); return nil
            }
            guard exposure == .press else {
                fail(p, "service", "expected only on a button (a \(c.kind) sets its entity by its value), found one");
                return nil
            }
            var domain = parts[0]
            if let entity = p.string("entity") {
                guard let d = checkedDomain(p, entity) else { return nil }; domain = d
            }
            return EntityBinding(
                id: c.id, entity: p.string("entity"), domain: domain, use: .press, service: (parts[0], parts[1]),
                data: data)
        }
        if p["data"] != nil {
            fail(p, "data", "expected `service` with it (data goes with an explicit service), found none")
        }
        guard let entity = p.string("entity"), let domain = checkedDomain(p, entity) else { return nil }
        guard let use = EntityMapping.use(exposure, domain: domain) else {
            fail(
                p, "entity",
                "expected an entity a \(c.kind) can show and set (\(EntityMapping.fitting(exposure))), found the \(domain) \"\(entity)\"; "
                    + EntityMapping.fits(domain: domain, entity: entity))
            return nil
        }
        let attribute = p.string("attribute")
        if use == .select, let allowed = EntityMapping.selectAttributes[domain] {
            if let attribute, !allowed.contains(attribute) {
                let names = allowed.compactMap { $0 }
                fail(
                    p, "attribute",
                    names.isEmpty
                        ? "expected none (a \(domain)'s options are its state), found \"\(attribute)\""
                        : "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
                            + ", found \"\(attribute)\"")
                return nil
            }
        } else if let attribute, use != .number {
            fail(
                p, "attribute", "expected none (a \(c.kind) on a \(domain) uses its own state), found \"\(attribute)\"")
            return nil
        }
        let defaultAttribute: String?? = use == .select ? EntityMapping.selectAttributes[domain]?.first : nil
        return EntityBinding(
            id: c.id, entity: entity, domain: domain, use: use, attribute: attribute ?? defaultAttribute ?? nil,
            ownRange: p["min"] != nil || p["max"] != nil)
    }

    /// The domain of `entity`, or a located error for a malformed id or an unknown domain.
    private mutating func checkedDomain(_ t: ConfigTable, _ entity: String) -> String? {
        guard let domain = EntityMapping.domain(of: entity) else {
            fail(
                t, "entity",
                "expected an entity id `domain.name` in lower case (\"light.kitchen\"), found \"\(entity)\"");
            return nil
        }
        guard EntityMapping.known.contains(domain) else {
            let suggestion =
                Validator.suggestion(for: domain, among: EntityMapping.known.sorted()).map {
                    " (did you mean \"\($0)\"?)"
                } ?? ""
            fail(
                t, "entity",
                "expected an entity of a Home Assistant domain, found the unknown domain \"\(domain)\"\(suggestion)");
            return nil
        }
        return domain
    }
}
