import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// A panel whose spinner and dropdown take `input_select.tw_demo_pick`'s options (issue 33); with
/// `more`, the elements a reload adds.
enum PickPanel {
    static func config(dir: String, port: UInt16, more: String = "", host: String = "127.0.0.1") -> String {
        """
        \(BoundPanel.header(dir: dir, port: port, size: "800x480", host: host))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "spinner"
          id = "s_pick"
          frame = [20, 20, 120, 120]
          mode = "picker"
          entity = "input_select.tw_demo_pick"
          [[screens.controls]]
          kind = "dropdown"
          id = "dd_pick"
          frame = [200, 20, 220, 150]
          row_height = 48
          entity = "input_select.tw_demo_pick"
        \(more)
        """
    }

    /// What the reload adds: a slider bound to another entity and a label naming a third in its text.
    static let added = """
          [[screens.controls]]
          kind = "value-slider"
          id = "d_large"
          frame = [20, 300, 400, 60]
          entity = "number.large_range"
          [[screens.controls]]
          kind = "label"
          id = "pwm"
          frame = [450, 300, 300, 60]
          text = "PWM {number.pwm_1:.2}"
        """
}

extension LiveHomeAssistantTests {
    @Test("The client follows a new set of entities on the same connection")
    func resubscribe() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: ["input_boolean.tw_lamp"])
        #expect(h.client.entities["input_number.tw_level"] == nil)
        let attempts = h.client.attempts
        h.client.resubscribe(["input_boolean.tw_lamp", "input_number.tw_level"])
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_number.tw_level"] != nil })
        #expect(h.client.state == .live && h.client.attempts == attempts, "the same connection")
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_level",
                data: .object([("value", .number(37))])))
        #expect(turn(h.loop, timeout: 10) { Double(h.client.entities["input_number.tw_level"]?.state ?? "") == 37 })
        h.client.resubscribe(["input_number.tw_level"])
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_boolean.tw_lamp"] == nil }, "dropped")
        h.client.stop()
    }

    @Test("Spinner and dropdown show the entity's options; a reload binding new entities follows them")
    func optionsAndReload() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: ["input_select.tw_demo_pick", "number.large_range", "number.pwm_1"])
        func call(_ domain: String, _ service: String, _ entity: String, _ data: [(String, JSON)] = []) {
            h.expectCall(domain, service, entity, data)
        }
        func waitHA(_ entity: String, _ what: String, _ holds: @escaping (EntityState) -> Bool) {
            let ok = turn(h.loop, timeout: 15) { h.client.entities[entity].map(holds) == true }
            #expect(ok, "\(what): HA has \(h.client.entities[entity].map { "\($0.state)" } ?? "nil")")
        }
        call(
            "input_select", "set_options", "input_select.tw_demo_pick",
            [("options", .array(["red", "green", "blue"].map(JSON.string)))])
        call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("green"))])
        call("number", "set_value", "number.large_range", [("value", .number(640))])
        call("number", "set_value", "number.pwm_1", [("value", .number(0.33))])
        waitHA("number.large_range", "640") { Double($0.state) == 640 }

        let panel = try BoundPanel(server: server) { PickPanel.config(dir: $0, port: $1) }
        #expect(panel.wait("s_pick", for: 1) == 1, "log: \(panel.log)")
        #expect(panel.wait("dd_pick", for: 1) == 1)
        let three = try #require(panel.screenshot())
        call(
            "input_select", "set_options", "input_select.tw_demo_pick",
            [("options", .array(["one", "two", "three", "four"].map(JSON.string)))])
        waitHA("input_select.tw_demo_pick", "new options") { $0.state == "one" }
        #expect(panel.wait("s_pick", for: 0) == 0)
        #expect(panel.wait("dd_pick", for: 0) == 0)
        // Picks on the panel: the fourth option on the spinner, a tap on the dropdown's next row.
        _ = panel.set("s_pick", "3")
        waitHA("input_select.tw_demo_pick", "the spinner's fourth option") { $0.state == "four" }
        #expect(panel.wait("dd_pick", for: 3) == 3, "the dropdown follows HA")
        call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("two"))])
        #expect(panel.wait("dd_pick", for: 1) == 1)
        #expect(panel.wait("s_pick", for: 1) == 1)
        let control = (panel.request("{\"cmd\":\"list\"}")?["controls"]?.arrayValue ?? []).first {
            $0["id"]?.stringValue == "dd_pick"
        }
        let next = (control?["points"]?["next"]?.arrayValue ?? []).compactMap(\.numberValue)
        #expect(next.count == 2, "\(String(describing: control))")
        if next.count == 2 { _ = panel.request("{\"cmd\":\"tap\",\"x\":\(next[0]),\"y\":\(next[1])}") }
        waitHA("input_select.tw_demo_pick", "the dropdown's tap on the third") { $0.state == "three" }
        #expect(panel.wait("s_pick", for: 2) == 2)
        usleep(300_000)
        let four = try #require(panel.screenshot())
        #expect(BoundPanel.changed(three, four, in: panel.frame("dd_pick")) > 500, "the dropdown shows new options")
        try? FileIO.writeAtomically(try PNGImage.encode(four), to: panel.dir + "/options.png")

        // A reload binding two more entities: followed without a restart.
        try FileIO.writeAtomically(
            Array(PickPanel.config(dir: panel.dir, port: server.port, more: PickPanel.added).utf8),
            to: panel.dir + "/config.toml")
        #expect(panel.request("{\"cmd\":\"reload\"}")?["ok"] == .bool(true))
        #expect(panel.wait("d_large", for: 640) == 640, "log: \(panel.log)")
        #expect(
            eventually { panel.variable("number.pwm_1")?.numberValue == 0.33 },
            "pwm: \(String(describing: panel.variable("number.pwm_1")))")
        call("number", "set_value", "number.large_range", [("value", .number(320))])
        #expect(panel.wait("d_large", for: 320) == 320, "HA's changes reach the new binding")
        _ = panel.set("d_large", "450")
        waitHA("number.large_range", "the panel's 450") { Double($0.state) == 450 }
        // The first bindings still follow HA after the reload, options and all.
        call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("four"))])
        #expect(panel.wait("dd_pick", for: 3) == 3)
        #expect(panel.wait("s_pick", for: 3) == 3)
        #expect(panel.stats?["connections"]?.numberValue == 1, "one connection: \(String(describing: panel.stats))")
        usleep(300_000)
        // The spinner's face is the chosen item's title: it changes with the choice and comes back with it.
        let atFour = try #require(panel.screenshot())
        try? FileIO.writeAtomically(try PNGImage.encode(atFour), to: panel.dir + "/reloaded.png")
        call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("one"))])
        #expect(panel.wait("s_pick", for: 0) == 0)
        usleep(300_000)
        let atOne = try #require(panel.screenshot())
        call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("four"))])
        #expect(panel.wait("s_pick", for: 3) == 3)
        usleep(300_000)
        let back = try #require(panel.screenshot())
        let face = panel.frame("s_pick")
        #expect(BoundPanel.changed(atFour, atOne, in: face) > 100, "the spinner shows \"one\"")
        #expect(BoundPanel.changed(atFour, back, in: face) == 0, "and \"four\" again, not the title before")

        // A reload with another url for the same HA connects again, and the panel follows HA as before.
        try FileIO.writeAtomically(
            Array(PickPanel.config(dir: panel.dir, port: server.port, more: PickPanel.added, host: "localhost").utf8),
            to: panel.dir + "/config.toml")
        #expect(panel.request("{\"cmd\":\"reload\"}")?["ok"] == .bool(true))
        #expect(
            eventually { panel.stats?["connections"]?.numberValue == 2 && panel.stats?["state"] == .string("live") },
            "a second connection: \(String(describing: panel.stats))")
        call("number", "set_value", "number.large_range", [("value", .number(210))])
        #expect(panel.wait("d_large", for: 210) == 210, "log: \(panel.log)")
        h.client.stop()
    }
}

