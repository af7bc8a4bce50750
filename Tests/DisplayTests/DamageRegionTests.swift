import Core
import Testing

/// Core's `DamageRegion` as the swap chain uses it, with many random additions (the deterministic
/// rules are tested in CoreTests).
@Suite("Damage region: covers everything added, stays short and disjoint")
struct DamageRegionTests {
    @Test("Random additions are always covered, clipped to the bounds, and the list stays short")
    func coversEverything() {
        var rng = SeededRandom(seed: 10)
        let bounds = PixelRect(x: 0, y: 0, width: 40, height: 30)
        for round in 0..<60 {
            var region = DamageRegion(bounds: bounds, maxRects: 1 + round % 6)
            var added = [[Bool]](repeating: [Bool](repeating: false, count: 40), count: 30)
            for _ in 0..<Int.random(in: 1...15, using: &rng) {
                let r = randomRect(width: 40, height: 30, using: &rng)
                region.add(r)
                let c = r.intersection(bounds)
                for y in c.y..<(c.y + max(0, c.height)) {
                    for x in c.x..<(c.x + max(0, c.width)) { added[y][x] = true }
                }
            }
            #expect(region.rects.count <= region.maxRects)
            #expect(region.rects.allSatisfy { bounds.contains($0) && !$0.isEmpty })
            for (i, a) in region.rects.enumerated() {
                for b in region.rects[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) overlaps \(b)") }
            }
            for y in 0..<30 {
                for x in 0..<40 where added[y][x] {
                    #expect(region.rects.contains { $0.contains(x: x, y: y) }, "pixel (\(x), \(y)) lost")
                }
            }
        }
    }
}
