import Bench
import Core
import Testing
import TestSupport
@testable import Raster

/// Issue 37: a config's card at 1e155 crashed the rasterizer. Every public drawing call, with numbers
/// far beyond the canvas, NaN and infinity in each argument in turn and in random mixes.
@Suite("Geometry far beyond the canvas, NaN and infinity")
struct ExtremeGeometryTests {
    /// Finite numbers no screen shows, and a few at the edges of what the usual code takes.
    static let extremes: [Double] = [
        1e155, -1e155, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e7, -1e7, 1.5e7, 1e9, -1e12, 1e15, 4e38, 1e-300, -1e-300, .leastNonzeroMagnitude, 0, -3,
    ]
    static let nonFinite: [Double] = [.nan, .infinity, -.infinity]
    static let color = Color(rgba: 0x30C0_60E0)

    /// A 64 × 48 canvas over memory with spare bytes after every row, filled with a pattern, and a clip
    /// inside it: what a draw changed outside the clip (or at all) is found by looking at the bytes.
    final class GuardedCanvas {
        static let pattern: UInt8 = 0xA5
        let width = 64, height = 48, format: PixelFormat, stride: Int
        let memory: UnsafeMutableRawPointer
        let clip = PixelRect(x: 5, y: 4, width: 50, height: 38)
        var canvas: Canvas

        init(format: PixelFormat) {
            self.format = format
            stride = (width + 7) * format.bytesPerPixel
            memory = .allocate(byteCount: stride * height, alignment: 16)
            canvas = Canvas(pixels: memory, width: width, height: height, strideBytes: stride, format: format)
            canvas.clip = clip
            reset()
        }
        deinit { memory.deallocate() }

        func reset() {
            memory.initializeMemory(as: UInt8.self, repeating: GuardedCanvas.pattern, count: stride * height)
        }

        /// Bytes changed outside the clip (the rows' spare bytes included), and bytes changed anywhere.
        func changes() -> (outside: Int, all: Int) {
            var outside = 0, all = 0
            let bpp = format.bytesPerPixel
            for y in 0..<height {
                for x in 0..<stride
                where memory.load(fromByteOffset: y * stride + x, as: UInt8.self) != GuardedCanvas.pattern {
                    all += 1
                    if !clip.contains(x: x / bpp, y: y) || x >= width * bpp { outside += 1 }
                }
            }
            return (outside, all)
        }
    }

    /// The numbers of `call` with `value` at `slot` (slots past the call's own are the paint's).
    static func numbers(_ call: CanvasCall, slot: Int, value: Double) -> (geometry: [Double], paint: [Double]) {
        var geometry = call.typical, paint = CanvasCall.typicalPaint
        if slot < call.arity { geometry[slot] = value } else { paint[slot - call.arity] = value }
        return (geometry, paint)
    }

    /// Each test has its own image and font (a font's glyph cache is not shared between threads).
    let resources = CanvasCallResources()

    func draw(
        _ call: CanvasCall, on c: Canvas, _ numbers: (geometry: [Double], paint: [Double]), variant: Int, paintKind: Int
    ) {
        let paint = CanvasCall.paint(kind: paintKind, numbers.paint, color: ExtremeGeometryTests.color)
        call.draw(on: c, numbers.geometry, variant: variant, paint: paint, resources: resources)
    }