/// A panel that starts without Home Assistant; `bound` adds the section and binds its toggle.
enum LateHAPanel {
    static func config(dir: String, port: UInt16, bound: Bool) -> String {
        """
        \(BoundPanel.header(dir: dir, port: bound ? port : nil))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [20, 20, 160, 64]
          \(bound ? "entity = \"input_boolean.tw_lamp\"" : "")
        """
    }
}

extension LiveHomeAssistantTests {
    @Test("A [homeassistant] section added by a reload is followed at once, without a restart")
    func sectionAddedByReload() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: ["input_boolean.tw_lamp"])
        func lamp(_ service: String) { h.expectCall("input_boolean", service, "input_boolean.tw_lamp") }
        lamp("turn_on")
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_boolean.tw_lamp"]?.state == "on" })

        let panel = try BoundPanel(server: server) { LateHAPanel.config(dir: $0, port: $1, bound: false) }
        #expect(panel.wait("lamp", for: 0) == 0, "unbound, the toggle keeps its own value")
        #expect(panel.stats?["homeassistant"] == nil)
        try FileIO.writeAtomically(
            Array(LateHAPanel.config(dir: panel.dir, port: server.port, bound: true).utf8),
            to: panel.dir + "/config.toml")
        #expect(panel.request("{\"cmd\":\"reload\"}")?["ok"] == .bool(true))
        #expect(panel.wait("lamp", for: 1) == 1, "HA's state arrives after the reload; log: \(panel.log)")
        lamp("turn_off")
        #expect(panel.wait("lamp", for: 0) == 0, "and HA's changes")
        panel.tap("lamp")
        #expect(
            turn(h.loop, timeout: 15) { h.client.entities["input_boolean.tw_lamp"]?.state == "on" },
            "a tap reaches HA")
        h.client.stop()
    }
}
