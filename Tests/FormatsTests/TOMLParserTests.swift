import Testing
import TestSupport
@testable import Formats

/// A parsed document in the canonical type-tagged text of TOMLReference/tomllib_tagged.py (strings with
/// `"` and `\` as `\u{22}` and `\u{5C}`), floats written by `float` (their bits for the differential
/// test, readable numbers in the tables below).
func taggedText(_ node: TOMLNode, float: (Double) -> String = { $0.isNaN ? "nan" : "\($0)" }) -> String {
    func text(_ s: String) -> String {
        "\""
            + s.unicodeScalars.map { c in
                (0x20..<0x7F).contains(c.value) && c != "\"" && c != "\\"
                    ? String(c) : "\\u{\(String(c.value, radix: 16, uppercase: true))}"
            }.joined() + "\""
    }
    switch node {
    case .string(let s): return text(s)
    case .int(let i): return "i:\(i)"
    case .double(let d): return "f:" + float(d)
    case .bool(let b): return "\(b)"
    case .array(let items): return "[" + items.map { taggedText($0, float: float) }.joined(separator: ",") + "]"
    case .table(let entries):
        return "{" + entries.map { text($0.key) + ":" + taggedText($0.value, float: float) }.joined(separator: ",")
            + "}"
    case .other(let kind): return "d:\(kind)"
    }
}

/// The parse of `toml` as tagged text, or `line:column: message` for a syntax error.
func parsed(_ toml: String, float: (Double) -> String = { $0.isNaN ? "nan" : "\($0)" }) -> String {
    do { return taggedText(try TOMLParser.parse(toml), float: float) } catch {
        return "\(error.line):\(error.column): \(error.message)"
    }
}

