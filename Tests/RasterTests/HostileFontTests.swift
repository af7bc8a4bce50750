import AssetFiles
import Core
import Foundation
import ImageTestSupport
import Testing
@testable import Raster

/// Fonts the fuzzer (`scripts/fuzz font`) turned into traps, kept as regressions.
@Suite("Hostile fonts") struct HostileFontTests {
    /// The DejaVu Sans subset the font fuzzer starts from.
    static let seedFont =
        ImageComparison.directory("../Fuzz/corpus/font", besides: #filePath) + "/dejavu-sans-subset.ttf"

    /// The seed with its `head` table's unitsPerEm (2048) set to `unitsPerEm`: every glyph grows by 2048/unitsPerEm.
    static func seed(withUnitsPerEm unitsPerEm: UInt16) throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: seedFont)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        let head = try #require(
            (0..<tables).map { 12 + 16 * $0 }.first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == "head" })
        let unitsPerEmAt = u32(head + 8) + 18
        #expect(u16(unitsPerEmAt) == 2048, "the seed's head table is where the test expects it")
        bytes[unitsPerEmAt] = UInt8(unitsPerEm >> 8); bytes[unitsPerEmAt + 1] = UInt8(unitsPerEm & 0xFF)
        return bytes
    }

    static func face(_ bytes: [UInt8]) throws -> FontFace {
        let path = NSTemporaryDirectory() + "thumbwheel-hostile-\(getpid())-\(bytes.count)-\(bytes.hashValue).ttf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return try FontFace(path: path)
    }

    @Test("a font whose unitsPerEm is 31 (glyphs 66 times too big) draws nothing instead of 13,000 px glyphs")
    func tinyUnitsPerEm() throws {
        let hostile = try Self.face(Self.seed(withUnitsPerEm: 31))
        let sane = try Self.face(Self.seed(withUnitsPerEm: 2048))
        let size64 = FontFace.size64(200)
        for scalar in "Ag".unicodeScalars {
            let good = sane.glyph(sane.glyphIndex(scalar), size64: size64, subX: 0, subY: 0)
            #expect(
                good.width > 50 && good.height > 50 && good.width <= 4 * 200, "the seed's \(scalar) renders at 200 px")
            let index = hostile.glyphIndex(scalar)
            #expect(index != 0, "the hostile font still maps \(scalar)")
            let bad = hostile.glyph(index, size64: size64, subX: 0, subY: 0)
            #expect(
                bad.width == 0 && bad.height == 0 && bad.coverage.isEmpty,
                "\(scalar) at 200 px is refused, not rendered")
            #expect(bad.advance > 200, "the refused glyph keeps its (huge) advance, so layout stays defined")
        }
        // Drawing and measuring finish and leave the canvas untouched.
        let black = Color(r: 0, g: 0, b: 0, a: 255)
        let bitmap = Bitmap(width: 64, height: 32, fill: black)
        bitmap.canvas.drawText("Ag", font: Font(face: hostile, size: 200), at: Point(2, 24), color: .white)
        #expect(bitmap.hasSamePixels(as: Bitmap(width: 64, height: 32, fill: black)))
    }
}
