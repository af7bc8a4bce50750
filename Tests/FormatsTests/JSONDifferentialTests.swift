import Platform
import Testing
import TestSupport
@testable import Formats

/// The JSON reader and writer against Python's `json` module, both ways, on random documents from a
/// seeded generator: Python must read our text as the document we wrote, and we must read Python's
/// text (ASCII-only with `\uXXXX` escapes and surrogate pairs, raw UTF-8, indented, compact) as the
/// document it wrote. Numbers are compared as doubles (-0 equal to 0: Python reads `-0` as the
/// integer 0), strings scalar for scalar, objects as sets of keys.
@Suite("The JSON reader and writer agree with Python's json")
struct JSONDifferentialTests {
    static let count = 600

    @Test("Our text, compact and pretty, read by Python is the document; Python's text read by us is the document")
    func againstPython() throws {
        var random = SeededRandom(seed: 0x15_0A)
        let documents = (0..<Self.count).map { i in Self.document(&random, depth: i % 7 == 0 ? 40 : 5) }
        let dir = makeTemporaryDirectory("json-differential")
        let script = dir + "/json_reference.py"
        try FileIO.writeAtomically(Array(Self.reference.utf8), to: script)

        // Ours → Python, in both layouts.
        let ourTexts = dir + "/texts.hex"
        try Self.writeHexLines(documents.enumerated().map { $0.element.text(pretty: $0.offset % 2 == 1) }, to: ourTexts)
        let read = try #require(runTool(Self.python, [script, "read", ourTexts]))
        try #require(read.status == 0, "python3 json: \(read.err)")
        let theirs = read.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(theirs.count == documents.count)
        for (i, (document, reference)) in zip(documents, theirs).enumerated() {
            #expect(
                Self.tokens(document).joined(separator: " ") == reference,
                "document \(i): Python reads our text differently:\n\(document.description)")
        }

