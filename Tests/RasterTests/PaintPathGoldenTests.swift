import Core
import Testing
@testable import Raster

@Suite("Paints, rounded rectangles, lines and paths against golden PNGs") struct PaintPathGoldenTests {
    func canvas(_ w: Int = 128, _ h: Int = 96) -> Bitmap { Bitmap(width: w, height: h, fill: Color(rgb: 0x202020)) }
    let stops = [
        GradientStop(0, Color(rgb: 0xD3D3D3)), GradientStop(0.5, Color(rgb: 0x0000FF)),
        GradientStop(1, Color(rgba: 0xFF404080)),
    ]

    @Test("linear and conic gradients with three stops, padded ends")
    func gradients() throws {
        let b = canvas()
        let c = b.canvas
        c.fillRect(
            Rect(x: 4, y: 4, width: 120, height: 40),
            paint: .linear(LinearGradient(start: Point(20, 0), end: Point(108, 0), stops: stops)))
        c.fillCircle(
            center: Point(64, 70), radius: 22.5,
            paint: .conic(ConicGradient(center: Point(64, 70), start: .degrees(-90), stops: stops)))
        try Golden.check(b, "gradients")
    }

    @Test("SRC replaces, SRC_OVER blends, global alpha scales")
    func blendModes() throws {
        let b = canvas()
        let c = b.canvas
        c.fillRect(Rect(x: 10, y: 10, width: 108, height: 76), paint: Paint(Color(rgb: 0xC66F3A)))
        c.fillCircle(center: Point(40, 48), radius: 24.3, paint: Paint(Color(rgba: 0x3C80F080), blendMode: .source))
        c.fillCircle(center: Point(90, 48), radius: 24.3, paint: Paint(Color(rgba: 0x3C80F080)))
        c.fillRoundedRect(Rect(x: 50.5, y: 20.25, width: 30, height: 56), radius: 6, paint: Paint(.white, alpha: 0.5))
        try Golden.check(b, "blend-modes")
    }

    @Test("rounded rectangles with fractional edges and radii")
    func roundedRects() throws {
        let b = canvas()
        let c = b.canvas
        c.fillRoundedRect(
            Rect(x: 6.3, y: 5.7, width: 50, height: 30.4), radius: 8, paint: Paint(Color(rgba: 0x3C4A58CC)))
        c.fillRoundedRect(Rect(x: 64, y: 6, width: 58, height: 40), radius: 100, paint: Paint(Color(rgb: 0x7FA8C6)))
        c.fillRoundedRect(
            Rect(x: 10.5, y: 50.5, width: 108, height: 36), radius: 2.5, paint: Paint(Color(rgb: 0x505A64)))
        try Golden.check(b, "rounded-rects")
    }

    @Test("lines and polylines with caps and round joins")
    func lines() throws {
        let b = canvas()
        let c = b.canvas
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            c.strokeLine(
                from: Point(12, 12.5 + Double(i) * 12), to: Point(60, 20 + Double(i) * 12), width: 6, cap: cap,
                paint: Paint(.white))
        }
        c.strokePolyline(
            [Point(70, 80), Point(85, 15), Point(100, 70), Point(120, 30)], width: 7, cap: .round,
            paint: Paint(Color(rgba: 0x7FA8C6C0)))
        c.strokeLine(from: Point(8, 70), to: Point(60, 90), width: 1, paint: Paint(Color(rgb: 0xC66F3A)))
        try Golden.check(b, "lines")
    }

    @Test("MS-28 custom marker path: curves, non-zero fill of a self-overlapping star")
    func paths() throws {
        let b = canvas()
        let c = b.canvas
        var star: [Point] = []
        for k in 0..<5 { star.append(Angle.degrees(-90 + Double(k) * 144).point(center: Point(34, 50), radius: 30)) }
        c.fill(path: .polygon(star), paint: Paint(Color(rgb: 0xD3A03A)))
        var drop = Path()
        drop.move(to: Point(95, 10))
        drop.cubic(to: Point(95, 86), control1: Point(140, 50), control2: Point(120, 86))
        drop.quad(to: Point(95, 10), control: Point(60, 60))
        drop.close()
        c.fill(path: drop, paint: Paint(Color(rgb: 0x7FA8C6)))
        c.stroke(path: drop, width: 2, paint: Paint(.white))
        try Golden.check(b, "paths")
    }
}