    @Test(
        "a number far beyond the canvas in any argument writes nothing outside the clip", arguments: CanvasCall.allCases
    )
    func farNumbers(call: CanvasCall) {
        for format in [PixelFormat.argb8888, .rgb565] {
            let g = GuardedCanvas(format: format)
            for slot in 0..<call.arity + CanvasCall.paintArity {
                for (k, value) in ExtremeGeometryTests.extremes.enumerated() {
                    g.reset()
                    let variant = slot + k, kind = slot >= call.arity ? k : k / 3
                    draw(
                        call, on: g.canvas, ExtremeGeometryTests.numbers(call, slot: slot, value: value),
                        variant: variant, paintKind: kind)
                    let outside = g.changes().outside
                    #expect(
                        outside == 0,
                        "\(call) \(format): \(value) at number \(slot) (variant \(variant), paint \(kind)) wrote \(outside) bytes outside the clip"
                    )
                }
            }
        }
    }

    @Test(
        "NaN or infinity in any argument, or in the paint's numbers, draws nothing at all",
        arguments: CanvasCall.allCases)
    func nonFiniteNumbers(call: CanvasCall) {
        let g = GuardedCanvas(format: .argb8888)
        // The check is only worth something where the ordinary numbers draw.
        draw(call, on: g.canvas, (call.typical, CanvasCall.typicalPaint), variant: 0, paintKind: 0)
        #expect(
            g.changes().all > 0 || (resources.face == nil && [.drawText, .drawTextCentered].contains(call)),
            "\(call) draws nothing with its typical numbers")
        // The paint's numbers that each kind reads (0: alpha; 1: two end points; 2: centre and angle).
        let paintSlots = [(0, [4]), (1, [0, 1, 2, 3]), (2, [0, 1, 2])]
        for value in ExtremeGeometryTests.nonFinite {
            for slot in 0..<call.arity {
                for variant in 0..<8 {
                    g.reset()
                    draw(
                        call, on: g.canvas, ExtremeGeometryTests.numbers(call, slot: slot, value: value),
                        variant: variant, paintKind: variant % CanvasCall.paintKinds)
                    let all = g.changes().all
                    #expect(all == 0, "\(call): \(value) at number \(slot) (variant \(variant)) changed \(all) bytes")
                }
            }
            for (kind, slots) in paintSlots where call.takesPaint {
                for slot in slots {
                    g.reset()
                    draw(
                        call, on: g.canvas, ExtremeGeometryTests.numbers(call, slot: call.arity + slot, value: value),
                        variant: 0, paintKind: kind)
                    let all = g.changes().all
                    #expect(all == 0, "\(call): \(value) at paint \(kind)'s number \(slot) changed \(all) bytes")
                }
            }
        }
    }

    @Test(
        "random mixes of far, tiny, non-finite and ordinary numbers write nothing outside the clip",
        arguments: CanvasCall.allCases)
    func randomMixes(call: CanvasCall) {
        var rng = SeededRandom(seed: 0x37_0000 + UInt64(call.rawValue))
        let pool = ExtremeGeometryTests.extremes + ExtremeGeometryTests.nonFinite
        for format in [PixelFormat.argb8888, .rgb565] {
            let g = GuardedCanvas(format: format)
            for round in 0..<40 {
                func pick(_ typical: Double) -> Double {
                    rng.int(3) == 0 ? typical + rng.range(-20, 20) : pool[rng.int(pool.count)]
                }
                let numbers = (call.typical.map(pick), CanvasCall.typicalPaint.map(pick))
                let variant = rng.int(8), kind = rng.int(CanvasCall.paintKinds)
                draw(call, on: g.canvas, numbers, variant: variant, paintKind: kind)
                let outside = g.changes().outside
                #expect(
                    outside == 0,
                    "\(call) \(format) round \(round): \(numbers) (variant \(variant), paint \(kind)) wrote \(outside) bytes outside the clip"
                )
            }
        }
    }
}

