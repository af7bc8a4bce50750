import Core
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import Widgets

/// The condition grammar, its checks in the config, and property values checked as the config is.
@Suite("Conditions and properties")
struct ConditionTests {
    func holds(_ text: String, _ values: [String: TemplateValue]) throws -> Bool {
        try Condition(parsing: text).holds { values[$0] }
    }

    @Test("Comparisons of numbers and texts, names bare or braced, a lone operand's truth; unset names compare false")
    func evaluation() throws {
        #expect(try holds("pump == 1", ["pump": .number(1)]))
        #expect(try !holds("pump == 1", ["pump": .number(0)]))
        #expect(try holds("{tank} < 10", ["tank": .number(9.5)]) && !holds("{tank} < 10", ["tank": .number(10)]))
        #expect(try holds("tank <= 10", ["tank": .number(10)]) && holds("tank >= 10", ["tank": .number(10)]))
        #expect(
            try holds("mode != 'off'", ["mode": .text("heat")]) && !holds("mode != \"off\"", ["mode": .text("off")]))
        #expect(
            try holds("alarm", ["alarm": .number(2)]) && !holds("alarm", ["alarm": .number(0)]) && !holds("alarm", [:]))
        #expect(try !holds("tank < 10", [:]) && !holds("tank != 10", [:]))
        #expect(try Condition(parsing: "a > b").names == ["a", "b"])
    }

    @Test("Malformed conditions are refused with what was expected")
    func malformed() {
        for bad in ["", "pump =", "== 1", "pump = 1", "a b"] {
            #expect(throws: TemplateError.self, "\(bad)") { try Condition(parsing: bad) }
        }
    }

    static func config(_ keys: String, kind: String = "button\"\n  text = \"Go") -> String {
        """
        [[variables]]
        id = "tank"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [0, 100, 100, 60]
          [[screens.controls]]
          kind = "\(kind)"
          id = "b"
          frame = [0, 0, 100, 60]
        \(keys)
        """
    }

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(
        "check-config: condition names must exist and hold a value; color_when only where there is a color; templates in button text"
    )
    func configChecks() {
        #expect(
            errors(
                Self.config("  hidden_when = \"pump == 1\"\n  color_when = [{ when = \"tank < 10\", color = \"red\" }]")
            ) == [])
        #expect(
            errors(Self.config("  hidden_when = \"pmup == 1\"")).first?.contains(
                "found \"pmup\"; did you mean \"pump\"?") == true)
        #expect(
            errors(Self.config("  enabled_when = \"b == 1\"")).first?.contains("found \"b\", which holds none") == true)
        #expect(
            errors(Self.config("  enabled_when = \"pump = 1\"")).first?.contains("expected a condition such as") == true
        )
        #expect(
            errors(
                Self.config(
                    "  color_when = [{ when = \"pump == 1\", color = \"red\" }]",
                    kind: "image\"\n  image = \"builtin:sun")
            ).first?
            .contains("color_when: expected only on a kind with a `color` key") == true)
        #expect(errors(Self.config("", kind: "button\"\n  text = \"Stop {tnak}")).first?.contains("tnak") == true)
        #expect(
            errors(Self.config(#"  actions = [{ prop = "pump", key = "color", to = "blurple" }]"#)).first?.contains(
                "to: expected a value pump takes") == true)
        #expect(
            errors(Self.config(#"  actions = [{ prop = "pmup", key = "label", to = "x" }]"#)).first?.contains(
                "did you mean \"pump\"") == true)
        #expect(errors(Self.config(#"  actions = [{ prop = "pump", key = "label", to = "Locked" }]"#)) == [])
    }

    @Test("A property's value is checked as the config's: type, colour names, template names, the kind's keys")
    func propertyValues() throws {
        let config = try ConfigLoader.parse(text: Self.config(""), file: "c.toml")
        let button = try #require(config.allControls.first { $0.id == "b" })
        #expect(
            try PropertyEdits.value(.string("Stop {tank}"), key: "text", of: button, in: config)
                == .string("Stop {tank}"))
        #expect(
            try PropertyEdits.value(.string("#FF0000"), key: "color", of: button, in: config)
                == .color(Color(r: 255, g: 0, b: 0)))
        #expect(try PropertyEdits.value(.bool(false), key: "enabled", of: button, in: config) == .bool(false))
        #expect(try PropertyEdits.value(.null, key: "text", of: button, in: config) == nil)
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.string("{nope}"), key: "text", of: button, in: config)
        }
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.string("blurple"), key: "color", of: button, in: config)
        }
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.number(3), key: "hidden", of: button, in: config)
        }
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.string("x"), key: "label", of: button, in: config)
        }
    }

    @Test(
        "A placeholder in a plain-text key (a screen's title, a choice's options) is warned about; literal braces are not"
    )
    func plainTextWarnings() throws {
        let text =
            "[[variables]]\nid = \"status\"\ntype = \"text\"\n[[screens]]\nid = \"main\"\ntitle = \"Pump {status}\"\n"
            + "  [[screens.controls]]\n  kind = \"choice\"\n  id = \"mode\"\n  frame = [0, 0, 300, 60]\n  options = [\"Eco\", \"{x} {status}\"]\n"
        let config = try ConfigLoader.parse(text: text, file: "c.toml")
        let found = config.warnings.map(\.description).filter { $0.contains("takes plain text") }
        #expect(found.count == 2 && found.allSatisfy { $0.contains("{status}") }, "\(found)")
        let plain = try ConfigLoader.parse(
            text: text.replacingOccurrences(of: "{status}", with: "{not-an-id}"), file: "c.toml")
        #expect(!plain.warnings.map(\.description).contains { $0.contains("takes plain text") })
    }
}
