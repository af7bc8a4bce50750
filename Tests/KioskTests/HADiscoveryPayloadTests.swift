import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Every kind's discovery payload, byte for byte: the entities are derived from each kind's declared
/// exposure, and what Home Assistant receives must not change when that derivation moves.
@Suite("Home Assistant discovery: every kind's payload, byte for byte")
struct HADiscoveryPayloadTests {
    static let text = """
        [mqtt]
        host = "b"
        base_topic = "tw/p"
        client_id = "panel"
        qos = 1
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [0, 0, 100, 100]
          min = 5
          max = 35
          [[screens.controls]]
          kind = "gradient-slider"
          id = "hue"
          frame = [0, 100, 100, 100]
          [[screens.controls]]
          kind = "range-slider"
          id = "band"
          frame = [0, 200, 100, 100]
          min = 100
          max = -20
          value = 10
          second_value = 50
          [[screens.controls]]
          kind = "value-slider"
          id = "level"
          title = "Level"
          frame = [100, 0, 200, 40]
          min = 1
          max = 2
          decimals = 2
          [[screens.controls]]
          kind = "arc-seeker"
          id = "seek"
          frame = [100, 50, 100, 100]
          [[screens.controls]]
          kind = "arc-seeker"
          id = "wrap"
          frame = [200, 50, 100, 100]
          start_angle = 300
          end_angle = 60
          value = 0
          [[screens.controls]]
          kind = "spinner"
          id = "fan"
          frame = [300, 0, 80, 80]
            [[screens.controls.items]]
            icon = "builtin:sun"
            title = "Low"
            [[screens.controls.items]]
            icon = "builtin:leaf"
            [[screens.controls.items]]
            icon = "builtin:leaf"
            title = "Low"
          [[screens.controls]]
          kind = "choice"
          id = "mode"
          options = ["Heat", "Cool", "Off"]
          frame = [300, 100, 200, 40]
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          label = "Pump"
          frame = [300, 150, 200, 40]
          [[screens.controls]]
          kind = "button"
          id = "go"
          text = "Go"
          frame = [300, 200, 200, 40]
          [[screens.controls]]
          kind = "color-wheel"
          id = "lamp"
          frame = [300, 250, 150, 150]
          [[screens.controls]]
          kind = "label"
          id = "caption"
          text = "hi"
          frame = [500, 0, 100, 40]
          [[screens.controls]]
          kind = "gauge"
          id = "meter"
          source = "dial"
          frame = [500, 50, 100, 100]
          [[screens.controls]]
          kind = "image"
          id = "logo"
          image = "builtin:sun"
          frame = [500, 150, 40, 40]
          [[screens.controls]]
          kind = "card"
          id = "box"
          frame = [600, 0, 100, 100]
          [[screens.controls]]
          kind = "nav-bar"
          id = "nav"
          frame = [0, 400, 800, 80]
          [[screens.controls]]
          kind = "spinner"
          id = "vent"
          frame = [700, 0, 80, 80]
            [[screens.controls.items]]
            icon = "builtin:sun"
            title = "Off"
            [[screens.controls.items]]
            icon = "builtin:leaf"
            title = "Boost"
            enabled = false
            [[screens.controls.items]]
            icon = "builtin:leaf"
            title = "Auto"
        """

