import ConfigModel
import Glibc
import Platform
import Widgets

/// `[mqtt]`: the broker, the topics and the credentials, typed and checked.
public struct MQTTConfig: Sendable {
    public var host = ""
    public var port = 1883
    /// Every topic starts with it; never a wildcard.
    public var baseTopic = "thumbwheel/" + MQTTConfig.hostname
    /// Stable per device, so a broker recognises the kiosk across restarts.
    public var clientID = "thumbwheel-" + MQTTConfig.hostname
    public var keepalive = 30
    /// The longest wait between attempts while the broker is away, in seconds.
    public var reconnectMax = MQTTConfig.defaultReconnectMax
    /// As Home Assistant's: HA users restart their broker as often as HA.
    public static let defaultReconnectMax = 5.0
    public var qos = 1
    public var username: String?
    /// Read from `password_file` at load; never logged.
    public var password: String?
    /// 4 (MQTT 3.1.1) or 5.
    public var protocolVersion = 4
    /// TLS to the broker; nil speaks plain TCP.
    public var tls: TLS?
    /// Whether Home Assistant discovery is published (on by default: a panel that joins a bus should
    /// appear in Home Assistant without glue, as openHASP and ESPHome panels do).
    public var discovery = true
    public var discoveryPrefix = "homeassistant"
    /// The device's name in Home Assistant (`device_name`); by default from the client id, so two
    /// kiosks on one host do not share a name.
    public var deviceName: String { deviceNameSetting ?? "Thumbwheel " + clientID }
    public var deviceNameSetting: String?
    /// The variables set from a topic.
    public var bindings: [Binding] = []
    /// The elements bound to devices' own topics.
    public var devices: [DeviceTopics] = []

    /// The defaults of every key (what `[mqtt]` with only a host gives, but for the host).
    public init() {}

    /// TLS files, absolute; the client certificate and key come together or not at all.
    public struct TLS: Sendable, Equatable {
        public var caFile: String
        public var certFile: String?
        public var keyFile: String?
        /// Skips checking the broker's host name against its certificate (a broker reached by address).
        public var insecure = false
    }

    /// A variable whose value comes from a topic: the whole payload, or one field of a JSON payload.
    public struct Binding: Sendable, Equatable {
        public var variable: String
        public var type: ValueBoard.VariableType
        public var topic: String
        /// The field's path (`"sensor.temperature"`, `"values.0"`); nil takes the whole payload.
        public var jsonPath: [String]?
    }

    /// This machine's host name ("localhost" when it has none).
    public static var hostname: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// What the kiosk reads at `topic` itself (nil: nothing): a variable or a device state bound to it
    /// would take those messages before the kiosk does (`<base>/<id>/set` would steal a control's commands).
    public func ownTopic(_ topic: String) -> String? {
        guard topic.hasPrefix(baseTopic + "/") else { return nil }
        let levels = topic.dropFirst(baseTopic.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        if levels.last == "set", levels.count == 2 || levels.count == 3 {
            return "the command topic of \(levels.dropLast().joined(separator: "/")) (base_topic/<id>/set)"
        }
        if discovery, levels == ["discovery"] { return "the kiosk's list of discovery configs" }
        return nil
    }

    /// Whether `topic` can be published or subscribed exactly: not empty, no `+` or `#`.
    /// Characters, not substrings: a String argument picks Foundation's contains(_:), which links
    /// the ICU data (megabytes) into the static binary.
    static func isExact(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains(where: { $0 == "+" || $0 == "#" })
    }
}

extension ConfigBuilder {
    /// `[mqtt]` (nil without it) and the variables bound to topics, which need it.
    mutating func mqtt(
        _ section: ConfigTable?, variables: [ConfigTable], declared: [ValueBoard.Declaration]
    ) -> MQTTConfig? {
        guard let t = section else {
            for v in variables where v["topic"] != nil {
                fail(v, "topic", "expected an [mqtt] section to subscribe with, found none")
            }
            return nil
        }
        var m = MQTTConfig()
        m.host = t.string("host") ?? ""
        m.port = t.int("port") ?? m.port
        m.keepalive = t.int("keepalive") ?? m.keepalive
        m.reconnectMax = t.number("reconnect_max") ?? m.reconnectMax
        m.qos = t.int("qos") ?? m.qos
        m.clientID = t.string("client_id") ?? m.clientID
        m.username = t.string("username")
        m.protocolVersion = t.string("protocol") == "5" ? 5 : 4
        m.discovery = t.bool("discovery") ?? true
        m.deviceNameSetting = t.string("device_name")
        if let base = t.string("base_topic") {
            // Wildcards would make the kiosk publish where nobody can subscribe precisely, and `set` match too much.
            if !MQTTConfig.isExact(base) || base.hasSuffix("/") {
                fail(t, "base_topic", "expected a topic without \"+\", \"#\" or a trailing \"/\", found \"\(base)\"")
            }
            m.baseTopic = base
        }
        if let prefix = t.string("discovery_prefix") {
            if !MQTTConfig.isExact(prefix) || prefix.hasSuffix("/") {
                fail(
                    t, "discovery_prefix",
                    "expected a topic without \"+\", \"#\" or a trailing \"/\", found \"\(prefix)\"")
            }
            m.discoveryPrefix = prefix
        }
        if t["password_file"] != nil, let bytes = readableFile(t, "password_file").flatMap({ FileIO.read($0) }) {
            // The first line: a file written with `echo` ends in a newline that is not part of the password.
            m.password =
                String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first
                .map(String.init) ?? ""
        }
        m.tls = tls(t)
        m.bindings = bindings(variables, declared: declared, mqtt: m)
        // A fact about this machine, not the file: the panel may have the library when this one does not.
        if let missing = MachineProbes.missing(for: "mqtt") { warn(t, "host", missing) }
        return m
    }

