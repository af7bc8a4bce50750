import Bench
import Core
import Glibc
import Testing
@testable import Raster

/// The S1 accuracy check of SCENES.md: our frame against an exact-coverage reference computed here
/// independently of the rasterizer (64×64 point samples on every pixel near a layer's boundary,
/// exact inside/outside classification elsewhere through the layer's distance function).
@Suite("S1 anti-aliasing accuracy") struct S1AccuracyTests {
    /// One S1 layer: a signed distance to its region's boundary (negative inside) and a colour.
    struct Layer {
        var color: (Double, Double, Double)
        var signedDistance: (Double, Double) -> Double
    }

    static func layers(width: Int, height: Int) -> [Layer] {
        let m = Double(min(width, height))
        let cx = Double(width) / 2, cy = Double(height) / 2
        let r = 0.4 * m, lw = 0.05 * m
        let a = 300 * Double.pi / 180
        let hx = cx + r * cos(a), hy = cy + r * sin(a), rh = 0.7 * lw
        func rgb(_ v: UInt32) -> (Double, Double, Double) {
            (Double(v >> 16 & 0xFF), Double(v >> 8 & 0xFF), Double(v & 0xFF))
        }
        /// Distance from (x, y) to the arc of radius r about the centre from a0 through a0 + sweep (degrees).
        func arcDistance(_ x: Double, _ y: Double, _ a0: Double, _ sweep: Double) -> Double {
            let dx = x - cx, dy = y - cy
            var theta = atan2(dy, dx) * 180 / .pi - a0
            theta = theta.truncatingRemainder(dividingBy: 360)
            if theta < 0 { theta += 360 }
            if theta <= sweep { return abs((dx * dx + dy * dy).squareRoot() - r) }
            let e0 = a0 * .pi / 180, e1 = (a0 + sweep) * .pi / 180
            let d0 = hypot(x - (cx + r * cos(e0)), y - (cy + r * sin(e0)))
            let d1 = hypot(x - (cx + r * cos(e1)), y - (cy + r * sin(e1)))
            return min(d0, d1)
        }
        return [
            Layer(color: rgb(0x505A64)) { x, y in arcDistance(x, y, 135, 270) - lw / 2 },
            Layer(color: rgb(0x7FA8C6)) { x, y in arcDistance(x, y, 135, 165) - lw / 2 },
            Layer(color: rgb(0x234560)) { x, y in hypot(x - hx, y - hy) - rh },
            Layer(color: rgb(0xFFFFFF)) { x, y in abs(hypot(x - hx, y - hy) - rh) - 1 },
        ]
    }

    /// Exact-area coverage of pixel (i, j) by a layer, to the resolution of a 64×64 sample grid.
    static func coverage(_ layer: Layer, _ i: Int, _ j: Int) -> (Double, Bool) {
        let d = layer.signedDistance(Double(i) + 0.5, Double(j) + 0.5)
        if d <= -0.75 { return (1, false) }
        if d >= 0.75 { return (0, false) }
        let n = 64
        var inside = 0
        for sy in 0..<n {
            let y = Double(j) + (Double(sy) + 0.5) / Double(n)
            for sx in 0..<n where layer.signedDistance(Double(i) + (Double(sx) + 0.5) / Double(n), y) <= 0 {
                inside += 1
            }
        }
        return (Double(inside) / Double(n * n), true)
    }

    @Test("S1 800x480: max abs error ≤ 4 and mean abs error over edge pixels ≤ 0.6 (8-bit)")
    func accuracy() throws {
        let w = 800, h = 480
        let scenes = try BenchScenes(width: w, height: h)
        let bitmap = Bitmap(width: w, height: h)
        scenes.draw("S1", on: bitmap.canvas)
        let layers = S1AccuracyTests.layers(width: w, height: h)
        // Only the S1 bounding box can hold shapes; the rest must be exactly the background.
        var maxError = 0.0, edgeErrorSum = 0.0, edgeSamples = 0
        for j in 0..<h {
            for i in 0..<w {
                var ref = (32.0, 32.0, 32.0)
                var edge = false
                for layer in layers {
                    let (a, partial) = S1AccuracyTests.coverage(layer, i, j)
                    edge = edge || partial
                    if a == 0 { continue }
                    ref = (
                        layer.color.0 * a + ref.0 * (1 - a), layer.color.1 * a + ref.1 * (1 - a),
                        layer.color.2 * a + ref.2 * (1 - a)
                    )
                }
                let p = bitmap[i, j]
                let errors = [
                    abs(Double(p >> 16 & 0xFF) - ref.0.rounded()), abs(Double(p >> 8 & 0xFF) - ref.1.rounded()),
                    abs(Double(p & 0xFF) - ref.2.rounded()),
                ]
                maxError = max(maxError, errors.max()!)
                if edge { edgeErrorSum += errors.reduce(0, +) / 3; edgeSamples += 1 }
            }
        }
        let mean = edgeErrorSum / Double(edgeSamples)
        print("S1 accuracy: max abs error \(maxError), mean \(mean) over \(edgeSamples) edge pixels")
        #expect(edgeSamples > 2000, "the reference found \(edgeSamples) edge pixels; S1 has thousands")
        #expect(maxError <= 4, "max abs error \(maxError)")
        #expect(mean <= 0.6, "mean abs error over \(edgeSamples) edge pixels \(mean)")
    }
}
