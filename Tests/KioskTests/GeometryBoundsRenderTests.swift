import ConfigModel
import Core
import Raster
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Issue 37's promise: a config `check-config` accepts never crashes render. Configs with every
/// geometric number at the ends of its range load, and every screen of them renders.
@Suite("Configs at the ends of their geometric ranges load and render")
struct GeometryBoundsRenderTests {
    static let reach = Schema.format(GeometryLimits.reach)

    /// Frames at the corners of reach, the largest and (where a card's layout leaves its elements
    /// room, which the thinnest do not: a located error then) the thinnest.
    static let frames = [
        "[-\(reach), -\(reach), \(reach), \(reach)]",
        "[\(reach), \(reach), \(reach), \(reach)]",
        "[-\(reach), 100, \(reach), 1e-300]",
        "[400, 240, 1e-9, \(reach)]",
    ]

    /// Loads `text` (as if it were `file`, for its relative paths) and renders every screen at the
    /// config's scale, as `thumbwheel render` does.
    static func loadAndRender(_ text: String, file: String) throws(ConfigErrors) {
        let config = try ConfigLoader.parse(text: text, file: file)
        let canvas = PixelSize(width: 320, height: 200)
        for index in config.screens.indices {
            let scale = PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil)
            let screen = KioskScreen(config: config, index: index, canvasSize: canvas, scale: scale, time: 0)
            let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
            _ = screen.render(into: bitmap.canvas, full: true, time: 0)
        }
    }

    @Test(
        "every example with each of its frames moved to the ends of reach",
        arguments: ["demo", "thermostat", "media-panel", "lab-instrument", "room-panel", "wall-panel"])
    func examples(name: String) throws {
        let path = repoPath("Config/\(name).toml")
        let text = try #require(ConfigLoader.readTextFile(path))
        for (k, frame) in GeometryBoundsRenderTests.frames.enumerated() {
            let moved = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.drop { $0 == " " }.hasPrefix("frame = [") ? "  frame = \(frame)" : String(line)
            }.joined(separator: "\n")
            do {
                try GeometryBoundsRenderTests.loadAndRender(moved, file: path)
            } catch {
                // Refused with located errors is fine, but only for a layout with no room left.
                let others = error.errors.filter { !$0.description.contains(".layout: expected room for") }
                #expect(k >= 2 && others.isEmpty, "\(name) with frames \(frame): \(error.errors.map(\.description))")
            }
        }
    }

    @Test("cards and dials with every length, offset and angle at its ends")
    func keysAtTheEnds() {
        let r = GeometryBoundsRenderTests.reach
        let controls = [
            "kind = \"card\"\n  id = \"c\"\n  frame = [0, 0, 300, 180]\n  radius = \(r)\n  padding = \(r)\n  gap = \(r)\n  layout = \"grid\"\n  title = \"T\"",
            // Its padding leaves no room to lay anything out: these two sit in it by their frames.
            "kind = \"label\"\n  id = \"l\"\n  frame = [20, 20, 100, 30]\n  text = \"inside\"",
            "kind = \"label\"\n  id = \"m\"\n  frame = [20, 60, 100, 30]\n  text = \"again\"\n  rotation = -360",
            "kind = \"circular-slider\"\n  id = \"d\"\n  frame = [10, 10, 150, 150]\n  padding = \(r)\n  label_offset = -\(r)\n  labels = [\"a\", \"b\"]\n  rotation = 360\n  rotation_angle = -360\n  max_angle = 300",
            "kind = \"circular-slider\"\n  id = \"e\"\n  frame = [10, 10, 150, 150]\n  label_offset = \(r)\n  labels = [\"a\", \"b\"]\n  marker_count = 12\n  rotation_angle = 360",
            "kind = \"range-slider\"\n  id = \"g\"\n  frame = [160, 10, 150, 150]\n  min_distance = \(r)\n  padding = 0\n  readout = \"{g}\"",
        ]
        let text =
            "[display]\nsize = \"8192x4320\"\nscale = 8\n[input]\ncalibration = [100, 0, -100, 0, -100, 100]\n[[screens]]\nid = \"s\"\n"
            + controls.map { "  [[screens.controls]]\n  " + $0 + "\n" }.joined()
        #expect(throws: Never.self) {
            try GeometryBoundsRenderTests.loadAndRender(text, file: repoPath("Config/bounds.toml"))
        }
    }
}
