import Controls
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import MQTTAdapter
@testable import Widgets

/// An element's `mqtt` table and the `publish` action in the config, and how device payloads map.
@Suite("Device topics: config and payloads")
struct DeviceTopicsConfigTests {
    static let mqtt = "[mqtt]\nhost = \"b\"\n"

    static func screen(_ control: String) -> String {
        "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  id = \"c\"\n  frame = [0, 0, 100, 60]\n" + control
    }

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(
        "Located errors: no [mqtt], a wildcard, neither topic, a state on a label, an unknown placeholder, equal device ends"
    )
    func located() {
        #expect(
            errors(Self.screen("  kind = \"toggle\"\n  mqtt = { state_topic = \"a\" }\n"))
                == [
                    "c.toml:7:10: screens[id=main].controls[id=c].mqtt: expected an [mqtt] section to reach the broker with, found none"
                ])
        #expect(
            errors(Self.mqtt + Self.screen("  kind = \"toggle\"\n  mqtt = { state_topic = \"a/+\" }\n"))
                == [
                    "c.toml:9:12: screens[id=main].controls[id=c].mqtt.state_topic: expected a topic without \"+\" or \"#\", found \"a/+\""
                ])
        #expect(
            errors(Self.mqtt + Self.screen("  kind = \"toggle\"\n  mqtt = { qos = 1 }\n")).first?
                .contains("expected state_topic, command_topic or both, found neither") == true)
        #expect(
            errors(Self.mqtt + Self.screen("  kind = \"label\"\n  text = \"x\"\n  mqtt = { state_topic = \"a\" }\n"))
                .first?
                .contains("mqtt.state_topic: expected only on an element that holds a value (a label holds none")
                == true)
        #expect(
            errors(
                Self.mqtt
                    + Self.screen(
                        "  kind = \"toggle\"\n  mqtt = { command_topic = \"a\", command_payload = '{\"v\":{valeu}}' }\n"
                    )
            ).first?
            .contains(
                "command_payload: expected only the placeholders {value}, {on|OFF_TEXT|ON_TEXT} and {option}, found {valeu}"
            ) == true)
        #expect(
            errors(
                Self.mqtt
                    + Self.screen(
                        "  kind = \"circular-slider\"\n  mqtt = { state_topic = \"a\", device_range = [5, 5] }\n")
            ).first?
            .contains("device_range: expected two different numbers, found [5, 5]") == true)
        // A button may send a command, and JSON braces in a template are not placeholders.
        #expect(
            errors(
                Self.mqtt
                    + Self.screen(
                        "  kind = \"button\"\n  text = \"Go\"\n  mqtt = { command_topic = \"a\", command_payload = '{\"go\": true}' }\n"
                    )) == [])
    }

    @Test("publish actions need [mqtt] and name controls and variables that exist")
    func publishAction() {
        let button = "  kind = \"button\"\n  text = \"Go\"\n"
        #expect(
            errors(Self.screen(button + "  actions = [{ publish = \"a/b\" }]\n")).first?
                .contains("publish: expected an [mqtt] section to publish with, found none") == true)
        #expect(
            errors(Self.mqtt + Self.screen(button + "  actions = [{ publish = \"a/b\", payload = \"{cc}\" }]\n")).first?
                .contains("payload: expected control and variable ids in {…}, found {cc}; did you mean \"c\"?") == true)
        #expect(
            errors(Self.mqtt + Self.screen(button + "  actions = [{ publish = \"a/#\" }]\n")).first?
                .contains("expected a topic without \"+\" or \"#\", found \"a/#\"") == true)
        #expect(
            errors(Self.mqtt + Self.screen(button + "  actions = [{ event = \"x\", retain = true }]\n")).first?
                .contains("retain: expected only with \"publish\", found it without") == true)
        #expect(
            errors(
                Self.mqtt
                    + Self.screen(button + "  actions = [{ publish = \"a/b\", payload = \"{c}\", retain = true }]\n"))
                == [])
    }

    func link(_ exposure: ValueExposure, _ change: (inout DeviceTopics) -> Void = { _ in }) -> DeviceLinks.Link {
        var d = DeviceTopics(id: "c", qos: 1)
        change(&d)
        return DeviceLinks.Link(topics: d, exposure: exposure)
    }

    func value(_ payload: String, _ link: DeviceLinks.Link) -> StoredValue? {
        try? DeviceLinks.value(of: Array(payload.utf8), for: link).get()
    }

    @Test(
        "State payloads: on/off texts in any case, options, booleans, numbers through device_range, pairs; rubbish refused"
    )
    func statePayloads() {
        let toggle = link(.onOff)
        #expect(
            value("ON", toggle) == .single(1) && value("off", toggle) == .single(0)
                && value("true", toggle) == .single(1))
        #expect(value("maybe", toggle) == nil)
        let select = link(.select(options: ["Eco", "Comfort", "Boost"]), { $0.stateJSON = ["preset"] })
        #expect(value(#"{"preset":"Boost"}"#, select) == .single(2))
        #expect(
            value(#"{"preset":"Turbo"}"#, select) == nil && value(#"{"mode":"Eco"}"#, select) == nil
                && value("Eco", select) == nil)
        let dial = link(
            .number(NumberRange(minimum: 0, maximum: 100, step: 0.01)),
            {
                $0.deviceRange = 0...254; $0.stateJSON = ["brightness"]
            })
        #expect(
            value(#"{"brightness":254}"#, dial) == .single(100) && value(#"{"brightness":"127"}"#, dial) == .single(50))
        #expect(
            value("[1,2]", link(.pair(NumberRange(minimum: 0, maximum: 10, step: 1), low: "low", high: "high")))
                == .pair(1, 2))
        #expect(value(String(repeating: "9", count: 70_000), dial) == nil)
    }

    @Test("Command payloads: templates with {value} in the device's numbers, {on|…}, {option}; defaults by exposure")
    func commandPayloads() {
        #expect(DeviceLinks.payload(.single(1), for: link(.onOff)) == "ON")
        #expect(
            DeviceLinks.payload(.single(0), for: link(.onOff, { $0.commandPayload = #"{"state":"{on|OFF|ON}"}"# }))
                == #"{"state":"OFF"}"#)
        #expect(DeviceLinks.payload(.single(1), for: link(.select(options: ["a", "b"]))) == "b")
        let dial = link(
            .number(NumberRange(minimum: 0, maximum: 100, step: 0.01)),
            {
                $0.deviceRange = 0...254; $0.commandPayload = #"{"brightness":{value}}"#
            })
        #expect(DeviceLinks.payload(.single(25), for: dial) == #"{"brightness":64}"#)
        #expect(
            DeviceLinks.payload(.single(21.5), for: link(.number(NumberRange(minimum: 5, maximum: 30, step: 0.5))))
                == "21.5")
    }
}
