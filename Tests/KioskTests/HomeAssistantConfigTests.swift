import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Platform

/// `[homeassistant]` and `entity` on elements and variables: the token file's rules, and the mapping
/// of an element's exposure onto an entity's domain that check-config enforces.
@Suite("Home Assistant: config and the kind × domain mapping")
struct HomeAssistantConfigTests {
    /// A `[homeassistant]` section whose token file is private (mode 600).
    static let section: String = {
        let dir = makeTemporaryDirectory("ha-config")
        try? FileIO.writeAtomically(Array("abc.def.ghi\n".utf8), to: dir + "/token", mode: 0o600)
        return "[homeassistant]\nurl = \"http://127.0.0.1:8123\"\ntoken_file = \"\(dir)/token\"\n"
    }()

    static func screen(_ control: String) -> String {
        "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  id = \"c\"\n  frame = [0, 0, 100, 60]\n" + control
    }

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    func config(_ text: String) throws -> KioskConfig { try ConfigLoader.parse(text: text, file: "c.toml") }

    @Test("Every row of the mapping loads, with the use it gets")
    func rows() throws {
        let rows: [(String, String, EntityUse)] = [
            ("kind = \"toggle\"", "light.kitchen", .onOff), ("kind = \"toggle\"", "cover.garage", .onOff),
            ("kind = \"toggle\"", "input_boolean.guest", .onOff),
            ("kind = \"circular-slider\"", "light.kitchen", .number),
            ("kind = \"circular-slider\"", "climate.lounge", .number),
            ("kind = \"value-slider\"", "media_player.lounge", .number),
            ("kind = \"circular-slider\"", "input_number.level", .number),
            ("kind = \"range-slider\"", "climate.lounge", .pair),
            ("kind = \"choice\"\n  options = [\"a\", \"b\"]", "input_select.mode", .select),
            ("kind = \"choice\"\n  options = [\"a\", \"b\"]\n  attribute = \"preset_mode\"", "climate.lounge", .select),
            ("kind = \"button\"\n  text = \"Go\"", "scene.evening", .press),
            ("kind = \"button\"\n  text = \"Go\"", "script.go", .press),
        ]
        for (kind, entity, use) in rows {
            let c = try config(Self.section + Self.screen("  \(kind)\n  entity = \"\(entity)\"\n"))
            #expect(c.homeAssistant?.elements.first?.use == use, "\(kind) on \(entity)")
        }
        let climate = try config(
            Self.section
                + Self.screen("  kind = \"choice\"\n  options = [\"heat\", \"off\"]\n  entity = \"climate.lounge\"\n"))
        #expect(climate.homeAssistant?.elements.first?.attribute == "hvac_mode")
    }

    @Test("Located errors: a toggle on a sensor, a choice on a light, an unknown domain, no section")
    func located() {
        #expect(
            errors(Self.section + Self.screen("  kind = \"toggle\"\n  entity = \"sensor.outdoor\"\n"))
                == [
                    "c.toml:10:3: screens[id=main].controls[id=c].entity: expected an entity a toggle can show and set (light, switch, input_boolean, fan, automation, cover, lock), found the sensor \"sensor.outdoor\"; a sensor is only shown: a [[variables]] entry with `entity`, or a template (\"{sensor.outdoor}\"), or a button with `service`"
                ])
        #expect(
            errors(
                Self.section + Self.screen("  kind = \"choice\"\n  options = [\"a\"]\n  entity = \"light.kitchen\"\n")
            ).first?
            .contains(
                "expected an entity a choice can show and set (select, input_select, climate, fan, media_player, alarm_control_panel), found the light"
            ) == true)
        #expect(
            errors(Self.section + Self.screen("  kind = \"color-wheel\"\n  entity = \"switch.kettle\"\n")).first?
                .contains("expected an entity a color-wheel can show and set (light), found the switch") == true)
        #expect(
            errors(Self.section + Self.screen("  kind = \"toggle\"\n  entity = \"lihgt.kitchen\"\n")).first?
                .contains("found the unknown domain \"lihgt\" (did you mean \"light\"?)") == true)
        #expect(
            errors(Self.screen("  kind = \"toggle\"\n  entity = \"light.kitchen\"\n")).first?
                .contains("entity: expected a [homeassistant] section to reach Home Assistant with, found none") == true
        )
        #expect(
            errors(
                Self.section
                    + Self.screen(
                        "  kind = \"choice\"\n  options = [\"a\"]\n  entity = \"climate.x\"\n  attribute = \"fan_mode\"\n"
                    )
            ).first?
            .contains("attribute: expected one of \"hvac_mode\", \"preset_mode\", found \"fan_mode\"") == true)
        #expect(
            errors(Self.section + Self.screen("  kind = \"label\"\n  text = \"x\"\n  entity = \"sensor.outdoor\"\n"))
                .first?
                .contains("found the sensor") == true)
        #expect(
            errors(
                Self.section
                    + Self.screen(
                        "  kind = \"button\"\n  text = \"Go\"\n  service = \"light.toggle\"\n  data = '[1]'\n")
            ).first?
            .contains("data: expected a JSON object as text") == true)
    }

    @Test("A button's explicit service and data; a variable bound to any entity")
    func serviceAndVariable() throws {
        let c = try config(
            Self.section + "[[variables]]\nid = \"outdoor\"\nentity = \"sensor.outdoor\"\n"
                + Self.screen(
                    "  kind = \"button\"\n  text = \"Go\"\n  entity = \"light.kitchen\"\n  service = \"light.turn_on\"\n  data = '{\"brightness_pct\": 30}'\n"
                ))
        let b = try #require(c.homeAssistant?.elements.first)
        #expect(
            b.service?.domain == "light" && b.service?.name == "turn_on" && b.data?["brightness_pct"]?.numberValue == 30
        )
        #expect(c.homeAssistant?.variables.first?.entity == "sensor.outdoor")
        #expect(c.homeAssistant?.entityIDs == ["light.kitchen", "sensor.outdoor"])
    }

    @Test("A missing token file is a located warning, not an error: the file is the panel's")
    func missingToken() throws {
        let dir = makeTemporaryDirectory("ha-token")
        let c = try ConfigLoader.parse(
            text: "[homeassistant]\nurl = \"http://h:8123\"\ntoken_file = \"\(dir)/none\"\n"
                + Self.screen("  kind = \"toggle\"\n"), file: "c.toml")
        #expect(c.homeAssistant?.token == "")
        let w = c.warnings.map(\.place.description)
        #expect(
            w.count == 1
                && w[0].hasPrefix("c.toml:3:1: homeassistant.token_file: expected a token file, found none at ")
                && w[0].contains("No such file or directory on this machine"), "\(w)")
    }

    @Test("A token file every user can read is a located error that does not quote the token")
    func worldReadableToken() throws {
        let dir = makeTemporaryDirectory("ha-token")
        try FileIO.writeAtomically(Array("secret-token\n".utf8), to: dir + "/token", mode: 0o644)
        let e = errors(
            "[homeassistant]\nurl = \"http://h:8123\"\ntoken_file = \"\(dir)/token\"\n"
                + Self.screen("  kind = \"toggle\"\n"))
        #expect(
            e.count == 1 && e[0].hasPrefix("c.toml:3:1: homeassistant.token_file: token_file ")
                && e[0].contains("can be read by every user"))
        #expect(!e.joined().contains("secret-token"), "\(e)")
    }
}
