import Core
import RasterKernels
import Glibc

/// A colour at a position `offset` (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// Colours of a gradient sampled into a table, interpolated per 8-bit channel on premultiplied values.
struct GradientTable {
    static let size = 1024
    let colors: [UInt32]
    let isOpaque: Bool

    /// `periodic`: entry i is offset i/size (a conic gradient's table wraps round); otherwise i/(size − 1).
    init(stops input: [GradientStop], periodic: Bool = false) {
        precondition(!input.isEmpty, "a gradient needs at least one stop")
        let stops = input.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(
            \.element)
        var table = [UInt32](repeating: 0, count: GradientTable.size)
        let n = GradientTable.size
        var k = 0
        for i in 0..<n {
            let t = Double(i) / Double(periodic ? n : n - 1)
            while k + 1 < stops.count && stops[k + 1].offset <= t { k += 1 }
            let a = stops[k]
            if t <= a.offset || k + 1 == stops.count {
                table[i] = (t < stops[0].offset ? stops[0] : a).color.premultipliedARGB
                continue
            }
            let b = stops[k + 1]
            let f = (t - a.offset) / (b.offset - a.offset)
            let pa = a.color.premultipliedARGB, pb = b.color.premultipliedARGB
            var word: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let ca = Double((pa >> shift) & 0xFF), cb = Double((pb >> shift) & 0xFF)
                word |= UInt32((ca + (cb - ca) * f).rounded()) << shift
            }
            table[i] = word
        }
        colors = table
        isOpaque = table.allSatisfy { $0 >= 0xFF00_0000 }
    }
}

/// A linear gradient from `start` to `end` (device pixels), padded beyond its ends.
public final class LinearGradient: PointShader {
    public let start: Point
    public let end: Point
    public let stops: [GradientStop]
    let table: GradientTable

    /// Build once and reuse: the colour table is computed here.
    public init(start: Point, end: Point, stops: [GradientStop]) {
        self.start = start; self.end = end; self.stops = stops
        table = GradientTable(stops: stops)
    }

    private init(start: Point, end: Point, stops: [GradientStop], table: GradientTable) {
        self.start = start; self.end = end; self.stops = stops; self.table = table
    }

    /// The same colours between other end points, sharing this gradient's table (a thousand colours
    /// that depend only on the stops): for a gradient that moves with what it fills.
    public func moved(start: Point, end: Point) -> LinearGradient {
        LinearGradient(start: start, end: end, stops: stops, table: table)
    }
    var isOpaque: Bool { table.isOpaque }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let dx = end.x - start.x, dy = end.y - start.y
        let len2 = dx * dx + dy * dy
        let last = Double(GradientTable.size - 1)
        table.colors.withUnsafeBufferPointer { lut in
            guard len2 > 0 else { out.update(repeating: lut[lut.count - 1], count: count); return }
            let px = Double(x) + 0.5 - start.x, py = Double(y) + 0.5 - start.y
            let t0 = (px * dx + py * dy) / len2 * last
            let step = dx / len2 * last
            // End points so far apart, or so far away, that these products overflowed: a NaN would be
            // a wild index into the table.
            guard t0.isFinite && step.isFinite else { return shadeFar(x: x, y: y, count: count, lut: lut, into: out) }
            for i in 0..<count {
                let idx = Int(min(max(t0 + Double(i) * step + 0.5, 0), last))
                out[i] = lut[idx]
            }
        }
    }
}

extension LinearGradient {
    /// `shade` for end points whose products overflow: the same position along the gradient, from the
    /// points scaled down by a power of two (which leaves the ratio unchanged), pixel by pixel.
    private func shadeFar(
        x: Int, y: Int, count: Int, lut: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>
    ) {
        let k = 0x1p-600, last = Double(GradientTable.size - 1)
        let sx = start.x * k, sy = start.y * k
        let dx = end.x * k - sx, dy = end.y * k - sy
        let len2 = dx * dx + dy * dy
        let py = (Double(y) + 0.5) * k - sy
        for i in 0..<count {
            let px = (Double(x + i) + 0.5) * k - sx
            let t = (px * dx + py * dy) / len2 * last + 0.5
            // Points that coincide after the scaling (or a NaN): the colour of the gradient's end, as
            // for coinciding points.
            out[i] = lut[t.isNaN ? lut.count - 1 : Int(min(max(t, 0), last))]
        }
    }

    func shade(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for k in 0..<count { shade(x: Int(xs[k]), y: Int(ys[k]), count: 1, into: out + k) }
    }
}

/// A conic (sweep) gradient about `center`: offset 0 at angle `start`, growing screen-clockwise to 1
/// after a full turn.
public final class ConicGradient: PointShader {
    public let center: Point
    public let start: Angle
    public let stops: [GradientStop]
    let table: GradientTable
    /// `start` in 16.16 fixed-point turns.
    let startFixed: Int32
    /// The table's colours in memory of their own (no array access per call on the hot path).
    let colorTable: UnsafeMutablePointer<UInt32>
    /// The centre the colours are computed about: `center`, or for a centre beyond
    /// `FarGeometry.near` a point in the same direction at that distance (the angles seen from the
    /// canvas barely change, and the `Float` arithmetic stays finite).
    let origin: Point

    static func origin(_ center: Point) -> Point {
        let m = max(abs(center.x), abs(center.y))
        guard m > FarGeometry.near, m.isFinite else { return center }
        return Point(center.x / m * FarGeometry.near, center.y / m * FarGeometry.near)
    }

