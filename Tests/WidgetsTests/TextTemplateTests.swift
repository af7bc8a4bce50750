import Testing
@testable import Widgets

/// Renders `source` with `values` (a missing key has no value).
private func render(_ source: String, _ values: [String: TemplateValue]) throws -> String {
    try TextTemplate(parsing: source).render { values[$0] }
}

/// The error `source` gives.
private func parseError(_ source: String) -> TemplateError? {
    do { _ = try TextTemplate(parsing: source); return nil } catch { return error }
}

@Suite("Text templates")
struct TextTemplateTests {
    @Test("Literal text, placeholders and doubled braces parse into parts; names are listed once, in order")
    func parts() throws {
        let t = try TextTemplate(parsing: "Set {{target}}: {temperature:.1} °C of {max} ({temperature})")
        #expect(t.names == ["temperature", "max"])
        #expect(t.placeholders.map(\.column) == [17, 40, 47])
        #expect(t.parts.first == .literal("Set {target}: "))
        #expect(try render("{{}} {{x}}", [:]) == "{} {x}")
        #expect(try TextTemplate(parsing: "").parts.isEmpty)
    }

    @Test("Without a spec whole numbers have no decimal point and others are as short as they can be")
    func automatic() throws {
        let cases: [(Double, String)] = [
            (21, "21"), (21.5, "21.5"), (-4, "-4"), (0.1, "0.1"), (-0.0, "0"), (1234567, "1234567"),
            (2.675, "2.675"),
        ]
        for (d, text) in cases { #expect(try render("{x}", ["x": .number(d)]) == text, "\(d)") }
    }

    @Test(".N gives exactly N decimals, rounded half away from zero; a result of zero has no sign")
    func decimals() throws {
        let cases: [(String, Double, String)] = [
            (".1", 21.45, "21.5"), (".1", 21, "21.0"), (".0", 21.5, "22"), (".0", -21.5, "-22"), (".2", 0.005, "0.01"),
            (".3", 1.5, "1.500"), (".6", 0.000_001, "0.000001"), (".1", -0.04, "0.0"), (".2", -3.14159, "-3.14"),
            (".0", 1e20, "1e+20"),
        ]
        for (spec, d, text) in cases {
            #expect(try render("{x:\(spec)}", ["x": .number(d)]) == text, "\(spec) of \(d)")
        }
    }

    @Test("time writes minutes since midnight as HH:MM; both ends of a pair; 1440 is the end of the day")
    func time() throws {
        #expect(try render("{t:time}", ["t": .number(450)]) == "07:30")
        #expect(try render("{t:time}", ["t": .number(0)]) == "00:00")
        #expect(try render("{t:time}", ["t": .number(1439.6)]) == "24:00")
        #expect(try render("{t:time}", ["t": .number(1500)]) == "01:00")
        #expect(try render("{t:time}", ["t": .number(-30)]) == "23:30")
        #expect(try render("{r:time}", ["r": .pair(420, 1170)]) == "07:00–19:30")
        #expect(try render("{r.1:time}", ["r": .pair(420, 1170)]) == "19:30")
    }

    @Test("words= indexes the words with the rounded number; out of range shows the number")
    func words() throws {
        let values: [String: TemplateValue] = [
            "m": .number(1.2), "far": .number(3), "neg": .number(-1), "r": .pair(0, 2),
        ]
        #expect(try render("{m:words=Off|Heat|Cool}", values) == "Heat")
        #expect(try render("{far:words=Off|Heat|Cool}", values) == "3")
        #expect(try render("{neg:words=Off|Heat|Cool}", values) == "-1")
        #expect(try render("{r:words=Off|Heat|Cool}", values) == "Off–Cool")
        #expect(try render("{m:words=|On}", values) == "On")
        #expect(try render("{m:words=a: b|c:d}", values) == "c:d")
    }

    @Test("A pair renders a–b with an en dash; .0 and .1 pick one end")
    func pairs() throws {
        let values: [String: TemplateValue] = ["range": .pair(18, 22.5)]
        #expect(try render("{range} °C", values) == "18–22.5 °C")
        #expect(try render("{range.0:.1}…{range.1:.1}", values) == "18.0…22.5")
        // A name that itself ends in .0 with no value is still read as the end of "x".
        #expect(try TextTemplate(parsing: "{x.0}").placeholders.first?.name == "x")
    }

    @Test("A name with no value yet renders as —; text values are shown as they are, whatever the spec")
    func missingAndText() throws {
        #expect(try render("Outside {outdoor:.1} °C", [:]) == "Outside — °C")
        #expect(try render("{note:.2}", ["note": .text("Filter due")]) == "Filter due")
        #expect(try render("{r.1}", [:]) == "—")
    }

    @Test("Full UTF-8 passes through: °, µ, ², ü, ±, –, and columns count characters")
    func unicode() throws {
        let t = try TextTemplate(parsing: "±{d} µm² · Grüße – {t:.1}°")
        #expect(t.render { $0 == "d" ? .number(0.5) : .number(21) } == "±0.5 µm² · Grüße – 21.0°")
        #expect(t.placeholders.map(\.column) == [2, 20])
        #expect(parseError("µ² {x")?.column == 4)
    }

    @Test("Parse errors say what was found, where, and how to write it")
    func errors() {
        let cases: [(String, String)] = [
            ("Outside {outdoor", "a \"{\" without its closing \"}\" at column 9; write \"{{\" for a literal brace"),
            ("a } b", "a \"}\" that closes no placeholder at column 3; write \"}}\" for a literal brace"),
            ("{a{b}}", "a \"{\" inside the placeholder opened at column 1 at column 3; placeholders do not nest"),
            ("x {} y", "a placeholder without a name at column 3; write {id} or {id:spec}"),
            ("{:.1}", "a placeholder without a name at column 1; write {id} or {id:spec}"),
            ("{ temp }", "the name \" temp \" with a space in it at column 1; write {id} with no spaces"),
            ("{t:.7}", "the format \".7\" at column 4; a format is .0 to .6, time or words=A|B|…"),
            ("°C {t:1}", "the format \"1\" at column 7; a format is .0 to .6, time or words=A|B|…"),
            ("{t:}", "the format \"\" at column 4; a format is .0 to .6, time or words=A|B|…"),
            ("{t:clock}", "the format \"clock\" at column 4; a format is .0 to .6, time or words=A|B|…"),
            ("{t:words=}", "\"words=\" without words at column 4; write words=Off|Heat|Cool"),
        ]
        for (source, message) in cases { #expect(parseError(source)?.description == message, "\(source)") }
    }

    @Test("A literal template keeps braces as they are")
    func literal() {
        let t = TextTemplate(literal: "{not a template")
        #expect(t.render { _ in nil } == "{not a template" && t.names.isEmpty)
    }
}

@Suite("Text layout")
struct TextLayoutTests {
    /// Every character is 10 wide.
    let measure = { (s: String) in Double(s.count) * 10 }

    @Test("One line: kept when it fits, else cut at the end with …, never wider than the width")
    func ellipsis() {
        #expect(TextLayout.ellipsized("Heating", width: 70, measure: measure) == "Heating")
        #expect(TextLayout.ellipsized("Heating on", width: 70, measure: measure) == "Heatin…")
        #expect(TextLayout.ellipsized("Heat on", width: 60, measure: measure) == "Heat…")  // no space before …
        #expect(TextLayout.ellipsized("Heating", width: 5, measure: measure) == "…")
    }

    @Test("Wrap: words fill lines, long words break, line breaks are kept, the last line that fits ends in …")
    func wrap() {
        #expect(
            TextLayout.wrap("the quick brown fox", width: 100, maxLines: 5, measure: measure) == [
                "the quick", "brown fox",
            ])
        #expect(
            TextLayout.wrap("abcdefghijkl xy", width: 50, maxLines: 5, measure: measure) == ["abcde", "fghij", "kl xy"])
        #expect(TextLayout.wrap("one\ntwo  three", width: 100, maxLines: 5, measure: measure) == ["one", "two three"])
        #expect(TextLayout.wrap("aa bb cc dd ee", width: 50, maxLines: 2, measure: measure) == ["aa bb", "cc d…"])
        #expect(TextLayout.wrap("aa", width: 50, maxLines: 0, measure: measure) == ["aa"])
    }
}
