import Core
import Glibc
import Raster
import TestSupport
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
import Platform
import Widgets

/// `mdi:NAME` icons in a config: names read from the font's style sheet (Debian's by default, or the
/// files `[icons]` names), located errors for names the list lacks, and the font handed to the screen.
@Suite("Icons by name")
struct IconConfigTests {
    /// A screen with one button whose icon is `icon`, after `head`.
    static func button(_ icon: String, head: String = "") -> String {
        head
            + "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"b\"\n  frame = [0, 0, 99, 60]\n  icon = \"\(icon)\"\n"
    }

    @Test("Every kind that takes an icon takes an mdi: name; the screen draws it with the font's names")
    func namesEverywhere() throws {
        let text = """
            [navigation]
            bar = "bottom"
            [[screens]]
            id = "main"
            icon = "mdi:home"
              [[screens.controls]]
              kind = "button"
              id = "b"
              frame = [0, 0, 99, 60]
              icon = "mdi:lightbulb-outline"
              [[screens.controls]]
              kind = "image"
              id = "i"
              frame = [100, 0, 60, 60]
              image = "mdi:thermometer"
              [[screens.controls]]
              kind = "spinner"
              id = "s"
              frame = [200, 0, 60, 60]
              items = [{ icon = "mdi:fan", title = "Fan" }, { icon = "builtin:sun", title = "Sun" }]
              [[screens.controls]]
              kind = "circular-slider"
              id = "d"
              frame = [300, 0, 200, 200]
              handle_image = "mdi:power"
            """
        let config = try ConfigLoader.parse(text: text, file: "good.toml")
        // The codes are the Debian font's, as its CSS gives them.
        #expect(config.icons.names["mdi:lightbulb-outline"] == Unicode.Scalar(0xF336))
        #expect(config.icons.names.scalars.count > 1000)
        #expect(config.screens[0].icon == "mdi:home")
        #expect(config.files.contains(IconConfig.debianFont) && config.files.contains(IconConfig.debianNames))
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: PixelSize(width: 800, height: 480), scale: 1, time: 0)
        let icons = try #require(screen.view.resources.images.icons)
        #expect(icons.scalar(for: "mdi:fan") == config.icons.names["fan"])
    }

    @Test("A config without mdi: icons reads neither file")
    func unusedIsNotRead() throws {
        let config = try ConfigLoader.parse(text: Self.button("builtin:sun"), file: "good.toml")
        #expect(!config.icons.isUsed)
        #expect(!config.files.contains(IconConfig.debianNames))
    }

    @Test("An unknown name is a located error with the nearest name")
    func unknownName() {
        #expect(
            errors(Self.button("mdi:lightbulb-outlin")) == [
                "bad.toml:7:3: screens[id=main].controls[id=b].icon: expected one of the \(Self.debianCount) icon names of \(IconConfig.debianNames), found \"mdi:lightbulb-outlin\"; did you mean \"mdi:lightbulb-outline\"?"
            ])
    }

    @Test("A choice's icons: one per option, each name checked")
    func choiceIcons() {
        let choice =
            "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"choice\"\n  id = \"c\"\n  frame = [0, 0, 300, 60]\n"
            + "  options = [\"Heat\", \"Cool\", \"Off\"]\n"
        #expect(errors(choice + "  icons = [\"mdi:fire\", \"\", \"mdi:power\"]\n").isEmpty)
        #expect(
            errors(choice + "  icons = [\"mdi:fire\", \"mdi:power\"]\n") == [
                "bad.toml:8:3: screens[id=main].controls[id=c].icons: expected one icon per option (3), found 2"
            ])
        #expect(
            errors(choice + "  icons = [\"mdi:fire\", \"mdi:weather-snowi\", \"\"]\n") == [
                "bad.toml:8:3: screens[id=main].controls[id=c].icons: expected one of the \(Self.debianCount) icon names of \(IconConfig.debianNames), found \"mdi:weather-snowi\"; did you mean \"mdi:weather-snowy\"?"
            ])
    }

    @Test("A missing name list is reported once, at its key, not again at each mdi: icon")
    func missingList() {
        let text =
            Self.button("mdi:fan", head: "[icons]\nnames = \"/nonexistent/icons.css\"\n")
            + "  [[screens.controls]]\n  kind = \"image\"\n  id = \"i\"\n  frame = [100, 0, 60, 60]\n  image = \"mdi:fan\"\n"
        #expect(
            errors(text) == [
                "bad.toml:2:1: icons.names: expected a style sheet of icon names (materialdesignicons.css), found \"/nonexistent/icons.css\" (No such file or directory)"
            ])
    }

    @Test("Files [icons] names are checked at their keys, used or not")
    func sectionFiles() {
        #expect(
            errors(Self.button("builtin:sun", head: "[icons]\nnames = \"/nonexistent/x.css\"\n")) == [
                "bad.toml:2:1: icons.names: expected a style sheet of icon names (materialdesignicons.css), found \"/nonexistent/x.css\" (No such file or directory)"
            ])
        #expect(
            errors(Self.button("mdi:fan", head: "[icons]\nfont = \"/etc/hostname\"\n")) == [
                "bad.toml:2:1: icons.font: expected a TrueType icon font, found \"/etc/hostname\" (not a TrueType or OpenType font: its first bytes say otherwise)"
            ])
    }

    @Test(
        "[icons] names: a newer list's names (::before, five hex digits) are taken; a code the font lacks is an error")
    func newerList() throws {
        let dir = makeTemporaryDirectory("icons")
        defer { _ = system("rm -rf '\(dir)'") }
        let css = """
            .mdi-set, .mdi:before { display: inline-block; }
            .mdi-ab-testing::before {
              content: "\\F01C9";
            }
            .mdi-lightbulb-night::before { content: "\\F336"; }
            """
        try FileIO.writeAtomically(Array(css.utf8), to: "\(dir)/new.css")
        let head = "[icons]\nnames = \"\(dir)/new.css\"\n"
        let config = try ConfigLoader.parse(text: Self.button("mdi:lightbulb-night", head: head), file: "good.toml")
        #expect(config.icons.names.names == ["ab-testing", "lightbulb-night"])
        #expect(
            errors(Self.button("mdi:ab-testing", head: head)) == [
                "bad.toml:9:3: screens[id=main].controls[id=b].icon: expected an icon the font \(IconConfig.debianFont) draws, found \"mdi:ab-testing\" (no glyph for U+F01C9; is the font older than its name list?)"
            ])
    }

    /// How many names Debian's style sheet gives (read here the way the loader reads it).
    static var debianCount: Int {
        let text = ConfigLoader.readTextFile(IconConfig.debianNames) ?? ""
        return IconNames(css: text).scalars.count
    }
}