extension ExtremeGeometryTests {
    @Test("arcs beyond the near range get chords by their sweep: a wide stroke's joins cost a chord or two each")
    func farChords() {
        // The fuzzer's first find: a path stroked 9.3e18 wide added a join of 1024 chords at each of its
        // thousands of flattened points.
        #expect(Outline.segmentCount(radius: 4.65e18, sweep: 0.002) == 1)
        #expect(Outline.segmentCount(radius: 1e155, sweep: 2 * .pi) == Outline.farChords)
        #expect(Outline.segmentCount(radius: 2e7, sweep: .pi) == Outline.farChords / 2)
        // Within the near range the count still follows the tolerance, up to its own cap.
        #expect(
            Outline.segmentCount(radius: 20, sweep: 2 * .pi)
                == Int((2 * .pi / (16 * Outline.tolerance / 20).squareRoot()).rounded(.up)))
        #expect(Outline.segmentCount(radius: FarGeometry.near, sweep: 4 * .pi) == 1 << 16)
    }

    @Test("an arc whose circle lies beyond the drawn area gets a few chords wherever its centre is")
    func arcsBeyondTheBox() {
        // The fuzzer's find: a stroke 1e12 wide through points just outside the clip flattened each
        // join finely through the directions of the clip, though its circle passes nowhere near it.
        let box = Rect(x: -1, y: -1, width: 50, height: 42)
        for (cx, cy) in [(-30.0, 20.0), (100, -80), (24, 20), (-5e6, 3e6)] {
            for r in [1e9, 1e12, 1e155] {
                var o = Outline()
                o.reach = box
                o.addArc(cx: cx, cy: cy, radius: r, start: 0.3, sweep: .pi)
                #expect(o.xs.count <= 6, "centre (\(cx), \(cy)), radius \(r): \(o.xs.count) points")
                // Every chord keeps beyond the box's farthest corner, so none crosses it (distances
                // scaled by the radius: their squares would overflow).
                func distance(_ x: Double, _ y: Double) -> Double {
                    let u = (x - cx) / r, v = (y - cy) / r
                    return (u * u + v * v).squareRoot() * r
                }
                let farthest = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
                    .map { distance($0.0, $0.1) }.max()!
                for i in 1..<o.xs.count {
                    let middle = distance((o.xs[i - 1] + o.xs[i]) / 2, (o.ys[i - 1] + o.ys[i]) / 2)
                    #expect(middle > farthest, "centre (\(cx), \(cy)), radius \(r): chord \(i) within the box's reach")
                }
            }
        }
    }
}

/// What shapes reaching far beyond the canvas put on it: what their geometry says, not garbage.
@Suite("Far geometry draws what it covers")
struct FarGeometryPictureTests {
    let white = Paint(.white)

    /// A bitmap cleared to black with a clip inset by 3 pixels, after `draw`.
    static func picture(_ draw: (Canvas) -> Void) -> (Bitmap, PixelRect) {
        let b = Bitmap(width: 40, height: 30, fill: .black)
        var c = b.canvas
        c.clip = PixelRect(x: 3, y: 3, width: 34, height: 24)
        draw(c)
        return (b, c.clip)
    }

    /// Whether every pixel inside `clip` is `inside` and every other is opaque black.
    static func isFilled(_ b: Bitmap, _ clip: PixelRect, with inside: UInt32) -> Bool {
        for y in 0..<b.height {
            for x in 0..<b.width where b[x, y] != (clip.contains(x: x, y: y) ? inside : 0xFF00_0000) { return false }
        }
        return true
    }

    @Test("a disc, a ring, a rectangle and the issue's card that cover the clip fill it exactly")
    func covering() {
        let shapes: [(String, (Canvas) -> Void)] = [
            ("disc of radius 1e155", { $0.fillCircle(center: Point(20, 15), radius: 1e155, paint: white) }),
            (
                "disc of the largest radius",
                { $0.fillCircle(center: Point(-1e300, 0), radius: .greatestFiniteMagnitude, paint: white) }
            ),
            (
                "ring around the clip",
                { $0.fillRing(center: Point(1e12, 15), innerRadius: 1e12 - 100, outerRadius: 1e12 + 100, paint: white) }
            ),
            (
                "rectangle from -1e300",
                { $0.fillRect(Rect(x: -1e300, y: -1e300, width: 1.5e308, height: 1.5e308), paint: white) }
            ),
            (
                "card of issue 37",
                {
                    $0.fillRoundedRect(
                        Rect(x: -1e155, y: -1e155, width: 2e155, height: 2e155), radius: 1e155, paint: white)
                }
            ),
            (
                "circle stroke 1e9 wide",
                { $0.strokeCircle(center: Point(20, 15), radius: 10, width: 1e9, paint: white) }
            ),
            (
                // The fuzzer's find: 65,536 chords, each a piece of the stroke crossing the clip.
                "circle of radius 9.9e6 about the clip, stroked 1e155 wide",
                {
                    var path = Path()
                    path.arc(center: Point(-15, 80), radius: 9.9e6, start: .degrees(30), sweep: .degrees(700))
                    path.close()
                    $0.stroke(path: path, width: 1e155, paint: white)
                }
            ),
            (
                "polyline with round caps, stroked 1e8 wide",
                {
                    $0.strokePolyline(
                        [Point(-5, 3), Point(60, 40), Point(8, 50)], width: 1e8, cap: .round, paint: white)
                }
            ),
        ]
        for (name, draw) in shapes {
            let (b, clip) = FarGeometryPictureTests.picture(draw)
            #expect(FarGeometryPictureTests.isFilled(b, clip, with: 0xFFFF_FFFF), "\(name)")
        }
    }

