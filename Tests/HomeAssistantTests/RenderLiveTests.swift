import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// `thumbwheel render` of a bound panel: veiled without HA's states, HA's values with `--live`
/// (in the live suite: the HA helper's value is set here and must not be changed meanwhile).
extension LiveHomeAssistantTests {
    /// A dial and a label bound to `input_number.tw_level`, and a button HA does not feed. Unbound
    /// (`value` given, no `[homeassistant]`), the same panel drawn as if HA had said `value`.
    static func renderPanel(dir: String, port: UInt16, value: Double?) -> String {
        let bound = value == nil
        let shown = value.map { NumberFormat.plain($0) } ?? ""
        return """
            \(BoundPanel.header(dir: dir, port: bound ? port : nil, size: "400x300"))
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "circular-slider"
              id = "dial"
              frame = [20, 60, 180, 180]
              min = 0
              max = 100
              unit = "%"
              \(bound ? "entity = \"input_number.tw_level\"" : "value = \(shown)")
              [[screens.controls]]
              kind = "label"
              id = "level"
              frame = [220, 60, 160, 40]
              text = "\(bound ? "Level {input_number.tw_level:.0}" : "Level \(shown)")"
              [[screens.controls]]
              kind = "button"
              id = "kitchen"
              frame = [220, 180, 160, 60]
              text = "Kitchen"
            """
    }

    /// `thumbwheel render` of `config` (written as `dir/name.toml`), with `--live` or not: its picture.
    static func render(
        _ config: String, named name: String, in dir: String, binary: String, live: Bool
    ) throws
        -> Bitmap
    {
        let file = "\(dir)/\(name).toml"
        try FileIO.writeAtomically(Array(config.utf8), to: file)
        let run = try #require(
            runTool(
                binary, ["render", "--config", file, "--out", "\(dir)/\(name).png"] + (live ? ["--live"] : []),
                silence: 30))
        #expect(run.status == 0, "\(run.err)")
        return try PNGImage.decode(try #require(FileIO.read("\(dir)/\(name).png")))
    }

    /// Pixels that differ between `a` and `b` inside `r` (x, y, width, height).
    static func differing(_ a: Bitmap, _ b: Bitmap, in r: [Int]) -> Int {
        var n = 0
        for y in r[1]..<(r[1] + r[3]) {
            for x in r[0]..<(r[0] + r[2]) where a.color(x: x, y: y) != b.color(x: x, y: y) { n += 1 }
        }
        return n
    }

    @Test("render veils what HA feeds under the not-connected banner; render --live draws HA's values")
    func renderBoundPanel() throws {
        let server = try HAServer.shared()
        let binary = try #require(BoundPanel.binary(), "the thumbwheel binary beside the tests")
        let dir = makeTemporaryDirectory("ha-render")
        defer { if getenv("THUMBWHEEL_KEEP_HA") == nil { _ = runTool("/bin/rm", ["-rf", dir]) } }
        try FileIO.writeAtomically(Array(server.token.utf8), to: dir + "/token", mode: 0o600)
        let h = try Harness.live(server, entities: ["input_number.tw_level"])
        let set = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_level",
                data: .object([("value", .number(73))])))
        #expect(set.map { if case .success = $0 { true } else { false } } == true, "\(String(describing: set))")
        #expect(turn(h.loop, timeout: 15) { h.client.entities["input_number.tw_level"]?.state == "73.0" })

        func render(_ name: String, value: Double?, live: Bool) throws -> Bitmap {
            try Self.render(
                Self.renderPanel(dir: dir, port: server.port, value: value), named: name, in: dir, binary: binary,
                live: live)
        }
        let offline = try render("offline", value: nil, live: false)
        let unboundDefault = try render("unbound-0", value: 0, live: false)
        let dial = [20, 60, 180, 180], label = [220, 60, 160, 40], button = [220, 180, 160, 60]
        // Without HA's states: the dial veiled and the label dimmed, the button as it is, the banner on top.
        #expect(Self.differing(offline, unboundDefault, in: dial) > 500)
        #expect(Self.differing(offline, unboundDefault, in: label) > 50)
        #expect(Self.differing(offline, unboundDefault, in: button) == 0)
        #expect(Self.differing(offline, unboundDefault, in: [100, 0, 200, 30]) > 500, "the banner")
        let live = try render("live", value: nil, live: true)
        let unbound73 = try render("unbound-73", value: 73, live: false)
        // With --live: exactly the panel drawn at HA's value, and no banner.
        #expect(Self.differing(live, unbound73, in: [0, 0, 400, 300]) == 0)
        #expect(Self.differing(live, unboundDefault, in: dial) > 500, "the dial moved to HA's 73")
    }
}

