import Core
import Glibc
import Platform
import Raster
import Testing
@testable import ConfigLoading
@testable import Kiosk
import ConfigModel
import Widgets

/// `icon_when`: a button's or an image's icon that follows a value, written as `color_when` is, for a
/// plain control, a variable and a control bound to a Home Assistant entity alike.
@Suite("Icons that follow state")
struct IconWhenTests {
    static let config =
        HomeAssistantConfigTests.section + """
            [[variables]]
            id = "door"
            type = "text"
            initial = "closed"
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "toggle"
              id = "lamp"
              frame = [0, 100, 100, 60]
              [[screens.controls]]
              kind = "toggle"
              id = "hall"
              frame = [120, 100, 100, 60]
              entity = "light.hall"
              [[screens.controls]]
              kind = "button"
              id = "b"
              frame = [0, 0, 100, 60]
              icon = "mdi:lightbulb-outline"
              color = "#DDDDDD"
              icon_when = [{ when = "lamp == 1", icon = "mdi:lightbulb" }, { when = "hall == 1", icon = "builtin:sun" }]
              color_when = [{ when = "lamp == 1", color = "gold" }]
              [[screens.controls]]
              kind = "image"
              id = "i"
              frame = [120, 0, 60, 60]
              image = "mdi:lock"
              icon_when = [{ when = "door == 'open'", icon = "mdi:lock-open" }]

            """

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("The first condition that holds gives the icon, else the element's own; the look changes with it")
    func follows() throws {
        let config = try ConfigLoader.parse(text: Self.config, file: "c.toml")
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: PixelSize(width: 240, height: 160), scale: 1, time: 0)
        func icon(_ id: String, _ key: String) -> String? { screen.element(id: id)?.config.properties.string(key) }
        func frame(_ time: MonotonicTime) -> Bitmap {
            let bitmap = Bitmap(width: 240, height: 160, format: .xrgb8888)
            _ = screen.render(into: bitmap.canvas, full: true, time: time)
            if let dir = getenv("THUMBWHEEL_LOOK_DIR").map({ String(cString: $0) }) {
                try? PNGImage.write(bitmap, to: "\(dir)/icon-when-\(Int(time)).png")
            }
            return bitmap
        }
        _ = screen.refresh(overrides: [:], time: 0.5)
        #expect(icon("b", "icon") == "mdi:lightbulb-outline" && icon("i", "image") == "mdi:lock")
        let off = frame(1)
        _ = try screen.element(id: "lamp")?.setValue(.single(1), time: 2)
        #expect(screen.refresh(overrides: [:], time: 2))
        #expect(icon("b", "icon") == "mdi:lightbulb")
        #expect(screen.element(id: "b")?.config.properties.color("color") == Color.named["gold"])
        let on = frame(2)
        #expect(!on.hasSamePixels(as: off))
        // The entity's toggle (as Home Assistant's state sets it) comes second: the lamp still wins.
        _ = try screen.element(id: "hall")?.setValue(.single(1), time: 3)
        _ = screen.refresh(overrides: [:], time: 3)
        #expect(icon("b", "icon") == "mdi:lightbulb")
        _ = try screen.element(id: "lamp")?.setValue(.single(0), time: 4)
        _ = screen.refresh(overrides: [:], time: 4)
        #expect(icon("b", "icon") == "builtin:sun")
        _ = try screen.element(id: "hall")?.setValue(.single(0), time: 5)
        _ = screen.refresh(overrides: [:], time: 5)
        #expect(icon("b", "icon") == "mdi:lightbulb-outline")
        #expect(frame(5).hasSamePixels(as: off))
        // A variable's text: the image follows it.
        _ = screen.board.set("door", .text("open"), at: 6)
        _ = screen.refresh(overrides: [:], time: 6)
        #expect(icon("i", "image") == "mdi:lock-open")
        #expect(!frame(6).hasSamePixels(as: off))
    }

    @Test("check-config: its conditions and icons are checked, located; only buttons and images take it")
    func checks() {
        let bad = Self.config.replacingOccurrences(
            of: "\"lamp == 1\", icon = \"mdi:lightbulb\"", with: "\"lmap == 1\", icon = \"mdi:lightbulb\"")
        #expect(
            errors(bad).first?.contains(
                "when: expected control and variable ids in the condition, found \"lmap\"; did you mean \"lamp\"?")
                == true, "\(errors(bad))")
        let icon = Self.config.replacingOccurrences(of: "icon = \"mdi:lock-open\"", with: "icon = \"mdi:lock-opn\"")
        #expect(errors(icon).first?.contains("icon_when[0].icon: expected one of the") == true, "\(errors(icon))")
        #expect(errors(icon).first?.contains("did you mean \"mdi:lock-open\"?") == true)
        let toggle = Self.config.replacingOccurrences(
            of: "  entity = \"light.hall\"\n",
            with: "  entity = \"light.hall\"\n  icon_when = [{ when = \"lamp == 1\", icon = \"mdi:fan\" }]\n")
        #expect(errors(toggle).first?.contains("icon_when") == true, "\(errors(toggle))")
    }
}
