import AssetFiles
import Bench
import Core
import Testing
import TestSupport
@testable import Raster

@Suite("Rasterizer properties") struct PropertyTests {

    /// Draws one random primitive, often reaching past the clip and the canvas.
    static func drawRandom(_ c: Canvas, _ rng: inout SeededRandom, icon: Bitmap, font: FontFace?) {
        let p = Point(rng.range(-30, 130), rng.range(-30, 110))
        let color = Color(
            r: UInt8(rng.int(256)), g: UInt8(rng.int(256)), b: UInt8(rng.int(256)), a: UInt8(rng.int(256)))
        let paint = Paint(color, blendMode: rng.int(3) == 0 ? .source : .sourceOver, alpha: rng.range(0.2, 1))
        switch rng.int(9) {
        case 0: c.fillCircle(center: p, radius: rng.range(0.3, 60), paint: paint)
        case 1:
            c.strokeArc(
                center: p, radius: rng.range(1, 60), start: .degrees(rng.range(-400, 400)),
                sweep: .degrees(rng.range(-400, 400)),
                width: rng.range(0.5, 40), cap: [LineCap.butt, .round, .square][rng.int(3)], paint: paint)
        case 2: c.fillRing(center: p, innerRadius: rng.range(0, 30), outerRadius: rng.range(1, 60), paint: paint)
        case 3:
            c.fillRoundedRect(
                Rect(x: p.x, y: p.y, width: rng.range(0, 90), height: rng.range(0, 70)), radius: rng.range(0, 20),
                paint: paint)
        case 4:
            c.strokePolyline(
                (0..<4).map { _ in Point(rng.range(-40, 140), rng.range(-40, 120)) }, width: rng.range(0.5, 12),
                cap: .round, paint: paint)
        case 5:
            c.fill(
                path: .polygon((0..<7).map { _ in Point(rng.range(-40, 140), rng.range(-40, 120)) }),
                paint: .conic(
                    ConicGradient(
                        center: p, start: .degrees(rng.range(0, 360)),
                        stops: [GradientStop(0, color), GradientStop(1, .white)])))
        case 6:
            c.drawImage(
                icon, in: Rect(x: p.x, y: p.y, width: rng.range(1, 90), height: rng.range(1, 90)),
                tint: rng.int(2) == 0 ? color : nil)
        case 7:
            c.drawImage(
                icon, in: Rect(x: p.x, y: p.y, width: 40, height: 40), rotatedBy: .degrees(rng.range(0, 360)), about: p)
        default:
            if let face = font {
                c.drawText("Wheel 42", font: Font(face: face, size: rng.range(6, 40)), at: p, paint: paint)
            } else {
                c.fillRect(
                    Rect(x: p.x, y: p.y, width: 20, height: 20),
                    paint: .linear(LinearGradient(start: p, end: Point(0, 0), stops: [GradientStop(0, color)])))
            }
        }
    }

    @Test(
        "no write lands outside the clip rectangle or outside the canvas rows",
        arguments: [PixelFormat.argb8888, .rgb565])
    func clipIsHonoured(format: PixelFormat) throws {
        let font = try? FontFace(path: BenchScenes.fontPath)
        #expect(font != nil, "DejaVu Sans should be installed for the text part of this test")
        let w = 100, h = 80, bpp = format.bytesPerPixel
        let stride = (w + 13) * bpp  // padding after every row must stay untouched too
        let bytes = stride * h
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer { memory.deallocate() }
        let icon = BenchScenes.makeIcon()
        var rng = SeededRandom(seed: 0x5EED)
        for round in 0..<40 {
            memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
            var canvas = Canvas(pixels: memory, width: w, height: h, strideBytes: stride, format: format)
            let clip = PixelRect(x: rng.int(60), y: rng.int(50), width: rng.int(60), height: rng.int(40))
            canvas.clip = clip
            for _ in 0..<12 { PropertyTests.drawRandom(canvas, &rng, icon: icon, font: font) }
            canvas.clear(Color(rgba: 0x11223344))  // clear is clipped as well
            var outside = 0
            for y in 0..<h {
                for x in 0..<stride {
                    let inClip = y >= clip.y && y < clip.maxY && x / bpp >= clip.x && x / bpp < clip.maxX && x < w * bpp
                    if !inClip && memory.load(fromByteOffset: y * stride + x, as: UInt8.self) != 0xA5 { outside += 1 }
                }
            }
            #expect(outside == 0, "round \(round), clip \(clip): \(outside) bytes written outside the clip")
        }
    }

