import Core
import Raster
import TestSupport
import Testing
@testable import ConfigLoading
@testable import Kiosk

/// The `size` decision (issue 36): a config with `size` and no `scale` is the screen in points, and a
/// larger panel shows it scaled to fill.
@Suite("Display: size without scale fills the panel")
struct PanelSizeTests {
    static let config = """
        [display]
        size = "800x480"

        [[screens]]
        id = "main"

          [[screens.controls]]
          kind = "label"
          id = "corner"
          frame = [700, 420, 100, 60]
          text = "Corner"
          size = 24

        """

    @Test("800x480 points fill 1600x960 at 2, 1024x600 at 1.25 (proportions kept), whatever the panel's millimetres")
    func scaleFills() throws {
        let config = try ConfigLoader.parse(text: Self.config, file: "p.toml")
        func scale(_ w: Int, _ h: Int, mm: PixelSize? = nil) -> Double {
            PanelScale.of(config: config.display, canvasSize: PixelSize(width: w, height: h), physicalMM: mm)
        }
        #expect(scale(800, 480) == 1)
        #expect(scale(1600, 960) == 2)
        #expect(scale(1280, 800) == 1.6)
        #expect(scale(1024, 600) == 1.25)
        #expect(scale(1600, 960, mm: PixelSize(width: 154, height: 86)) == 2, "the connector's millimetres do not win")
        let scaled = try ConfigLoader.parse(
            text: Self.config.replacingOccurrences(of: "size = \"800x480\"", with: "size = \"800x480\"\nscale = 1.5"),
            file: "p.toml")
        #expect(
            PanelScale.of(config: scaled.display, canvasSize: PixelSize(width: 1600, height: 960), physicalMM: nil)
                == 1.5, "`scale` wins")
    }

    @Test("On a 1600x960 panel the bottom-right label is drawn in the panel's bottom-right corner")
    func drawnScaled() throws {
        let config = try ConfigLoader.parse(text: Self.config, file: "p.toml")
        let canvas = PixelSize(width: 1600, height: 960)
        let scale = PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil)
        let screen = KioskScreen(config: config, index: 0, canvasSize: canvas, scale: scale, time: 0)
        let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
        _ = screen.render(into: bitmap.canvas, full: true, time: 0)
        let ground = bitmap[0, 0]
        var minX = Int.max, minY = Int.max, maxY = 0, ink = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where bitmap[x, y] != ground {
                ink += 1; minX = min(minX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(ink > 500, "the label is drawn")
        // Its frame is 1400…1600 x 840…960 in pixels: the text is there and nowhere else.
        #expect(minX >= 1400 && minY >= 840 && maxY < 960, "ink from (\(minX), \(minY)) to y \(maxY)")
        // Twice as tall as at 1 pixel per point: 24 pt text is more than 30 pixels of ink.
        #expect(maxY - minY > 30)
    }
}
