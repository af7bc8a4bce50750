import Core
import Glibc
import Testing
@testable import Raster

/// The analytic row path for round-capped arc strokes (`ArcRows.swift`): exact area against a
/// supersampled reference, and the same pixels whatever the clip.
@Suite("Round-capped arcs by rows") struct ArcRowsTests {
    /// One test arc on a 160×160 canvas: centre, radius, half width, start and sweep in degrees.
    struct Arc: CustomStringConvertible {
        var radius: Double
        var halfWidth: Double
        var start: Double
        var sweep: Double
        var cx = 80.3
        var cy = 79.6
        var description: String { "r \(radius) hw \(halfWidth) from \(start)° sweeping \(sweep)°" }

        /// Distance from (x, y) to the arc's centre line (independent of the rasterizer: angles by atan2).
        func distance(_ x: Double, _ y: Double) -> Double {
            let dx = x - cx, dy = y - cy
            var t = (atan2(dy, dx) * 180 / .pi - start).truncatingRemainder(dividingBy: 360)
            if t < 0 { t += 360 }
            if t <= sweep { return abs((dx * dx + dy * dy).squareRoot() - radius) }
            let a0 = start * .pi / 180, a1 = (start + sweep) * .pi / 180
            return min(
                hypot(x - cx - radius * cos(a0), y - cy - radius * sin(a0)),
                hypot(x - cx - radius * cos(a1), y - cy - radius * sin(a1)))
        }
        /// Covered fraction of pixel (i, j): 32×32 samples near the boundary, the centre elsewhere.
        func coverage(_ i: Int, _ j: Int) -> Double {
            let d = distance(Double(i) + 0.5, Double(j) + 0.5) - halfWidth
            if d <= -0.75 { return 1 }
            if d >= 0.75 { return 0 }
            let n = 32
            var inside = 0
            for sy in 0..<n {
                for sx in 0..<n
                where distance(Double(i) + (Double(sx) + 0.5) / Double(n), Double(j) + (Double(sy) + 0.5) / Double(n))
                    <= halfWidth
                {
                    inside += 1
                }
            }
            return Double(inside) / Double(n * n)
        }
        func draw(on canvas: Canvas, paint: Paint) {
            canvas.strokeArc(
                center: Point(cx, cy), radius: radius, start: .degrees(start), sweep: .degrees(sweep),
                width: 2 * halfWidth, cap: .round, paint: paint)
        }
        var takesRowPath: Bool {
            RoundArcStroke.accepts(cx: cx, cy: cy, radius: radius, halfWidth: halfWidth, sweep: sweep * .pi / 180)
        }
    }

    static let arcs = [
        Arc(radius: 60, halfWidth: 12, start: 135, sweep: 270),  // the S1 track's shape
        Arc(radius: 60, halfWidth: 12, start: 135, sweep: 165),
        Arc(radius: 50, halfWidth: 27, start: 0, sweep: 90),  // ends on the axes
        Arc(radius: 45, halfWidth: 3, start: -33.3, sweep: 200),  // the thinnest the row path takes
        Arc(radius: 70, halfWidth: 5, start: 271, sweep: 12),  // short: the caps nearly meet
        Arc(radius: 40, halfWidth: 8, start: 100, sweep: 300),  // the gap only just wide enough
    ]

    @Test("coverage is the exact area: max error ≤ 4, mean over edge pixels ≤ 0.6 (8-bit)", arguments: arcs)
    func exactArea(arc: Arc) throws {
        #expect(arc.takesRowPath, "\(arc) should be drawn by the row path")
        let bitmap = Bitmap(width: 160, height: 160)
        bitmap.canvas.clear(.black)
        arc.draw(on: bitmap.canvas, paint: Paint(.white))
        var maxError = 0.0, sum = 0.0, edges = 0
        for j in 0..<160 {
            for i in 0..<160 {
                let expected = arc.coverage(i, j) * 255
                let got = Double(bitmap[i, j] & 0xFF)
                let error = abs(got - expected)
                maxError = max(maxError, error)
                if expected > 0 && expected < 255 { sum += error; edges += 1 }
            }
        }
        let mean = sum / Double(max(edges, 1))
        print("arc \(arc): max error \(maxError), mean \(mean) over \(edges) edge pixels")
        #expect(edges > 50)
        #expect(maxError <= 4, "\(arc): max error \(maxError)")
        #expect(mean <= 0.6, "\(arc): mean error \(mean)")
    }

