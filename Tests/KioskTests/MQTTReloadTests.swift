import Core
import Foundation
import Glibc
import Testing
import TestSupport
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import Persistence
@testable import Platform

/// What the real Home Assistant check found in discovery, against a real broker: a reload reconciles
/// the entities and the bound topics, an arc through 0° takes only its own angles, a spinner's
/// disabled item is neither offered nor taken, and a variable set through the socket outlives a
/// restart, so the screen and the retained state Home Assistant reads agree.
@Suite("MQTT: discovery follows a reload; arcs, disabled items and saved variables as HA can take them", .serialized)
struct MQTTReloadTests {
    static let base = "tw/reload"
    static var client: String { "thumbwheel-reload-\(getpid())" }
    static var node: String { HADiscovery.objectID(client) }
    static func topic(_ name: String) -> String { "sensors/\(getpid())/\(name)" }

    static let seekerAndSpinner = """
          [[screens.controls]]
          kind = "arc-seeker"
          id = "heading"
          frame = [210, 0, 90, 90]
          start_angle = 150
          end_angle = 30
          value = 160
          [[screens.controls]]
          kind = "spinner"
          id = "vent"
          frame = [310, 0, 80, 80]
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

    static func mqtt(port: Int) -> String {
        """
        [mqtt]
        host = "127.0.0.1"
        port = \(port)
        base_topic = "\(base)"
        client_id = "\(client)"
        keepalive = 5

        """
    }

    /// The first config: a toggle `pump`, a slider up to 30, `outdoor` read from one topic.
    static func first(port: Int) -> String {
        seekerAndSpinner + """
              [[screens.controls]]
              kind = "toggle"
              id = "pump"
              label = "Pump"
              frame = [210, 100, 180, 40]
              [[screens.controls]]
              kind = "value-slider"
              id = "level"
              min = 10
              max = 30
              frame = [210, 150, 180, 40]

            """ + mqtt(port: port) + """
                [[variables]]
                id = "outdoor"
                topic = "\(topic("outdoor-a"))"

                """
    }

    /// The second: the toggle is `heater`, the slider goes to 50, `outdoor` reads another topic and
    /// `wind` a new one.
    static func second(port: Int) -> String {
        seekerAndSpinner + """
              [[screens.controls]]
              kind = "toggle"
              id = "heater"
              label = "Heater"
              frame = [210, 100, 180, 40]
              [[screens.controls]]
              kind = "value-slider"
              id = "level"
              min = 10
              max = 50
              frame = [210, 150, 180, 40]

            """ + mqtt(port: port) + """
                [[variables]]
                id = "outdoor"
                topic = "\(topic("outdoor-b"))"
                [[variables]]
                id = "wind"
                topic = "\(topic("wind"))"

