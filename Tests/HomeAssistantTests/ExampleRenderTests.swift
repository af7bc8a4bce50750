import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// Config/home-assistant.toml, run against the test HA (its entities are the `demo` integration's):
/// every element live with HA's values, a tap reaching HA. `THUMBWHEEL_RECORD_DOCS=1` writes the
/// screenshot to docs/home-assistant.png (the picture docs/home-assistant.md shows).
enum ExamplePanel {
    /// The example as the test runs it: headless, HA's address and token, a socket and state file of
    /// its own; nothing else changed.
    static func config(dir: String, port: UInt16) -> String {
        let text = FileIO.read(repoPath("Config/home-assistant.toml")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return
            text
            .replacingPlaceholder("[display]\n", with: "[display]\nbackend = \"headless\"\n")
            .replacingPlaceholder("http://homeassistant.local:8123", with: "http://127.0.0.1:\(port)")
            .replacingPlaceholder("/etc/thumbwheel/ha-token", with: "\(dir)/token")
            + "\n[state]\npath = \"\(dir)/state.json\"\n[socket]\npath = \"\(dir)/control.sock\"\n"
    }

    static let entities = [
        "light.ceiling_lights", "light.kitchen_lights", "climate.heatpump", "media_player.walkman",
        "scene.evening", "sensor.outside_temperature",
    ]
}

extension LiveHomeAssistantTests {
    @Test("Config/home-assistant.toml against HA's demo entities: live, HA's values, a tap reaches HA")
    func examplePanel() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: ExamplePanel.entities)
        func call(_ domain: String, _ service: String, _ entity: String, _ data: [(String, JSON)] = []) {
            h.expectCall(domain, service, entity, data)
        }
        // A picture's evening: the ceiling dimmed, the kitchen off, the heat pump at 21.5 °C, the music quieter.
        call("light", "turn_on", "light.ceiling_lights", [("brightness_pct", .number(60))])
        call("light", "turn_off", "light.kitchen_lights")
        call("climate", "set_hvac_mode", "climate.heatpump", [("hvac_mode", .string("heat"))])
        call("climate", "set_temperature", "climate.heatpump", [("temperature", .number(21.5))])
        call("media_player", "volume_set", "media_player.walkman", [("volume_level", .number(0.35))])
        #expect(
            postState(
                server, "sensor.outside_temperature",
                "{\"state\": \"12.4\", \"attributes\": {\"unit_of_measurement\": \"°C\"}}"))

        let panel = try BoundPanel(server: server, config: ExamplePanel.config)
        #expect(eventually(30) { panel.stats?["state"]?.stringValue == "live" }, "log: \(panel.log)")
        #expect(panel.wait("ceiling", for: 1) == 1)
        #expect(panel.wait("kitchen", for: 0) == 0)
        #expect(panel.wait("ceiling_dim", for: 60) == 60)
        #expect(panel.wait("setpoint", for: 21.5) == 21.5)
        #expect(panel.wait("hvac", for: 0) == 0)
        #expect(panel.wait("volume", for: 35) == 35)
        #expect(eventually { panel.variable("outdoor")?.numberValue == 12.4 })
        #expect(eventually { panel.variable("track")?.stringValue?.isEmpty == false })
        #expect(!panel.log.contains("warning"), "log: \(panel.log)")
        usleep(300_000)
        let shot = try #require(panel.screenshot())
        // Nothing veiled: no red note, and the kitchen toggle's frame is drawn live (a veil would
        // dim it to the background).
        #expect(BoundPanel.notePixels(shot) == 0)
        if getenv("THUMBWHEEL_RECORD_DOCS") != nil {
            try FileIO.writeAtomically(try PNGImage.encode(shot), to: repoPath("docs/home-assistant.png"))
        }
        // The scene button reaches HA: the evening scene dims the ceiling to 90/255.
        panel.tap("evening")
        #expect(
            turn(h.loop, timeout: 15) {
                h.client.entities["light.ceiling_lights"]?[attribute: "brightness"]?.numberValue == 90
            })
        #expect(panel.wait("ceiling_dim", for: 35) == 35, "90/255 shown as 35 %")
        h.client.stop()
    }
}
