import Core
import Foundation
import Glibc
import Testing
import TestSupport
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// Home Assistant discovery, button presses and variables bound to topics, end to end against a real
/// broker, read from outside with mosquitto_sub and Foundation's JSON parser.
@Suite("MQTT: Home Assistant discovery, buttons and bound variables", .serialized)
struct MQTTDiscoveryTests {
    static let base = "tw/disco"
    static var client: String { "thumbwheel-disco-\(getpid())" }
    static var node: String { HADiscovery.objectID(client) }

    static let controls = """
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          label = "Pump"
          frame = [210, 0, 180, 40]
          [[screens.controls]]
          kind = "button"
          id = "go"
          text = "Go"
          frame = [210, 50, 180, 40]
          [[screens.controls]]
          kind = "choice"
          id = "mode"
          options = ["Heat", "Cool", "Off"]
          frame = [210, 100, 180, 40]
          [[screens.controls]]
          kind = "value-slider"
          id = "level"
          min = 10
          max = 30
          decimals = 1
          frame = [210, 150, 180, 40]
          [[screens.controls]]
          kind = "range-slider"
          id = "band"
          frame = [0, 200, 100, 100]
          [[screens.controls]]
          kind = "spinner"
          id = "fan"
          frame = [110, 210, 80, 80]
            [[screens.controls.items]]
            icon = "builtin:sun"
            title = "Low"
            [[screens.controls.items]]
            icon = "builtin:leaf"
            title = "High"
          [[screens.controls]]
          kind = "label"
          id = "out"
          text = "Out {outdoor}"
          frame = [210, 200, 180, 40]

        """

    static func config(port: Int, controls: String = MQTTDiscoveryTests.controls) -> String {
        controls + """
            [mqtt]
            host = "127.0.0.1"
            port = \(port)
            base_topic = "\(base)"
            client_id = "\(client)"
            keepalive = 5
            [[variables]]
            id = "outdoor"
            topic = "sensors/\(getpid())/outdoor"
            json = "main.temp"
            [[variables]]
            id = "note"
            type = "text"
            topic = "sensors/\(getpid())/note"
            [[variables]]
            id = "indoor"
            initial = 21
            stale_after = 900

            """
    }

    func configTopic(_ component: String, _ object: String) -> String {
        "homeassistant/\(component)/\(MQTTDiscoveryTests.node)/\(object)/config"
    }

