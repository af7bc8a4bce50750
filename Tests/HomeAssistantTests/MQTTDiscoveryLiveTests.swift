import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// MQTT discovery read by a real Home Assistant core (2024.3.3, its `mqtt` integration set up by a
/// config entry written before the first start): an arc through 0° and a disabled spinner item as HA
/// takes them, and a reload's entities appearing and going in HA without a restart.
@Suite("MQTT discovery against a real Home Assistant core")
struct MQTTDiscoveryLiveTests {
    static let venv = HAServer.venv

    /// A mosquitto and a Home Assistant connected to it, each in a temp folder, killed at the end.
    final class Stack {
        let dir = makeTemporaryDirectory("ha-mqtt")
        let brokerPort: UInt16
        let haPort: UInt16
        var pids: [pid_t] = []
        var token = ""

        init() throws {
            brokerPort = try Self.freePort()
            haPort = try Self.freePort()
            try FileIO.writeAtomically(
                Array("listener \(brokerPort) 127.0.0.1\nallow_anonymous true\n".utf8), to: dir + "/m.conf")
            pids.append(try HAServer.spawn("/usr/sbin/mosquitto", ["-c", dir + "/m.conf"], log: dir + "/m.log"))
            FileIO.makeDirectories(dir + "/ha/.storage", mode: 0o755)
            try FileIO.writeAtomically(
                Array(
                    """
                    homeassistant:
                      name: mqtt test
                      latitude: 52.0
                      longitude: 4.0
                      elevation: 0
                      unit_system: metric
                      time_zone: UTC
                    http:
                      server_host: 127.0.0.1
                      server_port: \(haPort)
                    api:
                    websocket_api:
                    onboarding:

                    """.utf8), to: dir + "/ha/configuration.yaml")
            // The mqtt integration without a UI step (shared/notes/HOME-ASSISTANT.md).
            let entry = """
                {"version":1,"minor_version":2,"key":"core.config_entries","data":{"entries":[{"entry_id":"0123456789abcdef0123456789abcdef","version":1,"minor_version":1,"domain":"mqtt","title":"127.0.0.1","data":{"broker":"127.0.0.1","port":\(brokerPort),"discovery":true,"discovery_prefix":"homeassistant"},"options":{},"pref_disable_new_entities":false,"pref_disable_polling":false,"source":"user","unique_id":null,"disabled_by":null}]}}
                """
            try FileIO.writeAtomically(Array(entry.utf8), to: dir + "/ha/.storage/core.config_entries")
            pids.append(
                try HAServer.spawn(
                    "\(MQTTDiscoveryLiveTests.venv)/bin/hass", ["-c", dir + "/ha", "--skip-pip"], log: dir + "/hass.out"
                ))
            let onboard = try #require(
                runTool(
                    "\(MQTTDiscoveryLiveTests.venv)/bin/python",
                    [
                        repoPath("Tests/HomeAssistantTests/HAFixtures/onboard.py"), "http://127.0.0.1:\(haPort)",
                        dir + "/ha", String(HAServer.startTimeout),
                    ], silence: HAServer.startTimeout + 10))
            guard onboard.status == 0, !onboard.out.isEmpty else {
                throw HAServer.Unavailable(description: "HA did not onboard: \(onboard.err) (log \(dir)/hass.out)")
            }
            token = onboard.out.trimmingNewline
        }

        deinit {
            for pid in pids.reversed() {
                Glibc.kill(-pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }

        static func freePort() throws -> UInt16 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok = withUnsafeMutablePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard ok else { throw HAServer.Unavailable(description: "no free port") }
            return UInt16(bigEndian: a.sin_port)
        }
    }

    static func panel(dir: String, brokerPort: UInt16, client: String, toggle: String) -> String {
        """
        \(BoundPanel.header(dir: dir, port: nil))
        [mqtt]
        host = "127.0.0.1"
        port = \(brokerPort)
        base_topic = "tw/\(client)"
        client_id = "\(client)"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "arc-seeker"
          id = "heading"
          frame = [0, 0, 100, 100]
          start_angle = 150
          end_angle = 30
          value = 20
          [[screens.controls]]
          kind = "spinner"
          id = "vent"
          frame = [110, 0, 80, 80]
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
          [[screens.controls]]
          kind = "toggle"
          id = "\(toggle)"
          frame = [200, 0, 180, 60]
        """
    }

