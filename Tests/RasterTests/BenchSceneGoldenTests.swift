import Bench
import Core
import Testing
@testable import Raster

@Suite("Benchmark scenes against golden PNGs") struct BenchSceneGoldenTests {
    @Test("SCENES.md S1–S5 at 800x480", arguments: ["S1", "S2", "S3", "S4", "S5"])
    func scene(_ name: String) throws {
        let scenes = try BenchScenes(width: 800, height: 480)
        let bitmap = Bitmap(width: 800, height: 480)
        #expect(scenes.draw(name, on: bitmap.canvas))
        try Golden.check(bitmap, "scene-\(name)-800x480")
    }

    @Test("an unknown scene name is refused")
    func unknown() throws {
        let scenes = try BenchScenes(width: 80, height: 48)
        let bitmap = Bitmap(width: 80, height: 48)
        #expect(!scenes.draw("S9", on: bitmap.canvas))
    }

    @Test("S2 conic colours: arc start light grey, top blue, end dark grey (t = (θ − 90°)/360°)")
    func gradientColours() throws {
        let scenes = try BenchScenes(width: 800, height: 480)
        let bitmap = Bitmap(width: 800, height: 480)
        scenes.draw("S2", on: bitmap.canvas)
        #expect(bitmap.color(x: 400, y: 48) == Color(rgb: 0x0000FF))  // θ = 270°, t = 0.5
        let start = Angle.degrees(136).point(center: Point(400, 240), radius: 192)
        let end = Angle.degrees(44).point(center: Point(400, 240), radius: 192)
        let s = bitmap.color(x: Int(start.x), y: Int(start.y)), e = bitmap.color(x: Int(end.x), y: Int(end.y))
        #expect(abs(Int(s.r) - 0xD3) <= 3 && abs(Int(s.b) - 0xD3) <= 4, "start \(s)")
        #expect(abs(Int(e.r) - 0x40) <= 3 && abs(Int(e.b) - 0x40) <= 4, "end \(e)")
    }
}