                """
    }

    func configTopic(_ component: String, _ object: String) -> String {
        "homeassistant/\(component)/\(MQTTReloadTests.node)/\(object)/config"
    }

    func configs(_ broker: MosquittoBroker) throws -> [String: [String: Any]] {
        try broker.retainedMessages("homeassistant/+/\(MQTTReloadTests.node)/#").mapValues { payload in
            try #require(
                try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
                "not a JSON object: \(payload)")
        }
    }

    /// The retained configs once `done` holds of them (10 s at most).
    func configs(
        _ broker: MosquittoBroker, until done: ([String: [String: Any]]) -> Bool
    ) throws -> [String: [String:
        Any]]
    {
        let deadline = monotonicNow() + TestTiming.seconds(10)
        var found = try configs(broker)
        while !done(found) && monotonicNow() < deadline { usleep(200_000); found = try configs(broker) }
        return found
    }

    func variable(_ kiosk: KioskProcess, _ id: String) -> JSON? {
        kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["variables"]?.arrayValue?
            .first { $0["id"] == .string(id) }?["value"]
    }

    func waitFor(_ kiosk: KioskProcess, _ id: String, _ expected: JSON) -> JSON? {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var v = variable(kiosk, id)
        while v != expected && monotonicNow() < deadline { usleep(50_000); v = variable(kiosk, id) }
        return v
    }

    @Test(
        "ctl reload clears a removed control's entity, publishes new and changed ones, and (un)subscribes variable topics; SIGHUP likewise"
    )
    func reloadReconciles() throws {
        let broker = try MosquittoBroker(name: "mqtt-reload")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-reload-kiosk", extraScreens: MQTTReloadTests.first(port: broker.port)))
        let base = MQTTReloadTests.base
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        let pump = configTopic("switch", "pump"), heater = configTopic("switch", "heater")
        let level = configTopic("number", "level")
        var found = try configs(broker) { $0[pump] != nil && $0[level] != nil }
        #expect(found[pump] != nil && found[heater] == nil && found[level]?["max"] as? Double == 30)
        try broker.publish(MQTTReloadTests.topic("outdoor-a"), "4")
        #expect(waitFor(kiosk, "outdoor", .number(4)) == .number(4))

        try kiosk.writeConfig(
            KioskProcess.config(dir: kiosk.dir, extraScreens: MQTTReloadTests.second(port: broker.port)))
        #expect(kiosk.request("{\"cmd\":\"reload\"}")?.hasPrefix("{\"ok\":true") == true)
        found = try configs(broker) { $0[pump] == nil && $0[heater] != nil && $0[level]?["max"] as? Double == 50 }
        #expect(found[pump] == nil, "the removed toggle's entity is cleared: \(found.keys.sorted())")
        #expect(found[heater]?["name"] as? String == "Heater", "the new toggle is announced")
        #expect(found[level]?["max"] as? Double == 50, "the changed slider is announced again")
        #expect(found[configTopic("number", "dial")] != nil, "an unchanged control keeps its entity")
        // The list read at the next start says what this kiosk announced.
        let list = try #require(try broker.retained("\(base)/discovery"))
        #expect(list.contains(heater) && !list.contains(pump), "\(list)")
        #expect(try broker.wait("\(base)/heater/state", for: "0") == "0", "a new control's state is published")

        // The new topics are read without a restart, the old one no longer.
        try broker.publish(MQTTReloadTests.topic("wind"), "12")
        #expect(waitFor(kiosk, "wind", .number(12)) == .number(12))
        try broker.publish(MQTTReloadTests.topic("outdoor-a"), "-7")
        try broker.publish(MQTTReloadTests.topic("outdoor-b"), "5.5")
        #expect(waitFor(kiosk, "outdoor", .number(5.5)) == .number(5.5))
        // Sent before the one that arrived, on one connection: read (and ignored) if it was read at all.
        #expect(variable(kiosk, "outdoor") == .number(5.5))

        // SIGHUP back to the first config: the pump returns and the heater goes.
        try kiosk.writeConfig(
            KioskProcess.config(dir: kiosk.dir, extraScreens: MQTTReloadTests.first(port: broker.port)))
        kill(kiosk.process.pid, SIGHUP)
        found = try configs(broker) { $0[pump] != nil && $0[heater] == nil }
        #expect(found[pump] != nil && found[heater] == nil, "after SIGHUP: \(found.keys.sorted())")
        try broker.publish(MQTTReloadTests.topic("wind"), "30")
        try broker.publish(MQTTReloadTests.topic("outdoor-a"), "1")
        #expect(waitFor(kiosk, "outdoor", .number(1)) == .number(1))
        #expect(variable(kiosk, "wind") == nil, "wind is no longer declared")
    }

    @Test("An arc 150→30 is announced as 150…390 and clamps what it is sent; a disabled spinner item is refused")
    func arcAndDisabledItem() throws {
        let broker = try MosquittoBroker(name: "mqtt-arc")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-arc-kiosk", extraScreens: MQTTReloadTests.first(port: broker.port)))
        let base = MQTTReloadTests.base
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        let found = try configs(broker) { $0[configTopic("select", "vent")] != nil }
        let heading = try #require(found[configTopic("number", "heading")])
        #expect(heading["min"] as? Double == 150 && heading["max"] as? Double == 390)
        #expect(heading["value_template"] is String && heading["command_template"] is String)
        #expect(found[configTopic("select", "vent")]?["options"] as? [String] == ["Off", "Auto"])

        // What HA's command template sends for 380 (20) and a raw 380 land on the arc; the gap does not.
        try broker.publish("\(base)/heading/set", "20")
        #expect(try broker.wait("\(base)/heading/state", for: "20") == "20")
        try broker.publish("\(base)/heading/set", "200")
        #expect(try broker.wait("\(base)/heading/state", for: "200") == "200")
        try broker.publish("\(base)/heading/set", "380")
        #expect(try broker.wait("\(base)/heading/state", for: "20") == "20")
        try broker.publish("\(base)/heading/set", "100")
        #expect(try broker.wait("\(base)/heading/state", for: "150") == "150", "a gap angle goes to the nearer end")

        try broker.publish("\(base)/vent/set", "2")
        #expect(try broker.wait("\(base)/vent/state", for: "2") == "2")
        for _ in 0..<3 { try broker.publish("\(base)/vent/set", "1") }
        try broker.publish("\(base)/pump/set", "1")
        #expect(try broker.wait("\(base)/pump/state", for: "1") == "1")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"vent\"}")?.contains("\"value\":2") == true)
        #expect(try broker.retained("\(base)/vent/state") == "2", "the state says the panel's item again")
        #expect(kiosk.logLines(containing: "item 1 of vent is disabled").count == 1, "logged once:\n\(kiosk.log)")
    }

    @Test("A socket-set variable is saved and restored after a restart, and its retained state agrees")
    func savedVariables() throws {
        let broker = try MosquittoBroker(name: "mqtt-savedvar")
        let declared = """
            [[variables]]
            id = "indoor"
            initial = 21
            stale_after = 900
            [[variables]]
            id = "memo"
            type = "text"

