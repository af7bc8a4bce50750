import Testing
import Core
import Formats
import Widgets
@testable import ConfigLoading
@testable import SocketAdapter

/// Issue 36's config messages: a key another kind names otherwise, colour names, elements under the
/// navigation bar, the point size of a panel measured in millimetres, spinner items without icons.
@Suite("Config messages (issue 36)")
struct ConfigMessageTests {
    /// `minimalScreenConfig` (lines 1–7) and one more element.
    static func withElement(_ lines: String) -> String {
        minimalScreenConfig + "  [[screens.controls]]\n" + lines
    }

    @Test("A toggle's `text` names the key toggles use, as do other keys of the same meaning")
    func keyOfAnotherKind() {
        let toggle = Self.withElement(
            "  kind = \"toggle\"\n  id = \"pump\"\n  frame = [300, 0, 200, 60]\n  text = \"Pump\"\n")
        #expect(
            errors(toggle) == [
                "bad.toml:12:3: screens[id=main].controls[id=pump].text: unknown key; a toggle calls it \"label\""
            ])
        let button = Self.withElement(
            "  kind = \"button\"\n  id = \"go\"\n  frame = [300, 0, 200, 60]\n  label = \"Go\"\n")
        #expect(
            errors(button).contains(
                "bad.toml:12:3: screens[id=main].controls[id=go].label: unknown key; a button calls it \"text\""))
        let dial = Self.withElement(
            "  kind = \"circular-slider\"\n  id = \"s\"\n  frame = [300, 0, 200, 200]\n  minimum = 4\n")
        #expect(
            errors(dial) == [
                "bad.toml:12:3: screens[id=main].controls[id=s].minimum: unknown key; a circular-slider calls it \"min\""
            ])
        let gauge = Self.withElement(
            "  kind = \"image\"\n  id = \"i\"\n  frame = [300, 0, 200, 200]\n  icon = \"builtin:sun\"\n")
        #expect(
            errors(gauge).contains(
                "bad.toml:12:3: screens[id=main].controls[id=i].icon: unknown key; an image calls it \"image\""))
        // A misspelling that means nothing else still gets the spelling suggestion.
        let typo = Self.withElement(
            "  kind = \"toggle\"\n  id = \"t\"\n  frame = [300, 0, 200, 60]\n  lable = \"Pump\"\n")
        #expect(
            errors(typo) == [
                "bad.toml:12:3: screens[id=main].controls[id=t].lable: unknown key; did you mean \"label\"?"
            ])
    }

    @Test("A colour that is not one lists every accepted name and suggests the nearest")
    func colourNames() throws {
        let found = errors("[theme]\nbackground = \"blurple\"\n" + minimalScreenConfig)
        let names = Color.named.keys.sorted().joined(separator: ", ")
        #expect(
            found == [
                "bad.toml:2:1: theme.background: \"blurple\" is not a colour: expected #RRGGBB, #RRGGBBAA, #RGB or one of the names \(names); did you mean \"purple\"?"
            ])
        let line = try #require(found.first)
        for name in ["white", "navy", "steelblue", "transparent"] { #expect(line.contains(name)) }
    }

    @Test("An element inside the navigation bar's band is warned about by id, with the band")
    func underNavigationBar() throws {
        let text =
            "[navigation]\nbar = \"bottom\"\n"
            + Self.withElement(
                "  kind = \"button\"\n  id = \"pump\"\n  frame = [20, 400, 200, 60]\n  text = \"Pump\"\n")
        let config = try ConfigLoader.parse(text: text, file: "w.toml")
        #expect(
            config.warnings.map(\.description) == [
                "warning: w.toml:13:3: screens[id=main].controls[id=pump].frame: expected \"pump\" clear of the navigation bar's 64-point band along the bottom (y 416 to 480, `[navigation] bar = \"bottom\"`), found it under the bar, 200 x 44 points of it, where the bar hides it and takes its touches"
            ])
        let top = "[navigation]\nbar = \"top\"\n" + minimalScreenConfig
        let dial = try ConfigLoader.parse(text: top, file: "w.toml").warnings.map(\.description)
        #expect(
            dial.count == 1
                && dial[0].contains("\"dial\" clear of the navigation bar's 64-point band along the top (y 0 to 64")
                && dial[0].contains("200 x 64 points of it"))
        // No bar, no warning.
        #expect(try ConfigLoader.parse(text: minimalScreenConfig, file: "w.toml").warnings.isEmpty)
    }

    @Test("The run log repeats the navigation-bar warning on the panel's canvas")
    func underNavigationBarAtRunTime() throws {
        let text =
            "[display]\nscale = 1\n[navigation]\nbar = \"bottom\"\n"
            + Self.withElement(
                "  kind = \"button\"\n  id = \"pump\"\n  frame = [20, 400, 200, 60]\n  text = \"Pump\"\n")
        let config = try ConfigLoader.parse(text: text, file: "w.toml")
        let run = config.runWarnings(
            canvas: PixelSize(width: 800, height: 480), physicalMM: PixelSize(width: 154, height: 86))
        #expect(run.contains { $0.description.contains("\"pump\" clear of the navigation bar's 64-point band") })
    }

    @Test("`size` with `width_mm` and no `scale`: the screen is `size` in points, millimetres still measured")
    func sizeWithMillimetres() throws {
        let text =
            "[display]\nsize = \"800x480\"\nwidth_mm = 154\nheight_mm = 86\n"
            + Self.withElement(
                "  kind = \"image\"\n  id = \"backdrop\"\n  image = \"builtin:dot\"\n  frame = [0, 0, 800, 480]\n")
        let config = try ConfigLoader.parse(text: text, file: "w.toml")
        let canvas = PixelSize(width: 800, height: 480)
        #expect(PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil) == 1)
        #expect(
            PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: PixelSize(width: 154, height: 86))
                == 1)
        #expect(
            !config.warnings.contains { $0.description.contains("off the screen") },
            "a full-screen frame fits: \(config.warnings)")
        // A panel of twice the pixels shows the same layout twice as large.
        #expect(
            PanelScale.of(config: config.display, canvasSize: PixelSize(width: 1600, height: 960), physicalMM: nil) == 2
        )
        // Without `size`, the millimetres set the scale, as before (points are physical).
        let physical = try ConfigLoader.parse(
            text: "[display]\nwidth_mm = 154\nheight_mm = 86\n" + minimalScreenConfig, file: "w.toml")
        let scale = PanelScale.of(config: physical.display, canvasSize: canvas, physicalMM: nil)
        #expect(abs(scale - Scale.millimetresPerPoint * 800 / 154) < 1e-12)
        #expect(scale != 1)
    }

    @Test("With `size` and millimetres, a small target is measured on the panel's millimetres")
    func sizeWithMillimetresMeasures() throws {
        let text =
            "[display]\nsize = \"800x480\"\nwidth_mm = 154\nheight_mm = 86\n"
            + Self.withElement(
                "  kind = \"arc-seeker\"\n  id = \"small\"\n  frame = [400, 10, 40, 120]\n")
        let found = try ConfigLoader.parse(text: text, file: "w.toml").warnings.map(\.description)
        #expect(
            found == [
                "warning: w.toml:15:3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 7.7 x 23.1 mm (40 x 120 points at 1 pixel per point from display.size, on 5.19 pixels per mm from display.width_mm 154 over display.size 800x480)"
            ])
    }

    @Test("Spinner items with a title and no icon are accepted")
    func spinnerTitles() throws {
        let items =
            "  kind = \"spinner\"\n  id = \"mode\"\n  frame = [300, 300, 60, 60]\n"
            + "  [[screens.controls.items]]\n  title = \"Eco\"\n  [[screens.controls.items]]\n  title = \"Boost\"\n"
        #expect(errors(Self.withElement(items)) == [])
        let config = try ConfigLoader.parse(text: Self.withElement(items), file: "w.toml")
        #expect(config.control(id: "mode")?.properties.tables("items").map { $0.string("title") } == ["Eco", "Boost"])
    }

    @Test("Keys name array entries by their id; entries without a usable one keep their index")
    func entriesByID() {
        let dial = Self.withElement(
            "  kind = \"circular-slider\"\n  id = \"pump\"\n  frame = [300, 0, 200, 200]\n  max = \"x\"\n")
        #expect(
            errors(dial) == [
                "bad.toml:12:3: screens[id=main].controls[id=pump].max: expected a finite number, found the string \"x\""
            ])
        // A repeated id names neither entry: the error is about that id.
        let twice = Self.withElement("  kind = \"circular-slider\"\n  id = \"dial\"\n  frame = [300, 0, 200, 200]\n")
        #expect(
            errors(twice).first?.hasPrefix(
                "bad.toml:10:3: screens[id=main].controls[1].id: expected a unique control id") == true)
        // Spinner items have no id: by index, under their control's id.
        let items =
            "  kind = \"spinner\"\n  id = \"mode\"\n  frame = [300, 300, 60, 60]\n"
            + "  [[screens.controls.items]]\n  title = \"Eco\"\n  [[screens.controls.items]]\n  title = 3\n"
        #expect(
            errors(Self.withElement(items)) == [
                "bad.toml:15:3: screens[id=main].controls[id=mode].items[1].title: expected a string, found the integer 3"
            ])
    }

    @Test("The headless hint names the binary as it will run: its path unless it was found on the PATH")
    func ctlCommandName() {
        #expect(
            SocketAdapter.commandName(argv0: "thumbwheel", directory: "/home/me") == "thumbwheel", "found on the PATH")
        #expect(
            SocketAdapter.commandName(argv0: ".build/release/thumbwheel", directory: "/src/tw")
                == "/src/tw/.build/release/thumbwheel")
        #expect(SocketAdapter.commandName(argv0: "./thumbwheel", directory: "/opt/tw/") == "/opt/tw/thumbwheel")
        #expect(
            SocketAdapter.commandName(argv0: "/usr/local/bin/thumbwheel", directory: "/tmp")
                == "/usr/local/bin/thumbwheel")
        #expect(SocketAdapter.commandName(argv0: "bin/thumbwheel", directory: nil) == "bin/thumbwheel")
        #expect(SocketAdapter.currentDirectory()?.hasPrefix("/") == true)
    }
}