extension LiveHomeAssistantTests {
    /// A button hidden while `input_boolean.tw_lamp` is on and one enabled by an attribute of
    /// `input_number.tw_level`; unbound (`hidden` given, no `[homeassistant]`), as the conditions
    /// would draw it.
    static func conditionPanel(dir: String, port: UInt16, hidden: Bool?) -> String {
        let bound = hidden == nil
        return """
            \(BoundPanel.header(dir: dir, port: bound ? port : nil, size: "400x200"))
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "button"
              id = "lampnote"
              frame = [20, 60, 160, 60]
              text = "Lamp off"
              \(bound ? "hidden_when = \"input_boolean.tw_lamp == 'on'\"" : "hidden = \(hidden!)")
              [[screens.controls]]
              kind = "button"
              id = "wide"
              frame = [220, 60, 160, 60]
              text = "Wide"
              \(bound ? "enabled_when = \"input_number.tw_level.max >= 100\"" : "")
            """
    }

    @Test("Conditions naming entities follow HA's states (render --live) and veil their element without them")
    func conditionsNamingEntities() throws {
        let server = try HAServer.shared()
        let binary = try #require(BoundPanel.binary(), "the thumbwheel binary beside the tests")
        let dir = makeTemporaryDirectory("ha-render")
        defer { if getenv("THUMBWHEEL_KEEP_HA") == nil { _ = runTool("/bin/rm", ["-rf", dir]) } }
        try FileIO.writeAtomically(Array(server.token.utf8), to: dir + "/token", mode: 0o600)
        let h = try Harness.live(server, entities: ["input_boolean.tw_lamp"])
        func lamp(_ on: Bool) {
            _ = h.call(
                ServiceCall(
                    domain: "input_boolean", service: on ? "turn_on" : "turn_off", entity: "input_boolean.tw_lamp"))
            #expect(
                turn(h.loop, timeout: 15) { h.client.entities["input_boolean.tw_lamp"]?.state == (on ? "on" : "off") })
        }
        func render(_ name: String, hidden: Bool?, live: Bool) throws -> Bitmap {
            try Self.render(
                Self.conditionPanel(dir: dir, port: server.port, hidden: hidden), named: name, in: dir, binary: binary,
                live: live)
        }
        let whole = [0, 0, 400, 200], note = [20, 60, 160, 60], wide = [220, 60, 160, 60]
        let shown = try render("shown", hidden: false, live: false)
        let gone = try render("gone", hidden: true, live: false)
        #expect(Self.differing(shown, gone, in: note) > 500)
        // Without HA: both buttons read HA's values, so both are veiled.
        let offline = try render("offline", hidden: nil, live: false)
        #expect(Self.differing(offline, shown, in: note) > 500)
        #expect(Self.differing(offline, shown, in: wide) > 500)
        lamp(true)
        #expect(Self.differing(try render("lamp-on", hidden: nil, live: true), gone, in: whole) == 0)
        lamp(false)
        #expect(Self.differing(try render("lamp-off", hidden: nil, live: true), shown, in: whole) == 0)
    }
}
