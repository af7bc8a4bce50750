import Platform
import Kiosk
import ConfigLoading
import Core
import Formats
import Widgets

/// What arrives from the broker: `set`s for controls, presses for buttons, bound topics for
/// variables, Home Assistant's status and the kiosk's own list of discovered entities.
extension MQTTBridge {
    /// The largest payload of a bound topic read (a sensor's JSON is a few hundred bytes; a
    /// Zigbee2MQTT device's a few KiB); anything longer is refused unread.
    static let maximumBoundPayloadBytes = 64 * 1024
    /// The largest payload of an availability topic read (`online`, `{"state":"online"}`).
    static let maximumAvailabilityBytes = 1024
    /// The largest `<base>/<id>/<key>/set` payload read: a key's longest string, and one byte to tell
    /// a longer one.
    static let maximumPropertyBytes = ConfigLimits.stringBytes + 1
    /// The largest payload of Home Assistant's status topic read (`online`, `offline`).
    static let maximumStatusBytes = 64

    /// The id (`<id>` or `<id>/<key>`) of a command topic, `<base>/<id>/set` or `<base>/<id>/<key>/set`.
    func commandID(_ topic: String) -> Substring? {
        let prefix = config.baseTopic + "/", suffix = "/set"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.utf8.count > prefix.utf8.count + suffix.utf8.count
        else { return nil }
        let id = topic.dropFirst(prefix.count).dropLast(suffix.count)
        return id.split(separator: "/", omittingEmptySubsequences: false).count <= 2 ? id : nil
    }

    /// The largest payload `topic` takes: the largest of what each role it has takes (one topic may be
    /// a device's state, its availability and a variable's at once); 0 for a topic with no role.
    func payloadLimit(_ topic: String) -> Int {
        var limit = devices.payloadLimit(topic)
        if bindings[topic] != nil { limit = max(limit, MQTTBridge.maximumBoundPayloadBytes) }
        if config.discovery {
            if topic == homeAssistantStatusTopic { limit = max(limit, MQTTBridge.maximumStatusBytes) }
            if topic == discoveryListTopic { limit = max(limit, MQTTBridge.discoveryListLimit) }
        }
        if let id = commandID(topic) {
            limit = max(
                limit, id.contains("/") ? MQTTBridge.maximumPropertyBytes : MQTTBridge.maximumPayloadBytes)
        }
        return limit
    }

    /// A payload over its topic's limit, dropped unread: one line per topic's role.
    func oversized(_ topic: String, bytes: Int, limit: Int) {
        // No role: a topic no longer read (a reload unsubscribed it while messages were on the way).
        guard limit > 0 else { return }
        let role = commandID(topic).map { "set/\($0)" } ?? topic
        logOnce(
            "long/\(role)",
            "mqtt: \(topic): ignored \(bytes) bytes unread (at most \(limit) on this topic); logged once")
    }

    func received(_ topic: String, _ payload: [UInt8], retained: Bool = false) {
        // A device's state may move an element and a variable both.
        let forDevice = devices.received(topic, payload, now: monotonicNow())
        if let bound = bindings[topic] {
            for b in bound { receivedVariable(b, payload) }
            return
        }
        if forDevice { return }
        if config.discovery, receivedDiscovery(topic, payload, retained: retained) { return }
        guard let id = commandID(topic).map(String.init) else { return }
        // A command is a moment, not a state: one the broker kept retained (a publisher set the flag;
        // Home Assistant never does) would be replayed at every connect over the value the panel saved.
        if retained {
            logOnce(
                "retained/\(id)",
                "mqtt: \(topic): ignored a retained command: commands are not state, the panel keeps its saved value (publish without retain); logged once"
            )
            return
        }
        // `<base>/<id>/<key>/set`: one of the element's keys changed from outside.
        if let slash = id.firstIndex(of: "/") {
            let element = String(id[..<slash]), key = String(id[id.index(after: slash)...])
            let text = String(decoding: payload.prefix(MQTTBridge.maximumPropertyBytes), as: UTF8.self)
            let value: JSON =
                switch text {
                case "true": .bool(true)
                case "false": .bool(false)
                case "null", "": .null
                default: .string(text)
                }
            if let problem = setProperty(element, key, value) {
                logOnce("\(element)/\(key)/\(problem)", "mqtt: \(topic): ignored: \(problem)")
            }
            return
        }
        if id == MQTTBridge.backlightID { receivedBacklight(payload); return }
        if buttons.contains(id) {
            // Home Assistant's button sends PRESS; a hand-typed press is welcome too.
            guard ["PRESS", "press"].contains(String(decoding: payload.prefix(16), as: UTF8.self)) else {
                logOnce(
                    "\(id)/press",
                    "mqtt: \(topic): ignored \(MQTTBridge.shown(payload)): expected PRESS (\(id) is a button); logged once"
                )
                return
            }
            if let problem = press(id) { logOnce("\(id)/\(problem)", "mqtt: \(topic): ignored: \(problem)") }
            return
        }
        guard let value = MQTTBridge.value(of: payload) else {
            // Each kind of mistake is logged once per control: enough to find the publisher, not a flood.
            let kind = payload.count > MQTTBridge.maximumPayloadBytes ? "long" : "malformed"
            logOnce(
                "\(id)/\(kind)",
                "mqtt: \(topic): ignored \(MQTTBridge.shown(payload, limit: MQTTBridge.maximumPayloadBytes)): expected a finite number or [a,b]; logged once"
            )
            return
        }
        // Any finite number may come: one beyond Int's range names no item (and must not trap).
        if let disabled = disabledOptions[id], case .single(let d) = value, let index = Int(exactly: d.rounded()),
            disabled.contains(index)
        {
            refuseDisabled(id, index: index, topic: topic)
            return
        }
        if let problem = setValue(id, value) { logOnce("\(id)/\(problem)", "mqtt: \(topic): ignored: \(problem)") }
    }

