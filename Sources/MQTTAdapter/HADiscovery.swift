import Kiosk
import ConfigLoading
import ConfigModel
import Core
import Formats
import Widgets

/// Home Assistant MQTT discovery for one panel: one device (this kiosk) with an entity per control,
/// derived from what each control's kind declares its value to be (`ValueExposure`); no kind is
/// named here. Pure: topics and JSON payloads, no I/O.
///
/// | exposure | component | state / command |
/// |---|---|---|
/// | `number` (the dials, value-slider, arc-seeker) | `number` (min, max, step, unit; an arc through 0° runs past 360 with templates) | the value |
/// | `select` (spinner, choice) | `select` (options = the enabled items' titles) | the index; HA's templates map index ↔ title |
/// | `onOff` (toggle) | `switch` | `1` / `0` |
/// | `press` (button) | `button` | `PRESS` to `<base>/<id>/set`; presses go to `<base>/<id>/event` |
/// | `pair` (range-slider) | two `sensor`s (`_low`, `_high`) | `[a,b]` |
/// | `rgb` (color-wheel) | `light` with `rgb_color` | `0xRRGGBB` as a number; off is 0 (black), on is white |
///
/// Elements that expose nothing (labels, gauges, images, cards, navigation bars) get no entity.
/// Each variable set through the socket is a read-only `sensor` of `<base>/<id>/state`.
struct HADiscovery {
    let config: MQTTConfig
    /// The device's id in topics and unique ids: the client id, reduced to what a topic level and an
    /// entity id may hold.
    let nodeID: String

    init(config: MQTTConfig) {
        self.config = config
        nodeID = HADiscovery.objectID(config.clientID)
    }

    /// One retained discovery message.
    struct Message: Equatable {
        var topic: String
        var payload: String
    }

    /// Every control's discovery messages, in config order, then the variables'.
    func messages(for controls: [ControlConfig], variables: [ValueBoard.Declaration] = []) -> [Message] {
        var seen = Set<String>()
        let forControls = controls.flatMap { c -> [Message] in
            // A control on two screens (the same id) is one entity.
            guard seen.insert(c.id).inserted else { return [] }
            return entities(of: c).map(message)
        }
        return forControls
            + variables.map { v in
                // A stale variable is drawn dimmed; Home Assistant shows a sensor past expire_after as unavailable.
                let expiry = v.staleAfter.map { [("expire_after", JSON.number(max(1, $0.rounded(.up))))] } ?? []
                return message(
                    Entity(
                        component: "sensor", objectID: HADiscovery.objectID(v.id), name: v.id,
                        fields: [("state_topic", .string("\(config.baseTopic)/\(v.id)/state"))] + expiry))
            }
    }

    private func message(_ e: Entity) -> Message {
        let topic = "\(config.discoveryPrefix)/\(e.component)/\(nodeID)/\(e.objectID)/config"
        return Message(topic: topic, payload: JSON.object(common(e) + e.fields).description)
    }

    /// The `device` block every entity repeats (Home Assistant groups entities by its identifiers).
    var device: JSON {
        .object([
            ("identifiers", .array([.string(nodeID)])), ("name", .string(config.deviceName)),
            ("model", .string("Thumbwheel")), ("manufacturer", .string("Thumbwheel")),
            ("sw_version", .string(thumbwheelVersion)),
        ])
    }

    /// The object ids of the entities a control publishes (the loader checks `PublishedNames`, which
    /// must cover them: a test holds the two together).
    static func entityNames(of c: ControlConfig) -> [String] {
        HADiscovery(config: MQTTConfig()).entities(of: c).map(\.objectID)
    }

    /// A topic level and entity id (`PublishedNames.objectID`).
    static func objectID(_ text: String) -> String { PublishedNames.objectID(text) }

    private struct Entity {
        var component: String
        var objectID: String
        var name: String
        var fields: [(String, JSON)]
    }

    private func common(_ e: Entity) -> [(String, JSON)] {
        [
            ("name", .string(e.name)), ("unique_id", .string("\(nodeID)_\(e.objectID)")),
            ("object_id", .string("\(nodeID)_\(e.objectID)")),
            ("availability_topic", .string(config.baseTopic + "/status")), ("qos", .number(Double(config.qos))),
            ("device", device),
        ]
    }

    private func topic(_ c: ControlConfig, _ leaf: String) -> JSON { .string("\(config.baseTopic)/\(c.id)/\(leaf)") }

