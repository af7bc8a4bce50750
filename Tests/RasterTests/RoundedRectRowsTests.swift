import Core
import Glibc
import Testing
import TestSupport
@testable import Raster

/// The rounded-rectangle row path (`Canvas.fill(roundedRect:radius:paint:)`, behind `fillRoundedRect`)
/// against the general cell path over the same outline, against an exact reference computed here, and
/// against its clip.
@Suite("Rounded rectangles by rows") struct RoundedRectRowsTests {

    /// A random rounded rectangle: fractional edges, radii from none to more than half the shorter side,
    /// often reaching past the canvas.
    static func randomRect(_ rng: inout SeededRandom, canvasWidth: Int = 100) -> (Rect, Double) {
        let w = Double(canvasWidth)
        let rect = Rect(
            x: rng.range(-20, w - 10), y: rng.range(-20, 70), width: rng.range(0.2, 0.9 * w), height: rng.range(0.2, 70)
        )
        // Often the radius of the number pad's keys, so the remembered corners are reused.
        let radius = rng.int(5) == 0 ? 0 : (rng.int(2) == 0 ? 8 : rng.range(0, 30))
        return (rect, radius)
    }

    /// Wide canvases make the cell path split a shape into bands of a few rows (see `bandRows`).
    @Test(
        "the same pixels as the cell path over Path.roundedRect, for every paint, clip and format",
        arguments: [(PixelFormat.argb8888, 100), (.rgb565, 100), (.argb8888, 1500)])
    func sameAsCellPath(format: PixelFormat, w: Int) {
        let h = 80, stride = w * format.bytesPerPixel
        let pair = CanvasPair(width: w, height: h, format: format)
        defer { pair.deallocate() }
        let rows = pair.rows, cells = pair.cells
        // One canvas each for all rounds, so its remembered corners meet radii old and new.
        var a = pair.a, b = pair.b
        var rng = SeededRandom(seed: 0x12EC7)
        var differing = 0, worst = 0
        for round in 0..<(w > 100 ? 60 : 400) {
            // A busy background, so blending differences would show.
            for i in 0..<stride * h {
                let v = UInt8(truncatingIfNeeded: i &* 37 &+ round)
                rows.storeBytes(of: v, toByteOffset: i, as: UInt8.self);
                cells.storeBytes(of: v, toByteOffset: i, as: UInt8.self)
            }
            a.clip = a.bounds; b.clip = b.bounds
            if rng.int(3) == 0 {
                let clip = PixelRect(
                    x: rng.int(w * 6 / 10), y: rng.int(50), width: rng.int(w * 7 / 10), height: rng.int(50))
                a.clip = clip; b.clip = clip
            }
            let (rect, radius) = RoundedRectRowsTests.randomRect(&rng, canvasWidth: w)
            // Pills take the capsule path (`pillsAsCapsules` below), which computes other areas.
            if RoundedRectRowsTests.isPill(rect, radius) { continue }
            let color = Color(
                r: UInt8(rng.int(256)), g: UInt8(rng.int(256)), b: UInt8(rng.int(256)), a: UInt8(rng.int(256)))
            var paint = Paint(
                color, blendMode: rng.int(4) == 0 ? .source : .sourceOver,
                alpha: rng.int(2) == 0 ? 1 : rng.range(0.2, 1))
            if rng.int(5) == 0 {
                paint = .linear(
                    LinearGradient(
                        start: rect.origin, end: Point(rect.maxX, rect.maxY),
                        stops: [GradientStop(0, color), GradientStop(1, Color(rgba: 0x80FF_FFFF))]))
            }
            a.fillRoundedRect(rect, radius: radius, paint: paint)
            b.fill(path: Path.roundedRect(rect, radius: radius), paint: paint)
            for i in 0..<stride * h {
                let d = abs(
                    Int(rows.load(fromByteOffset: i, as: UInt8.self))
                        - Int(cells.load(fromByteOffset: i, as: UInt8.self)))
                if d > 0 { differing += 1; worst = max(worst, d) }
            }
        }
        // Both paths compute the same Float terms. Only the order in which one cell's terms are summed
        // may differ (where a corner meets a straight side in a shape split into bands), which could
        // move a value by one unit at an exact rounding tie; none occurs in these cases.
        #expect(differing == 0, "\(differing) bytes differ, by up to \(worst)")
    }

    /// Whether `fillRoundedRect` draws this one as a capsule.
    static func isPill(_ rect: Rect, _ radius: Double) -> Bool {
        Canvas.drawsAsCapsule(rect, Path.roundedRectRadius(rect, radius))
    }