    /// The retained discovery configs, parsed with Foundation's JSONSerialization.
    func configs(_ broker: MosquittoBroker) throws -> [String: [String: Any]] {
        try broker.retainedMessages("homeassistant/#").mapValues { payload in
            try #require(
                try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
                "not a JSON object: \(payload)")
        }
    }

    /// Publishes with the retain flag (`-r`); an empty payload (`-n`) clears the topic.
    func publishRetained(_ broker: MosquittoBroker, _ topic: String, _ payload: String) throws {
        let args =
            ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-r"]
            + (payload.isEmpty ? ["-n"] : ["-m", payload])
        #expect(runTool(try MosquittoBroker.tool("mosquitto_pub"), args)?.status == 0)
    }

    @Test(
        "One device, an entity per control with the fields Home Assistant requires; republished on HA's online; a removed control's entity is cleared"
    )
    func discovery() throws {
        let broker = try MosquittoBroker(name: "mqtt-disco")
        var kiosk = KioskProcess(name: "mqtt-disco-kiosk", extraScreens: MQTTDiscoveryTests.config(port: broker.port))
        try #require(kiosk != nil)
        let base = MQTTDiscoveryTests.base
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        let expected = [
            configTopic("number", "dial"), configTopic("switch", "pump"), configTopic("button", "go"),
            configTopic("select", "mode"), configTopic("number", "level"), configTopic("sensor", "band_low"),
            configTopic("sensor", "band_high"), configTopic("select", "fan"), configTopic("sensor", "indoor"),
            configTopic("light", "backlight"),
        ]
        let found = try configs(broker)
        #expect(Set(found.keys) == Set(expected), "discovery topics: \(found.keys.sorted())")
        var uniqueIDs = Set<String>()
        for (topic, c) in found {
            let component = topic.split(separator: "/")[1]
            #expect(c["name"] is String && c["availability_topic"] as? String == "\(base)/status", "\(topic)")
            if let id = c["unique_id"] as? String {
                #expect(uniqueIDs.insert(id).inserted, "unique_id \(id) twice")
            } else {
                Issue.record("\(topic): no unique_id")
            }
            let device = c["device"] as? [String: Any]
            #expect(
                (device?["identifiers"] as? [String])?.contains(MQTTDiscoveryTests.node) == true
                    && device?["model"] as? String == "Thumbwheel"
                    && device?["sw_version"] as? String == thumbwheelVersion && device?["name"] is String,
                "\(topic): device")
            switch component {
            case "number":
                #expect(
                    c["command_topic"] is String && c["state_topic"] is String && c["min"] is NSNumber
                        && c["max"] is NSNumber && c["step"] is NSNumber, "\(topic)")
            case "select":
                #expect(
                    c["command_topic"] is String && c["state_topic"] is String
                        && (c["options"] as? [String])?.isEmpty == false, "\(topic)")
            case "switch":
                #expect(
                    c["command_topic"] is String && c["state_topic"] is String && c["payload_on"] as? String == "1"
                        && c["payload_off"] as? String == "0")
            case "button":
                #expect(c["command_topic"] as? String == "\(base)/go/set" && c["payload_press"] as? String == "PRESS")
            case "sensor" where topic.contains("/indoor/"):
                #expect(c["state_topic"] as? String == "\(base)/indoor/state" && c["expire_after"] as? Double == 900)
            case "sensor": #expect(c["state_topic"] as? String == "\(base)/band/state" && c["value_template"] is String)
            case "light":
                #expect(
                    c["schema"] as? String == "json" && c["command_topic"] as? String == "\(base)/backlight/set"
                        && c["state_topic"] as? String == "\(base)/backlight/state" && c["brightness"] as? Bool == true)
            default: Issue.record("unexpected component in \(topic)")
            }
        }
        let level = found[configTopic("number", "level")]
        #expect(level?["min"] as? Double == 10 && level?["max"] as? Double == 30 && level?["step"] as? Double == 0.1)
        #expect(found[configTopic("select", "mode")]?["options"] as? [String] == ["Heat", "Cool", "Off"])
        #expect(found[configTopic("select", "fan")]?["options"] as? [String] == ["Low", "High"])

        // What Home Assistant sends arrives: a switch's payload_on, a select's index (after its template).
        try broker.publish("\(base)/pump/set", "1")
        #expect(try broker.wait("\(base)/pump/state", for: "1") == "1")
        try broker.publish("\(base)/mode/set", "2")
        #expect(try broker.wait("\(base)/mode/state", for: "2") == "2")

        // Home Assistant restarted and lost a config: its `online` brings every config back.
        try publishRetained(broker, configTopic("switch", "pump"), "")
        #expect(try configs(broker)[configTopic("switch", "pump")] == nil)
        try broker.publish("homeassistant/status", "online")
        usleep(500_000)
        #expect(try configs(broker)[configTopic("switch", "pump")] != nil)

        // The same panel again without its toggle: the toggle's entity goes, the others stay.
        kiosk = nil
        let withoutPump = MQTTDiscoveryTests.controls.replacingOccurrences(
            of:
                "  [[screens.controls]]\n  kind = \"toggle\"\n  id = \"pump\"\n  label = \"Pump\"\n  frame = [210, 0, 180, 40]\n",
            with: "")
        #expect(withoutPump != MQTTDiscoveryTests.controls)
        let second = KioskProcess(
            name: "mqtt-disco-kiosk2", extraScreens: MQTTDiscoveryTests.config(port: broker.port, controls: withoutPump)
        )
        try #require(second != nil)
        let deadline = monotonicNow() + TestTiming.seconds(10)
        var after = try configs(broker)
        while after[configTopic("switch", "pump")] != nil && monotonicNow() < deadline {
            usleep(200_000); after = try configs(broker)
        }
        #expect(
            Set(after.keys) == Set(expected).subtracting([configTopic("switch", "pump")]),
            "after removal: \(after.keys.sorted())")
    }

    @Test("A button publishes press (tapped or pressed from MQTT), not retained")
    func buttonEvents() throws {
        let broker = try MosquittoBroker(name: "mqtt-button")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-button-kiosk", extraScreens: MQTTDiscoveryTests.config(port: broker.port)))
        let base = MQTTDiscoveryTests.base
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        let sub = try #require(
            SpawnedProcess(
                try MosquittoBroker.tool("mosquitto_sub"),
                ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "\(base)/go/event", "-v", "-C", "2", "-W", "10"]))
        usleep(300_000)
        let go = try #require(
            kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["controls"]?.arrayValue?
                .first { $0["id"] == .string("go") })
        let center = (go["points"]?["center"]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(center.count == 2)
        #expect(
            kiosk.request("{\"cmd\":\"tap\",\"x\":\(center[0]),\"y\":\(center[1])}")?.hasPrefix("{\"ok\":true") == true)
        #expect(sub.readLine() == "\(base)/go/event press")
        try broker.publish("\(base)/go/set", "PRESS")
        #expect(sub.readLine() == "\(base)/go/event press")
        #expect(try broker.retained("\(base)/go/event", seconds: 1) == nil, "a press is not retained")
    }

    @Test(
        "Variables bound to topics: a JSON field and a whole payload; malformed payloads change nothing and are logged once"
    )
    func boundVariables() throws {
        let broker = try MosquittoBroker(name: "mqtt-vars")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-vars-kiosk", extraScreens: MQTTDiscoveryTests.config(port: broker.port)))
        #expect(try broker.wait("\(MQTTDiscoveryTests.base)/status", for: "online") == "online")
        func variable(_ id: String) -> JSON? {
            kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["variables"]?.arrayValue?
                .first { $0["id"] == .string(id) }?["value"]
        }
        func waitFor(_ id: String, _ expected: JSON) -> JSON? {
            let deadline = monotonicNow() + TestTiming.seconds(5)
            var v = variable(id)
            while v != expected && monotonicNow() < deadline { usleep(50_000); v = variable(id) }
            return v
        }
        // A variable set through the socket is published like a value; bound ones are not echoed.
        let base = MQTTDiscoveryTests.base
        #expect(try broker.wait("\(base)/indoor/state", for: "21") == "21")
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"indoor\",\"value\":22.5}")
                == "{\"id\":\"indoor\",\"ok\":true,\"value\":22.5}")
        #expect(try broker.wait("\(base)/indoor/state", for: "22.5") == "22.5")
        let outdoor = "sensors/\(getpid())/outdoor", note = "sensors/\(getpid())/note"
        try broker.publish(outdoor, "{\"main\": {\"temp\": 4.5, \"humidity\": 80}}")
        #expect(waitFor("outdoor", .number(4.5)) == .number(4.5))
        try broker.publish(note, "Frost tonight")
        #expect(waitFor("note", .string("Frost tonight")) == .string("Frost tonight"))

        let big = makeTemporaryDirectory("mqtt-vars-big") + "/big"
        try FileIO.writeAtomically(
            Array(("{\"main\":{\"temp\":1" + String(repeating: "0", count: 1_000_000) + "}}").utf8), to: big)
        let pub = runTool(
            try MosquittoBroker.tool("mosquitto_pub"),
            ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", outdoor, "-f", big, "-q", "1"])
        #expect(pub?.status == 0)
        for bad in [
            "NaN", "{\"main\": {\"temp\": NaN}}", "{\"main\": {}}", "{\"main\": {}}",
            "{\"main\": {\"temp\": \"warm\"}}",
            "{\"main\": [1, 2]}", "[1, 2", "{\"main\": {\"temp\": 1e999}}",
        ] {
            try broker.publish(outdoor, bad)
        }
        // The good one after the rubbish proves all of it was read (one connection, in order).
        try broker.publish(outdoor, "{\"main\": {\"temp\": \"-2.5\"}}")
        #expect(waitFor("outdoor", .number(-2.5)) == .number(-2.5))
        // Hex text is no number by the documented grammar (Double("0x1A") is 26); the note after it
        // proves it was read.
        try broker.publish(outdoor, "{\"main\": {\"temp\": \"0x1A\"}}")
        try broker.publish(note, "Thaw")
        #expect(waitFor("note", .string("Thaw")) == .string("Thaw"))
        #expect(variable("outdoor") == .number(-2.5))
        #expect(try broker.retained("\(base)/outdoor/state", seconds: 1) == nil)
        let lines = kiosk.logLines(containing: "for variable outdoor")
        // Refused before it was copied: the line names the topic and its limit.
        #expect(kiosk.logLines(containing: "bytes unread (at most 65536 on this topic)").count == 1, "\(kiosk.log)")
        #expect(
            lines.filter { $0.contains("expected a field at \"main.temp\"") }.count == 1,
            "missing field twice, logged once:\n\(kiosk.log)")
        #expect(
            lines.filter { $0.contains("expected JSON") }.count == 1
                && lines.filter { $0.contains("expected a finite number") }.count == 1,
            "\(kiosk.log)")
    }
}
