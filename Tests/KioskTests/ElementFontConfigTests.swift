import AssetFiles
import Core
import Glibc
import Platform
import Raster
import TestSupport
import Testing
@testable import ConfigLoading
@testable import Kiosk

/// The `font` key of elements that draw text: names and files checked with located errors, relative
/// paths from the config's folder, and the kiosk's screen drawing each element in its own font.
@Suite("Config: fonts per element")
struct ElementFontConfigTests {
    /// One screen with a label on line 8 whose `font` is `font` (no key when nil).
    static func labelConfig(font: String?) -> String {
        """
        [[screens]]
        id = "main"

          [[screens.controls]]
          kind = "label"
          id = "hello"
          frame = [0, 0, 300, 40]
        \(font.map { "  font = \"\($0)\"" } ?? "")
          text = "Hello 21 °C"

          [[screens.controls]]
          kind = "label"
          id = "other"
          frame = [0, 50, 300, 40]
          text = "Hello 21 °C"

        """
    }

    @Test("Every name picks DejaVu files; a misspelt name is a located error with a did-you-mean")
    func names() throws {
        for name in ["sans", "sans-bold", "serif", "serif-bold", "mono", "mono-bold"] {
            let config = try ConfigLoader.parse(text: Self.labelConfig(font: name), file: "ok.toml")
            let files = try #require(config.fonts.elements["hello"], "\(name)")
            let expected = try #require(DefaultFonts.files(named: name))
            #expect(files.regular == expected.regular && files.bold == expected.bold)
            for path in [files.regular, files.bold] { #expect(access(path, R_OK) == 0, "\(path) is installed") }
            #expect(config.fonts.elements["other"] == nil)
        }
        #expect(DefaultFonts.files(named: "serif")?.regular.hasSuffix("/DejaVuSerif.ttf") == true)
        #expect(DefaultFonts.files(named: "serif-bold")?.regular.hasSuffix("/DejaVuSerif-Bold.ttf") == true)
        #expect(
            errors(Self.labelConfig(font: "sans-bol")) == [
                "bad.toml:8:3: screens[id=main].controls[id=hello].font: expected one of \"sans\", \"sans-bold\", \"serif\", \"serif-bold\", \"mono\", \"mono-bold\" or the path of a TrueType file, found \"sans-bol\"; did you mean \"sans-bold\"?"
            ])
        #expect(errors(Self.labelConfig(font: "Helvetica")).first?.contains("found \"Helvetica\"") == true)
    }

    @Test("A font file that is missing or not a font is a located error; check-config rejects it")
    func unreadableFile() throws {
        let missing = errors(Self.labelConfig(font: "/nonexistent/panel.ttf"))
        #expect(missing.count == 1)
        #expect(
            missing.first?.hasPrefix(
                "bad.toml:8:3: screens[id=main].controls[id=hello].font: expected a readable TrueType font file, found \"/nonexistent/panel.ttf\""
            ) == true, "\(missing)")
        let dir = makeTemporaryDirectory("element-font")
        try FileIO.writeAtomically(Array("not a font at all".utf8), to: dir + "/fake.ttf")
        let config = dir + "/panel.toml"
        try FileIO.writeAtomically(Array(Self.labelConfig(font: "fake.ttf").utf8), to: config)
        let binary = try #require(thumbwheelBinary())
        let run = try #require(runTool(binary, ["check-config", config]))
        #expect(run.status != 0)
        #expect(run.err.contains("panel.toml:8:3: screens[id=main].controls[id=hello].font: expected"), "\(run.err)")
        #expect(run.err.contains("fake.ttf"))
    }

    @Test("A relative font path is taken from the config's folder, and the screen draws only that element in it")
    func relativeFileDrawn() throws {
        let dir = makeTemporaryDirectory("element-font")
        mkdir(dir + "/fonts", 0o755)
        let serif = try #require(DefaultFonts.files(named: "serif")).regular
        try FileIO.writeAtomically(try #require(FileIO.read(serif)), to: dir + "/fonts/panel.ttf")
        func rendered(_ font: String?) throws -> Bitmap {
            let path = dir + "/panel.toml"
            try FileIO.writeAtomically(Array(Self.labelConfig(font: font).utf8), to: path)
            let config = try ConfigLoader.load(path: path)
            if font != nil {
                #expect(config.fonts.elements["hello"]?.regular == dir + "/fonts/panel.ttf")
                #expect(config.files.contains(dir + "/fonts/panel.ttf"), "watched for a reload")
            }
            let canvas = PixelSize(width: 320, height: 100)
            let screen = KioskScreen(config: config, index: 0, canvasSize: canvas, scale: 1, time: 0)
            let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
            _ = screen.render(into: bitmap.canvas, full: true, time: 0)
            return bitmap
        }
        let plain = try rendered(nil), own = try rendered("fonts/panel.ttf")
        func changed(rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 0..<320 where plain[x, y] != own[x, y] { n += 1 } }
            return n
        }
        #expect(changed(rows: 0..<45) > 50, "the label with its own font is drawn in it")
        #expect(changed(rows: 48..<100) == 0, "the other label keeps the theme's font")
    }

    @Test("Only kinds that draw text take the key: an image's font is an unknown key")
    func onlyTextKinds() {
        let text = """
            [[screens]]
            id = "main"

              [[screens.controls]]
              kind = "image"
              id = "logo"
              frame = [0, 0, 64, 64]
              image = "builtin:sun"
              font = "serif"

            """
        let found = errors(text)
        #expect(found.count == 1 && found.first?.contains("controls[id=logo].font") == true, "\(found)")
    }
}
