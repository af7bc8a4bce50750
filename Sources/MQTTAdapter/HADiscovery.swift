import Kiosk
import ConfigLoading
import ConfigModel
import Formats
import Widgets

/// Home Assistant MQTT discovery for one panel: one device (this kiosk) with an entity per control,
/// derived from what the config says each control is. Pure: topics and JSON payloads, no I/O.
///
/// | kind | component | state / command |
/// |---|---|---|
/// | circular-slider, gradient-slider, value-slider, arc-seeker | `number` (min, max, step) | the value |
/// | spinner, choice | `select` (options = item titles) | the index; HA's templates map index ↔ title |
/// | toggle | `switch` | `1` / `0` |
/// | button | `button` | `PRESS` to `<base>/<id>/set`; presses go to `<base>/<id>/event` |
/// | range-slider | two `sensor`s (`_low`, `_high`) | `[a,b]` |
///
/// Labels, gauges, images, cards and navigation bars hold no value of their own and get no entity.
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
        return forControls + variables.map { v in
            // A stale variable is drawn dimmed; Home Assistant shows a sensor past expire_after as unavailable.
            let expiry = v.staleAfter.map { [("expire_after", JSON.number(max(1, $0.rounded(.up))))] } ?? []
            return message(Entity(component: "sensor", objectID: HADiscovery.objectID(v.id), name: v.id,
                                  fields: [("state_topic", .string("\(config.baseTopic)/\(v.id)/state"))] + expiry))
        }
    }

    private func message(_ e: Entity) -> Message {
        let topic = "\(config.discoveryPrefix)/\(e.component)/\(nodeID)/\(e.objectID)/config"
        return Message(topic: topic, payload: JSON.object(common(e) + e.fields).description)
    }

    /// The `device` block every entity repeats (Home Assistant groups entities by its identifiers).
    var device: JSON {
        .object([("identifiers", .array([.string(nodeID)])), ("name", .string("Thumbwheel " + MQTTConfig.hostname)),
                 ("model", .string("Thumbwheel")), ("manufacturer", .string("Thumbwheel")),
                 ("sw_version", .string(thumbwheelVersion))])
    }

    /// The names a control takes in Home Assistant: its id, and the object id of each entity it
    /// publishes (a range slider's `_low` and `_high`). The loader checks them against each other.
    static func entityNames(of c: ControlConfig) -> [String] {
        [c.id] + HADiscovery(config: MQTTConfig()).entities(of: c).map(\.objectID)
    }

    /// A topic level and entity id: letters, digits, `_` and `-`; anything else becomes `_`.
    static func objectID(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    }

    private struct Entity {
        var component: String
        var objectID: String
        var name: String
        var fields: [(String, JSON)]
    }

    private func common(_ e: Entity) -> [(String, JSON)] {
        [("name", .string(e.name)), ("unique_id", .string("\(nodeID)_\(e.objectID)")), ("object_id", .string("\(nodeID)_\(e.objectID)")),
         ("availability_topic", .string(config.baseTopic + "/status")), ("qos", .number(Double(config.qos))), ("device", device)]
    }

    private func topic(_ c: ControlConfig, _ leaf: String) -> JSON { .string("\(config.baseTopic)/\(c.id)/\(leaf)") }

    private func entities(of c: ControlConfig) -> [Entity] {
        let p = c.properties, id = HADiscovery.objectID(c.id)
        let name = ["title", "label", "text"].lazy.compactMap { p.string($0) }.first { !$0.isEmpty } ?? c.id
        let state = topic(c, "state"), command = topic(c, "set")
        switch c.kind {
        case "circular-slider", "gradient-slider", "value-slider", "arc-seeker":
            let (low, high, step) = HADiscovery.range(of: c)
            return [Entity(component: "number", objectID: id, name: name, fields: [
                ("state_topic", state), ("command_topic", command), ("min", .number(low)), ("max", .number(high)),
                ("step", .number(step)), ("mode", .string("slider")),
            ] + (c.kind == "arc-seeker" ? [("unit_of_measurement", .string("°"))] : []))]
        case "spinner", "choice":
            let options = HADiscovery.options(of: c)
            // The state and set payloads stay the index, as for every other client; Home Assistant's
            // templates turn it into the title and back.
            let titles = JSON.array(options.map(JSON.string)).description
            let indexes = JSON.object(options.enumerated().map { ($0.element, .number(Double($0.offset))) }).description
            return [Entity(component: "select", objectID: id, name: name, fields: [
                ("state_topic", state), ("command_topic", command), ("options", .array(options.map(JSON.string))),
                ("value_template", .string("{{ \(titles)[value | int] }}")),
                ("command_template", .string("{{ \(indexes)[value] }}")),
            ])]
        case "toggle":
            return [Entity(component: "switch", objectID: id, name: name, fields: [
                ("state_topic", state), ("command_topic", command), ("payload_on", .string("1")), ("payload_off", .string("0")),
                ("state_on", .string("1")), ("state_off", .string("0")),
            ])]
        case "button":
            return [Entity(component: "button", objectID: id, name: name, fields: [
                ("command_topic", command), ("payload_press", .string("PRESS")),
            ])]
        case "range-slider":
            return [("low", 0), ("high", 1)].map { end, index in
                Entity(component: "sensor", objectID: "\(id)_\(end)", name: "\(name) \(end)", fields: [
                    ("state_topic", state), ("value_template", .string("{{ value_json[\(index)] }}")),
                ])
            }
        default:
            return []
        }
    }

    /// A number entity's min, max and step; the step is the one the kiosk rounds the value to.
    static func range(of c: ControlConfig) -> (Double, Double, Double) {
        let p = c.properties
        let step = ElementKinds.named(c.kind)?.valueStep(p) ?? ValueStep.whole
        if c.kind == "arc-seeker" {
            let start = p.number("start_angle") ?? 90, end = p.number("end_angle") ?? 180
            return start < end ? (start, end, step) : (0, 360, step)
        }
        let (low, high) = ElementKeys.range(p)
        return (min(low, high), max(low, high), step)
    }

    /// A select's options: the items' titles (spinner) or the segments' texts (choice), each unique
    /// (Home Assistant needs that): an empty or repeated one gets its index.
    static func options(of c: ControlConfig) -> [String] {
        let raw = c.kind == "choice" ? (c.properties.strings("options") ?? []) : c.properties.tables("items").map { $0.string("title") ?? "" }
        var seen = Set<String>()
        return raw.enumerated().map { index, title in
            let option = title.isEmpty || seen.contains(title) ? (title.isEmpty ? "\(index)" : "\(title) \(index)") : title
            seen.insert(option)
            return option
        }
    }
}
