import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Platform
@testable import Widgets

/// Templates that name Home Assistant entities directly (`{sensor.outdoor:.1}`,
/// `{media_player.lounge.media_title}`): each becomes a variable bound to its entity, and a malformed
/// id or a missing `[homeassistant]` is a located error.
@Suite("Home Assistant: entities named in templates")
struct EntityTemplateConfigTests {
    static func label(_ text: String, id: String = "out") -> String {
        "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"label\"\n  id = \"\(id)\"\n"
            + "  frame = [0, 0, 300, 40]\n  text = \"\(text)\"\n"
    }

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("A state and an attribute become variables bound to their entity, numbers where a format asks for one")
    func bound() throws {
        let c = try ConfigLoader.parse(
            text: HomeAssistantConfigTests.section
                + Self.label("Out {sensor.outdoor:.1} °C, {media_player.lounge.media_title}, {sensor.outdoor}"),
            file: "c.toml")
        let declared = Dictionary(uniqueKeysWithValues: c.variables.map { ($0.id, $0.type) })
        #expect(declared == ["sensor.outdoor": .number, "media_player.lounge.media_title": .text])
        let bindings = try #require(c.homeAssistant?.variables)
        #expect(bindings.count == 2)
        #expect(
            bindings.contains {
                $0.id == "sensor.outdoor" && $0.entity == "sensor.outdoor" && $0.attribute == nil && $0.use == .readout
            })
        #expect(
            bindings.contains {
                $0.id == "media_player.lounge.media_title" && $0.entity == "media_player.lounge"
                    && $0.attribute == "media_title" && $0.domain == "media_player"
            })
        #expect(c.homeAssistant?.entityIDs == ["media_player.lounge", "sensor.outdoor"])
    }

    @Test(
        "Located errors: a malformed id, an unknown domain, no [homeassistant]; a control's dotted name keeps its own error"
    )
    func located() {
        #expect(
            errors(Self.label("{sensor.outdoor:.1}"))
                == [
                    "c.toml:7:3: screens[id=main].controls[id=out].text: expected a [homeassistant] section to show the entity {sensor.outdoor} at column 1 with, found none"
                ])
        #expect(
            errors(HomeAssistantConfigTests.section + Self.label("T {Sensor.Outdoor}")).first?.contains(
                "text: expected a control id, a declared variable or a Home Assistant entity (domain.object_id, optionally .attribute, in lower case: {sensor.outdoor:.1}), found {Sensor.Outdoor} at column 3"
            ) == true)
        #expect(
            errors(HomeAssistantConfigTests.section + Self.label("{sensor.a.b.c}")).first?.contains(
                "found {sensor.a.b.c} at column 1") == true)
        #expect(
            errors(HomeAssistantConfigTests.section + Self.label("{sensr.outdoor}")).first?.contains(
                "found the unknown domain \"sensr\" in {sensr.outdoor} at column 1 (did you mean \"sensor\"?)") == true)
        // `out` is the label itself: a dotted name starting with a known id is no entity.
        #expect(
            errors(HomeAssistantConfigTests.section + Self.label("{out.x}")).first?.contains(
                "expected a control id or a declared variable, found \"out.x\"") == true)
    }
}

/// Conditions naming entities as templates do (`hidden_when = "lock.front_door == 'locked'"`).
@Suite("Home Assistant: entities named in conditions")
struct EntityConditionConfigTests {
    static func button(_ key: String, _ condition: String) -> String {
        "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"b\"\n"
            + "  frame = [0, 0, 300, 60]\n  text = \"Go\"\n  \(key) = \"\(condition)\"\n"
    }

    func errors(_ text: String) -> [String] { EntityTemplateConfigTests().errors(text) }

    @Test("An entity and an attribute in a condition become variables bound to them, a number where compared with one")
    func bound() throws {
        let c = try ConfigLoader.parse(
            text: HomeAssistantConfigTests.section + Self.button("hidden_when", "lock.front_door == 'locked'")
                + "  enabled_when = \"{climate.lounge.current_temperature} < 30\"\n",
            file: "c.toml")
        let declared = Dictionary(uniqueKeysWithValues: c.variables.map { ($0.id, $0.type) })
        #expect(declared == ["lock.front_door": .text, "climate.lounge.current_temperature": .number])
        #expect(c.homeAssistant?.entityIDs == ["climate.lounge", "lock.front_door"])
        #expect(
            c.homeAssistant?.variables.contains {
                $0.id == "climate.lounge.current_temperature" && $0.attribute == "current_temperature"
            } == true)
    }

    @Test(
        "Located errors: a malformed id, an unknown domain, no [homeassistant]; a control's dotted name keeps its own")
    func located() {
        #expect(
            errors(Self.button("hidden_when", "lock.front_door == 'locked'"))
                == [
                    "c.toml:8:3: screens[id=main].controls[id=b].hidden_when: expected a [homeassistant] section to show the entity {lock.front_door} at column 1 with, found none"
                ])
        #expect(
            errors(HomeAssistantConfigTests.section + Self.button("hidden_when", "Lock.Front == 'x'")).first?.contains(
                "hidden_when: expected a control id, a declared variable or a Home Assistant entity") == true)
        #expect(
            errors(HomeAssistantConfigTests.section + Self.button("enabled_when", "lok.front == 'x'")).first?.contains(
                "found the unknown domain \"lok\"") == true)
        #expect(
            errors(HomeAssistantConfigTests.section + Self.button("hidden_when", "b.x == 1")).first?.contains(
                "expected control and variable ids in the condition, found \"b.x\"") == true)
    }
}