    @Test("a clipped drawing equals the full one inside the clip (solid and shaded paints)")
    func clipDoesNotChangePixels() {
        let gradient = Paint.conic(
            ConicGradient(
                center: Point(80, 80), start: .degrees(90),
                stops: [
                    GradientStop(0, Color(rgb: 0xD3D3D3)), GradientStop(0.5, Color(rgb: 0x0000FF)),
                    GradientStop(1, Color(rgb: 0x404040)),
                ]))
        for paint in [Paint(Color(rgba: 0x7FA8C6E0)), gradient] {
            for arc in ArcRowsTests.arcs {
                let full = Bitmap(width: 160, height: 160)
                full.canvas.clear(Color(rgb: 0x202020))
                arc.draw(on: full.canvas, paint: paint)
                for clip in [
                    PixelRect(x: 0, y: 0, width: 81, height: 160), PixelRect(x: 37, y: 21, width: 50, height: 90),
                    PixelRect(x: 100, y: 0, width: 60, height: 61),
                ] {
                    let part = Bitmap(width: 160, height: 160)
                    var canvas = part.canvas
                    canvas.clear(Color(rgb: 0x202020))
                    canvas.clip = clip
                    arc.draw(on: canvas, paint: paint)
                    var differing = 0
                    for j in clip.y..<clip.maxY {
                        for i in clip.x..<clip.maxX where part[i, j] != full[i, j] { differing += 1 }
                    }
                    #expect(differing == 0, "\(arc), clip \(clip): \(differing) pixels differ from the full drawing")
                }
            }
        }
    }

    @Test(
        "a conic gradient on an arc stays within one table step of the exact angle, its centre near or far",
        arguments: [
            Point(80.3, 79.6), Point(30, 80), Point(80, 30.5), Point(150, 150),
        ])
    func conicSpans(center: Point) {
        let gradient = ConicGradient(
            center: center, start: .degrees(90),
            stops: [
                GradientStop(0, Color(rgb: 0xD3D3D3)), GradientStop(0.5, Color(rgb: 0x0000FF)),
                GradientStop(1, Color(rgb: 0x404040)),
            ])
        for arc in ArcRowsTests.arcs {
            let shaded = Bitmap(width: 160, height: 160), coverage = Bitmap(width: 160, height: 160)
            arc.draw(on: shaded.canvas, paint: .conic(gradient))
            arc.draw(on: coverage.canvas, paint: Paint(.white))
            var worst = 0, full = 0
            for j in 0..<160 {
                for i in 0..<160 where coverage[i, j] == 0xFFFF_FFFF {
                    // The colour jumps where the gradient wraps (offset 1 meets 0): one step's error
                    // there flips it, so pixels within two steps of the seam are left out.
                    var turn = (atan2(Double(j) + 0.5 - center.y, Double(i) + 0.5 - center.x) / (2 * .pi) - 0.25)
                        .truncatingRemainder(dividingBy: 1)
                    if turn < 0 { turn += 1 }
                    if min(turn, 1 - turn) < 2.0 / 1024 { continue }
                    // Point shading works on whole vectors of four.
                    let xs: [Int32] = [Int32(i), 0, 0, 0], ys: [Int32] = [Int32(j), 0, 0, 0]
                    var colours = [UInt32](repeating: 0, count: 4)
                    gradient.shade(xs: xs, ys: ys, count: 1, into: &colours)
                    let exact = colours[0], got = shaded[i, j]
                    for shift: UInt32 in [0, 8, 16] {
                        worst = max(worst, abs(Int((got >> shift) & 0xFF) - Int((exact >> shift) & 0xFF)))
                    }
                    full += 1
                }
            }
            #expect(full > 100)
            // One step of this table changes a channel by at most 211/341 < 1 unit; allow two steps.
            #expect(worst <= 2, "\(arc), centre \(center): a channel differs by \(worst)")
        }
    }

