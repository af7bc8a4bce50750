import AssetFiles
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
            c.strokeArc(
                center: Point(40.3 + Double(i) * 80, 50.6), radius: 28.5, start: .degrees(150), sweep: .degrees(240),
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
        let colors = [
            Color(rgb: 0xFF0000), Color(rgba: 0x00FF0080), Color(rgba: 0x12345678), .clear, .white,
            Color(rgba: 0x0000FF01),
        ]
        for (i, c) in colors.enumerated() { b[i % 3, i / 3] = c.premultipliedARGB }
        let path = "/tmp/thumbwheel-png-roundtrip-\(getpid()).png"
        try PNGImage.write(b, to: path)
        let back = try PNGImage.read(from: path)
        #expect(back.width == 3 && back.height == 2)
        for i in 0..<6 { #expect(back[i % 3, i / 3] == b[i % 3, i / 3], "pixel \(i)") }
    }

    @Test("reading a missing file throws an error naming the file")
    func missing() {
        #expect(throws: PNGError.self) { try PNGImage.read(from: "/nonexistent/x.png") }
        do { _ = try PNGImage.read(from: "/nonexistent/x.png") } catch {
            #expect("\(error)".contains("/nonexistent/x.png"))
        }
    }
}

@Suite("Arc and format details") struct ArcDetailTests {
    @Test("a negative sweep paints the same pixels as the mirrored positive sweep")
    func negativeSweep() {
        let a = Bitmap(width: 64, height: 64), b = Bitmap(width: 64, height: 64)
        a.canvas.strokeArc(
            center: Point(32, 32), radius: 20, start: .degrees(200), sweep: .degrees(-130), width: 6, cap: .round,
            color: .white)
        b.canvas.strokeArc(
            center: Point(32, 32), radius: 20, start: .degrees(70), sweep: .degrees(130), width: 6, cap: .round,
            color: .white)
        #expect(a.hasSamePixels(as: b))
        #expect(a[32, 52] == 0xFFFF_FFFF, "70°…200° passes through the bottom (90°)")
        #expect(a[32, 12] == 0, "and not through the top (270°)")
    }

    @Test("a sweep of a full turn or more is the whole ring; a zero sweep or width draws nothing")
    func fullTurn() {
        let a = Bitmap(width: 64, height: 64), b = Bitmap(width: 64, height: 64)
        a.canvas.strokeArc(
            center: Point(32, 32), radius: 20, start: .degrees(10), sweep: .degrees(400), width: 6, cap: .butt,
            color: .white)
        b.canvas.strokeCircle(center: Point(32, 32), radius: 20, width: 6, color: .white)
        #expect(a.hasSamePixels(as: b))
        let c = Bitmap(width: 64, height: 64)
        c.canvas.strokeArc(
            center: Point(32, 32), radius: 20, start: .zero, sweep: .zero, width: 6, cap: .round, color: .white)
        c.canvas.strokeArc(
            center: Point(32, 32), radius: 20, start: .zero, sweep: .degrees(90), width: 0, cap: .round, color: .white)
        #expect(c.hasSamePixels(as: Bitmap(width: 64, height: 64)))
    }

    @Test("RGB565 canvas: the same drawing, packed to 5-6-5 with rounding")
    func rgb565() throws {
        let w = 96, h = 96
        var words = [UInt16](repeating: 0, count: w * h)
        let reference = Bitmap(width: w, height: h, fill: Color(rgb: 0x202020))
        words.withUnsafeMutableBytes { raw in
            let c = Canvas(pixels: raw.baseAddress!, width: w, height: h, strideBytes: w * 2, format: .rgb565)
            c.clear(Color(rgb: 0x202020))
            c.strokeArc(
                center: Point(48, 48), radius: 30, start: .degrees(135), sweep: .degrees(270), width: 8, cap: .round,
                color: Color(rgb: 0x7FA8C6))
            c.fillCircle(center: Point(48, 48), radius: 12, paint: Paint(Color(rgba: 0xC66F3A80)))
        }
        // The 565 result widened back, as a bitmap, is the golden.
        for i in 0..<w * h { reference.pixels[i] = RGB565.unpack(words[i]) }
        try Golden.check(reference, "rgb565")
        #expect(RGB565.unpack(words[0]) == RGB565.unpack(RGB565.pack(Color(rgb: 0x202020).premultipliedARGB)))
    }
}