    @Test(
        "a pill is drawn as a capsule: the exact area within 3 units (the S1 bound) and 0.35 on average over edge pixels, the cell path within 4, for every paint and format",
        arguments: [PixelFormat.argb8888, .rgb565])
    func pillsAsCapsules(format: PixelFormat) {
        let w = 120, h = 64, stride = w * format.bytesPerPixel
        let pair = CanvasPair(width: w, height: h, format: format)
        defer { pair.deallocate() }
        let rows = pair.rows, cells = pair.cells, a = pair.a, b = pair.b
        var rng = SeededRandom(seed: 0x9111)
        var worstCells = 0, worstExact = 0.0, errorSum = 0.0, edgePixels = 0
        for _ in 0..<200 {
            let height = rng.range(8, 50)
            let rect = Rect(
                x: rng.range(-10, 60), y: rng.range(-5, Double(h) - height + 5), width: height + rng.range(0, 70),
                height: height)
            #expect(RoundedRectRowsTests.isPill(rect, height / 2))
            let solid = rng.int(3) != 0
            for i in 0..<stride * h {
                rows.storeBytes(of: 0, toByteOffset: i, as: UInt8.self);
                cells.storeBytes(of: 0, toByteOffset: i, as: UInt8.self)
            }
            let paint =
                solid
                ? Paint(.white)
                : .linear(
                    LinearGradient(
                        start: rect.origin, end: Point(rect.maxX, rect.maxY),
                        stops: [GradientStop(0, .white), GradientStop(1, Color(rgba: 0xFF40_80C0))]))
            a.fillRoundedRect(rect, radius: height / 2 + rng.range(0, 10), paint: paint)
            b.fill(path: Path.roundedRect(rect, radius: height / 2), paint: paint)
            for j in 0..<h {
                for i in 0..<w {
                    let p = a.pixel(x: i, y: j), q = b.pixel(x: i, y: j)  // as ARGB8888, also from RGB565
                    for shift in [0, 8, 16] {
                        worstCells = max(
                            worstCells, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                    }
                }
            }
            guard solid, format == .argb8888 else { continue }
            let r = height / 2, y = rect.midY, x0 = rect.minX + r, x1 = rect.maxX - r
            for j in 0..<h {
                for i in 0..<w {
                    // Pixels a diagonal's half away from the boundary are full or empty; the others sampled.
                    let cx = Double(i) + 0.5, cy = Double(j) + 0.5
                    let d = hypot(cx - min(max(cx, x0), x1), cy - y)
                    let exact =
                        d < r - 0.71 ? 255 : d > r + 0.71 ? 0 : 255 * RoundedRectRowsTests.exactCoverage(rect, r, i, j)
                    let error = abs(
                        Double(rows.load(fromByteOffset: j * stride + 4 * i, as: UInt32.self) & 0xFF) - exact)
                    worstExact = max(worstExact, error)
                    if exact > 0 && exact < 255 { errorSum += error; edgePixels += 1 }
                }
            }
        }
        let rgb565Step = format == .rgb565 ? 8 : 0  // a unit of coverage can move a 5-bit channel by a step (8 units)
        #expect(worstCells <= 4 + rgb565Step, "against the cell path: \(worstCells)")
        // The mean is over edge pixels alone, where rounding to 8 bits already costs 0.25 on average.
        #expect(worstExact <= 3, "against the exact area: \(worstExact)")
        #expect(
            edgePixels == 0 || errorSum / Double(edgePixels) <= 0.35,
            "mean error on edge pixels: \(errorSum / Double(max(1, edgePixels)))")
    }

