import Glibc
import Platform
import Testing
import TestSupport
@testable import Formats

/// TOMLParser against Python's tomllib (3.11+, the Python standard library's TOML 1.0 parser): the same
/// documents must give the same trees (floats to the bit, keys in the same order), and every document
/// tomllib rejects must be rejected.
@Suite("The TOML parser agrees with Python's tomllib")
struct TOMLDifferentialTests {
    /// Documents written to find differences: escapes, numbers, dates, dotted keys, arrays of tables.
    static let tricky: [String] = [
        #"s = "\u0000 \u007F \uFFFF \U0010FFFF \U0001f600 é 日本""#,
        "s = \"\"\"\n\n  two leading newlines, one trimmed\"\"\"",
        "s = \"\"\"a \\\n\n\n   \t b \\\n c\\\n\"\"\"",
        "s = \"\"\"\"\"\"\nt = \"\"\"\"x\"\"\"\"\nu = '''''y'''''",
        "s = '''\n'''\nt = ''''''\nu = ''\nv = \"\"",
        "s = \"\"\"\ttab\t\"\"\"\nt = '\t'",
        "k = 0x7FFFFFFFFFFFFFFF\nl = 0o777_777\nm = 0b1_0\nn = 0x0\no = -0\np = +0",
        "f = [1e-324, 4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e309, 0.1, 0.30000000000000004]",
        "f = [1_2.3_4e5_6, 1E+0_1, 9007199254740993.0, 123456789012345678901234567890.0, -0e0, 3e-0]",
        "f = [1.7976931348623158e308, 2.4703282292062327e-324, 2.4703282292062328e-324, 0.000000000000000000000000000001]",
        "d = [1979-05-27T07:32:00.123456789Z, 0001-01-01, 9999-12-31T23:59:59+23:59, 2024-02-29 00:00:00, 00:00:00, 23:59:59.9]",
        "a.b.c = 1\na.b.d = 2\na.e = 3\n[x]\ny.z = 1\n[x.y.w]\nv = 1",
        "[[fruits]]\nname = \"apple\"\n[fruits.physical]\ncolor = \"red\"\n[[fruits.varieties]]\nname = \"red delicious\"\n[[fruits.varieties]]\nname = \"granny\"\n[[fruits]]\nname = \"banana\"\n[[fruits.varieties]]\nname = \"plantain\"",
        "[a]\n[[a.b]]\n[[a.b]]\nc.d = 1\n[a.b.e]\nf = 2\n[[a.b.e.g]]",
        "a = [[1, 2], ['x', \"y\"], [{b = [{c = 1}]}], [], [[]]]\nb = {c = {d = {e = [1, {f = 2}]}}}",
        "\"a\".'b'.c = 1\n'a'.\"b\".d = 2\n\"\\u0061\".e = 3",
        "1 = 'one'\n1.2 = 'nested'\n-_- = 3\n0x10 = 4\ntrue = 5\ninf = 6",
        "a = true#no space\nb = [ ] # empty\n[c]#comment\n[[d]]  # x\n",
        "[a]\n[a.b.c]\n[a.b]\n[a.b.c.d]",
        // Invalid in both.
        "[a.b]\n[a.b]",
        "[a]\nb = 1\n[a.b]",
        "a = {b = 1}\na.c = 2",
        "a = {b = {c = 1}}\n[a.b.d]",
        "a = [{b = 1}]\n[[a]]",
        "[[a]]\nb.c = 1\n[a.b]",
        "[x]\na.b = 1\n[x.a]",
        "[x]\na.b = 1\n[y]\n[x.a]",
        "a = 1\na.b = 2",
        "a.b = 1\na = 2",
        "x = {a.b = 1, a.b = 2}",
        "x = {a = {b = 1}, a.c = 2}",
        "a = \"\\x41\"",
        "a = \"\\e\"",
        "a = '''\u{1}'''",
        "a = 1979-13-01",
        "a = 1979-04-31",
        "a = 1979-05-27T07:32:60Z",
        "a = 1979-05-27T07:32",
        "a = 1979-05-27 07:32:00 Z",
        "a = 07:32:00Z",
        "a = 1979-05-27T07:32:00.Z",
        "a = 0x",
        "a = 0b2",
        "a = 0o8",
        "a = 0xg",
        "a = 1e",
        "a = 1.e2",
        "a = 1e_2",
        "a = 1_e2",
        "a = -inf_",
        "a = infinity",
        "a = 00.1",
        "a = -01",
        "a = 0_1",
        "a = 99999999999999999999",
        "a = -9223372036854775809",
        "a = 0b1111111111111111111111111111111111111111111111111111111111111111",
        "a = [1,,2]",
        "a = [,]",
        "a = {,}",
        "a = {a = 1 b = 2}",
        "a = 1 b = 2",
        "[a]b = 1",
        "[]",
        "[a.]",
        "[.a]",
        "a..b = 1",
        "a = \"\"\"\"\"\"\"",
        "a = ''''''''",
        "\"\"\"a\"\"\" = 1",
        "a =",
        "a = # comment",
        "a = \"x\" \"y\"",
        "\u{FEFF}a = 1",
        "a = \"\u{7F}\"",
        "# \u{7F}",
        "a = 1\r\nb = \"x\r\"",
    ]

