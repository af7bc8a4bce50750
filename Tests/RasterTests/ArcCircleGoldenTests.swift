import Glibc
import Core
import Testing
@testable import Raster

@Suite("Arcs, circles and rings against golden PNGs") struct ArcCircleGoldenTests {
    func canvas(_ w: Int = 96, _ h: Int = 96) -> Bitmap { Bitmap(width: w, height: h, fill: Color(rgb: 0x202020)) }

    @Test("arc strokes with butt, round and square caps")
    func arcCaps() throws {
        let b = canvas(240, 96)
        let c = b.canvas
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            c.strokeArc(center: Point(40.3 + Double(i) * 80, 50.6), radius: 28.5, start: .degrees(150), sweep: .degrees(240),
                        width: 11.3, cap: cap, color: Color(rgb: 0x7FA8C6))
        }
        try Golden.check(b, "arc-caps")
    }

    @Test("filled circles at sub-pixel positions and a translucent overlap")
    func circles() throws {
        let b = canvas()
        let c = b.canvas
        c.fillCircle(center: Point(30.25, 30.75), radius: 20.4, color: Color(rgb: 0xC66F3A))
        c.fillCircle(center: Point(55.5, 55.1), radius: 30, color: Color(rgba: 0x3C80F080))
        c.fillCircle(center: Point(80.5, 15.5), radius: 0.8, color: .white)
        try Golden.check(b, "circles")
    }

    @Test("rings and a thin circle stroke")
    func rings() throws {
        let b = canvas()
        let c = b.canvas
        c.fillRing(center: Point(48, 48), innerRadius: 30.2, outerRadius: 40.7, paint: Paint(Color(rgb: 0x505A64)))
        c.strokeCircle(center: Point(48.3, 47.6), radius: 16.8, width: 2, paint: Paint(.white))
        try Golden.check(b, "rings")
    }
}

@Suite("PNG files") struct PNGTests {
    @Test("a written bitmap reads back with the same straight colours")
    func roundTrip() throws {
        let b = Bitmap(width: 3, height: 2)
        let colors = [Color(rgb: 0xFF0000), Color(rgba: 0x00FF0080), Color(rgba: 0x12345678), .clear, .white, Color(rgba: 0x0000FF01)]
        for (i, c) in colors.enumerated() { b[i % 3, i / 3] = c.premultipliedARGB }
        let path = "/tmp/thumbwheel-png-roundtrip-\(getpid()).png"
        try PNGImage.write(b, to: path)
        let back = try PNGImage.read(from: path)
        #expect(back.width == 3 && back.height == 2)
        for i in 0 ..< 6 { #expect(back[i % 3, i / 3] == b[i % 3, i / 3], "pixel \(i)") }
    }

    @Test("reading a missing file throws an error naming the file")
    func missing() {
        #expect(throws: PNGError.self) { try PNGImage.read(from: "/nonexistent/x.png") }
        do { _ = try PNGImage.read(from: "/nonexistent/x.png") } catch {
            #expect("\(error)".contains("/nonexistent/x.png"))
        }
    }
}
