import Core
import Glibc
import Testing
import TestSupport
@testable import Raster

/// `Path.roundedRectBand`: the points within half its width of a rounded rectangle's outline, filled in
/// one go (the shadows' soft edge). Checked against that definition, sampled.
@Suite("Rounded-rectangle band") struct RoundedRectBandTests {
    /// The distance from `p` to the outline of `rect` with corners of `r` (already clamped).
    static func distanceToOutline(_ p: Point, _ rect: Rect, _ r: Double) -> Double {
        // The nearest point of the core (the rectangle shrunk by r) gives the corner or edge that is nearest.
        let cx = min(max(p.x, rect.minX + r), rect.maxX - r), cy = min(max(p.y, rect.minY + r), rect.maxY - r)
        let d = hypot(p.x - cx, p.y - cy)
        if d > 0 { return abs(d - r) }
        return r + min(p.x - rect.minX - r, rect.maxX - r - p.x, p.y - rect.minY - r, rect.maxY - r - p.y)
    }

    @Test("covers the points within half its width of the outline, and no others")
    func matchesDefinition() {
        let w = 110, h = 90
        let pair = CanvasPair(width: w, height: h, format: .argb8888)
        defer { pair.deallocate() }
        let canvas = pair.a
        var rng = SeededRandom(seed: 0xBA4D)
        var worst = 0, total = 0, count = 0
        for _ in 0..<12 {
            for i in 0..<w * h * 4 { pair.rows.storeBytes(of: 0, toByteOffset: i, as: UInt8.self) }
            let rect = Rect(x: rng.range(8, 40), y: rng.range(8, 30), width: rng.range(6, 60), height: rng.range(6, 50))
            let radius = rng.int(4) == 0 ? 0 : rng.range(0, 20), width = rng.range(0.5, 8)
            canvas.fill(path: Path.roundedRectBand(rect, radius: radius, width: width), paint: Paint(.white))
            let r = Path.roundedRectRadius(rect, radius), hw = width / 2
            for y in 0..<h {
                for x in 0..<w {
                    let got = Int(pair.rows.load(fromByteOffset: (y * w + x) * 4, as: UInt8.self))
                    let centre = RoundedRectBandTests.distanceToOutline(
                        Point(Double(x) + 0.5, Double(y) + 0.5), rect, r)
                    // Far from the band's edges a pixel is all in or all out.
                    if abs(centre - hw) > 0.75 {
                        let expected = centre < hw ? 255 : 0
                        worst = max(worst, abs(got - expected))
                        continue
                    }
                    var inside = 0
                    for j in 0..<32 {
                        for i in 0..<32 {
                            let p = Point(Double(x) + (Double(i) + 0.5) / 32, Double(y) + (Double(j) + 0.5) / 32)
                            if RoundedRectBandTests.distanceToOutline(p, rect, r) <= hw { inside += 1 }
                        }
                    }
                    let d = abs(got - inside * 255 / 1024)
                    worst = max(worst, d); total += d; count += 1
                }
            }
        }
        #expect(count > 1000, "edge pixels were compared")
        // Sampling 32 × 32 is good to a few levels; a wrong winding or radius is off by tens to 255.
        #expect(worst <= 12, "worst \(worst) of 255")
        #expect(Double(total) / Double(max(count, 1)) < 2, "mean \(Double(total) / Double(max(count, 1)))")
    }

    @Test("a band wider than the rectangle is the grown outline, with no hole")
    func noHole() {
        let band = Path.roundedRectBand(Rect(x: 10, y: 10, width: 4, height: 30), radius: 2, width: 6)
        let moves = band.elements.filter { if case .move = $0 { return true } else { return false } }
        #expect(moves.isEmpty, "one contour: the inner one would have no area")
    }
}