    /// Exact area of the rounded rectangle inside pixel (i, j): 64×64 samples where the pixel meets a
    /// corner circle, the exact overlap of intervals where it meets only straight sides.
    static func exactCoverage(_ rect: Rect, _ r: Double, _ i: Int, _ j: Int) -> Double {
        func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
            max(0, min(a1, b1) - max(a0, b0))
        }
        let x0 = Double(i), y0 = Double(j)
        let nearCorner =
            (x0 < rect.minX + r || x0 + 1 > rect.maxX - r) && (y0 < rect.minY + r || y0 + 1 > rect.maxY - r)
        if !nearCorner { return overlap(x0, x0 + 1, rect.minX, rect.maxX) * overlap(y0, y0 + 1, rect.minY, rect.maxY) }
        let n = 64
        var inside = 0
        for sy in 0..<n {
            let y = y0 + (Double(sy) + 0.5) / Double(n)
            for sx in 0..<n {
                let x = x0 + (Double(sx) + 0.5) / Double(n)
                guard x >= rect.minX, x <= rect.maxX, y >= rect.minY, y <= rect.maxY else { continue }
                // Distance outside the inner rectangle the corner circles are centred on.
                let dx = max(rect.minX + r - x, 0, x - (rect.maxX - r)),
                    dy = max(rect.minY + r - y, 0, y - (rect.maxY - r))
                if dx * dx + dy * dy <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    @Test("coverage is the exact area: straight edge pixels to the unit, corner pixels within 4 units (the S1 bound)")
    func exactArea() {
        var rng = SeededRandom(seed: 0xA4EA)
        var worstStraight = 0.0, worstCorner = 0.0
        for _ in 0..<12 {
            let rect = Rect(
                x: rng.range(2, 20), y: rng.range(2, 20), width: rng.range(20, 60), height: rng.range(20, 45))
            let r = rng.range(1, 10)
            let b = Bitmap(width: 90, height: 72, fill: .black)
            b.canvas.fillRoundedRect(rect, radius: r, paint: Paint(.white))
            for j in 0..<b.height {
                for i in 0..<b.width {
                    let exact = 255 * RoundedRectRowsTests.exactCoverage(rect, r, i, j)
                    let error = abs(Double(b[i, j] & 0xFF) - exact)
                    let x0 = Double(i), y0 = Double(j)
                    let corner =
                        (x0 < rect.minX + r || x0 + 1 > rect.maxX - r) && (y0 < rect.minY + r || y0 + 1 > rect.maxY - r)
                    if corner {
                        worstCorner = max(worstCorner, error)
                    } else {
                        worstStraight = max(worstStraight, error)
                    }
                }
            }
        }
        #expect(worstStraight <= 0.5 + 1e-6, "straight edges: \(worstStraight)")
        #expect(worstCorner <= 4, "corners: \(worstCorner)")
    }

    @Test("no write outside the clip, nor in the padding after each row")
    func clipHonoured() {
        let w = 64, h = 48, stride = (w + 5) * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
        defer { memory.deallocate() }
        var rng = SeededRandom(seed: 0xC11B)
        for round in 0..<200 {
            memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: stride * h)
            var canvas = Canvas(pixels: memory, width: w, height: h, strideBytes: stride, format: .argb8888)
            let clip = PixelRect(x: rng.int(40), y: rng.int(30), width: rng.int(40), height: rng.int(30))
            canvas.clip = clip
            let (rect, radius) = RoundedRectRowsTests.randomRect(&rng)
            canvas.fillRoundedRect(rect, radius: radius, paint: Paint(Color(rgba: 0x3C4A_58CC)))
            var outside = 0
            for y in 0..<h {
                for x in 0..<stride / 4 {
                    let changed = memory.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) != 0xA5A5_A5A5
                    let inClip = x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY
                    if changed && !inClip { outside += 1 }
                }
            }
            #expect(
                outside == 0, "round \(round), clip \(clip), \(rect) r \(radius): \(outside) pixels written outside")
        }
        // The clip does not simply refuse everything: a rectangle inside it is drawn.
        var canvas = Bitmap(width: 20, height: 20, fill: .black).canvas
        canvas.clip = PixelRect(x: 2, y: 2, width: 16, height: 16)
        canvas.fillRoundedRect(Rect(x: 4, y: 4, width: 12, height: 12), radius: 3, paint: Paint(.white))
        #expect(canvas.pixel(x: 10, y: 10) == 0xFFFF_FFFF && canvas.pixel(x: 1, y: 10) == 0xFF00_0000)
    }
}

/// Two canvases of one size and format over their own memory: the row path draws into `a` (`rows`),
/// the reference into `b` (`cells`), and the bytes are compared.
struct CanvasPair {
    let rows: UnsafeMutableRawPointer, cells: UnsafeMutableRawPointer
    let a: Canvas, b: Canvas

    init(width: Int, height: Int, format: PixelFormat) {
        let stride = width * format.bytesPerPixel
        rows = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        cells = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        a = Canvas(pixels: rows, width: width, height: height, strideBytes: stride, format: format)
        b = Canvas(pixels: cells, width: width, height: height, strideBytes: stride, format: format)
    }

    func deallocate() { rows.deallocate(); cells.deallocate() }
}