    /// Build once and reuse: the colour table is computed here.
    public init(center: Point, start: Angle, stops: [GradientStop]) {
        self.center = center; self.start = start; self.stops = stops
        table = GradientTable(stops: stops, periodic: true)
        // A start that is not a number draws nothing (`Paint.isDrawable`); 0 keeps the conversion safe.
        startFixed = start.radians.isFinite ? Int32((start.normalizedDegrees / 360 * 65536).rounded()) : 0
        origin = ConicGradient.origin(center)
        colorTable = .allocate(capacity: GradientTable.size)
        colorTable.initialize(from: table.colors, count: GradientTable.size)
    }
    deinit { colorTable.deallocate() }
    var isOpaque: Bool { table.isOpaque }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        typealias V = SIMD4<Float>
        let dy = Float(Double(y) + 0.5 - origin.y)
        let off = Float(0.5 - origin.x)
        let lane = V(0, 1, 2, 3)
        let farRow = abs(dy) >= ConicGradient.farDistance
        let block = ConicGradient.block
        // Angles as 16.16 fixed-point turns: wrapping round the circle is integer overflow of the low
        // 16 bits, and the top 10 of those index the 1024-entry periodic table.
        @inline(__always) func fixedTurns(_ t: Float) -> Int32 { Int32(t * 65536) &- startFixed }
        do {
            let base = colorTable
            @inline(__always) func colour(_ t: Int32) -> UInt32 { base[Int(((t &+ 32) >> 6) & 1023)] }
            var i = 0
            // Angles at four consecutive grid points (three blocks), computed together; `gridBase` is
            // the first point's x, or Int.min before the first far block.
            var grid = V(repeating: 0)
            var gridBase = Int.min
            while i < count {
                // Blocks sit on an absolute grid of `block` pixels and are interpolated between grid
                // points, so a pixel's colour does not depend on how a shape was split into spans (a
                // redrawn damage rectangle matches the full frame exactly).
                let gx = (x + i) & ~(block - 1)
                let len = min(gx + block - (x + i), count - i)
                // Every x is (exact integer) + off, one rounding: the same value whichever span asks.
                let xa = Float(gx) + off, xb = Float(gx + block) + off
                let far = farRow || (min(abs(xa), abs(xb)) >= ConicGradient.farDistance && (xa > 0) == (xb > 0))
                if far {
                    // Far from the centre the angle is almost linear along a block (the chord error is
                    // under 4e-4 turn, below half a table step).
                    if gridBase == Int.min || gx < gridBase || gx + block > gridBase + 3 * block {
                        gridBase = gx
                        let xs = V(Float(gx), Float(gx + block), Float(gx + 2 * block), Float(gx + 3 * block))
                        grid = ConicAngle.turns4(V(repeating: dy), xs + V(repeating: off))
                    }
                    let g = (gx - gridBase) / block
                    let t0 = fixedTurns(grid[g])
                    // The difference's low 16 bits, sign-extended: wrapped to ±½ turn.
                    let delta = Int32(Int16(truncatingIfNeeded: fixedTurns(grid[g + 1]) &- t0))
                    let step = delta / Int32(block)
                    ConicAngle.interpolate(
                        from: t0 &+ step &* Int32(x + i - gx), step: step, count: len, table: base, into: out + i)
                } else {
                    var k = 0
                    while k < len {
                        let xs = V(repeating: Float(x + i + k)) + lane
                        let t = ConicAngle.turns4(V(repeating: dy), xs + V(repeating: off))
                        for l in 0..<min(4, len - k) { out[i + k + l] = colour(fixedTurns(t[l])) }
                        k += 4
                    }
                }
                i += len
            }
        }
    }
    /// Exact angles at every point (no interpolation between grid points): within ±1 table step of
    /// `shade`.
    ///
    /// The buffers hold whole vectors of four (`RowBatch` pads them), so this reads and writes past
    /// `count` up to the next multiple of four.
    func shade(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        typealias V = SIMD4<Float>
        let offX = V(repeating: Float(0.5 - origin.x)), offY = V(repeating: Float(0.5 - origin.y))
        let lut = colorTable
        let start = SIMD4<Int32>(repeating: startFixed), round = SIMD4<Int32>(repeating: 32)
        let rx = UnsafeRawPointer(xs), ry = UnsafeRawPointer(ys), ro = UnsafeMutableRawPointer(out)
        var k = 0
        while k < count {
            let px = V(rx.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<Int32>.self)) + offX
            let py = V(ry.loadUnaligned(fromByteOffset: 4 * k, as: SIMD4<Int32>.self)) + offY
            let t = ConicAngle.turns4(py, px)
            // t·65536 rounded to an integer in the low mantissa bits by adding 2^23 (a vector
            // conversion without the generic, lane-by-lane one).
            let fixed = unsafeBitCast(t * 65536 + 8_388_608, to: SIMD4<Int32>.self) & 0x7F_FFFF
            let index = ((fixed &- start &+ round) &>> 6) & 1023
            let colours = SIMD4<UInt32>(lut[Int(index[0])], lut[Int(index[1])], lut[Int(index[2])], lut[Int(index[3])])
            ro.storeBytes(of: colours, toByteOffset: 4 * k, as: SIMD4<UInt32>.self)
            k += 4
        }
    }

    /// Pixels per interpolated block (a power of two), and the distance from the centre beyond which
    /// blocks interpolate.
    static let block = 16
    static let farDistance: Float = 128

}
