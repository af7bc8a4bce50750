import Core
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

    init(stops input: [GradientStop]) {
        precondition(!input.isEmpty, "a gradient needs at least one stop")
        let stops = input.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        var table = [UInt32](repeating: 0, count: GradientTable.size)
        let n = GradientTable.size
        var k = 0
        for i in 0 ..< n {
            let t = Double(i) / Double(n - 1)
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
public final class LinearGradient: Shader {
    public let start: Point
    public let end: Point
    public let stops: [GradientStop]
    let table: GradientTable

    /// Build once and reuse: the colour table is computed here.
    public init(start: Point, end: Point, stops: [GradientStop]) {
        self.start = start; self.end = end; self.stops = stops
        table = GradientTable(stops: stops)
    }
    var isOpaque: Bool { table.isOpaque }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let dx = end.x - start.x, dy = end.y - start.y
        let len2 = dx * dx + dy * dy
        let last = Double(GradientTable.size - 1)
        table.colors.withUnsafeBufferPointer { lut in
            guard len2 > 0 else { out.update(repeating: lut[lut.count - 1], count: count); return }
            let px = Double(x) + 0.5 - start.x, py = Double(y) + 0.5 - start.y
            var t = (px * dx + py * dy) / len2 * last
            let step = dx / len2 * last
            for i in 0 ..< count {
                let idx = Int(min(max(t + 0.5, 0), last))
                out[i] = lut[idx]
                t += step
            }
        }
    }
}

/// A conic (sweep) gradient about `center`: offset 0 at angle `start`, growing screen-clockwise to 1
/// after a full turn.
public final class ConicGradient: Shader {
    public let center: Point
    public let start: Angle
    public let stops: [GradientStop]
    let table: GradientTable

    /// Build once and reuse: the colour table is computed here.
    public init(center: Point, start: Angle, stops: [GradientStop]) {
        self.center = center; self.start = start; self.stops = stops
        table = GradientTable(stops: stops)
    }
    var isOpaque: Bool { table.isOpaque }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let n = Float(GradientTable.size - 1)
        let offset = Float(start.normalizedDegrees / 360)
        let dy = Float(Double(y) + 0.5 - center.y)
        let dx0 = Float(Double(x) + 0.5 - center.x)
        table.colors.withUnsafeBufferPointer { lut in
            let base = lut.baseAddress!
            // Four pixels at a time: the arctangent is branch-free SIMD, only the table lookup is scalar.
            var i = 0
            let lane = SIMD4<Float>(0, 1, 2, 3)
            let vy = SIMD4<Float>(repeating: dy)
            while i + 4 <= count {
                let vx = SIMD4<Float>(repeating: dx0 + Float(i)) + lane
                var t = ConicGradient.turns4(vy, vx) - offset
                t.replace(with: t + 1, where: t .< 0)
                let idx = SIMD4<Int32>(truncatingIfNeeded: SIMD4<Int32>(t * n + 0.5))
                out[i] = base[Int(idx[0])]; out[i + 1] = base[Int(idx[1])]
                out[i + 2] = base[Int(idx[2])]; out[i + 3] = base[Int(idx[3])]
                i += 4
            }
            while i < count {
                var t = ConicGradient.turns(dy, dx0 + Float(i)) - offset
                if t < 0 { t += 1 }
                out[i] = base[Int(t * n + 0.5)]
                i += 1
            }
        }
    }

    /// `turns` for four points at once.
    @inline(__always) static func turns4(_ y: SIMD4<Float>, _ x: SIMD4<Float>) -> SIMD4<Float> {
        let zero = SIMD4<Float>(repeating: 0)
        let ax = x.replacing(with: -x, where: x .< zero), ay = y.replacing(with: -y, where: y .< zero)
        let mx = pointwiseMax(ax, ay), mn = pointwiseMin(ax, ay)
        let safe = mx.replacing(with: 1, where: mx .== zero)
        let a = mn / safe
        let s = a * a
        typealias V = SIMD4<Float>
        var p = V(repeating: -0.013_480_470) * s + V(repeating: 0.057_477_314)
        p = p * s - V(repeating: 0.121_239_071)
        p = p * s + V(repeating: 0.195_635_925)
        p = p * s - V(repeating: 0.332_994_597)
        var r = p * s * a + V(repeating: 0.999_995_630) * a
        r.replace(with: 1.570_796_33 - r, where: ay .> ax)
        r.replace(with: 3.141_592_65 - r, where: x .< zero)
        r.replace(with: -r, where: y .< zero)
        var t = r * 0.159_154_943
        t.replace(with: t + 1, where: t .< zero)
        t.replace(with: zero, where: t .>= 1)
        return t
    }

    /// atan2(y, x) in turns, [0, 1), screen-clockwise; a minimax polynomial good to about 1e-5 rad,
    /// far below one step of the 1024-entry colour table.
    @inline(__always) static func turns(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        let a = mx == 0 ? 0 : mn / mx
        let s = a * a
        var r = ((((-0.013_480_470 * s + 0.057_477_314) * s - 0.121_239_071) * s + 0.195_635_925) * s - 0.332_994_597) * s * a + 0.999_995_630 * a
        if ay > ax { r = 1.570_796_33 - r }
        if x < 0 { r = 3.141_592_65 - r }
        if y < 0 { r = -r }
        var t = r * 0.159_154_943
        if t < 0 { t += 1 }
        return t >= 1 ? 0 : t
    }
}
