import AssetFiles
import Glibc
import Raster
import Testing
import TestSupport
import Widgets
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// Files a config names are checked as the kiosk will use them (issue 37, item 6): a font must draw
/// text, not only open; and a relative path means the same file wherever check-config or the kiosk runs.
@Suite("Config files: fonts that draw, one rule for relative paths")
struct ConfigFilesTests {
    static let fontCorpus = repoPath("Tests/Fuzz/corpus/font")

    /// The DejaVu Sans subset with its `cmap` table's tag renamed: FreeType opens it, but no character
    /// maps to a glyph.
    static func fontWithoutCharacterMap() throws -> [UInt8] {
        var bytes = try #require(FileIO.read(fontCorpus + "/dejavu-sans-subset.ttf"))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let entry = try #require(
            (0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("cmap".utf8) })
        bytes[entry + 3] = UInt8(ascii: "q")
        return bytes
    }

    @Test("A font FreeType opens but that draws no digits or letters is a located error; the fonts that draw pass")
    func fontsMustDraw() throws {
        let dir = makeTemporaryDirectory("fonts")
        let unmapped = dir + "/unmapped.ttf"
        try FileIO.writeAtomically(try Self.fontWithoutCharacterMap(), to: unmapped)
        // Glyphs 66 times an em: mapped, but each too big to draw (Raster refuses them), so nothing shows.
        let oversized = Self.fontCorpus + "/regression-units-per-em-31.ttf"
        for path in [unmapped, oversized] { #expect((try? FontFace(path: path)) != nil, "FreeType opens \(path)") }
        #expect(
            errors("[theme]\nfont = \"\(unmapped)\"\n" + minimalScreenConfig)
                == [
                    "bad.toml:2:1: theme.font: expected a font that draws text, found \"\(unmapped)\" (it has no glyph for \"0\")"
                ])
        #expect(
            errors("[theme]\nbold_font = \"\(oversized)\"\n" + minimalScreenConfig)
                == [
                    "bad.toml:2:1: theme.bold_font: expected a font that draws text, found \"\(oversized)\" (its glyph for \"0\" draws nothing)"
                ])
        for good in [Self.fontCorpus + "/dejavu-sans-subset.ttf", DefaultFonts.regular, DefaultFonts.bold] {
            #expect(errors("[theme]\nfont = \"\(good)\"\n" + minimalScreenConfig) == [], "\(good)")
        }
    }

    /// A folder holding a config whose font, hook program and backlight are named relative to it.
    static func relativeConfig() throws -> (dir: String, config: String) {
        let dir = makeTemporaryDirectory("relative")
        for sub in ["fonts", "bin", "backlight"] { mkdir(dir + "/" + sub, 0o755) }
        try FileIO.writeAtomically(
            try #require(FileIO.read(fontCorpus + "/dejavu-sans-subset.ttf")), to: dir + "/fonts/panel.ttf")
        try FileIO.writeAtomically(Array("#!/bin/sh\n".utf8), to: dir + "/bin/hook.sh", mode: 0o755)
        try FileIO.writeAtomically(Array("255\n".utf8), to: dir + "/backlight/max_brightness")
        let config = dir + "/panel.toml"
        try FileIO.writeAtomically(
            Array(
                """
                [theme]
                font = "fonts/panel.ttf"
                [idle]
                backlight = "backlight"
                [[screens]]
                id = "main"
                  [[screens.controls]]
                  kind = "button"
                  id = "go"
                  frame = [0, 0, 99, 60]
                  text = "Go"
                  actions = [{ hook = ["bin/hook.sh", "{id}"] }]
                    [screens.controls.hooks]
                    on_release = ["./bin/hook.sh"]

                """.utf8), to: config)
        return (dir, config)
    }

    @Test("Relative font, hook and backlight paths are taken from the config's folder, as images are")
    func relativeToConfig() throws {
        let (dir, path) = try Self.relativeConfig()
        let config = try ConfigLoader.load(path: path)
        #expect(config.fonts.regular == dir + "/fonts/panel.ttf")
        #expect(config.idle.backlight == dir + "/backlight")
        let go = try #require(config.control(id: "go"))
        #expect(go.hooks?.onRelease == [dir + "/./bin/hook.sh"])
        #expect(ConfigPaths.program("bin/hook.sh", in: dir) == dir + "/bin/hook.sh")
        #expect(ConfigPaths.program("logger", in: dir) == "logger", "a bare name is looked up in PATH")
        #expect(ConfigPaths.resolve("/usr/share/x.ttf", in: dir) == "/usr/share/x.ttf")
    }

    @Test("check-config gives the same verdict from the config's folder and from anywhere else")
    func sameVerdictFromAnyDirectory() throws {
        let binary = try #require(thumbwheelBinary())
        let (dir, path) = try Self.relativeConfig()
        func check(from cwd: String) throws -> ToolRun {
            try #require(
                runTool("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" check-config \"$3\"", "sh", cwd, binary, path]))
        }
        let here = try check(from: dir), elsewhere = try check(from: "/")
        #expect(here.status == 0, "\(here.err)")
        #expect(
            elsewhere.status == here.status && elsewhere.out == here.out && elsewhere.err == here.err,
            "from /: \(elsewhere.status) \(elsewhere.err)")
        // A missing relative font is missing from everywhere, with the file it looked for.
        unlink(dir + "/fonts/panel.ttf")
        let missingHere = try check(from: dir), missingElsewhere = try check(from: "/")
        #expect(
            missingHere.status != 0
                && missingHere.err.contains(
                    "found \"fonts/panel.ttf\" (\(dir)/fonts/panel.ttf: No such file or directory)"),
            "\(missingHere.err)")
        #expect(missingElsewhere.status == missingHere.status && missingElsewhere.err == missingHere.err)
    }
}