    @Test(
        "HA shows an arc 150→30 as 150…390 and sets it; offers no disabled item; a reload's removed entity goes and its new one comes"
    )
    func discoveryInHA() throws {
        let stack = try Stack()
        let client = "twlive\(getpid())"
        let heading = "number.\(client)_heading", vent = "select.\(client)_vent"
        let pump = "switch.\(client)_pump", heater = "switch.\(client)_heater"
        let h = try Harness(
            settings: try HomeAssistantSettings(url: "http://127.0.0.1:\(stack.haPort)", token: stack.token),
            entities: [heading, vent, pump, heater])
        h.client.start()
        #expect(h.waitLive(60))
        let dir = makeTemporaryDirectory("ha-mqtt-kiosk")
        let binary = try #require(BoundPanel.binary())
        try FileIO.writeAtomically(
            Array(Self.panel(dir: dir, brokerPort: stack.brokerPort, client: client, toggle: "pump").utf8),
            to: dir + "/config.toml")
        let kiosk = try HAServer.spawn(binary, ["run", "--config", dir + "/config.toml"], log: dir + "/kiosk.log")
        defer {
            Glibc.kill(-kiosk, SIGKILL)
            var status: Int32 = 0
            waitpid(kiosk, &status, 0)
        }
        let panel = SocketPeer(path: dir + "/control.sock")
        func state(_ entity: String) -> EntityState? { h.client.entities[entity] }
        func until(_ condition: () -> Bool) -> Bool { turn(h.loop, timeout: 30, until: condition) }

        // The panel's 20° is 380 in HA, within 150…390.
        #expect(until { state(heading)?.state == "380.0" }, "heading: \(String(describing: state(heading)))")
        #expect(state(heading)?[attribute: "min"] == .number(150) && state(heading)?[attribute: "max"] == .number(390))
        // HA's 200 and 385 reach the panel as 200° and 25°.
        for (ha, shown) in [(200.0, 200.0), (385.0, 25.0)] {
            _ = h.call(
                ServiceCall(
                    domain: "number", service: "set_value", entity: heading, data: .object([("value", .number(ha))])))
            #expect(
                eventually { panel.request("{\"cmd\":\"get\",\"id\":\"heading\"}")?["value"]?.numberValue == shown },
                "HA \(ha) → panel \(shown)")
        }
        #expect(until { state(heading)?.state == "385.0" })

        // The disabled item is no option; HA refuses it; the panel showing it is unknown to HA.
        #expect(until { state(vent)?[attribute: "options"] == .array([.string("Off"), .string("Auto")]) })
        if case .success? = h.call(
            ServiceCall(
                domain: "select", service: "select_option", entity: vent, data: .object([("option", .string("Boost"))]))
        ) {
            Issue.record("HA took the disabled item")
        }
        _ = h.call(
            ServiceCall(
                domain: "select", service: "select_option", entity: vent, data: .object([("option", .string("Auto"))])))
        #expect(eventually { panel.request("{\"cmd\":\"get\",\"id\":\"vent\"}")?["value"]?.numberValue == 2 })
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"vent\",\"value\":1}")
        #expect(until { state(vent)?.state == "unknown" }, "vent: \(String(describing: state(vent)))")

        // Reload with the toggle renamed: HA loses the pump and gains the heater, no restart.
        #expect(until { state(pump) != nil })
        try FileIO.writeAtomically(
            Array(Self.panel(dir: dir, brokerPort: stack.brokerPort, client: client, toggle: "heater").utf8),
            to: dir + "/config.toml")
        #expect(panel.request("{\"cmd\":\"reload\"}")?["ok"] == .bool(true))
        #expect(
            until { state(pump) == nil && state(heater)?.state == "off" },
            "pump \(String(describing: state(pump))), heater \(String(describing: state(heater)))")
        h.client.stop()
    }
}
