import Testing
@testable import Core

/// The one grammar for numbers that arrive as text (MQTT payloads, `thumbwheel ctl` arguments),
/// as the config reference documents it.
@Suite("Numbers as text")
struct NumberTextTests {
    @Test(
        "Decimal numbers as JSON writes them, with a leading + and spaces around, are numbers",
        arguments: [
            ("21.5", 21.5), ("-3", -3), ("0", 0), ("-0", -0.0), ("+5", 5), ("1e3", 1000), ("2.5E-2", 0.025),
            ("1E+2", 100),
            (" 12 ", 12), ("\t7\r\n", 7), ("+0.5", 0.5), ("-1.25e1", -12.5), ("1e308", 1e308),
            ("123456789", 123_456_789),
        ])
    func numbers(text: String, value: Double) {
        #expect(NumberText.parse(text) == value, "\(text)")
    }

    @Test(
        "Anything else is not: hex, inf, nan, separators, bare points, leading zeros, too large, words",
        arguments: [
            "0x1A", "0X1a", "0b101", "0o17", "inf", "-inf", "Infinity", "nan", "NaN", "1_000", ".5", "5.", "-.5", "007",
            "00",
            "1e999", "-1e999", "", " ", "+", "-", "+-5", "++5", "--5", "1e", "1e+", "1.2.3", "12 34", "5 °C", "½", "٣",
            "1,5",
            "0x", "e3", "+ 5", "- 5", "1\u{0}", "\u{A0}12",
        ])
    func notNumbers(text: String) {
        #expect(NumberText.parse(text) == nil, "\(text.debugDescription)")
    }

    @Test("Swift's Double(String) takes much of what the grammar refuses: the reason for one parser")
    func differsFromDouble() {
        for text in ["0x1A", "inf", "nan", ".5", "5.", "007"] {
            #expect(Double(text) != nil && NumberText.parse(text) == nil, "\(text)")
        }
        #expect(Double("0x1A") == 26)
    }

    @Test("The JSON part alone: how far a number reaches from a position, nil where none starts")
    func decimalLength() {
        func length(_ s: String, from: Int = 0) -> Int? { NumberText.decimalLength(Array(s.utf8), from: from) }
        #expect(length("12,") == 2 && length("[-0.5e+3]", from: 1) == 7 && length("0123") == 1)
        #expect(
            length("+1") == nil && length("-") == nil && length("1.") == nil && length("1e") == nil && length("") == nil
        )
    }
}
