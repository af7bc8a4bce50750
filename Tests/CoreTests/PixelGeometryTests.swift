import Testing
@testable import Core

@Suite("Pixel rectangles and sizes")
struct PixelGeometryTests {
    @Test("Union ignores empty operands; area of an empty rectangle is 0")
    func unionAndArea() {
        let a = PixelRect(x: 2, y: 3, width: 4, height: 5)
        let emptyFarAway = PixelRect(x: 100, y: 100, width: 0, height: 7)
        #expect(a.union(emptyFarAway) == a)
        #expect(emptyFarAway.union(a) == a)
        #expect(a.union(PixelRect(x: 10, y: 0, width: 1, height: 1)) == PixelRect(x: 2, y: 0, width: 9, height: 8))
        #expect(a.area == 20)
        #expect(emptyFarAway.area == 0)
        #expect(PixelRect(x: 0, y: 0, width: -3, height: 4).area == 0)  // negative sizes are stored as 0
    }

    @Test("Intersection and containment")
    func intersection() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(
            a.intersection(PixelRect(x: 5, y: 5, width: 10, height: 10)) == PixelRect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)) == .empty)  // touching edges do not overlap
        #expect(
            a.contains(PixelRect(x: 9, y: 9, width: 1, height: 1))
                && !a.contains(PixelRect(x: 9, y: 9, width: 2, height: 1)))
        #expect(a.contains(PixelRect(x: 50, y: 50, width: 0, height: 0)))
        #expect(
            PixelRect(covering: Rect(x: 0.5, y: -0.5, width: 1, height: 1))
                == PixelRect(x: 0, y: -1, width: 2, height: 2))
        #expect(PixelRect(covering: Rect(x: .nan, y: 0, width: 1, height: 1)).isEmpty)
    }

    @Test(
        "WxH parses with one limit and says what is wrong",
        arguments: [
            ("800x480", PixelSize(width: 800, height: 480)), ("1X1", PixelSize(width: 1, height: 1)),
            (" 16384x16384\n", PixelSize(width: 16384, height: 16384)),
        ])
    func parses(text: String, size: PixelSize) throws {
        #expect(try PixelSize.parse(text) == size)
        #expect(PixelSize(parsing: text) == size)
    }

    @Test(
        "Malformed and out-of-range sizes are rejected with their reason",
        arguments: [
            ("800", PixelSizeParseError.Reason.notWidthByHeight), ("800x", .notWidthByHeight),
            ("x480", .notWidthByHeight),
            ("800x480x2", .notWidthByHeight), ("+800x480", .notWidthByHeight), ("-800x480", .notWidthByHeight),
            ("800 x 480", .notWidthByHeight), ("8a0x480", .notWidthByHeight), ("", .notWidthByHeight),
            ("0x480", .outOfRange), ("800x16385", .outOfRange), ("99999999999999999999999x1", .outOfRange),
        ])
    func rejects(text: String, reason: PixelSizeParseError.Reason) {
        #expect(throws: PixelSizeParseError(text: text, reason: reason)) { try PixelSize.parse(text) }
        #expect(PixelSize(parsing: text) == nil)
    }

    @Test("Parse errors read as messages")
    func messages() {
        #expect(
            PixelSizeParseError(text: "8x", reason: .notWidthByHeight).description
                == "expected WIDTHxHEIGHT such as 800x480, found \"8x\"")
        #expect(
            PixelSizeParseError(text: "0x1", reason: .outOfRange).description
                == "size \"0x1\" out of range: each side must be 1 to 16384 pixels")
    }
}
