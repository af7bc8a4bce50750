import Core
import Testing
@testable import Raster

/// `Bitmap.releaseWorkMemory()` frees a bitmap's drawing memory; drawing afterwards must give the
/// same pixels as a bitmap that kept it.
@Suite("Bitmap work memory")
struct WorkMemoryTests {
    /// Shapes that use every part of the work memory: discs and rings (row batches), arcs with round
    /// caps, a path (coverage cells) and a gradient (the colour row).
    static func draw(_ b: Bitmap, shift: Double) {
        let canvas = b.canvas
        canvas.fillCircle(center: Point(40 + shift, 40), radius: 31.3, color: Color(rgb: 0x3366CC))
        canvas.strokeArc(
            center: Point(60, 60 + shift), radius: 40, start: .degrees(10), sweep: .degrees(250), width: 9,
            cap: .round, paint: Paint(Color(rgb: 0xE0A020)))
        canvas.fill(
            path: Path.polygon([Point(5, 110), Point(70 + shift, 80), Point(115, 118)]), paint: Paint(Color.white))
    }

    @Test("Released between drawings, or never: identical pixels")
    func sameAfterRelease() {
        let kept = Bitmap(width: 120, height: 120), released = Bitmap(width: 120, height: 120)
        WorkMemoryTests.draw(kept, shift: 0)
        WorkMemoryTests.draw(released, shift: 0)
        released.releaseWorkMemory()
        WorkMemoryTests.draw(kept, shift: 3.5)
        WorkMemoryTests.draw(released, shift: 3.5)
        #expect(released.hasSamePixels(as: kept))
        // And the drawing did draw: the disc's centre is covered.
        #expect(kept.color(x: 43, y: 40).a == 255)
    }
}