    @Test("shapes whose far geometry misses the clip draw nothing")
    func missing() {
        let shapes: [(String, (Canvas) -> Void)] = [
            ("disc beside the canvas", { $0.fillCircle(center: Point(1e155, 0), radius: 1e154, paint: white) }),
            (
                "clip inside a ring's hole",
                { $0.fillRing(center: Point(20, 15), innerRadius: 1e200, outerRadius: 1e201, paint: white) }
            ),
            (
                "arc far away",
                {
                    $0.strokeArc(
                        center: Point(-1e12, 0), radius: 1e9, start: .zero, sweep: .degrees(90), width: 1e6,
                        cap: .square, paint: white)
                }
            ),
            (
                "rectangle beyond",
                {
                    $0.fillRoundedRect(
                        Rect(x: 1e155, y: 1e155, width: 1e155, height: 1e155), radius: 1e155, paint: white)
                }
            ),
            // The card that crashed a release build's render with SIGSEGV: its corner's circle passes far
            // beyond the canvas, which lies outside it.
            (
                "issue 37's crashing card",
                { $0.fillRoundedRect(Rect(x: 0, y: 0, width: 1e155, height: 1e155), radius: 1e155, paint: white) }
            ),
            (
                "image a trillionth of a pixel wide",
                { $0.drawImage(BenchScenes.makeIcon(), in: Rect(x: 10, y: 0, width: 1e-12, height: 1e12)) }
            ),
        ]
        for (name, draw) in shapes {
            let (b, clip) = FarGeometryPictureTests.picture(draw)
            #expect(FarGeometryPictureTests.isFilled(b, clip, with: 0xFF00_0000), "\(name)")
        }
    }

    @Test("a wedge drawn with its far corners at 1e3, 1e9, 1e155 and 1e300 pixels is the same picture")
    func wedge() throws {
        // Both far corners lie on rays from a corner inside the canvas: only their distance changes,
        // so the part on the canvas is one wedge whatever the distance.
        func wedge(_ t: Double) -> Bitmap {
            FarGeometryPictureTests.picture { c in
                c.fill(
                    path: .polygon([
                        Point(7.3, 5.6), Point(7.3 + 0.8 * t, 5.6 + 0.6 * t), Point(7.3 + 0.28 * t, 5.6 + 0.96 * t),
                    ]), paint: white)
            }.0
        }
        let reference = wedge(1e3)
        for t in [1e9, 1e155, 1e300] {
            let b = wedge(t)
            var worst = 0
            for y in 0..<b.height {
                for x in 0..<b.width { worst = max(worst, abs(Int(b[x, y] & 0xFF) - Int(reference[x, y] & 0xFF))) }
            }
            #expect(worst <= 1, "far corners at \(t): a pixel differs by \(worst) of 255")
        }
        #expect(reference[17, 20] == 0xFFFF_FFFF && reference[36, 6] == 0xFF00_0000, "the wedge is where it should be")
    }