    private func entities(of c: ControlConfig) -> [Entity] {
        let p = c.properties, id = HADiscovery.objectID(c.id)
        let name = ["name", "title", "label", "text"].lazy.compactMap { p.string($0) }.first { !$0.isEmpty } ?? c.id
        let state = topic(c, "state"), command = topic(c, "set")
        let kind = ElementKinds.named(c.kind)
        switch kind?.exposure(p) ?? .nothing {
        case .number(let r):
            return [
                Entity(
                    component: "number", objectID: id, name: name,
                    fields: [
                        ("state_topic", state), ("command_topic", command), ("min", .number(r.minimum)),
                        ("max", .number(r.maximum)),
                        ("step", .number(r.step)), ("mode", .string("slider")),
                    ] + HADiscovery.periodFields(r) + HADiscovery.unitFields(p.string("unit") ?? r.unit))
            ]
        case .select(let raw):
            let options = HADiscovery.options(raw)
            // A disabled item is not offered: its index has no title (HA shows the state as unknown)
            // and no command, and the bridge refuses it if sent anyway.
            let disabled = kind?.disabledOptions(p) ?? []
            // The state and set payloads stay the index, as for every other client; Home Assistant's
            // templates turn it into the title and back.
            let titles =
                "["
                + options.enumerated().map {
                    disabled.contains($0.offset) ? "none" : JSON.string($0.element).description
                }
                .joined(separator: ",") + "]"
            let offered = options.enumerated().filter { !disabled.contains($0.offset) }
            let indexes = JSON.object(offered.map { ($0.element, .number(Double($0.offset))) }).description
            return [
                Entity(
                    component: "select", objectID: id, name: name,
                    fields: [
                        ("state_topic", state), ("command_topic", command),
                        ("options", .array(offered.map { JSON.string($0.element) })),
                        ("value_template", .string("{{ \(titles)[value | int] }}")),
                        ("command_template", .string("{{ \(indexes)[value] }}")),
                    ])
            ]
        case .onOff:
            return [
                Entity(
                    component: "switch", objectID: id, name: name,
                    fields: [
                        ("state_topic", state), ("command_topic", command), ("payload_on", .string("1")),
                        ("payload_off", .string("0")),
                        ("state_on", .string("1")), ("state_off", .string("0")),
                    ])
            ]
        case .press:
            return [
                Entity(
                    component: "button", objectID: id, name: name,
                    fields: [
                        ("command_topic", command), ("payload_press", .string("PRESS")),
                    ])
            ]
        case .pair(_, let low, let high):
            return [(low, 0), (high, 1)].map { end, index in
                Entity(
                    component: "sensor", objectID: "\(id)_\(end)", name: "\(name) \(end)",
                    fields: [
                        ("state_topic", state), ("value_template", .string("{{ value_json[\(index)] }}")),
                    ])
            }
        case .rgb:
            // The value stays one number for every client; HA's templates turn it into "r,g,b" and back.
            return [
                Entity(
                    component: "light", objectID: id, name: name,
                    fields: [
                        ("state_topic", state), ("command_topic", command),
                        ("state_value_template", .string("{{ 'OFF' if value | int == 0 else 'ON' }}")),
                        ("payload_on", .string("16777215")), ("payload_off", .string("0")),
                        ("rgb_state_topic", state), ("rgb_command_topic", command),
                        (
                            "rgb_value_template",
                            .string("{{ value | int // 65536 }},{{ value | int // 256 % 256 }},{{ value | int % 256 }}")
                        ),
                        ("rgb_command_template", .string("{{ red * 65536 + green * 256 + blue }}")),
                    ])
            ]
        case .nothing:
            return []
        }
    }

    /// A select's options as Home Assistant needs them, each unique: an empty or repeated one gets
    /// its index.
    static func options(_ raw: [String]) -> [String] {
        var seen = Set<String>()
        return raw.enumerated().map { index, title in
            let option =
                title.isEmpty || seen.contains(title) ? (title.isEmpty ? "\(index)" : "\(title) \(index)") : title
            seen.insert(option)
            return option
        }
    }
}

extension HADiscovery {
    /// Home Assistant's device classes by unit: a temperature is graphed as one and converted to the
    /// user's unit only when HA knows it is a temperature.
    static let deviceClasses: [String: String] = [
        "°C": "temperature", "°F": "temperature", "K": "temperature", "W": "power", "kW": "power", "Wh": "energy",
        "kWh": "energy",
        "V": "voltage", "A": "current", "lx": "illuminance", "hPa": "pressure", "mbar": "pressure", "Pa": "pressure",
        "ppm": "carbon_dioxide", "Hz": "frequency", "dB": "sound_pressure",
    ]

    /// A range through the end of a circle (an arc 150→30 is 150…390): the panel's angles below the
    /// start are shown in Home Assistant plus the period, and HA's numbers past the period are sent
    /// back minus it, so HA offers exactly the angles the thumb can take.
    static func periodFields(_ r: NumberRange) -> [(String, JSON)] {
        guard let period = r.period else { return [] }
        let start = NumberFormat.plain(r.minimum), full = NumberFormat.plain(period)
        return [
            ("value_template", .string("{{ value | float + \(full) if value | float < \(start) else value | float }}")),
            ("command_template", .string("{{ value - \(full) if value >= \(full) else value }}")),
        ]
    }

    /// `unit_of_measurement` and the `device_class` that goes with it, for a unit (none for nil).
    static func unitFields(_ unit: String?) -> [(String, JSON)] {
        guard let unit, !unit.isEmpty else { return [] }
        return [("unit_of_measurement", .string(unit))]
            + (deviceClasses[unit].map { [("device_class", .string($0))] } ?? [])
    }
}
