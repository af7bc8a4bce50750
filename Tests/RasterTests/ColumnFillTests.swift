import Core
import Testing
import TestSupport
@testable import Raster

/// `Canvas.fillByColumns` (the cells walked down columns) against the row-wise general fill of the
/// same path: the same exact-area coverage, so the pixels may differ only by the rounding of the
/// other summation order.
@Suite("Column-wise fill") struct ColumnFillTests {

    /// A line chart's ribbon: `n` points a little over a pixel apart rising and falling steeply (and
    /// sometimes dropping the whole height), offset by `half` up and down, like the chart's mitred
    /// outline without the mitres.
    static func ribbon(_ rng: inout SeededRandom, n: Int, width: Double, height: Double, half: Double) -> [Point] {
        var top: [Point] = [], bottom: [Point] = []
        var y = rng.range(0, height)
        for i in 0..<n {
            let x = -3 + (width + 6) * Double(i) / Double(n - 1)
            y = rng.int(12) == 0 ? rng.range(-5, height + 5) : min(height + 5, max(-5, y + rng.range(-12, 12)))
            top.append(Point(x, y - half)); bottom.append(Point(x, y + half))
        }
        return top + bottom.reversed()
    }

    /// The per-channel differences of two canvases' pixels: the largest and the sum.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (worst: Int, total: Int) {
        var worst = 0, total = 0
        for i in 0..<a.width * a.height {
            let p = a.pixels[i], q = b.pixels[i]
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                worst = max(worst, d); total += d
            }
        }
        return (worst, total)
    }

    @Test("dense ribbons and random polygons: the row-wise fill's pixels within 1/255, clips and paints varied")
    func sameAsRowFill() {
        let w = 160, h = 120
        var rng = SeededRandom(seed: 0xC0_1F11)
        var worst = 0, total = 0, painted = 0
        for round in 0..<150 {
            let rows = Bitmap(width: w, height: h, format: .argb8888)
            let columns = Bitmap(width: w, height: h, format: .argb8888)
            // A busy background, so a blending difference would show.
            for i in 0..<w * h {
                let v = UInt32(truncatingIfNeeded: i &* 2_654_435_761 &+ round) | 0xFF00_0000
                rows.pixels[i] = v; columns.pixels[i] = v
            }
            var a = rows.canvas, b = columns.canvas
            if rng.int(3) == 0 {
                let clip = PixelRect(x: rng.int(w / 2), y: rng.int(h / 2), width: rng.int(w), height: rng.int(h))
                a.clip = clip; b.clip = clip
            }
            let points: [Point]
            if round % 3 == 2 {
                // Any polygon: self-crossing, overlapping itself, reaching past the canvas.
                points = (0..<(3 + rng.int(12))).map { _ in Point(rng.range(-30, 190), rng.range(-30, 150)) }
            } else {
                points = ColumnFillTests.ribbon(
                    &rng, n: 20 + rng.int(150), width: Double(w), height: Double(h), half: rng.range(0.3, 3))
            }
            let color = Color(
                r: UInt8(rng.int(256)), g: UInt8(rng.int(256)), b: UInt8(rng.int(256)),
                a: rng.int(2) == 0 ? 255 : UInt8(rng.int(256)))
            let paint = Paint(
                color, blendMode: rng.int(4) == 0 ? .source : .sourceOver,
                alpha: rng.int(2) == 0 ? 1 : rng.range(0.2, 1))
            a.fill(path: Path.polygon(points), paint: paint)
            b.fillByColumns(path: Path.polygon(points), paint: paint)
            let d = ColumnFillTests.difference(rows, columns)
            worst = max(worst, d.worst); total += d.total
            painted +=
                (0..<w * h).filter {
                    rows.pixels[$0] != UInt32(truncatingIfNeeded: $0 &* 2_654_435_761 &+ round) | 0xFF00_0000
                }.count
        }
        #expect(painted > 100_000, "the shapes painted \(painted) pixels: too few to compare")
        #expect(worst <= 1, "largest channel difference \(worst)")
        // Per painted pixel and channel, summed over four channels.
        let mean = Double(total) / Double(painted * 4)
        #expect(mean <= 0.02, "mean channel difference \(mean) per painted pixel")
    }

    @Test("a gradient paint and an RGB565 canvas take the row-wise fill: the same pixels")
    func fallsBack() {
        var rng = SeededRandom(seed: 0x565)
        let points = ColumnFillTests.ribbon(&rng, n: 90, width: 100, height: 60, half: 1)
        let gradient = Paint.linear(
            LinearGradient(
                start: Point(0, 0), end: Point(100, 60),
                stops: [GradientStop(0, Color(r: 255, g: 0, b: 0)), GradientStop(1, Color(r: 0, g: 0, b: 255))]))
        let a = Bitmap(width: 100, height: 60, format: .argb8888), b = Bitmap(width: 100, height: 60, format: .argb8888)
        a.canvas.fill(path: Path.polygon(points), paint: gradient)
        b.canvas.fillByColumns(path: Path.polygon(points), paint: gradient)
        let aw = Array(UnsafeBufferPointer(start: a.pixels, count: 6000))
        let bw = Array(UnsafeBufferPointer(start: b.pixels, count: 6000))
        #expect(aw.contains { $0 != 0 })
        #expect(aw == bw)
        let c16 = UnsafeMutablePointer<UInt16>.allocate(capacity: 6000),
            d16 = UnsafeMutablePointer<UInt16>.allocate(capacity: 6000)
        defer { c16.deallocate(); d16.deallocate() }
        c16.initialize(repeating: 0, count: 6000); d16.initialize(repeating: 0, count: 6000)
        let c = Canvas(pixels: UnsafeMutableRawPointer(c16), width: 100, height: 60, strideBytes: 200, format: .rgb565)
        let d = Canvas(pixels: UnsafeMutableRawPointer(d16), width: 100, height: 60, strideBytes: 200, format: .rgb565)
        c.fill(path: Path.polygon(points), paint: Paint(Color(r: 200, g: 180, b: 20)))
        d.fillByColumns(polygon: points, paint: Paint(Color(r: 200, g: 180, b: 20)))
        let cs = Array(UnsafeBufferPointer(start: c16, count: 6000)),
            ds = Array(UnsafeBufferPointer(start: d16, count: 6000))
        #expect(cs.contains { $0 != 0 })
        #expect(cs == ds)
    }
}
