import Testing
import Core
import Widgets
@testable import ConfigLoading

/// Issue 36's contrast rule as check-config applies it: a warning names the element, its key and the
/// two colours; a config that keeps the rule gets none; `[theme] base` picks a built-in theme.
@Suite("Contrast warnings (issue 36)")
struct ContrastWarningTests {
    func warnings(_ text: String) throws -> [String] {
        try ConfigLoader.parse(text: text, file: "c.toml").warnings.map(\.description).filter {
            $0.contains("contrast")
        }
    }

    static let label = """
        [[screens]]
        id = "main"

          [[screens.controls]]
          kind = "label"
          id = "caption"
          frame = [20, 20, 300, 40]
          text = "Setpoint"
          size = 14
          color = "%@"

        """

    @Test("A label too pale for its ground is warned about by id, with both colours and the ratio it needs")
    func breaks() throws {
        let found = try warnings(Self.label.replacingOccurrences(of: "%@", with: "#555555"))
        #expect(
            found == [
                "warning: c.toml:10:3: screens[id=main].controls[id=caption].color: expected label text at 14 pt #555555 to reach a contrast of 4.5:1 against the theme's background #202020, found 2.1:1"
            ])
    }

    @Test("The same label in a colour that keeps the rule, and large text at 3:1, get no warning")
    func keeps() throws {
        #expect(try warnings(Self.label.replacingOccurrences(of: "%@", with: "#A8B3C2")).isEmpty)
        // 3.4:1 is enough from 18 pt, not under it.
        let large = Self.label.replacingOccurrences(of: "%@", with: "#6A6A6A")
        #expect(try warnings(large.replacingOccurrences(of: "size = 14", with: "size = 18")).isEmpty)
        #expect(try warnings(large).count == 1)
    }

    @Test("Theme colours that break the rule point at the key written; a card is its elements' ground")
    func themeAndCards() throws {
        let theme = try warnings("[theme]\nbackground = \"#F0F0F0\"\n" + minimalScreenConfig)
        // Text, the accent, and muted text (captions) on a near-white ground.
        #expect(theme.count == 3 && theme.allSatisfy { $0.contains("theme.background") })
        #expect(theme.contains { $0.contains("muted text (captions) #A8B3C2") }, "\(theme)")
        #expect(theme[0].contains("text #FFFFFF") && theme[0].contains("#F0F0F0"))
        let card = """
            [[screens]]
            id = "main"

              [[screens.controls]]
              kind = "card"
              id = "box"
              frame = [0, 0, 400, 300]
              layout = "column"
              color = "#FFFFFF"

              [[screens.controls]]
              kind = "label"
              id = "in-card"
              in = "box"
              text = "Hello"
              color = "#F0F0F0"

            """
        let found = try warnings(card)
        #expect(found.count == 1 && found[0].contains("card \"box\"'s colour #FFFFFF"), "\(found)")
    }

    @Test("`[theme] base = \"light\"` starts from the light theme; both built-in themes keep the rule")
    func bases() throws {
        let light = try ConfigLoader.parse(text: "[theme]\nbase = \"light\"\n" + minimalScreenConfig, file: "c.toml")
        #expect(light.theme == Theme.light)
        #expect(light.warnings.isEmpty)
        let dark = try ConfigLoader.parse(text: "[theme]\nbase = \"dark\"\n" + minimalScreenConfig, file: "c.toml")
        #expect(dark.theme == Theme.dark)
        for (name, theme) in Theme.bases {
            for pair in ContrastRule.pairs(of: theme) { #expect(pair.passes, "\(name): \(pair.message)") }
        }
    }

    @Test(
        "Every example config keeps the contrast rule",
        arguments: ["demo", "thermostat", "media-panel", "lab-instrument", "room-panel"])
    func examples(_ name: String) throws {
        let config = try ConfigLoader.load(path: repoPath("Config/\(name).toml"))
        #expect(config.warnings.filter { $0.description.contains("contrast") }.isEmpty)
    }
}
