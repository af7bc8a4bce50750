import Testing
@testable import Core

@Suite("Damage region: one merge rule for repaint and copy")
struct DamageRegionTests {
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

    @Test("Rectangles merge when the box wastes at most a quarter; further apart they stay separate")
    func wasteRule() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        // Side by side with a gap of 6: box 26x10 = 260 > 200 · 5/4 → separate.
        #expect(
            DamageRegion.merged(
                [a, PixelRect(x: 16, y: 0, width: 10, height: 10)],
                within: PixelRect(x: 0, y: 0, width: 100, height: 100)
            ).count == 2)
        // A gap of 5: box 25x10 = 250, exactly a quarter more → one rectangle.
        #expect(
            DamageRegion.merged(
                [a, PixelRect(x: 15, y: 0, width: 10, height: 10)],
                within: PixelRect(x: 0, y: 0, width: 100, height: 100))
                == [PixelRect(x: 0, y: 0, width: 25, height: 10)])
    }

    @Test("Merged lists are disjoint, clipped and never longer than maxRects")
    func mergedList() {
        let bounds = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let merged = DamageRegion.merged(
            [
                PixelRect(x: -5, y: -5, width: 10, height: 10), PixelRect(x: 2, y: 2, width: 10, height: 10),
                PixelRect(x: 80, y: 80, width: 40, height: 40),
            ], within: bounds)
        #expect(merged.count == 2)
        for (i, a) in merged.enumerated() {
            #expect(a.intersection(bounds) == a)
            for b in merged[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
        // A cross: the two bars overlap, so they become their bounding box.
        #expect(
            DamageRegion.merged(
                [PixelRect(x: 40, y: 0, width: 20, height: 100), PixelRect(x: 0, y: 40, width: 100, height: 20)],
                within: bounds) == [bounds])
        // A grid of 16 far-apart squares, at most 3 kept: the cheapest pairs merge, nothing overlaps.
        var squares: [PixelRect] = []
        for i in 0..<16 { squares.append(PixelRect(x: (i % 4) * 25, y: (i / 4) * 25, width: 5, height: 5)) }
        let few = DamageRegion.merged(squares, within: bounds, maxRects: 3)
        #expect(few.count <= 3)
        for s in squares { #expect(few.contains { $0.contains(s) }) }
        for (i, a) in few.enumerated() { for b in few[(i + 1)...] { #expect(a.intersection(b).isEmpty) } }
    }

    @Test("Empty and outside rectangles add nothing")
    func emptyInput() {
        let bounds = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(
            DamageRegion.merged(
                [.empty, PixelRect(x: 3, y: 3, width: 0, height: 5), PixelRect(x: 20, y: 0, width: 5, height: 5)],
                within: bounds
            ).isEmpty)
        var region = DamageRegion(bounds: .empty)
        region.addAll()
        #expect(region.isEmpty)
    }
}