    @Test("overlapping coverage never overflows: pixels stay valid premultiplied and multiply-wound areas stay full")
    func noOverflow() {
        let b = Bitmap(width: 96, height: 96, fill: .black)
        let c = b.canvas
        let white = Paint(.white)
        // One path winding three times round the same star, and many overlapping translucent shapes.
        var star: [Point] = []
        for k in 0..<15 { star.append(Angle.degrees(-90 + Double(k) * 144).point(center: Point(48, 48), radius: 40)) }
        c.fill(path: .polygon(star), paint: white)
        #expect(b[48, 48] == 0xFFFF_FFFF, "the centre is wound several times and must be exactly white, not wrapped")
        var rng = SeededRandom(seed: 7)
        let icon = BenchScenes.makeIcon()
        for _ in 0..<150 { PropertyTests.drawRandom(c, &rng, icon: icon, font: nil) }
        for _ in 0..<40 {
            c.fillCircle(
                center: Point(rng.range(0, 96), rng.range(0, 96)), radius: rng.range(5, 40),
                paint: Paint(Color(rgba: 0xFFFFFFF0)))
        }
        var invalid = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let p = b[x, y], a = p >> 24
                if p >> 16 & 0xFF > a || p >> 8 & 0xFF > a || p & 0xFF > a { invalid += 1 }
            }
        }
        #expect(invalid == 0, "\(invalid) pixels have a colour channel above their alpha")
        // A pixel covered by 40 nearly opaque white discs cannot have gone dark through a wrap-around.
        let twice = Bitmap(width: 8, height: 8, fill: .black)
        for _ in 0..<50 {
            twice.canvas.fillCircle(center: Point(4, 4), radius: 3.3, paint: Paint(Color(rgba: 0xFFFFFFF0)))
        }
        #expect(twice[4, 4] == 0xFFFF_FFFF)
        #expect((twice[1, 4] >> 16) & 0xFF >= 0x40, "an edge pixel brightens with every layer instead of wrapping")
    }

    @Test("redrawing under a clip (a damage rectangle) gives exactly the pixels of the full frame")
    func clipMatchesFullFrame() throws {
        let scenes = try BenchScenes(width: 400, height: 240)
        let full = Bitmap(width: 400, height: 240)
        scenes.draw("S2", on: full.canvas)  // the conic gradient frame
        var rng = SeededRandom(seed: 99)
        for _ in 0..<12 {
            let part = Bitmap(width: 400, height: 240, fill: .black)
            var canvas = part.canvas
            canvas.clip = PixelRect(x: rng.int(300), y: rng.int(180), width: 1 + rng.int(120), height: 1 + rng.int(80))
            let clip = canvas.clip  // intersected with the canvas
            scenes.draw("S2", on: canvas)
            var differ = 0
            for y in clip.y..<clip.maxY { for x in clip.x..<clip.maxX where part[x, y] != full[x, y] { differ += 1 } }
            #expect(differ == 0, "clip \(clip): \(differ) pixels differ from the full frame")
            let full5 = Bitmap(width: 400, height: 240)
            scenes.draw("S5", on: full5.canvas)
            scenes.draw("S5", on: canvas)
            differ = 0
            for y in clip.y..<clip.maxY { for x in clip.x..<clip.maxX where part[x, y] != full5[x, y] { differ += 1 } }
            #expect(differ == 0, "S5, clip \(clip): \(differ) pixels differ from the full frame")
            // Fractional centres and image positions, and a linear gradient.
            func fancy(_ c: Canvas) {
                c.clear(.black)
                let centre = Point(163.37, 97.81)
                c.fillRing(
                    center: centre, innerRadius: 20.3, outerRadius: 150.6,
                    paint: .conic(
                        ConicGradient(
                            center: centre, start: .degrees(33.3),
                            stops: [
                                GradientStop(0, .white), GradientStop(0.6, Color(rgb: 0x3060F0)),
                                GradientStop(1, .white),
                            ])))
                c.fillRect(
                    Rect(x: 10.3, y: 150.2, width: 380, height: 60.5),
                    paint: .linear(
                        LinearGradient(
                            start: Point(17.1, 0), end: Point(371.9, 13),
                            stops: [GradientStop(0, Color(rgba: 0xFF000080)), GradientStop(1, .white)])))
                c.drawImage(scenes.icon, in: Rect(x: 250.3, y: 20.7, width: 101.9, height: 77.3))
                c.drawImage(
                    scenes.icon, in: Rect(x: 50.3, y: 160.7, width: 41.9, height: 57.3), rotatedBy: .degrees(27),
                    about: Point(60, 180))
            }
            let fullFancy = Bitmap(width: 400, height: 240)
            fancy(fullFancy.canvas)
            fancy(canvas)
            differ = 0
            for y in clip.y..<clip.maxY {
                for x in clip.x..<clip.maxX where part[x, y] != fullFancy[x, y] { differ += 1 }
            }
            #expect(differ == 0, "gradients and images, clip \(clip): \(differ) pixels differ from the full frame")
        }
    }

    @Test("degenerate input (NaN, infinities, huge or negative sizes) draws nothing outside and does not trap")
    func degenerateInput() throws {
        let b = Bitmap(width: 40, height: 30, fill: Color(rgb: 0x112233))
        let c = b.canvas
        let nan = Double.nan, inf = Double.infinity
        let paint = Paint(.white)
        c.fillCircle(center: Point(nan, 3), radius: 5, paint: paint)
        c.fillCircle(center: Point(10, 10), radius: inf, paint: paint)
        c.fillCircle(center: Point(10, 10), radius: -4, paint: paint)
        c.strokeArc(
            center: Point(10, 10), radius: 1e15, start: .degrees(0), sweep: .degrees(90), width: 3, cap: .round,
            paint: paint)
        c.strokeArc(center: Point(10, 10), radius: 5, start: .radians(nan), sweep: .degrees(90), width: 3, paint: paint)
        c.fillRoundedRect(Rect(x: nan, y: 0, width: 10, height: 10), radius: 3, paint: paint)
        c.fillRoundedRect(Rect(x: 0, y: 0, width: -10, height: 10), radius: 3, paint: paint)
        c.strokePolyline([Point(0, 0), Point(inf, 5), Point(3, nan)], width: 2, paint: paint)
        c.drawImage(BenchScenes.makeIcon(), in: Rect(x: 0, y: 0, width: nan, height: 10))
        c.drawImage(BenchScenes.makeIcon(), in: Rect(x: 1e300, y: 0, width: 1e300, height: 10))
        let face = try FontFace(path: BenchScenes.fontPath)
        c.drawText("12", font: Font(face: face, size: nan), at: Point(3, 20), paint: paint)
        c.drawText("12", font: Font(face: face, size: 12), at: Point(nan, 20), paint: paint)
        c.drawText("12", font: Font(face: face, size: 12), at: Point(1e300, 20), paint: paint)
        _ = Font(face: face, size: inf).measure("12")
        // Whatever the huge shapes paint, every pixel stays opaque (no garbage words written).
        var invalid = 0
        for y in 0..<30 { for x in 0..<40 where b[x, y] >> 24 != 0xFF { invalid += 1 } }
        #expect(invalid == 0)
    }
}
