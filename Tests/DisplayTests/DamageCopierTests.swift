import Core
import Testing
@testable import Display

@Suite("Damage copier: rotation, conversion, clipping")
struct DamageCopierTests {
    static let sizes = [(1, 1), (7, 5), (5, 7), (33, 17), (16, 16)]

    @Test(
        "A full copy equals the naive rotated/converted reference, for every rotation and format",
        arguments: DisplayRotation.allCases, ScanoutFormat.allCases)
    func fullCopy(rotation: DisplayRotation, format: ScanoutFormat) {
        var rng = SeededRandom(seed: 1)
        for (w, h) in Self.sizes {
            let canvas = TestCanvas(width: w, height: h)
            canvas.scribble(PixelRect(x: 0, y: 0, width: w, height: h), using: &rng)
            let scan = rotation.canvasSize(forScanout: PixelSize(width: w, height: h))  // transposes back
            let s = TestScanout(width: scan.width, height: scan.height, format: format)
            canvas.withFrame {
                DamageCopier.copy(
                    PixelRect(x: 0, y: 0, width: w, height: h), from: $0, to: s.buffer, rotation: rotation)
            }
            #expect(scanoutMatches(s, canvas, rotation: rotation), "canvas \(w)x\(h)")
            #expect(s.paddingIntact)
        }
    }

    @Test(
        "A partial copy writes exactly the damaged pixels and nothing else",
        arguments: DisplayRotation.allCases, ScanoutFormat.allCases)
    func partialCopyTouchesOnlyDamage(rotation: DisplayRotation, format: ScanoutFormat) {
        var rng = SeededRandom(seed: 2)
        let (w, h) = (23, 14)
        let scan = rotation.canvasSize(forScanout: PixelSize(width: w, height: h))
        for _ in 0..<40 {
            let canvas = TestCanvas(width: w, height: h)
            canvas.scribble(PixelRect(x: 0, y: 0, width: w, height: h), using: &rng)
            let r = randomRect(width: w, height: h, using: &rng)
            let s = TestScanout(width: scan.width, height: scan.height, format: format)
            canvas.withFrame { DamageCopier.copy(r, from: $0, to: s.buffer, rotation: rotation) }
            let untouched: UInt32 = format == .xrgb8888 ? 0xA5A5_A5A5 : 0xA5A5
            for y in 0..<h {
                for x in 0..<w {
                    let (sx, sy) = referencePosition(x: x, y: y, canvasWidth: w, canvasHeight: h, rotation: rotation)
                    let expected = r.contains(x: x, y: y) ? referenceValue(canvas[x, y], format: format) : untouched
                    #expect(s.raw(x: sx, y: sy) == expected, "rect \(r) pixel (\(x), \(y))")
                }
            }
            #expect(s.paddingIntact)
        }
    }

    @Test("scanoutRect agrees with the per-pixel reference for every rotation", arguments: DisplayRotation.allCases)
    func scanoutRectMatchesReference(rotation: DisplayRotation) {
        var rng = SeededRandom(seed: 3)
        let canvas = PixelSize(width: 19, height: 11)
        for _ in 0..<50 {
            let r = randomRect(width: canvas.width, height: canvas.height, using: &rng)
                .intersection(PixelRect(size: canvas))
            if r.isEmpty { continue }
            let d = rotation.scanoutRect(for: r, canvas: canvas)
            #expect(d.area == r.area)
            for (x, y) in [(r.x, r.y), (r.maxX - 1, r.y), (r.x, r.maxY - 1), (r.maxX - 1, r.maxY - 1)] {
                let (sx, sy) = referencePosition(
                    x: x, y: y, canvasWidth: canvas.width, canvasHeight: canvas.height, rotation: rotation)
                #expect(d.contains(x: sx, y: sy), "corner (\(x), \(y)) of \(r) → (\(sx), \(sy)) outside \(d)")
            }
        }
    }
}

@Test("scanoutPoint agrees with the naive reference for every pixel and rotation", arguments: DisplayRotation.allCases)
func scanoutPointMatchesReference(rotation: DisplayRotation) {
    let canvas = PixelSize(width: 9, height: 5)
    for y in 0..<5 {
        for x in 0..<9 {
            let p = rotation.scanoutPoint(x: x, y: y, canvas: canvas)
            let (rx, ry) = referencePosition(x: x, y: y, canvasWidth: 9, canvasHeight: 5, rotation: rotation)
            #expect(p.x == rx && p.y == ry)
        }
    }
}