    @Test("Configs, VM fixtures, the unit tables' documents, tricky documents and 400 mutants of the demo")
    func againstTomllib() throws {
        var documents = Self.tricky + TOMLParserTests.valid.map(\.toml) + TOMLParserTests.invalid.map(\.toml)
        for pattern in ["Config/*.toml", "scripts/vm/fixtures/*.toml"] {
            let files = Self.glob(repoPath(pattern))
            #expect(!files.isEmpty, "no \(pattern)")
            documents += files.compactMap(Self.readText)
        }
        let demo = try #require(Self.readText(repoPath("Config/demo.toml")))
        var random = SeededRandom(seed: 0x70_AA1)
        documents += (0..<400).map { _ in Self.mutant(of: demo, random: &random) }

        let dir = makeTemporaryDirectory("toml-differential")
        let paths = documents.indices.map { "\(dir)/\($0).toml" }
        for (path, document) in zip(paths, documents) { try FileIO.writeAtomically(Array(document.utf8), to: path) }
        let python = "/usr/bin/python3"
        let run = try #require(
            runTool(python, [repoPath("Tests/FormatsTests/TOMLReference/tomllib_tagged.py")] + paths))
        try #require(run.status == 0, "\(python) with tomllib (3.11+): \(run.err)")
        let expected = run.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(expected.count == documents.count)

        var rejected = 0
        for (document, reference) in zip(documents, expected) {
            let ours = parsed(document) { $0.isNaN ? "nan" : Self.hex($0.bitPattern) }
            // Our own limits against hostile files, which tomllib does not have.
            if ours.hasSuffix("nested more than 64 tables and arrays deep")
                || ours.hasSuffix("a key of more than 64 dotted parts")
            {
                continue
            }
            if reference.hasPrefix("error: ") {
                rejected += 1
                #expect(!ours.hasPrefix("{"), "tomllib rejects (\(reference)), we accept:\n\(document)")
            } else {
                #expect(ours == reference, "\(document)")
            }
        }
        // Both kinds are exercised.
        #expect(rejected > 50 && rejected < documents.count - 50)
    }

    /// `text` with a few random edits: characters that matter to TOML inserted, bytes deleted or doubled.
    static func mutant(of text: String, random: inout SeededRandom) -> String {
        var chars = Array(text.unicodeScalars)
        let significant: [Unicode.Scalar] = [
            "[", "]", "{", "}", "\"", "'", "=", ".", ",", "#", "\n", " ", "\\", "_", "-", "+", "e", "0", ":", "T",
        ]
        for _ in 0..<(1 + random.int(3)) where !chars.isEmpty {
            let at = random.int(chars.count)
            switch random.int(3) {
            case 0: chars.insert(significant[random.int(significant.count)], at: at)
            case 1: chars.remove(at: at)
            default: chars.insert(chars[at], at: at)
            }
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: chars)
        return String(s)
    }

    static func hex(_ bits: UInt64) -> String {
        let digits = String(bits, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A file's text, as the config loader reads it (UTF-8, invalid bytes replaced).
    static func readText(_ path: String) -> String? { FileIO.read(path).map { String(decoding: $0, as: UTF8.self) } }

    static func glob(_ pattern: String) -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        guard Glibc.glob(pattern, 0, nil, &g) == 0 else { return [] }
        return (0..<Int(g.gl_pathc)).compactMap { g.gl_pathv[$0].map { String(cString: $0) } }
    }
}
