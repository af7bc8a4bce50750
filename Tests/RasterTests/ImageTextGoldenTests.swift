import AssetFiles
import Bench
import Core
import Testing
@testable import Raster

@Suite("Images and text against golden PNGs") struct ImageTextGoldenTests {
    @Test("images: bilinear scaled, nearest, rotated about a point, clipped, tinted template (RVS-18, RVS-69)")
    func images() throws {
        let icon = BenchScenes.makeIcon()
        let b = Bitmap(width: 160, height: 96, fill: Color(rgb: 0x202020))
        var c = b.canvas
        c.drawImage(icon, in: Rect(x: 4.3, y: 4.6, width: 41.5, height: 41.5))
        c.drawImage(icon, in: Rect(x: 52, y: 4, width: 24, height: 40), filter: .nearest)
        c.drawImage(icon, in: Rect(x: 84, y: 4, width: 40, height: 40), rotatedBy: .degrees(30), about: Point(104, 24))
        c.drawImage(icon, in: Rect(x: 4, y: 52, width: 40, height: 40), tint: Color(rgb: 0x7FA8C6))
        c.drawImage(icon, in: Rect(x: 52, y: 52, width: 40, height: 40), alpha: 0.5)
        c.withClip(PixelRect(x: 100, y: 60, width: 30, height: 25)) { clipped in
            clipped.drawImage(icon, in: Rect(x: 96, y: 52, width: 40, height: 40))
        }
        try Golden.check(b, "images")
    }

    @Test("text: DejaVu Sans labels at fractional positions, centred in a box, measured")
    func text() throws {
        let face = try FontFace(path: BenchScenes.fontPath)
        let b = Bitmap(width: 200, height: 80, fill: Color(rgb: 0x202020))
        let c = b.canvas
        let font = Font(face: face, size: 18)
        c.drawText("AVAWAY 1234.5", font: font, at: Point(4.3, 22.6), paint: Paint(.white))
        let box = Rect(x: 20, y: 36, width: 160, height: 36)
        c.fillRoundedRect(box, radius: 8, paint: Paint(Color(rgba: 0x3C4A58CC)))
        c.drawText("Volume", font: Font(face: face, size: 24), centeredIn: box, paint: Paint(Color(rgb: 0xFFD700)))
        try Golden.check(b, "text")
        let m = font.measure("1234")
        #expect(abs(m.advance - 4 * 1303.0 * 18 / 2048) < 0.05, "digits advance 1303 font units each")
        #expect(m.inkBounds.minY < -10 && m.inkBounds.maxY <= 1, "digits stand on the baseline")
        // DejaVu Sans: ascender 1901, descender −483 font units (hhea), 2048 units per em.
        #expect(abs(font.ascent - 1901.0 * 18 / 2048) < 1e-9 && abs(font.descent - 483.0 * 18 / 2048) < 1e-9)
        // Kerning moves 'V' closer to 'A' when the face has a kerning table.
        if face.hasKerning { #expect(font.measure("AV").advance < font.measure("AV", kerning: false).advance) }
    }

    @Test("an image drawn 1:1 at a whole-pixel origin with SRC is an exact copy, bilinear or not")
    func identityBlit() {
        let icon = BenchScenes.makeIcon()
        for filter in [ImageFilter.bilinear, .nearest] {
            let b = Bitmap(width: 80, height: 70, fill: Color(rgb: 0x102030))
            b.canvas.drawImage(icon, in: Rect(x: 9, y: 3, width: 64, height: 64), filter: filter, blendMode: .source)
            var differ = 0
            for y in 0..<64 { for x in 0..<64 where b[x + 9, y + 3] != icon[x, y] { differ += 1 } }
            #expect(differ == 0, "\(filter): \(differ) pixels differ")
            #expect(
                b[8, 3] == Color(rgb: 0x102030).premultipliedARGB && b[73, 66] == Color(rgb: 0x102030).premultipliedARGB
            )
        }
        let c = Bitmap(width: 80, height: 70)
        c.canvas.drawImage(icon, at: Point(9, 3), blendMode: .source)
        #expect(c[40, 30] == icon[31, 27])
    }

    @Test("a missing font file is a clear error")
    func missingFont() {
        #expect(throws: FontError.self) { _ = try FontFace(path: "/nonexistent/font.ttf") }
    }
}
