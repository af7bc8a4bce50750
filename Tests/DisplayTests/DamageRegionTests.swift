import Core
import Testing
@testable import Display

@Suite("Damage region: covers everything added, stays short")
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
                for y in c.y..<(c.y + max(0, c.height)) { for x in c.x..<(c.x + max(0, c.width)) { added[y][x] = true } }
            }
            #expect(region.rects.count <= region.maxRects)
            #expect(region.rects.allSatisfy { bounds.contains($0) && !$0.isEmpty })
            for y in 0..<30 {
                for x in 0..<40 where added[y][x] {
                    #expect(region.rects.contains { $0.contains(x: x, y: y) }, "pixel (\(x), \(y)) lost")
                }
            }
        }
    }

    @Test("Disjoint far-apart rectangles stay separate; overlapping ones merge")
    func mergePolicy() {
        var region = DamageRegion(bounds: PixelRect(x: 0, y: 0, width: 800, height: 480))
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 700, y: 400, width: 10, height: 10))
        #expect(region.rects.count == 2)
        #expect(region.totalArea == 200)
        region.add(PixelRect(x: 5, y: 0, width: 10, height: 10))  // overlaps the first: same rows
        #expect(region.rects.count == 2)
        #expect(region.rects.contains(PixelRect(x: 0, y: 0, width: 15, height: 10)))
        region.add(PixelRect(x: 2, y: 2, width: 3, height: 3))  // inside: no change
        #expect(region.totalArea == 250)
    }

    @Test("take() returns the rectangles and empties the region; addAll covers the bounds")
    func takeAndAddAll() {
        var region = DamageRegion(bounds: PixelRect(x: 0, y: 0, width: 8, height: 8))
        region.add(PixelRect(x: 6, y: 6, width: 9, height: 9))
        #expect(region.take() == [PixelRect(x: 6, y: 6, width: 2, height: 2)])
        #expect(region.isEmpty)
        region.addAll()
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 8, height: 8)])
    }
}