    /// `ca_file`, `cert_file`, `key_file`, `tls_insecure`: each file readable PEM, certificate and key together.
    private mutating func tls(_ t: ConfigTable) -> MQTTConfig.TLS? {
        let ca = pemFile(t, "ca_file"), cert = pemFile(t, "cert_file"), key = pemFile(t, "key_file")
        // Placed at the key that is there: the one missing has no line to point at.
        if t["cert_file"] != nil && t["key_file"] == nil {
            fail(t, "cert_file", "expected key_file with it (the certificate's key), found none")
        }
        if t["key_file"] != nil && t["cert_file"] == nil {
            fail(t, "key_file", "expected cert_file with it (the key's certificate), found none")
        }
        let needsCA = ["cert_file", "key_file", "tls_insecure"].first { t[$0] != nil }
        if t["ca_file"] == nil, let key = needsCA {
            fail(t, key, "expected ca_file as well (TLS is on when ca_file is set), found \(key) alone")
        }
        guard let ca else { return nil }
        return MQTTConfig.TLS(caFile: ca, certFile: cert, keyFile: key, insecure: t.bool("tls_insecure") ?? false)
    }

    /// The absolute path of file `key` when it is readable and looks like PEM; a located error otherwise.
    private mutating func pemFile(_ t: ConfigTable, _ key: String) -> String? {
        guard t[key] != nil, let full = readableFile(t, key), let bytes = FileIO.read(full) else { return nil }
        let lines = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self).split(separator: "\n")
        guard lines.contains(where: { $0.hasPrefix("-----BEGIN ") }) else {
            fail(t, key, "expected a PEM file (a \"-----BEGIN …\" line), found \"\(t.string(key) ?? "")\" without one")
            return nil
        }
        return full
    }

    /// The absolute path (relative ones are taken from the config's folder) of a readable file; a located error otherwise.
    private mutating func readableFile(_ t: ConfigTable, _ key: String) -> String? {
        guard let path = t.string(key) else { return nil }
        let full = resolved(path)
        guard FileIO.read(full) != nil else {
            fail(t, key, "expected a readable file, found \"\(path)\" (\(full): \(String(cString: strerror(errno))))")
            return nil
        }
        return full
    }

    /// `[[variables]]` with a `topic`: an exact topic, and a JSON path of non-empty names or indexes.
    private mutating func bindings(
        _ tables: [ConfigTable], declared: [ValueBoard.Declaration], mqtt: MQTTConfig
    ) -> [MQTTConfig.Binding] {
        tables.compactMap { v -> MQTTConfig.Binding? in
            guard let topic = v.string("topic"), let id = v.string("id"), let d = declared.first(where: { $0.id == id })
            else {
                if v["json"] != nil && v["topic"] == nil {
                    fail(v, "json", "expected a topic for the JSON payload, found json alone")
                }
                return nil
            }
            guard MQTTConfig.isExact(topic) else {
                fail(v, "topic", "expected a topic without \"+\" or \"#\", found \"\(topic)\"")
                return nil
            }
            if let own = mqtt.ownTopic(topic) {
                fail(v, "topic", "expected a topic the kiosk does not read itself, found \"\(topic)\": \(own)")
                return nil
            }
            var path: [String]?
            if let json = v.string("json") {
                let steps = json.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if steps.contains(where: \.isEmpty) {
                    fail(
                        v, "json",
                        "expected a dot path of field names or indexes (\"sensor.temperature\", \"values.0\"), found \"\(json)\""
                    )
                    return nil
                }
                path = steps
            }
            return MQTTConfig.Binding(variable: id, type: d.type, topic: topic, jsonPath: path)
        }
    }
}
