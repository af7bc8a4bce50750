import Glibc
import RasterKernelTypes
import RasterKernels
import Testing
import TestSupport
@testable import Raster

/// The geometry the row paths compute up front: circle row tables and conic angles.
@Suite("Row geometry")
struct RowGeometryTests {
    @Test(
        "a circle row table's columns bound the circle in every row: touched ones hold it, full ones lie inside",
        arguments: KernelLevel.available)
    func circleRowTableColumns(kernels: KernelLevel) {
        var rng = SeededRandom(seed: 7)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: CircleRowTable.bytes(rowCount: 200), alignment: 64)
        defer { memory.deallocate() }
        var rowsChecked = 0
        for shape in 0..<60 {
            // Every third centre on a row boundary: two rows then hold the circle's widest line.
            let cx = rng.range(-20, 120), cy = shape % 3 == 0 ? rng.range(-20, 120).rounded() : rng.range(-20, 120)
            let r = rng.range(2, 80)
            let rows = Int((cy - r).rounded(.down)) - 2..<Int((cy + r).rounded(.up)) + 2
            let table = CircleRowTable(cx: cx, cy: cy, r: r, rows: rows, memory: memory, kernels: kernels)
            for j in rows {
                // The circle's x-extent over the strip j ≤ y ≤ j + 1, sampled finely.
                var lo = Double.infinity, hi = -Double.infinity, innerLo = -Double.infinity, innerHi = Double.infinity
                for s in 0...64 {
                    let d = Double(j) + Double(s) / 64 - cy, v = r * r - d * d
                    let w = v > 0 ? v.squareRoot() : -1
                    if w >= 0 { lo = min(lo, cx - w); hi = max(hi, cx + w) }
                    innerLo = max(innerLo, w >= 0 ? cx - w : .infinity);
                    innerHi = min(innerHi, w >= 0 ? cx + w : -.infinity)
                }
                guard let row = table.row(j) else {
                    #expect(hi - lo <= 1e-9 || lo == .infinity, "row \(j) of circle (\(cx), \(cy), \(r)) said empty")
                    continue
                }
                rowsChecked += 1
                #expect(Double(row.touchL) <= lo + 1e-9 && Double(row.touchR) >= hi - 1e-9, "row \(j): touched \(row)")
                #expect(row.touchL <= row.fullL && row.fullL <= row.fullR && row.fullR <= row.touchR)
                if row.fullL < row.fullR {
                    // Every fully covered column lies inside the circle at both of the row's boundaries.
                    #expect(
                        Double(row.fullL) >= innerLo - 1e-9 && Double(row.fullR) <= innerHi + 1e-9,
                        "row \(j): full \(row)")
                }
            }
        }
        #expect(rowsChecked > 1000)
    }

    @Test("the magic-number floor and ceiling equal libm's on integers, halves, near-integers, ±0 and random values")
    func magicFloorAndCeiling() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e-300, -1e-300, 0.49999999999999994,
            -0.49999999999999994, 1_125_899_906_842_623.5, -1_125_899_906_842_623.5, 1e15 + 0.25,
        ]
        for k in -40...40 {
            let v = Double(k)
            values += [v, v.nextUp, v.nextDown, v + 0.5, v - 0.5, (v + 0.5).nextUp, (v + 0.5).nextDown]
        }
        var rng = SeededRandom(seed: 11)
        for _ in 0..<20_000 { values.append(rng.range(-5000, 5000)) }
        for v in values {
            #expect(floorByMagic(v) == Int(v.rounded(.down)), "floor of \(v)")
            #expect(ceilByMagic(v) == Int(v.rounded(.up)), "ceiling of \(v)")
        }
    }

    @Test("interpolated conic colours are the table entries of the 32-bit angles, for any start, step and length")
    func conicInterpolationMatchesThirtyTwoBitAngles() {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 1024)
        defer { table.deallocate() }
        for i in 0..<1024 { table[i] = UInt32(i) &* 2_654_435_761 }
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { out.deallocate() }
        var rng = SeededRandom(seed: 5)
        for trial in 0..<3000 {
            let t = Int32(truncatingIfNeeded: rng.next()), count = trial % 40
            // Steps of every size, including ones that wrap several times over the run.
            let step = Int32(truncatingIfNeeded: Int64(bitPattern: rng.next()) >> (trial % 3 == 0 ? 33 : 50))
            ConicAngle.interpolate(from: t, step: step, count: count, table: table, into: out)
            for k in 0..<count {
                let angle = t &+ step &* Int32(k)
                #expect(out[k] == table[Int(((angle &+ 32) >> 6) & 1023)], "t \(t), step \(step), pixel \(k)")
            }
        }
    }

    @Test("the one-point conic angle equals the four-lane one bit for bit, all round the circle")
    func conicTurnsMatchTheFourLaneKernel() {
        var rng = SeededRandom(seed: 11)
        var points: [(Float, Float)] = [(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0), (3, 3), (-3, 3), (-3, -3), (3, -3)]
        for _ in 0..<4000 { points.append((Float(rng.range(-900, 900)), Float(rng.range(-900, 900)))) }
        var mismatches = 0
        for k in stride(from: 0, to: points.count - 3, by: 4) {
            let ys = SIMD4<Float>(points[k].0, points[k + 1].0, points[k + 2].0, points[k + 3].0)
            let xs = SIMD4<Float>(points[k].1, points[k + 1].1, points[k + 2].1, points[k + 3].1)
            let four = ConicAngle.turns4(ys, xs)
            for lane in 0..<4 where ConicAngle.turns(ys[lane], xs[lane]).bitPattern != four[lane].bitPattern {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // And it is the angle: within the fit's error of atan2, 8.2e-5 rad (1.304e-5 turns, the worst of
        // 6 M points swept round three circles; the old bound of 1.3e-5 turns was just under it).
        for (y, x) in points where x != 0 || y != 0 {
            var exact = Double(atan2(y, x)) / (2 * .pi)
            if exact < 0 { exact += 1 }
            let error = abs(Double(ConicAngle.turns(y, x)) - exact)
            #expect(min(error, 1 - error) < 1.31e-5, "(\(x), \(y))")
        }
    }

    @Test(
        "a piece's knot lines colour its clipped span once each, in order, between their knots; the first takes the left band, the last the right"
    )
    func conicPieceLines() {
        var rng = SeededRandom(seed: 23)
        let memory = UnsafeMutablePointer<Int32>.allocate(capacity: PieceLines.words * 64)
        defer { memory.deallocate() }
        var clippedPieces = 0
        for _ in 0..<2000 {
            let b = rng.int(400) - 100, c = b + 2 + rng.int(300)
            let step = rng.int(3) == 0 ? c - 1 - b : 8 + rng.int(60)
            let clipL = b - 10 + rng.int(c - b + 20), clipR = clipL + rng.int(c - b + 20)
            let p = max(b, clipL), q = min(c, clipR)
            let left = max(b - 3, clipL)..<max(max(b - 3, clipL), min(b, clipR))
            let right = max(c, clipL)..<max(max(c, clipL), min(c + 3, clipR))
            if p < b || q > c || q < c || p > b { clippedPieces += 1 }
            let record: [Int32] = [
                7, Int32(p), Int32(max(p, q)), 3, Int32(b), Int32(c), Int32(left.lowerBound), Int32(left.upperBound),
                Int32(right.lowerBound), Int32(right.upperBound), 40,
            ]
            let piece = record.withUnsafeBufferPointer { ShadedPiece($0.baseAddress!) }
            let capacity = PieceLines.lineCount(unclippedCount: c - b, knotStep: step)
            guard capacity <= 64 else { continue }
            var lines = PieceLines(memory, capacity: capacity)
            lines.add(piece, knotStep: step)
            var next = piece.span.lowerBound
            var sawLeft = left.isEmpty, sawRight = right.isEmpty
            for k in 0..<lines.count {
                let a = Int(lines.knotA[k]), z = Int(lines.knotB[k])
                #expect(lines.y[k] == 7 && (a - b) % step == 0 && a >= b && (z == a + step || z == c - 1) && z <= c - 1)
                let (from, to) = lines.span(k)
                if to > from {
                    #expect(Int(from) == next, "span pixels in order, each once")
                    #expect(Int(from) >= a && (Int(to) <= z || (z == c - 1 && Int(to) == c)), "between the knots")
                    next = Int(to)
                }
                let l = lines.left(k), r = lines.right(k)
                if l.1 > l.0 {
                    #expect(a == b && Int(l.0) == left.lowerBound && Int(l.1) == left.upperBound && l.2 == 40);
                    sawLeft = true
                }
                if r.1 > r.0 {
                    #expect(
                        z == c - 1 && Int(r.0) == right.lowerBound && Int(r.1) == right.upperBound
                            && Int(r.2) == 40 + left.count)
                    sawRight = true
                }
            }
            #expect(next == max(piece.span.upperBound, piece.span.lowerBound), "the whole span coloured")
            #expect(sawLeft && sawRight)
        }
        #expect(clippedPieces > 500)
    }
}
