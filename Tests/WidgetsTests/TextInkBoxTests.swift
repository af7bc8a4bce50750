import Core
import Raster
import Testing
import TestSupport
@testable import Widgets

/// A label or readout whose measured ink misses the damage rectangle is not drawn at all; that is
/// only right if the box holds every pixel the text paints.
@Suite("Text ink box")
struct TextInkBoxTests {
    let resources = Fixture.resources()

    @Test("every pixel of a line of text lies inside LocalPainter.inkBox at fractional origins and sizes")
    func inkBoxHoldsThePaintedPixels() throws {
        let face = try #require(resources.face(bold: false))
        var rng = SeededRandom(seed: 0x7E47_B0C5)
        let samples = ["Wheel 42", "jQ|gy", "−12.5 °C", "ÅÉÎ", "'", "1", "Mm Ww", "…"]
        for _ in 0..<200 {
            let text = samples[rng.int(samples.count)]
            let font = Font(face: face, size: rng.range(6, 48))
            let origin = Point(rng.range(40, 41), rng.range(60, 61))
            let bitmap = Bitmap(width: 240, height: 120)
            bitmap.canvas.drawText(text, font: font, at: origin, paint: Paint(.white))
            let box = LocalPainter.inkBox(font.measure(text), origin: origin)
            var painted = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where bitmap[x, y] != 0 {
                    painted += 1
                    #expect(
                        box.contains(Point(Double(x) + 0.5, Double(y) + 0.5)),
                        "\(text) at \(font.size) px: pixel \(x),\(y) outside \(box)")
                }
            }
            #expect(painted > 0, "\(text) paints something")
        }
    }
}