@Suite("The TOML parser")
struct TOMLParserTests {
    static let valid: [(toml: String, tree: String)] = [
        ("", "{}"),
        ("# only a comment\n\n", "{}"),
        ("b = 1\na = 2\n", #"{"b":i:1,"a":i:2}"#),
        ("\"quoted key\" = 1\n'lit.key' = 2\n\"\" = 3", #"{"quoted key":i:1,"lit.key":i:2,"":i:3}"#),
        ("a . b.'c' = true\na.d = false", #"{"a":{"b":{"c":true},"d":false}}"#),
        (#"s = "\b\t\n\f\r\"\\\u00E9\U0001F600""#, #"{"s":"\u{8}\u{9}\u{A}\u{C}\u{D}\u{22}\u{5C}\u{E9}\u{1F600}"}"#),
        ("s = 'C:\\path\\no \"escapes\"'", #"{"s":"C:\u{5C}path\u{5C}no \u{22}escapes\u{22}"}"#),
        ("s = \"\"\"\nfirst\n  second\"\"\"", #"{"s":"first\u{A}  second"}"#),
        ("s = \"\"\"joined \\\n     \n   here\"\"\"", #"{"s":"joined here"}"#),
        ("s = \"\"\"two \"\"quotes\"\"\"\"\"", #"{"s":"two \u{22}\u{22}quotes\u{22}\u{22}"}"#),
        ("s = '''\nraw \\n 'quoted'\n'''", #"{"s":"raw \u{5C}n 'quoted'\u{A}"}"#),
        ("s = \"tab\there\"\r\nt = 1\r\n", #"{"s":"tab\u{9}here","t":i:1}"#),
        (
            "i = [+99, 42, 0, -17, 1_000, 5_349_221, 0xDEAD_beef, 0o755, 0b1101]",
            #"{"i":[i:99,i:42,i:0,i:-17,i:1000,i:5349221,i:3735928559,i:493,i:13]}"#
        ),
        (
            "max = 9223372036854775807\nmin = -9223372036854775808",
            #"{"max":i:9223372036854775807,"min":i:-9223372036854775808}"#
        ),
        (
            "f = [+1.0, 3.1415, -0.01, 5e+22, 1e06, -2E-2, 6.626e-34, 224_617.445_991, 0.0, -0.0]",
            #"{"f":[f:1.0,f:3.1415,f:-0.01,f:5e+22,f:1000000.0,f:-0.02,f:6.626e-34,f:224617.445991,f:0.0,f:-0.0]}"#
        ),
        ("f = [inf, +inf, -inf, nan, +nan, -nan]", #"{"f":[f:inf,f:inf,f:-inf,f:nan,f:nan,f:nan]}"#),
        (
            "d = [1979-05-27T07:32:00Z, 1979-05-27t00:32:00.999-07:00, 1979-05-27 07:32:00, 2000-02-29, 07:32:00.5]",
            #"{"d":[d:dateTime,d:dateTime,d:dateTime,d:date,d:time]}"#
        ),
        ("a = [ 1, \"two\", [3], {x = 4}, ]", #"{"a":[i:1,"two",[i:3],{"x":i:4}]}"#),
        ("a = [\n  1, # one\n  # nothing\n  2\n,\n]", #"{"a":[i:1,i:2]}"#),
        ("p = { x = 1, y.z = 2, w = { } }", #"{"p":{"x":i:1,"y":{"z":i:2},"w":{}}}"#),
        ("[a.b]\nc = 1\n[a]\nd = 2", #"{"a":{"b":{"c":i:1},"d":i:2}}"#),
        (
            "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true",
            #"{"fruit":{"apple":{"color":"red","texture":{"smooth":true}}}}"#
        ),
        (
            "[[a]]\nx = 1\n[[a]]\n[a.b]\ny = 2\n[[a.c]]\n[[a.c]]\nz = 3",
            #"{"a":[{"x":i:1},{"b":{"y":i:2},"c":[{},{"z":i:3}]}]}"#
        ),
        ("[ x . \"y\" ]  # spaces are allowed\n[[ z ]]", #"{"x":{"y":{}},"z":[{}]}"#),
        ("[a.b.c]\n[a]\nb.d = 1", #"{"a":{"b":{"c":{},"d":i:1}}}"#),
    ]

    @Test("Valid documents give these trees, keys in file order", arguments: valid)
    func validDocument(toml: String, tree: String) {
        #expect(parsed(toml) == tree)
    }

    static let invalid: [(toml: String, error: String)] = [
        ("a = \"open\nb = 1", #"1:5: unterminated string: expected a closing " before the end of the line"#),
        ("a = 'open", "1:5: unterminated string: expected a closing ' before the end of the file"),
        (
            "x = 1\na = \"\"\"\nnever closed",
            #"2:5: unterminated string: expected a closing """ before the end of the file"#
        ),
        (
            #"a = "bad \q escape""#,
            #"1:10: invalid escape "\q" in a string: expected one of \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX"#
        ),
        (#"a = "\u12G4""#, "1:6: invalid escape: expected 4 hexadecimal digits after \\u, found \"G\""),
        (
            #"a = "\uD800""#,
            "1:6: invalid escape: U+D800 is not a Unicode scalar value (a surrogate or beyond U+10FFFF)"
        ),
        (
            #"a = "\U00110000""#,
            "1:6: invalid escape: U+110000 is not a Unicode scalar value (a surrogate or beyond U+10FFFF)"
        ),
        ("a = \"\"\"x \\  y\"\"\"", "1:10: expected a newline after a line-ending backslash, found \"y\""),
        (
            "a = \"bell\u{7}\"",
            "1:10: expected no control characters in a string (write them as escapes such as \\u0007), found the control character U+0007"
        ),
        ("a = 1\nb = 2\na = 3", "3:1: duplicate key \"a\" (first defined at line 1)"),
        ("é = 1\n", "1:1: expected a key, found \"é\""),
        ("[t]\nx.y = 1\nx.y = 2", "3:1: duplicate key \"x.y\" (first defined at line 2)"),
        ("[a]\n[b]\n[a]", "3:1: the table [a] is defined twice (first at line 1)"),
        ("a = {x = 1}\n[a.b]", "2:2: cannot define [a.b]: a is already a value (line 1)"),
        ("a = {x = 1}\na.y = 2", "2:1: cannot add to a with a dotted key: it is already a value, not a table (line 1)"),
        ("a.b = 1\n[a]", "2:1: cannot define [a]: its keys were already defined by dotted keys (line 1)"),
        (
            "[a.b]\n[a]\nb.c = 1",
            "3:1: cannot add b.c with a dotted key: the table b is defined by its own header (line 1)"
        ),
        ("[[a]]\n[a]", "2:1: cannot define [a]: a is an array of tables (line 1)"),
        ("[a]\n[[a]]", "2:1: cannot define [[a]]: a is already a table, not an array of tables (line 1)"),
        ("a = []\n[[a]]", "2:3: cannot define [[a]]: a is already a value (line 1)"),
        ("a = [1,\n", "2:1: unterminated array: expected a value or \"]\", found the end of the file"),
        ("a = [1 2]", "1:8: expected \",\" or \"]\" in an array, found \"2\""),
        ("a = {x = 1,}", "1:12: expected a key after \",\" (an inline table has no trailing comma), found \"}\""),
        (
            "a = {x = 1\n}",
            "1:11: unterminated inline table: expected \",\" or \"}\" on the same line, found the end of the line"
        ),
        ("a = 01", "1:5: expected a number, found \"01\""),
        ("a = 1__0", "1:5: expected a number, found \"1__0\""),
        ("a = 1_", "1:5: expected a number, found \"1_\""),
        ("a = +0x10", "1:5: expected a number, found \"+0x10\""),
        ("a = 1.", "1:5: expected a number, found \"1.\""),
        ("a = .5", "1:5: expected a value, found \".\""),
        ("a = 9223372036854775808", "1:5: expected an integer from -2^63 to 2^63-1, found 9223372036854775808"),
        ("a = 0x8000000000000000", "1:5: expected an integer from -2^63 to 2^63-1, found 0x8000000000000000"),
        ("a = 1979-02-29", "1:5: expected a valid date, found 1979-02-29"),
        ("a = 24:00:00", "1:5: expected a valid time, found 24:00:00"),
        ("a = 07:32", "1:5: expected a time such as 07:32:00, found \"0\""),
        ("a = 1979-05-27T07:32:00+1:00", "1:24: expected a time offset such as +01:00, found \"+\""),
        ("a = true false", "1:10: expected the end of the line, found \"f\""),
        ("a = TRUE", "1:5: expected a value, found \"T\""),
        ("a = 1 # bell \u{7}", "1:14: expected no control characters in a comment, found the control character U+0007"),
        ("a = 1\r", "1:6: expected the end of the line, found a carriage return without a line feed"),
        ("= 1", "1:1: expected a key, found \"=\""),
        ("a 1", "1:3: expected \"=\" after the key, found \"1\""),
        ("[a", "1:3: expected \"]\" to close the table header, found the end of the file"),
        ("[[a]", "1:5: expected \"]]\" to close the array-of-tables header, found the end of the file"),
        ("a = \"\"\"k\"\"\"\"\"\"", "1:14: expected the end of the line, found \"\"\""),
        (
            "a = " + String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            "1:69: nested more than 64 tables and arrays deep"
        ),
        ("[" + (0...64).map { "k\($0)" }.joined(separator: ".") + "]", "1:248: a key of more than 64 dotted parts"),
    ]

    @Test("Invalid documents give this line, column and message", arguments: invalid)
    func invalidDocument(toml: String, error: String) {
        #expect(parsed(toml) == error)
    }

    @Test("Random strings of TOML's characters give a tree or an error placed inside the document, never a crash")
    func randomDocuments() {
        let alphabet: [String] = [
            "[", "]", "[[", "]]", "{", "}", "\"", "'", "\"\"\"", "'''", "=", ".", ",", "#", "\n", "\r\n", "\r",
            " ", "\t", "\\", "\\u", "_", "-", "+", "0", "1", "9", "e", "x", "a", "inf", "nan", "true",
            ":", "T", "Z", "1979-05-27", "07:32:00", "é", "\u{0}", "\u{7F}", "日", "\u{1F600}",
        ]
        var random = SeededRandom(seed: 0x70_AA2)
        var accepted = 0
        for _ in 0..<3000 {
            let document = (0..<random.int(40)).map { _ in alphabet[random.int(alphabet.count)] }.joined()
            do {
                _ = try TOMLParser.parse(document)
                accepted += 1
            } catch {
                // Lines as the parser counts them: CRLF is one line end.
                let lines = document.replacing("\r\n", with: "\n").split(
                    separator: "\n", omittingEmptySubsequences: false)
                let line = lines.indices.contains(error.line - 1) ? Array(lines[error.line - 1]) : []
                #expect(
                    error.line >= 1 && error.line <= lines.count && error.column >= 1 && error.column <= line.count + 1,
                    "\(error.line):\(error.column) outside \(document.debugDescription)")
            }
        }
        #expect(accepted > 10)
    }

    @Test("Positions of keys in inline tables, array elements, dotted keys and arrays of tables")
    func positionsOfKinds() throws {
        let text = "a.b = 1\n[[t]]\n[[t]]\n  x = [10, { y = 2 }]\n"
        let positions = try TOMLParser.parseWithPositions(text).positions
        let expected = [
            "a": "1:1", "a.b": "1:1", "t[0]": "2:3", "t[1]": "3:3", "t[1].x": "4:3", "t[1].x[0]": "4:8",
            "t[1].x[1]": "4:12", "t[1].x[1].y": "4:14",
        ]
        #expect(positions.mapValues { "\($0.line):\($0.column)" } == expected)
    }

    @Test("Hostile nesting is refused, not recursed into: 100 000 brackets and a 10 000-part header")
    func hostileNesting() {
        #expect(
            parsed("a = " + String(repeating: "[", count: 100_000)).hasSuffix(
                "nested more than 64 tables and arrays deep"))
        #expect(
            parsed("a = " + String(repeating: "{b=", count: 100_000)).hasSuffix(
                "nested more than 64 tables and arrays deep"))
        #expect(
            parsed("[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]").hasSuffix(
                "a key of more than 64 dotted parts"))
    }
}