            """
        let config = MQTTReloadTests.first(port: broker.port) + declared
        var kiosk = try #require(KioskProcess(name: "mqtt-savedvar-kiosk", extraScreens: config))
        let base = MQTTReloadTests.base
        #expect(try broker.wait("\(base)/indoor/state", for: "21") == "21")
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"indoor\",\"value\":22.5}")?.contains("\"ok\":true") == true)
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"memo\",\"value\":\"Filter due\"}")?.contains("\"ok\":true")
                == true)
        try broker.publish(MQTTReloadTests.topic("outdoor-a"), "4")
        #expect(waitFor(kiosk, "outdoor", .number(4)) == .number(4))
        #expect(try broker.wait("\(base)/indoor/state", for: "22.5") == "22.5")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var saved = FileIO.read(kiosk.statePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        while !saved.contains("Filter due") && monotonicNow() < deadline {
            usleep(50_000); saved = FileIO.read(kiosk.statePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        let file = try StateFile.read(Array(saved.utf8)).get()
        #expect(file.variables == ["indoor": .number(22.5), "memo": .string("Filter due")], "\(saved)")
        #expect(file.variables["outdoor"] == nil, "a topic's variable comes back from its topic, not the file")

        kill(kiosk.process.pid, SIGKILL)
        // Everything the restarted kiosk says of `indoor`: the retained message, then its own on connect.
        let sub = try #require(
            SpawnedProcess(
                try MosquittoBroker.tool("mosquitto_sub"),
                ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "\(base)/indoor/state", "-C", "2", "-W", "10"]))
        #expect(sub.readLine() == "22.5")
        kiosk = try #require(
            KioskProcess(name: "mqtt-savedvar-kiosk2", extraScreens: config, stateFile: Array(saved.utf8)))
        #expect(variable(kiosk, "indoor") == .number(22.5), "restored, not the initial 21")
        #expect(variable(kiosk, "memo") == .string("Filter due"))
        let listed = kiosk.request("{\"cmd\":\"list\"}") ?? ""
        #expect(listed.contains("{\"id\":\"indoor\",\"stale\":true,\"value\":22.5}"), "its age is unknown: stale")
        // The restarted kiosk publishes what it shows, not the initial 21.
        #expect(sub.readLine() == "22.5")
        #expect(try broker.retained("\(base)/indoor/state") == "22.5")
        #expect(try broker.retained("\(base)/memo/state") == "Filter due")
    }
}

extension MQTTReloadTests {
    @Test("An [mqtt] section added by a reload connects at once: online, the state published, sets taken")
    func sectionAddedByReload() throws {
        let broker = try MosquittoBroker(name: "mqtt-late")
        let kiosk = try #require(KioskProcess(name: "mqtt-late-kiosk"))
        let base = MQTTReloadTests.base
        try kiosk.writeConfig(
            KioskProcess.config(dir: kiosk.dir, extraScreens: MQTTReloadTests.mqtt(port: broker.port)))
        #expect(kiosk.request("{\"cmd\":\"reload\"}")?.hasPrefix("{\"ok\":true") == true)
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        try broker.publish("\(base)/dial/set", "60")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var value = kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}")
        while value?.contains("\"value\":60") != true && monotonicNow() < deadline {
            usleep(50_000)
            value = kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}")
        }
        #expect(value?.contains("\"value\":60") == true, "\(value ?? "no reply")")
    }
}
