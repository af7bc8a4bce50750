import Testing
import TestSupport
@testable import Formats

/// The JSON reader and writer that replaced Foundation's (strict input, sorted keys, whole numbers
/// without a fraction), and base64. The Codable bridge is tested with the kiosk's own types in
/// KioskTests' `KioskJSONTests`.
@Suite("JSON text and base64 without Foundation")
struct JSONTextTests {
    @Test("Valid documents parse to their values: escapes, surrogate pairs, numbers, nesting, whitespace")
    func parsesValid() {
        #expect(
            JSON.parse(Array(#" {"a" : [1, -2.5e3, 0, true, false, null], "b":"x\"\\\/\n\u00e9\ud83d\ude00"} "#.utf8))
                == .object([
                    ("a", .array([.number(1), .number(-2500), .number(0), .bool(true), .bool(false), .null])),
                    ("b", .string("x\"\\/\n\u{e9}\u{1F600}")),
                ]))
        #expect(JSON.parse(Array("\"é\"".utf8)) == .string("é"))
        #expect(
            JSON.parse(Array("{\"k\":1,\"k\":2}".utf8)) == .object([("k", .number(2))]), "a later duplicate key wins")
        #expect(
            JSON.parse(Array(String(repeating: "[", count: 512).utf8) + Array(String(repeating: "]", count: 512).utf8))
                != nil)
    }

    @Test(
        "Invalid documents are refused",
        arguments: [
            "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "\"\\x\"", "\"a\nb\"",
            "\"\\ud83d\"",
            "{\"a\" 1}", "{1:2}", "[1 2]", "1 2", "NaN", "\"abc",
        ])
    func refusesInvalid(text: String) {
        #expect(JSON.parse(Array(text.utf8)) == nil, "\(text)")
    }

    @Test("Invalid UTF-8 and nesting deeper than 512 levels are refused")
    func refusesHostile() {
        #expect(JSON.parse([0x22, 0xFF, 0x22]) == nil)
        #expect(JSON.parse([0x22, 0xC3, 0x22]) == nil)
        #expect(JSON.parse(Array(String(repeating: "[", count: 100_000).utf8)) == nil)
    }

    @Test(
        "Text out: keys sorted, whole numbers without a fraction, control characters escaped, slashes and UTF-8 as they are"
    )
    func writes() {
        let value = JSON.object([
            ("b", .number(25)), ("a", .array([.number(0.1), .number(-3), .number(1e21), .number(.infinity)])),
            ("c", .string("a/b\t\u{1}é\"\\")), ("d", .object([])), ("e", .array([])),
        ])
        #expect(value.description == #"{"a":[0.1,-3,1e+21,null],"b":25,"c":"a/b\t\u0001é\"\\","d":{},"e":[]}"#)
        #expect(
            JSON.parse(value.text())
                == .object([
                    ("b", .number(25)), ("a", .array([.number(0.1), .number(-3), .number(1e21), .null])),
                    ("c", .string("a/b\t\u{1}é\"\\")), ("d", .object([])), ("e", .array([])),
                ]))
    }

    @Test(
        "Keys in Unicode scalar order, not String's (which sorts a decomposed é as the composed one); duplicates as the reader has them"
    )
    func keyOrder() {
        let keys = JSON.object([
            ("éa", .number(1)), ("e\u{301}x", .number(2)), ("b", .number(3)), ("Z", .number(4)), ("😀", .number(5)),
            ("b", .number(6)),
        ])
        #expect(keys.text() == Array("{\"Z\":4,\"b\":6,\"e\u{301}x\":2,\"éa\":1,\"😀\":5}".utf8))
        // Canonically equivalent spellings are one key, as in the reader: the first spelling, the last value.
        #expect(JSON.object([("é", .number(1)), ("e\u{301}", .number(2))]).text() == Array("{\"é\":2}".utf8))
        #expect(JSON.parse(Array("{\"é\":1,\"e\u{301}\":2}".utf8))?.text() == Array("{\"é\":2}".utf8))
    }

    @Test("Base64 matches RFC 4648's vectors, round-trips any bytes, and refuses bad text")
    func base64() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        var random = SeededRandom(seed: 7)
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
        for bad in ["Zg=", "Z===", "Zg==Zg==", "Zm9v!A==", "=Zm9"] { #expect(Base64.decode(bad) == nil, "\(bad)") }
    }
}
