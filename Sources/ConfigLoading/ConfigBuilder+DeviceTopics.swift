import ConfigModel
import Widgets

/// An element bound to a device's own MQTT topics (`mqtt = { … }` on the element).
public struct DeviceTopics: Sendable, Equatable {
    /// The element's id.
    public var id: String
    public var stateTopic: String?
    /// The dot path to the value in a JSON state; nil takes the whole payload.
    public var stateJSON: [String]?
    public var payloadOn = "ON"
    public var payloadOff = "OFF"
    /// The device's numbers that map onto the element's `min`…`max`.
    public var deviceRange: ClosedRange<Double>?
    public var commandTopic: String?
    /// The command template; nil: the value, or payload_on/payload_off for an on/off element.
    public var commandPayload: String?
    public var retain = false
    public var qos: Int
    public var availabilityTopic: String?
    public var availabilityJSON: [String]?
    public var payloadAvailable = "online"
    public var payloadNotAvailable = "offline"
}

extension ConfigBuilder {
    /// The `mqtt` tables of the config's elements, checked; they need `[mqtt]`, and a state on an
    /// element that holds a value.
    mutating func deviceTopics(of controls: [ControlConfig], mqtt: MQTTConfig?) -> [DeviceTopics] {
        var seen = Set<String>()
        return controls.compactMap { c -> DeviceTopics? in
            guard let t = c.properties.table("mqtt"), seen.insert(c.id).inserted else { return nil }
            guard let mqtt else {
                fail(c.properties, "mqtt", "expected an [mqtt] section to reach the broker with, found none");
                return nil
            }
            var d = DeviceTopics(id: c.id, qos: t.int("qos") ?? mqtt.qos)
            d.stateTopic = exactTopic(t, "state_topic", readBy: mqtt)
            d.commandTopic = exactTopic(t, "command_topic")
            d.availabilityTopic = exactTopic(t, "availability_topic", readBy: mqtt)
            d.stateJSON = t.string("state_json").map(DeviceTopics.path)
            d.availabilityJSON = t.string("availability_json").map(DeviceTopics.path)
            d.payloadOn = t.string("payload_on") ?? d.payloadOn
            d.payloadOff = t.string("payload_off") ?? d.payloadOff
            d.payloadAvailable = t.string("payload_available") ?? d.payloadAvailable
            d.payloadNotAvailable = t.string("payload_not_available") ?? d.payloadNotAvailable
            d.retain = t.bool("retain") ?? false
            if let r = t.numbers("device_range"), r.count == 2 {
                if r[0] == r[1] {
                    fail(
                        t, "device_range",
                        "expected two different numbers, found [\(Schema.format(r[0])), \(Schema.format(r[1]))]")
                } else {
                    d.deviceRange = min(r[0], r[1])...max(r[0], r[1])
                }
            }
            if let template = t.string("command_payload") {
                d.commandPayload = template
                if let bad = DeviceTopics.unknownPlaceholder(in: template) {
                    fail(
                        t, "command_payload",
                        "expected only the placeholders " + DeviceTopics.placeholderList + ", found \(bad)")
                }
            }
            if d.stateTopic == nil && d.commandTopic == nil && t["state_topic"] == nil && t["command_topic"] == nil {
                fail(c.properties, "mqtt", "expected state_topic, command_topic or both, found neither")
            }
            let holdsValue = (ElementKinds.named(c.kind)?.valueShape ?? .nothing) != .nothing
            if !holdsValue && t["state_topic"] != nil {
                fail(
                    t, "state_topic",
                    "expected only on an element that holds a value (a \(c.kind) holds none: use a variable with `topic` to show a device's state), found one"
                )
            }
            let presses = ElementKinds.named(c.kind)?.exposure(c.properties) == .press
            if !holdsValue && !presses && t["command_topic"] != nil {
                fail(
                    t, "command_topic",
                    "expected only on an element that holds a value or a button (a \(c.kind) sends nothing), found one")
            }
            return d
        }
    }

    /// `key`'s topic when it is exact and, for a topic the kiosk subscribes to (`readBy`), not one it
    /// reads itself; a located error otherwise.
    private mutating func exactTopic(_ t: ConfigTable, _ key: String, readBy mqtt: MQTTConfig? = nil) -> String? {
        guard let topic = t.string(key) else { return nil }
        guard MQTTConfig.isExact(topic) else {
            fail(t, key, "expected a topic without \"+\" or \"#\", found \"\(topic)\""); return nil
        }
        if let own = mqtt?.ownTopic(topic) {
            fail(t, key, "expected a topic the kiosk does not read itself, found \"\(topic)\": \(own)"); return nil
        }
        return topic
    }
}

extension DeviceTopics {
    /// A dot path's steps.
    static func path(_ text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    static var placeholderList: String { "{value}, {on|OFF_TEXT|ON_TEXT} and {option}" }

    /// The first `{…}` of `template` that is no placeholder (JSON's own braces enclose `"` or `:`, and
    /// are written as they are), or nil.
    static func unknownPlaceholder(in template: String) -> String? {
        for piece in CommandTemplate.pieces(template) {
            if case .placeholder(let text) = piece, CommandTemplate.Slot(text) == nil { return "{\(text)}" }
        }
        return nil
    }
}

/// A command template (`command_payload`), in pieces: literal text and `{…}` placeholders. A brace
/// pair holding a quote, a colon or a brace is JSON, not a placeholder.
public enum CommandTemplate {
    public enum Piece: Equatable { case text(String), placeholder(String) }

    /// What a placeholder asks for.
    public enum Slot: Equatable {
        case value
        case option
        case onOff(off: String, on: String)

        public init?(_ text: String) {
            if text == "value" { self = .value; return }
            if text == "option" { self = .option; return }
            let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[0] == "on" else { return nil }
            self = .onOff(off: parts[1], on: parts[2])
        }
    }

    public static func pieces(_ template: String) -> [Piece] {
        var out: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(where: { "{}\":".contains($0) }), rest[close] == "}" else {
                out.append(.text(String(rest[...open]))); rest = rest[after...]; continue
            }
            if open > rest.startIndex { out.append(.text(String(rest[..<open]))) }
            out.append(.placeholder(String(rest[after..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { out.append(.text(String(rest))) }
        return out
    }
}
