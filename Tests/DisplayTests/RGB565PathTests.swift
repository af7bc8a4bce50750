import Core
import Raster
import Testing
@testable import Display

/// The panel and the rasterizer must agree on every RGB565 pixel: an RGB565 panel is fed by the
/// damage copy (XRGB8888 canvas → RGB565 scan-out), while renders and images of an RGB565 canvas
/// come from the rasterizer writing 16-bit pixels itself.
@Suite("RGB565: the panel path and the rasterizer give the same pixels")
struct RGB565PathTests {
    /// All 2^24 colours, one per pixel (opaque, so premultiplied and straight words agree).
    static let side = 4096
    static func allColours() -> Bitmap {
        let b = Bitmap(width: side, height: side, format: .xrgb8888)
        for i in 0..<side * side { b.pixels[i] = 0xFF00_0000 | UInt32(i) }
        return b
    }

    @Test("Damage copy to an RGB565 scan-out equals the rasterizer's RGB565 canvas, for all 2^24 colours")
    func everyColour() {
        let n = Self.side, colours = Self.allColours()
        let panel = TestScanout(width: n, height: n, format: .rgb565, extraBytes: 0)
        DamageCopier.copy(
            PixelRect(x: 0, y: 0, width: n, height: n), from: SourceFrame(colours),
            to: panel.buffer, rotation: .deg0)

        let words = UnsafeMutablePointer<UInt16>.allocate(capacity: n * n)
        defer { words.deallocate() }
        words.initialize(repeating: 0, count: n * n)
        let canvas = Canvas(
            pixels: UnsafeMutableRawPointer(words), width: n, height: n, strideBytes: n * 2, format: .rgb565)
        canvas.drawImage(colours, at: Point(0, 0))  // whole-pixel origin: an exact copy

        var mismatches = 0
        for i in 0..<n * n where UInt32(words[i]) != panel.raw(x: i % n, y: i / n) { mismatches += 1 }
        #expect(mismatches == 0)
        // And both agree with the independent floating-point reference.
        var off = 0
        for i in stride(from: 0, to: n * n, by: 4099)
        where panel.raw(x: i % n, y: i / n) != referenceValue(UInt32(i), format: .rgb565) {
            off += 1
        }
        #expect(off == 0)
    }

    @Test(
        "What a headless RGB565 panel shows equals the rasterizer's RGB565 canvas read back",
        arguments: DisplayRotation.allCases)
    func shownEqualsCanvas(rotation: DisplayRotation) throws {
        let size = PixelSize(width: 37, height: 23)
        let source = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
        var rng = SeededRandom(seed: 565)
        for i in 0..<size.width * size.height {
            source.pixels[i] = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
        }

        let display = HeadlessDisplay(canvas: size, rotation: rotation, format: .rgb565)
        _ = try display.present(SourceFrame(source), damage: [PixelRect(size: size)])
        let shown = display.lastFrame()

        var words = [UInt16](repeating: 0, count: size.width * size.height)
        let drawn = words.withUnsafeMutableBytes { raw in
            let c = Canvas(
                pixels: raw.baseAddress!, width: size.width, height: size.height, strideBytes: size.width * 2,
                format: .rgb565)
            c.drawImage(source, at: Point(0, 0))
            return c.snapshot()
        }
        #expect(shown.pixels == Array(UnsafeBufferPointer(start: drawn.pixels, count: size.width * size.height)))
    }
}