    /// What the kiosk published before kinds declared their exposure (labels, gauges, images, cards
    /// and navigation bars: nothing), and the colour wheel's light since; an arc through 0° and a
    /// spinner's disabled item as Home Assistant can take them.
    static let expected: [String] = [
        #"homeassistant/number/panel/dial/config {"availability_topic":"tw/p/status","command_topic":"tw/p/dial/set","device":DEVICE,"max":35,"min":5,"mode":"slider","name":"dial","object_id":"panel_dial","qos":1,"state_topic":"tw/p/dial/state","step":0.001,"unique_id":"panel_dial"}"#,
        #"homeassistant/number/panel/hue/config {"availability_topic":"tw/p/status","command_topic":"tw/p/hue/set","device":DEVICE,"max":100,"min":0,"mode":"slider","name":"hue","object_id":"panel_hue","qos":1,"state_topic":"tw/p/hue/state","step":0.01,"unique_id":"panel_hue"}"#,
        #"homeassistant/sensor/panel/band_low/config {"availability_topic":"tw/p/status","device":DEVICE,"name":"band low","object_id":"panel_band_low","qos":1,"state_topic":"tw/p/band/state","unique_id":"panel_band_low","value_template":"{{ value_json[0] }}"}"#,
        #"homeassistant/sensor/panel/band_high/config {"availability_topic":"tw/p/status","device":DEVICE,"name":"band high","object_id":"panel_band_high","qos":1,"state_topic":"tw/p/band/state","unique_id":"panel_band_high","value_template":"{{ value_json[1] }}"}"#,
        #"homeassistant/number/panel/level/config {"availability_topic":"tw/p/status","command_topic":"tw/p/level/set","device":DEVICE,"max":2,"min":1,"mode":"slider","name":"Level","object_id":"panel_level","qos":1,"state_topic":"tw/p/level/state","step":0.01,"unique_id":"panel_level"}"#,
        #"homeassistant/number/panel/seek/config {"availability_topic":"tw/p/status","command_topic":"tw/p/seek/set","device":DEVICE,"max":180,"min":90,"mode":"slider","name":"seek","object_id":"panel_seek","qos":1,"state_topic":"tw/p/seek/state","step":0.1,"unique_id":"panel_seek","unit_of_measurement":"°"}"#,
        // An arc through 0° (300→60) is 300…420 in Home Assistant: the angles its thumb can take.
        #"homeassistant/number/panel/wrap/config {"availability_topic":"tw/p/status","command_template":"{{ value - 360 if value >= 360 else value }}","command_topic":"tw/p/wrap/set","device":DEVICE,"max":420,"min":300,"mode":"slider","name":"wrap","object_id":"panel_wrap","qos":1,"state_topic":"tw/p/wrap/state","step":0.1,"unique_id":"panel_wrap","unit_of_measurement":"°","value_template":"{{ value | float + 360 if value | float < 300 else value | float }}"}"#,
        #"homeassistant/select/panel/fan/config {"availability_topic":"tw/p/status","command_template":"{{ {\"1\":1,\"Low\":0,\"Low 2\":2}[value] }}","command_topic":"tw/p/fan/set","device":DEVICE,"name":"fan","object_id":"panel_fan","options":["Low","1","Low 2"],"qos":1,"state_topic":"tw/p/fan/state","unique_id":"panel_fan","value_template":"{{ [\"Low\",\"1\",\"Low 2\"][value | int] }}"}"#,
        #"homeassistant/select/panel/mode/config {"availability_topic":"tw/p/status","command_template":"{{ {\"Cool\":1,\"Heat\":0,\"Off\":2}[value] }}","command_topic":"tw/p/mode/set","device":DEVICE,"name":"mode","object_id":"panel_mode","options":["Heat","Cool","Off"],"qos":1,"state_topic":"tw/p/mode/state","unique_id":"panel_mode","value_template":"{{ [\"Heat\",\"Cool\",\"Off\"][value | int] }}"}"#,
        #"homeassistant/switch/panel/pump/config {"availability_topic":"tw/p/status","command_topic":"tw/p/pump/set","device":DEVICE,"name":"Pump","object_id":"panel_pump","payload_off":"0","payload_on":"1","qos":1,"state_off":"0","state_on":"1","state_topic":"tw/p/pump/state","unique_id":"panel_pump"}"#,
        #"homeassistant/button/panel/go/config {"availability_topic":"tw/p/status","command_topic":"tw/p/go/set","device":DEVICE,"name":"Go","object_id":"panel_go","payload_press":"PRESS","qos":1,"unique_id":"panel_go"}"#,
        #"homeassistant/light/panel/lamp/config {"availability_topic":"tw/p/status","command_topic":"tw/p/lamp/set","device":DEVICE,"name":"lamp","object_id":"panel_lamp","payload_off":"0","payload_on":"16777215","qos":1,"rgb_command_template":"{{ red * 65536 + green * 256 + blue }}","rgb_command_topic":"tw/p/lamp/set","rgb_state_topic":"tw/p/lamp/state","rgb_value_template":"{{ value | int // 65536 }},{{ value | int // 256 % 256 }},{{ value | int % 256 }}","state_topic":"tw/p/lamp/state","state_value_template":"{{ 'OFF' if value | int == 0 else 'ON' }}","unique_id":"panel_lamp"}"#,
        // A disabled item is not offered, and its index shows as unknown (none).
        #"homeassistant/select/panel/vent/config {"availability_topic":"tw/p/status","command_template":"{{ {\"Auto\":2,\"Off\":0}[value] }}","command_topic":"tw/p/vent/set","device":DEVICE,"name":"vent","object_id":"panel_vent","options":["Off","Auto"],"qos":1,"state_topic":"tw/p/vent/state","unique_id":"panel_vent","value_template":"{{ [\"Off\",none,\"Auto\"][value | int] }}"}"#,
    ]

    @Test("Each kind gives the same topics and payloads as before exposures; value-less kinds none")
    func payloads() throws {
        let config = try ConfigLoader.parse(text: Self.text, file: "c.toml")
        let d = HADiscovery(config: try #require(config.mqtt))
        // The device block holds the host name and version: the same in every entity, not the subject here.
        let device = d.device.description
        let got = d.messages(for: config.allControls).map { m in
            #expect(m.payload.contains(device), "\(m.topic): no device block")
            return m.topic + " " + m.payload.replacingOccurrences(of: device, with: "DEVICE")
        }
        #expect(got.count == Self.expected.count)
        for (line, expected) in zip(got, Self.expected) { #expect(line == expected) }
    }

    @Test("The names the loader checks for collisions cover every entity discovery publishes")
    func publishedNamesCoverEntities() throws {
        let config = try ConfigLoader.parse(text: Self.text, file: "c.toml")
        for c in config.allControls {
            let published = Set(PublishedNames.of(c))
            for name in HADiscovery.entityNames(of: c) {
                #expect(published.contains(name), "\(c.id): \(name) is not checked")
            }
        }
    }
}
