import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// Issue 43: value sliders bound to an `input_number`, the demo fan's percentage and the demo cover's
/// position, dragged while HA answers every paced call with a state; and on a second page a dropdown
/// and a choice that take their options from the demo climate, whose state arrived while page 1 showed.
enum DragPanel {
    static func config(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port, size: "800x480"))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "value-slider"
          id = "v_level"
          frame = [20, 80, 600, 60]
          entity = "input_number.tw_level"
          [[screens.controls]]
          kind = "value-slider"
          id = "v_fan"
          frame = [20, 220, 600, 60]
          entity = "fan.living_room_fan"
          [[screens.controls]]
          kind = "value-slider"
          id = "v_cover"
          frame = [20, 360, 600, 60]
          entity = "cover.living_room_window"
        [[screens]]
        id = "climate"
          [[screens.controls]]
          kind = "dropdown"
          id = "dd_hvac"
          frame = [20, 20, 300, 150]
          entity = "climate.ecobee"
          [[screens.controls]]
          kind = "choice"
          id = "c_hvac"
          frame = [20, 300, 600, 64]
          entity = "climate.ecobee"
        """
    }

    static let entities = [
        "input_number.tw_level", "fan.living_room_fan", "cover.living_room_window", "climate.ecobee",
    ]
}

extension LiveHomeAssistantTests {
    @Test("A value slider on an input_number, a fan and a cover dragged to 78 %: HA ends at 78 (the cover at its 80)")
    func dragToSeventyEight() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: DragPanel.entities)
        func ha(_ entity: String) -> EntityState? { h.client.entities[entity] }
        func waitHA(_ entity: String, _ what: String, _ holds: @escaping (EntityState) -> Bool) {
            let ok = turn(h.loop, timeout: 20) { ha(entity).map(holds) == true }
            #expect(ok, "\(what): HA has \(ha(entity).map { "\($0.state) \($0.attributes)" } ?? "nil")")
        }
        h.expectCall("input_number", "set_value", "input_number.tw_level", [("value", .number(10))])
        h.expectCall("fan", "set_percentage", "fan.living_room_fan", [("percentage", .number(10))])
        h.expectCall("cover", "set_cover_position", "cover.living_room_window", [("position", .number(10))])
        waitHA("cover.living_room_window", "the cover at 10") { $0[attribute: "current_position"]?.numberValue == 10 }

        let panel = try BoundPanel(server: server) { DragPanel.config(dir: $0, port: $1) }
        for id in ["v_level", "v_fan", "v_cover"] { #expect(panel.wait(id, for: 10) == 10, "\(id); log: \(panel.log)") }
        // Each slider in turn: from its thumb to 78 % of its width, 30 frames over 1.5 s, so HA answers
        // several paced calls (and the cover moves) while the finger is down.
        for (id, entity, read) in [
            ("v_level", "input_number.tw_level", { (s: EntityState) in Double(s.state) }),
            ("v_fan", "fan.living_room_fan", { (s: EntityState) in s[attribute: "percentage"]?.numberValue }),
            (
                "v_cover", "cover.living_room_window",
                { (s: EntityState) in s[attribute: "current_position"]?.numberValue }
            ),
        ] {
            let control = (panel.request("{\"cmd\":\"list\"}")?["controls"]?.arrayValue ?? []).first {
                $0["id"]?.stringValue == id
            }
            let thumb = (control?["points"]?["thumb"]?.arrayValue ?? []).compactMap(\.numberValue)
            let f = panel.frame(id)
            try #require(thumb.count == 2 && f.count == 4, "\(String(describing: control))")
            let reply = panel.request(
                "{\"cmd\":\"drag\",\"from\":[\(thumb[0]),\(thumb[1])],\"to\":[\(f[0] + 0.78 * f[2]),\(thumb[1])],\"steps\":30,\"duration_ms\":1500}"
            )
            #expect(reply?["ok"] == .bool(true), "\(String(describing: reply))")
            let expected = id == "v_cover" ? 80.0 : 78.0
            waitHA(entity, "\(id) dragged to 78") { read($0) == expected }
            #expect(panel.wait(id, for: expected) == expected, "\(id) shows HA's \(expected); log: \(panel.log)")
            // Past the put-back time: nothing kept from the drag comes back.
            usleep(3_500_000)
            #expect(panel.value(id) == expected, "\(id) stays at \(expected)")
            #expect(ha(entity).flatMap(read) == expected)
        }
        h.client.stop()
    }

    @Test("A dropdown and a choice on page 2 show the climate's hvac_mode from HA, on every showing; set from page 1")
    func optionsOnPageTwo() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: DragPanel.entities)
        let state = try #require(h.client.entities["climate.ecobee"])
        let listed = state[attribute: "hvac_modes"]?.arrayValue?.compactMap { $0.stringValue }
        let modes = try #require(listed)
        let index = try #require(modes.firstIndex(of: state.state), "\(state.state) in \(modes)")
        try #require(index != 0, "HA's mode must not be option 0 for the test to tell: \(modes)")

        let panel = try BoundPanel(server: server) { DragPanel.config(dir: $0, port: $1) }
        // Page 1 is shown: HA's state for the page-2 elements arrived off screen.
        #expect(eventually { panel.stats?["state"] == .string("live") }, "log: \(panel.log)")
        for id in ["dd_hvac", "c_hvac"] {
            #expect(panel.wait(id, for: Double(index)) == Double(index), "\(id) off screen; log: \(panel.log)")
        }
        for round in 0..<2 {
            #expect(panel.request("{\"cmd\":\"screen\",\"id\":\"climate\"}")?["ok"] == .bool(true))
            for id in ["dd_hvac", "c_hvac"] {
                #expect(panel.wait(id, for: Double(index)) == Double(index), "\(id), showing \(round + 1)")
            }
            usleep(200_000)
            if round == 0, let shot = panel.screenshot() {
                try? FileIO.writeAtomically(try PNGImage.encode(shot), to: panel.dir + "/page2.png")
            }
            #expect(panel.request("{\"cmd\":\"screen\",\"id\":\"main\"}")?["ok"] == .bool(true))
        }
        // A set from page 1 of an element on page 2: HA's mode changes.
        let other = index == 1 ? 2 : 1
        let reply = panel.set("dd_hvac", "\(other)")
        #expect(reply?["ok"] == .bool(true), "\(String(describing: reply))")
        let ok = turn(h.loop, timeout: 15) { h.client.entities["climate.ecobee"]?.state == modes[other] }
        #expect(ok, "HA's mode: \(h.client.entities["climate.ecobee"]?.state ?? "nil")")
        #expect(panel.wait("c_hvac", for: Double(other)) == Double(other))
        h.expectCall("climate", "set_hvac_mode", "climate.ecobee", [("hvac_mode", .string(modes[index]))])
        h.client.stop()
    }
}
