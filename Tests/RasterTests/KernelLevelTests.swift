import Bench
import Glibc
import RasterKernelTypes
import Testing
import TestSupport
@testable import Raster

/// The builds of the vector kernels (`KernelLevel`): the CPU check, and the same bytes from every build.
@Suite("Kernel levels")
struct KernelLevelTests {
    @Test("the levels found match the CPU's flags in /proc/cpuinfo (x86-64), or are the baseline alone")
    func levelsMatchTheCPU() throws {
        #expect(KernelLevel.available.first == .baseline)
        #expect(KernelLevel.fastest == KernelLevel.available.last)
        #if arch(x86_64)
            let text = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("flags") })
            let flags = Set(line.split(separator: " ").map(String.init))
            // The features x86-64-v3 and v4 add that the kernel lists (LZCNT shows as abm); it leaves out
            // those whose registers the operating system does not save.
            let v3 = ["avx", "avx2", "bmi1", "bmi2", "fma", "f16c", "movbe", "abm", "popcnt", "sse4_2", "xsave"]
            let v4 = ["avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"]
            let hasV3 = v3.allSatisfy(flags.contains), hasV4 = hasV3 && v4.allSatisfy(flags.contains)
            #expect(KernelLevel.available.contains(.x86v3) == hasV3)
            #expect(KernelLevel.available.contains(.x86v4) == hasV4)
        #else
            #expect(KernelLevel.available == [.baseline])
        #endif
    }

    /// Pixel centres within a pixel of the given boundary circles (about `centres`, radius `radius`),
    /// a tenth of them anywhere within `reach`, with a count that is no multiple of any vector width, so
    /// every build's tail runs too.
    static func centres(
        count: Int, near circles: [(x: Double, y: Double, radius: Double)], reach: Double,
        seed: UInt64
    ) -> ([Float], [Float]) {
        var rng = SeededRandom(seed: seed)
        var xs: [Float] = [], ys: [Float] = []
        for k in 0..<count {
            let circle = circles[k % circles.count], a = rng.range(0, 2 * .pi)
            let (cx, cy, d) =
                k % 10 == 0 ? (0, 0, rng.range(0, reach)) : (circle.x, circle.y, circle.radius + rng.range(-1, 1))
            var x = Float(cx + d * cos(a)).rounded(.down) + 0.5, y = Float(cy + d * sin(a)).rounded(.down) + 0.5
            // Centres on an axis (dx or dy 0) are included: the floors on the normal matter there.
            if k % 17 == 0 { x = 0 }
            if k % 19 == 0 { y = 0 }
            xs.append(x); ys.append(y)
        }
        return (xs, ys)
    }

    @Test("ring, disc and capsule edge areas: every level gives the baseline's bytes", arguments: KernelLevel.available)
    func ringEdgesMatch(level: KernelLevel) {
        let shapes: [(outer: Double, inner: Double, stretch: Double)] = [
            (50.3, 31.7, 0), (12.25, 0, 0), (9.5, 0, 23.4), (2, -1, 0),
        ]
        for shape in shapes {
            let edge = RingEdge(outer: shape.outer, inner: shape.inner, stretch: shape.stretch)
            let (xs, ys) = Self.centres(
                count: 4099, near: [(0, 0, shape.outer), (shape.stretch, 0, shape.outer), (0, 0, shape.inner)],
                reach: shape.outer + shape.stretch + 5, seed: 3)
            for terms in [RingEdgeTerms.both, .outerOnly, .innerOnly] {
                var expected = [UInt8](repeating: 0, count: xs.count), got = [UInt8](repeating: 1, count: xs.count)
                KernelLevel.baseline.ringEdgeCoverage(
                    edge, terms: terms, dx: xs, dy: ys, count: xs.count, into: &expected)
                level.ringEdgeCoverage(edge, terms: terms, dx: xs, dy: ys, count: xs.count, into: &got)
                #expect(got == expected, "\(level) \(edge) \(terms)")
                // Not all one value: the inputs reach inside, across and outside the edges.
                // The inputs cross the edges: a good share of the pixels is partly covered.
                let partial = expected.filter { $0 > 0 && $0 < 255 }.count
                #expect(terms != .both || partial > xs.count / 8, "\(edge): \(partial) of \(xs.count) partly covered")
            }
        }
    }

    @Test("round-capped arc edge areas: every level gives the baseline's bytes", arguments: KernelLevel.available)
    func arcEdgesMatch(level: KernelLevel) {
        for (start, sweep) in [(0.3, 1.2), (2.356, 4.712), (-1.0, 3.5)] {
            let ends = [start, start + sweep].map { (x: 60 * cos($0), y: 60 * sin($0), radius: 9.5) }
            let (xs, ys) = Self.centres(count: 3001, near: [(0, 0, 69.5), (0, 0, 50.5)] + ends, reach: 80, seed: 5)
            let edge = ArcEdge(
                radius: 60, halfWidth: 9.5, u0x: cos(start), u0y: sin(start), u1x: cos(start + sweep),
                u1y: sin(start + sweep), sweep: sweep)
            var expected = [UInt8](repeating: 0, count: xs.count), got = [UInt8](repeating: 1, count: xs.count)
            KernelLevel.baseline.arcEdgeCoverage(edge, dx: xs, dy: ys, count: xs.count, into: &expected)
            level.arcEdgeCoverage(edge, dx: xs, dy: ys, count: xs.count, into: &got)
            #expect(got == expected, "\(level) arc from \(start) sweeping \(sweep)")
            let partial = expected.filter { $0 > 0 && $0 < 255 }.count
            #expect(partial > xs.count / 8, "arc from \(start): \(partial) of \(xs.count) partly covered")
        }
    }

    @Test("circle row tables: every level gives the baseline's columns", arguments: KernelLevel.available)
    func circleRowsMatch(level: KernelLevel) {
        let rows = 301
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: 2 * CircleRowTable.bytes(rowCount: rows), alignment: 64)
        defer { memory.deallocate() }
        var rng = SeededRandom(seed: 9)
        for shape in 0..<40 {
            let cx = rng.range(-50, 250), cy = shape % 4 == 0 ? rng.range(0, 300).rounded() : rng.range(0, 300)
            let r = rng.range(2, 160), stretch = shape % 3 == 0 ? rng.range(0, 40) : 0
            let range = -1..<rows - 1
            let expected = CircleRowTable(
                cx: cx, cy: cy, r: r, stretch: stretch, rows: range, memory: memory, kernels: .baseline)
            let got = CircleRowTable(
                cx: cx, cy: cy, r: r, stretch: stretch, rows: range,
                memory: memory + CircleRowTable.bytes(rowCount: rows), kernels: level)
            for j in range {
                let e = expected.row(j), g = got.row(j)
                #expect(
                    e.map { [$0.touchL, $0.fullL, $0.fullR, $0.touchR] }
                        == g.map { [$0.touchL, $0.fullL, $0.fullR, $0.touchR] },
                    "\(level) circle (\(cx), \(cy), \(r), stretch \(stretch)) row \(j)")
            }
        }
    }

    @Test("the benchmark scenes draw the same pixels at every level", arguments: ["S1", "S2", "S3", "S4", "S5"])
    func scenesMatch(name: String) throws {
        let scenes = try BenchScenes(width: 800, height: 480)
        let reference = Bitmap(width: 800, height: 480)
        reference.canvas.kernels = .baseline
        #expect(scenes.draw(name, on: reference.canvas))
        for level in KernelLevel.available.dropFirst() {
            let bitmap = Bitmap(width: 800, height: 480)
            bitmap.canvas.kernels = level
            #expect(scenes.draw(name, on: bitmap.canvas))
            let same = memcmp(bitmap.pixels, reference.pixels, 800 * 480 * 4) == 0
            #expect(same, "\(name) at \(level) differs from the baseline")
        }
    }
}
