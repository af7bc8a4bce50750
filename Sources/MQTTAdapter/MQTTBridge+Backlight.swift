import ConfigLoading
import Core
import Formats
import Kiosk

/// The screen's power over MQTT, as a Home Assistant JSON light: `<base>/backlight/set` takes
/// `{"state":"ON","brightness":40}` (brightness 0–100) or a plain `ON`/`OFF`; `<base>/backlight/state`
/// is retained in the same form.
extension MQTTBridge {
    static let backlightID = PublishedNames.screen

    var backlightTopic: String { MQTTBridge.backlightTopic(config) }

    static func backlightTopic(_ config: MQTTConfig) -> String { config.baseTopic + "/" + backlightID }

    /// Publishes the screen's power (retained).
    func screenPowerChanged(_ power: ScreenPower) {
        guard link.isConnected else { return }
        let payload = JSON.object([
            ("state", .string(power.on ? "ON" : "OFF")), ("brightness", .number((power.brightness * 100).rounded())),
        ])
        _ = link.publish(backlightTopic + "/state", payload.description, qos: config.qos, retain: true)
    }

    /// `<base>/backlight/set`: switches the screen; a payload it cannot read is logged once.
    func receivedBacklight(_ payload: [UInt8]) {
        let text = String(decoding: payload.prefix(1024), as: UTF8.self)
        var on: Bool?, brightness: Double?
        switch text.uppercased() {
        case "ON": on = true
        case "OFF": on = false
        default:
            guard let json = JSON.parse(payload), case .object = json else {
                logOnce(
                    "backlight/payload",
                    "mqtt: \(backlightTopic)/set: ignored \(MQTTBridge.shown(payload)): expected ON, OFF or {\"state\":\"ON\",\"brightness\":0–100}; logged once"
                )
                return
            }
            if case .string(let s)? = json["state"] { on = s.uppercased() == "ON" }
            if case .number(let b)? = json["brightness"] { brightness = b / 100 }
        }
        if let problem = setScreenPower(on, brightness) {
            logOnce("backlight/\(problem)", "mqtt: \(backlightTopic)/set: ignored: \(problem)")
        }
    }

    /// Home Assistant's entity for the screen: a JSON light with brightness in percent.
    static func backlightDiscovery(_ d: HADiscovery, config: MQTTConfig) -> HADiscovery.Message {
        let backlightTopic = backlightTopic(config)
        let fields: [(String, JSON)] = [
            ("name", .string("Screen")), ("unique_id", .string("\(d.nodeID)_backlight")),
            ("object_id", .string("\(d.nodeID)_backlight")),
            ("schema", .string("json")), ("command_topic", .string(backlightTopic + "/set")),
            ("state_topic", .string(backlightTopic + "/state")),
            ("brightness", .bool(true)), ("brightness_scale", .number(100)),
            ("availability_topic", .string(config.baseTopic + "/status")), ("qos", .number(Double(config.qos))),
            ("device", d.device),
        ]
        return HADiscovery.Message(
            topic: "\(config.discoveryPrefix)/light/\(d.nodeID)/backlight/config",
            payload: JSON.object(fields).description)
    }
}