    /// The split path and the general walk send different pixels to the arc kernel: the general walk
    /// also sends pixels of the cap circle's bands that lie wholly inside the ring, where the kernel's
    /// single-precision area can come out one or two steps short of full (a near-axis normal divides
    /// a large cancellation by a small 2ab). So: the same pixels, except pixels the split path fills
    /// exactly with the fully covered colour while the general walk has them a little below it.
    @Test(
        "rows beside a cap, split at its end ray, give the general walk's pixels (or exactly full where it falls short)"
    )
    func capPiecesMatchTheGeneralWalk() {
        var arcs = ArcRowsTests.arcs
        for start in stride(from: 0.0, to: 360, by: 23) {
            for sweep in [40.0, 170, 250, 330] {
                arcs.append(Arc(radius: 55, halfWidth: 9, start: start, sweep: sweep))
            }
        }
        let background = Color(rgb: 0x202020).premultipliedARGB
        @inline(__always) func channelDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
            [0, 8, 16, 24].map { (shift: UInt32) -> UInt32 in
                let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
                return x > y ? x - y : y - x
            }.max()!
        }
        var drawn = 0, fullInsteadOfShort = 0
        for arc in arcs where arc.takesRowPath {
            for color in [Color(rgba: 0x7FA8C6E0), Color(rgb: 0x7FA8C6)] {
                let full = PixelMath.over(color.premultipliedARGB, background)
                func draw(split: Bool) -> Bitmap {
                    let bitmap = Bitmap(width: 160, height: 160)
                    let canvas = bitmap.canvas
                    canvas.scratch.splitsCapPieces = split
                    canvas.clear(Color(rgb: 0x202020))
                    arc.draw(on: canvas, paint: Paint(color))
                    canvas.scratch.splitsCapPieces = true
                    return bitmap
                }
                let split = draw(split: true), general = draw(split: false)
                for j in 0..<160 {
                    for i in 0..<160 where split[i, j] != general[i, j] {
                        let shortOfFull = split[i, j] == full && channelDifference(general[i, j], full) <= 2
                        #expect(
                            shortOfFull,
                            "\(arc) at (\(i), \(j)): split \(String(split[i, j], radix: 16)), general \(String(general[i, j], radix: 16))"
                        )
                        fullInsteadOfShort += 1
                    }
                }
            }
            drawn += 1
        }
        #expect(drawn > 50)
        #expect(fullInsteadOfShort < 20, "\(fullInsteadOfShort) pixels differ")
    }

    @Test("a row through the S1 track's start cap is split at the end ray, not walked in general")
    func capPieceTakesTheStartCap() {
        let arc = RoundArcStroke(
            cx: 80.3, cy: 79.6, radius: 60, halfWidth: 12, start: 135 * .pi / 180, sweep: 270 * .pi / 180)
        let memory = UnsafeMutablePointer<Int>.allocate(capacity: ArcRowWalk.memoryWords)
        let tables = RowBatch()
        defer { memory.deallocate() }
        let walk = ArcRowWalk(
            arc, rows: 0..<160, memory: memory,
            tableMemory: tables.circleTableMemory(tables: ArcRowWalk.tableCount, rowCount: 160), kernels: .fastest)
        // The cap's centre is at (37.87, 122.03); its row holds the left piece of the ring.
        let j = 122
        guard let o = walk.outer.row(j), let i = walk.inner.row(j) else {
            Issue.record("row \(j) misses the ring"); return
        }
        guard let n = walk.capPiece(j, o.touchL, o.fullL, i.touchL, i.fullL, cap: 0) else {
            Issue.record("the piece beside the start cap went to the general walk"); return
        }
        let intervals = (0..<n).map { walk.interval($0) }
        // Left to right, without overlaps, inside the piece; with a full span on each side of the ray.
        #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0.1 <= $1.0 })
        #expect(intervals.first!.0 >= o.touchL && intervals.last!.1 <= i.fullL)
        #expect(intervals.filter { !$0.2 }.count == 2, "\(intervals)")
    }

    @Test("thin strokes, folded strokes and caps that would touch go to the polygon path")
    func acceptance() {
        #expect(!RoundArcStroke.accepts(cx: 0, cy: 0, radius: 50, halfWidth: 2, sweep: 1))
        #expect(!RoundArcStroke.accepts(cx: 0, cy: 0, radius: 10, halfWidth: 9, sweep: 1))
        #expect(!RoundArcStroke.accepts(cx: 0, cy: 0, radius: 50, halfWidth: 10, sweep: 2 * .pi - 0.3))
        #expect(RoundArcStroke.accepts(cx: 0, cy: 0, radius: 50, halfWidth: 10, sweep: 2 * .pi - 0.6))
    }
}