        // Python → ours: Python rebuilds each document from its tokens and writes it in one of four styles.
        let tokenFile = dir + "/tokens.txt"
        try FileIO.writeAtomically(
            Array(documents.map { Self.tokens($0).joined(separator: " ") + "\n" }.joined().utf8), to: tokenFile)
        let written = try #require(runTool(Self.python, [script, "write", tokenFile]))
        try #require(written.status == 0, "python3 json: \(written.err)")
        let texts = written.out.split(separator: "\n").map { Self.bytes(hex: $0) }
        try #require(texts.count == documents.count)
        var escapedPairs = 0
        for (i, (document, text)) in zip(documents, texts).enumerated() {
            if String(decoding: text, as: UTF8.self).contains("\\ud8") { escapedPairs += 1 }
            let ours = JSON.parse(text)
            #expect(
                ours.map(Self.tokens) == Self.tokens(document),
                "document \(i): we read Python's text differently:\n\(String(decoding: text, as: UTF8.self))")
        }
        // The generator reached what the test is for: surrogate pairs written by Python as escapes.
        #expect(escapedPairs > 20)
    }

    @Test("Broken documents: what Python rejects we reject, what it reads we read the same")
    func mutants() throws {
        var random = SeededRandom(seed: 0xB40_CE)
        let texts = (0..<2000).map { i in
            Self.mutant(of: Self.document(&random, depth: 4).text(pretty: i % 3 == 0), random: &random)
        }
        let dir = makeTemporaryDirectory("json-mutants")
        let script = dir + "/json_reference.py"
        try FileIO.writeAtomically(Array(Self.reference.utf8), to: script)
        try Self.writeHexLines(texts, to: dir + "/texts.hex")
        let read = try #require(runTool(Self.python, [script, "read", dir + "/texts.hex"]))
        try #require(read.status == 0, "python3 json: \(read.err)")
        let theirs = read.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(theirs.count == texts.count)
        var rejected = 0, lenient = 0
        for (text, reference) in zip(texts, theirs) {
            let shown = String(decoding: text, as: UTF8.self)
            let ours = JSON.parse(text)
            if reference.hasPrefix("lenient: ") {
                lenient += 1  // RFC 8259 has no NaN, no Infinity and no lone surrogates: we refuse them
            } else if reference.hasPrefix("error: ") {
                rejected += 1
                #expect(ours == nil, "Python rejects (\(reference)), we accept:\n\(shown)")
            } else {
                #expect(
                    ours.map { Self.tokens($0).joined(separator: " ") } == reference,
                    "Python reads it, we differ:\n\(shown)")
            }
        }
        // Both outcomes are exercised.
        #expect(rejected > 300 && rejected < texts.count - 300, "\(rejected) rejected, \(lenient) lenient")
    }

    /// `text` with a few random edits at the byte level: characters that matter to JSON inserted,
    /// bytes deleted or doubled, now and then a byte that is not UTF-8.
    static func mutant(of text: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = text
        let significant = Array("[]{}\":,\\ -+.eE01utnfa/\n\t".utf8) + [0x00, 0x1F, 0xFF, 0xC3, 0xED]
        for _ in 0..<(1 + random.int(3)) where !bytes.isEmpty {
            let at = random.int(bytes.count)
            switch random.int(3) {
            case 0: bytes.insert(significant[random.int(significant.count)], at: at)
            case 1: bytes.remove(at: at)
            default: bytes.insert(bytes[at], at: at)
            }
        }
        return bytes
    }

    // MARK: Documents

    /// Strings that matter to JSON: quotes, backslashes, slashes, every kind of control character,
    /// DEL, two- three- and four-byte UTF-8, the line separators JavaScript minds, a BOM, the highest
    /// scalars below and above the surrogates, combining marks.
    static let pieces: [String] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1F}",
        "\u{7F}", "é", "ß", "日本", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}",
        "😀", "\u{10000}", "\u{10FFFF}", "e\u{301}", "🇩🇪", "{", "}", "[", "]", ":", ",", "true", "null", "\\u0041",
    ]

    static func string(_ random: inout SeededRandom) -> String {
        (0..<random.int(8)).map { _ in pieces[random.int(pieces.count)] }.joined()
    }

    /// Numbers of every shape a double takes: small integers, decimals, powers of ten at the ends of
    /// the range, subnormals, integers beyond 2^53, negative zero, any finite bit pattern.
    static func number(_ random: inout SeededRandom) -> Double {
        switch random.int(8) {
        case 0: return Double(random.int(2001) - 1000)
        case 1: return Double(random.int(2_000_000) - 1_000_000) / 1000
        case 2:
            return [
                0.0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, 0.1, 0.30000000000000004, 1e21, 1e-7, 9007199254740993,
            ][random.int(11)]
        case 3:
            return Double(sign: random.int(2) == 0 ? .plus : .minus, exponent: random.int(2098) - 1074, significand: 1)
        case 4: return Double(Int64(bitPattern: random.next()) >> random.int(64))
        case 5: return Double(bitPattern: random.next() & 0x000F_FFFF_FFFF_FFFF)  // a subnormal
        default:
            let d = Double(bitPattern: random.next())
            return d.isFinite ? d : 1.5
        }
    }

    static func document(_ random: inout SeededRandom, depth: Int) -> JSON {
        let pick = depth == 0 ? random.int(5) : random.int(8)
        switch pick {
        case 0: return .null
        case 1: return .bool(random.int(2) == 0)
        case 2, 3: return .number(number(&random))
        case 4: return .string(string(&random))
        case 5:
            // A single long chain now and then: nesting deeper than the usual handful.
            let n = depth > 5 ? 1 : random.int(5)
            return .array((0..<n).map { _ in document(&random, depth: depth - 1) })
        default:
            var pairs: [(String, JSON)] = []
            var keys = Set<String>()
            for _ in 0..<(depth > 5 ? 1 : random.int(5)) {
                let key = string(&random)
                if keys.insert(key).inserted { pairs.append((key, document(&random, depth: depth - 1))) }
            }
            return .object(pairs)
        }
    }

    // MARK: The shared form

    /// The value as the tokens the Python side also writes (see `reference`).
    static func tokens(_ value: JSON) -> [String] {
        switch value {
        case .null: return ["n"]
        case .bool(let b): return [b ? "t" : "f"]
        case .number(let d): return ["d:" + hex((d + 0.0).bitPattern)]
        case .string(let s): return ["s:" + s.utf8.map(hexByte).joined()]
        case .array(let items): return ["a:\(items.count)"] + items.flatMap(tokens)
        case .object(let pairs):
            let sorted = pairs.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            return ["o:\(pairs.count)"] + sorted.flatMap { tokens(.string($0.0)) + tokens($0.1) }
        }
    }

    static func hexByte(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16) }
    static func hex(_ bits: UInt64) -> String {
        (0..<8).map { hexByte(UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0))) }.joined()
    }
    static func bytes(hex: Substring) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) ?? 0
        }
    }

    static let python = "/usr/bin/python3"

    /// Texts as one file of hex lines: one file to write, whatever bytes the texts hold.
    static func writeHexLines(_ texts: [[UInt8]], to path: String) throws {
        try FileIO.writeAtomically(Array(texts.map { $0.map(hexByte).joined() + "\n" }.joined().utf8), to: path)
    }

    /// The Python side: `read FILE` prints, for each hex line of FILE, the text's tokens, `error: …`,
    /// or `lenient: …` for a document only Python's extensions take (NaN, Infinity, lone surrogates);
    /// `write FILE` prints,
    /// for each line of tokens, the document's `json.dumps` text as UTF-8 hex.
    static let reference = #"""
        import json, struct, sys

        # Tokens shared with the Swift side: n t f, d:<double bits hex>, s:<utf8 hex>, a:<count>, o:<count>
        # (then key, value, ...), in prefix order, object keys sorted by their UTF-8 bytes.
        def tokens(v, out):
            if v is None: out.append("n")
            elif v is True: out.append("t")
            elif v is False: out.append("f")
            elif isinstance(v, (int, float)):
                out.append("d:" + struct.pack(">d", float(v) + 0.0).hex())  # + 0.0: -0 and 0 compare equal
            elif isinstance(v, str): out.append("s:" + v.encode("utf-8").hex())
            elif isinstance(v, list):
                out.append("a:%d" % len(v))
                for item in v: tokens(item, out)
            else:
                out.append("o:%d" % len(v))
                for key in sorted(v, key=lambda k: k.encode("utf-8")):
                    tokens(key, out); tokens(v[key], out)

        def build(ts, i):
            t = ts[i]
            if t == "n": return None, i + 1
            if t == "t": return True, i + 1
            if t == "f": return False, i + 1
            tag, _, rest = t.partition(":")
            if tag == "d":
                x = struct.unpack(">d", bytes.fromhex(rest))[0]
                # Whole numbers also as ints, as Python writes them ("25", not "25.0").
                return (int(x) if x.is_integer() and abs(x) < 2**53 and i % 2 == 0 else x), i + 1
            if tag == "s": return bytes.fromhex(rest).decode("utf-8"), i + 1
            n, i = int(rest), i + 1
            if tag == "a":
                items = []
                for _ in range(n):
                    item, i = build(ts, i); items.append(item)
                return items, i
            obj = {}
            for _ in range(n):
                key, i = build(ts, i); obj[key], i = build(ts, i)
            return obj, i

        styles = [dict(), dict(ensure_ascii=False), dict(indent=2), dict(separators=(",", ":"), ensure_ascii=False, sort_keys=True)]

        class Lenient(Exception):
            pass

        def constant(name):  # NaN, Infinity, -Infinity: Python's extensions to JSON
            raise Lenient(name)

        if sys.argv[1] == "read":  # each line of a file, a text as hex -> its tokens (or why not), one line each
            for line in open(sys.argv[2]).read().splitlines():
                try:
                    value = json.loads(bytes.fromhex(line).decode("utf-8"), parse_constant=constant)
                except Lenient as e:
                    print("lenient: %s" % e); continue
                except ValueError as e:
                    print("error: %s" % e); continue
                out = []
                try:
                    tokens(value, out); print(" ".join(out))
                except UnicodeEncodeError:  # a lone surrogate from a \u escape, which Python also lets through
                    print("lenient: lone surrogate")
        else:  # "write": the token lines of a file -> Python's text of each, as UTF-8 hex, in turn in each style
            for k, line in enumerate(open(sys.argv[2], encoding="utf-8").read().splitlines()):
                value, _ = build(line.split(" "), 0)
                print(json.dumps(value, **styles[k % len(styles)]).encode("utf-8").hex())
        """#
}