    /// A disabled item asked for: refused (logged once), and the state topic says the value again so
    /// whoever asked (Home Assistant's select) shows what the panel shows.
    private func refuseDisabled(_ id: String, index: Int, topic: String) {
        logOnce(
            "\(id)/disabled", "mqtt: \(topic): ignored: item \(index) of \(id) is disabled; logged once")
        guard let value = snapshot().first(where: { $0.0 == id })?.1 else { return }
        if link.publish(stateTopic(id), MQTTBridge.payload(value), qos: config.qos, retain: true) {
            published[id] = value
        }
    }

    private func receivedVariable(_ b: MQTTConfig.Binding, _ payload: [UInt8]) {
        switch MQTTBridge.variableValue(payload, for: b) {
        case .success(let value):
            if let problem = setVariable(b.variable, value) {
                logOnce(
                    "var/\(b.variable)/\(problem)",
                    "mqtt: \(b.topic): ignored for variable \(b.variable): \(problem); logged once")
            }
        case .failure(let why):
            logOnce(
                "var/\(b.variable)/\(why.kind)",
                "mqtt: \(b.topic): ignored \(MQTTBridge.shown(payload, limit: MQTTBridge.maximumBoundPayloadBytes)) for variable \(b.variable): \(why.message); logged once"
            )
        }
    }

    /// Why a bound payload gives no value; `kind` groups the messages logged once.
    struct PayloadRefusal: Error, Equatable {
        var kind: String
        var message: String
    }

    /// The variable value (socket JSON, as `set-var` takes it) of a bound topic's payload: the whole
    /// payload, or the field at the binding's JSON path. A number variable takes a JSON number or a
    /// text that is one by `NumberText`'s grammar (many devices send "21.5"; "0x1A" is no number); a
    /// text variable takes a string, or a number as its text. Range and finiteness are checked by `Variables.set`, as for the socket.
    static func variableValue(_ payload: [UInt8], for b: MQTTConfig.Binding) -> Result<JSON, PayloadRefusal> {
        guard payload.count <= maximumBoundPayloadBytes else {
            return .failure(PayloadRefusal(kind: "long", message: "expected at most \(maximumBoundPayloadBytes) bytes"))
        }
        let field: JSON
        if let path = b.jsonPath {
            guard let json = JSON.parse(payload) else {
                return .failure(
                    PayloadRefusal(kind: "json", message: "expected JSON (json = \"\(path.joined(separator: "."))\")"))
            }
            guard let found = json.at(path) else {
                return .failure(
                    PayloadRefusal(
                        kind: "field", message: "expected a field at \"\(path.joined(separator: "."))\", found none"))
            }
            field = found
        } else {
            let text = String(decoding: payload, as: UTF8.self)
            field = b.type == .number ? (JSON.parse(payload) ?? .string(text)) : .string(text)
        }
        switch (b.type, field) {
        case (.number, .string(let s)):
            guard let d = NumberText.parse(s) else {
                return .failure(PayloadRefusal(kind: "number", message: "expected a finite number"))
            }
            return .success(.number(d))
        case (.number, .number(let d)) where d.isFinite: return .success(.number(d))
        case (.number, _): return .failure(PayloadRefusal(kind: "number", message: "expected a finite number"))
        case (.text, .number(let d)): return .success(.string(NumberFormat.plain(d)))
        case (.text, .string): return .success(field)
        case (.text, _): return .failure(PayloadRefusal(kind: "text", message: "expected a string or a number"))
        }
    }

    /// A payload as a log line shows it: its first 40 bytes quoted, or its size when it is over `limit`.
    static func shown(_ payload: [UInt8], limit: Int = 40) -> String {
        if payload.count > limit { return "\(payload.count) bytes (over \(limit))" }
        return "\"\(Log.escaped(String(decoding: payload.prefix(40), as: UTF8.self)))\""
            + (payload.count > 40 ? "…" : "")
    }
}

extension JSON {
    /// The value at a dot path's steps: a name picks an object's field, a whole number an array's element.
    func at(_ path: [String]) -> JSON? {
        var node = self
        for step in path {
            switch node {
            case .object: guard let next = node[step] else { return nil }; node = next
            case .array(let items):
                guard let i = Int(step), items.indices.contains(i) else { return nil }; node = items[i]
            default: return nil
            }
        }
        return node
    }
}
