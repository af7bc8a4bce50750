import ConfigLoading
import MQTTAdapter

/// The `mqttdevice` target: one payload as every kind of bound element reads its device's state —
/// zigbee2mqtt-shaped JSON fields, Tasmota-shaped plain words and numbers, `device_range` mappings
/// (one so narrow that large numbers overflow), options, pairs — and as bound variables read it.
enum MQTTDeviceFuzz {
    static let config = """
        [mqtt]
        host = "127.0.0.1"
        base_topic = "tw"
        [[variables]]
        id = "temperature"
        topic = "z2m/sensor"
        json = "temperature"
        [[variables]]
        id = "raw"
        topic = "tele/sensor"
        [[variables]]
        id = "name"
        type = "text"
        topic = "z2m/sensor"
        json = "device.0.name"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [0, 0, 120, 60]
          mqtt = { state_topic = "z2m/lamp", state_json = "state" }
          [[screens.controls]]
          kind = "toggle"
          id = "plug"
          frame = [0, 70, 120, 60]
          mqtt = { state_topic = "stat/plug/POWER", payload_on = "on", payload_off = "off" }
          [[screens.controls]]
          kind = "circular-slider"
          id = "bright"
          frame = [130, 0, 100, 100]
          min = 0
          max = 100
          mqtt = { state_topic = "z2m/lamp", state_json = "brightness", device_range = [0, 254], command_topic = "z2m/lamp/set", command_payload = '{"brightness":{value}}' }
          [[screens.controls]]
          kind = "value-slider"
          id = "narrow"
          frame = [0, 140, 200, 60]
          min = -1000000
          max = 1000000
          mqtt = { state_topic = "tele/narrow", device_range = [0, 0.000001], command_topic = "cmnd/narrow" }
          [[screens.controls]]
          kind = "choice"
          id = "mode"
          frame = [0, 210, 200, 50]
          options = ["Auto", "Low", "High"]
          mqtt = { state_topic = "z2m/fan", state_json = "fan_mode", command_topic = "z2m/fan/set" }
          [[screens.controls]]
          kind = "range-slider"
          id = "window"
          frame = [240, 0, 100, 100]
          min = 0
          max = 24
          value = 8
          second_value = 18
          mqtt = { state_topic = "tele/window", device_range = [0, 1440], command_topic = "cmnd/window" }
          [[screens.controls]]
          kind = "color-wheel"
          id = "rgb"
          frame = [240, 110, 100, 100]
          mqtt = { state_topic = "z2m/bulb", state_json = "color.rgb" }
        """

    nonisolated(unsafe) static let probe: InboundProbe? = {
        guard let parsed = try? ConfigLoader.parse(text: config, file: "mqtt-device.toml"), let mqtt = parsed.mqtt
        else { return nil }
        return InboundProbe(mqtt: mqtt, controls: parsed.allControls)
    }()

    static func run(_ bytes: [UInt8]) {
        guard let probe else { fatalError("the mqttdevice target's own config does not load") }
        probe.run(bytes)
    }
}