    @Test(
        "discs, rings and arcs of radius 1e7 and 1e9 whose edge crosses the canvas have the straight edge they seem to have"
    )
    func hugeRadiusEdges() {
        // Over the 40 pixels of the canvas a circle of radius R departs from its tangent by under
        // 20²/2R pixels: the picture is the half-plane's, edge pixels within the flattening tolerance
        // (`Outline.tolerance`: chords within a hundredth of a pixel of the circle, about three levels
        // where, on a huge radius, that offset is the same across a whole pixel).
        func differs(_ a: Bitmap, _ b: Bitmap) -> Int {
            var worst = 0
            for y in 0..<a.height {
                for x in 0..<a.width { worst = max(worst, abs(Int(a[x, y] & 0xFF) - Int(b[x, y] & 0xFF))) }
            }
            return worst
        }
        for r in [1e7, 1e9] {
            let band = FarGeometryPictureTests.picture {
                $0.fillRect(Rect(x: -100, y: 12.3, width: 300, height: 4), paint: white)
            }.0
            let half = FarGeometryPictureTests.picture {
                $0.fillRect(Rect(x: -100, y: 12.3, width: 300, height: 100), paint: white)
            }.0
            let disc = FarGeometryPictureTests.picture {
                $0.fillCircle(center: Point(20, 12.3 + r), radius: r, paint: white)
            }.0
            let ring = FarGeometryPictureTests.picture {
                $0.strokeCircle(center: Point(20, 14.3 + r), radius: r, width: 4, paint: white)
            }.0
            let arc = FarGeometryPictureTests.picture {
                $0.strokeArc(
                    center: Point(20, 14.3 + r), radius: r, start: .degrees(-91), sweep: .degrees(2), width: 4,
                    cap: .round, paint: white)
            }.0
            let levels = Int((Outline.tolerance * 255).rounded(.up))
            #expect(differs(disc, half) <= levels, "disc of radius \(r)")
            #expect(differs(ring, band) <= levels, "ring of radius \(r)")
            #expect(differs(arc, band) <= levels, "arc of radius \(r)")
        }
    }

    @Test("a line from -1e300 to 1e300 is the line from -100 to 200")
    func longLine() {
        let far = FarGeometryPictureTests.picture {
            $0.strokeLine(from: Point(-1e300, 14.5), to: Point(1e300, 14.5), width: 9, paint: white)
        }.0
        let near = FarGeometryPictureTests.picture {
            $0.strokeLine(from: Point(-100, 14.5), to: Point(200, 14.5), width: 9, paint: white)
        }.0
        #expect(far.hasSamePixels(as: near))
        #expect(near[20, 14] == 0xFFFF_FFFF && near[20, 8] == 0xFF00_0000)
    }

    @Test(
        "gradients about far points: a linear one from -1e300 to 1e300 is its middle colour, a conic one far right its half-turn colour"
    )
    func gradients() {
        let stops = [GradientStop(0, .black), GradientStop(1, .white)]
        let linear = FarGeometryPictureTests.picture {
            $0.fillRect(
                Rect(x: 0, y: 0, width: 40, height: 30),
                paint: .linear(LinearGradient(start: Point(-1e300, 0), end: Point(1e300, 0), stops: stops)))
        }.0
        for x in 3..<37 {
            #expect((0x7C...0x83).contains(linear[x, 10] & 0xFF), "column \(x): \(String(linear[x, 10], radix: 16))")
        }
        let conic = FarGeometryPictureTests.picture {
            $0.fillRect(
                Rect(x: 0, y: 0, width: 40, height: 30),
                paint: .conic(ConicGradient(center: Point(1e155, 15), start: .zero, stops: stops)))
        }.0
        for x in 3..<37 {
            #expect((0x7C...0x83).contains(conic[x, 15] & 0xFF), "column \(x): \(String(conic[x, 15], radix: 16))")
        }
    }

    @Test("an image magnified 1e153 times shows its middle pixel across the clip")
    func hugeImage() {
        let icon = BenchScenes.makeIcon()
        let (b, clip) = FarGeometryPictureTests.picture {
            $0.drawImage(icon, in: Rect(x: -1e155 + 20, y: -1e155 + 15, width: 2e155, height: 2e155), filter: .nearest)
        }
        #expect(FarGeometryPictureTests.isFilled(b, clip, with: icon[32, 32]))
    }
}
