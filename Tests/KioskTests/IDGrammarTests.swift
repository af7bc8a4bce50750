import ConfigModel
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Issue 37 item 4: ids reach MQTT topics, Home Assistant ids, the state file and hook arguments, so
/// one grammar is checked at load and names derived from ids never collide.
@Suite("Ids follow one grammar and their published names never collide")
struct IDGrammarTests {
    private static let grammar = "a letter, then letters, digits, \"_\" or \"-\" (ASCII, at most 64 characters)"

    private static func dial(_ id: String, kind: String = "circular-slider", x: Int = 0) -> String {
        "  [[screens.controls]]\n  kind = \"\(kind)\"\n  id = \(id)\n  frame = [\(x), 0, 90, 90]\n"
    }

    /// Ids that used to be accepted and broke a topic, a discovery message or a log line.
    static let badIDs: [(String, String)] = [
        ("\"hall/lights\"", "\"hall/lights\""),
        ("\"fan+\"", "\"fan+\""),
        ("\"all#\"", "\"all#\""),
        ("\"a\\u0000b\"", "\"a\\0b\""),
        ("\"two\\nlines\"", "\"two\\nlines\""),
        ("\"température\"", "\"température\""),
        ("\"fan.speed\"", "\"fan.speed\""),
        ("\"1st\"", "\"1st\""),
        ("\"\"", "\"\""),
        ("\"" + String(repeating: "x", count: 65) + "\"", "\"" + String(repeating: "x", count: 65) + "\""),
    ]

    @Test("A control id outside the grammar is a located error", arguments: badIDs)
    func badControlID(id: String, shown: String) {
        let text = "[[screens]]\nid = \"main\"\n" + IDGrammarTests.dial(id)
        #expect(
            errors(text) == [
                "bad.toml:5:3: screens[id=main].controls[0].id: expected \(IDGrammarTests.grammar), found \(shown)"
            ])
    }

    @Test("Variable and screen ids follow the same grammar")
    func variableAndScreenIDs() {
        #expect(
            errors("[[variables]]\nid = \"out/side\"\n[[screens]]\nid = \"main\"\n")
                == ["bad.toml:2:1: variables[0].id: expected \(IDGrammarTests.grammar), found \"out/side\""])
        #expect(
            errors("[[screens]]\nid = \"home page\"\n")
                == ["bad.toml:2:1: screens[0].id: expected \(IDGrammarTests.grammar), found \"home page\""])
    }

    @Test("Ids at the grammar's edges are accepted")
    func goodIDs() {
        let text =
            "[[screens]]\nid = \"Main-1\"\n" + IDGrammarTests.dial("\"a\"")
            + IDGrammarTests.dial("\"Z_9-x\"", x: 100)
            + IDGrammarTests.dial("\"" + String(repeating: "y", count: 64) + "\"", x: 200)
        #expect(errors(text) == [])
    }

    @Test("Ids that Home Assistant would fold together are refused: case, - against _, a range slider's ends")
    func derivedCollisions() {
        let caseOnly =
            "[[screens]]\nid = \"main\"\n" + IDGrammarTests.dial("\"fan\"") + IDGrammarTests.dial("\"Fan\"", x: 100)
        #expect(
            errors(caseOnly) == [
                "bad.toml:9:3: screens[id=main].controls[id=Fan].id: expected an id whose published names differ from every other id's, found \"Fan\" which Home Assistant and MQTT would confuse with \"fan\" (line 5)"
            ])

        let dash =
            "[[screens]]\nid = \"main\"\n" + IDGrammarTests.dial("\"fan_speed\"")
            + IDGrammarTests.dial("\"fan-speed\"", x: 100)
        #expect(errors(dash).count == 1)

        let rangeEnd =
            "[[screens]]\nid = \"main\"\n" + IDGrammarTests.dial("\"hours\"", kind: "range-slider")
            + IDGrammarTests.dial("\"hours_low\"", kind: "toggle", x: 100)
        #expect(
            errors(rangeEnd) == [
                "bad.toml:9:3: screens[id=main].controls[id=hours_low].id: expected an id whose published names differ from every other id's, found \"hours_low\" which Home Assistant and MQTT would confuse with \"hours\" (line 5)"
            ])

        let variable =
            "[[variables]]\nid = \"Outside\"\n[[screens]]\nid = \"main\"\n" + IDGrammarTests.dial("\"outside\"")
        #expect(
            errors(variable) == [
                "bad.toml:2:1: variables[id=Outside].id: expected an id whose published names differ from every other id's, found \"Outside\" which Home Assistant and MQTT would confuse with \"outside\" (line 7)"
            ])
    }

    @Test("The grammar and the folding Home Assistant applies")
    func helpers() {
        #expect(IDGrammar.isValid("dial") && !IDGrammar.isValid("dial "))
        #expect(IDGrammar.folded("Fan-Speed") == "fan_speed")
    }
}
