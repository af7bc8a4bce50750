import Core
import Testing
import TestSupport
@testable import Raster

@Suite("Arc stroke bounds") struct ArcBoundsTests {
    /// The box of the pixels `draw` paints on a clear canvas, or nil when it paints none.
    static func paintedExtent(
        width: Int, height: Int, _ draw: (Canvas) -> Void
    ) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        let bitmap = Bitmap(width: width, height: height)
        draw(bitmap.canvas)
        var extent: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where bitmap[x, y] != 0 {
                guard let e = extent else { extent = (x, y, x, y); continue }
                extent = (min(e.minX, x), min(e.minY, y), max(e.maxX, x), max(e.maxY, y))
            }
        }
        return extent
    }

    @Test("the analytic box holds every painted pixel of random arcs, and is tight (within 2 px of the ink)")
    func boxHoldsThePaintedPixels() {
        var rng = SeededRandom(seed: 0xA2C_B0C5)
        let side = 200
        var painted = 0
        for _ in 0..<600 {
            let center = Point(rng.range(95, 105), rng.range(95, 105))
            let radius = rng.range(0, 60)
            let width = rng.range(0.5, 36)
            let start = Angle.degrees(rng.range(-400, 400))
            // Mostly partial arcs; now and then a whole turn or a sweep a hair short of one.
            let sweep = Angle.degrees([rng.range(-359, 359), rng.range(-400, 400), 359.99, 90][rng.int(4)])
            let cap = [LineCap.butt, .round, .square][rng.int(3)]
            let box = Canvas.arcStrokeBounds(
                center: center, radius: radius, start: start, sweep: sweep, width: width, cap: cap)
            guard
                let ink = Self.paintedExtent(
                    width: side, height: side,
                    { c in
                        c.strokeArc(
                            center: center, radius: radius, start: start, sweep: sweep, width: width, cap: cap,
                            color: .white)
                    })
            else { continue }
            painted += 1
            let what =
                "r \(radius) w \(width) start \(start.degrees)° sweep \(sweep.degrees)° \(cap): box \(box), ink \(ink)"
            // A pixel is painted only if the shape covers part of it, so it lies within the floor/ceil of the box.
            #expect(Double(ink.minX) >= box.minX.rounded(.down), "\(what)")
            #expect(Double(ink.minY) >= box.minY.rounded(.down), "\(what)")
            #expect(Double(ink.maxX + 1) <= box.maxX.rounded(.up), "\(what)")
            #expect(Double(ink.maxY + 1) <= box.maxY.rounded(.up), "\(what)")
            // And it is no sampling of a larger shape: every side touches the ink.
            #expect(Double(ink.minX) <= box.minX + 2 && Double(ink.maxX + 1) >= box.maxX - 2, "\(what)")
            #expect(Double(ink.minY) <= box.minY + 2 && Double(ink.maxY + 1) >= box.maxY - 2, "\(what)")
        }
        #expect(painted > 500)
    }

    @Test("a zero sweep or width paints nothing and has an empty box; a whole turn is the outer circle's box")
    func degenerateArcs() {
        let c = Point(50, 50)
        #expect(
            Canvas.arcStrokeBounds(center: c, radius: 20, start: .zero, sweep: .zero, width: 6, cap: .round).isEmpty)
        #expect(
            Canvas.arcStrokeBounds(center: c, radius: 20, start: .zero, sweep: .degrees(90), width: 0, cap: .round)
                .isEmpty)
        #expect(
            Canvas.arcStrokeBounds(
                center: c, radius: 20, start: .degrees(33), sweep: .degrees(-360), width: 6, cap: .butt)
                == Rect(x: 27, y: 27, width: 46, height: 46))
    }
}
