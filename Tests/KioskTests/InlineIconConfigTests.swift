import Testing
@testable import ConfigLoading

/// check-config reads `{mdi:NAME}` in templates as icon names: a misspelt one is an error with the
/// nearest name, a known one makes the kiosk open the icon font.
@Suite("Inline icon names in templates (issue 36)")
struct InlineIconConfigTests {
    static func config(_ text: String) -> String {
        minimalScreenConfig
            + "  [[screens.controls]]\n  kind = \"label\"\n  id = \"t\"\n  frame = [0, 220, 300, 40]\n  text = \"\(text)\"\n"
    }

    @Test("A misspelt inline icon is located with a suggestion; a known one needs the font")
    func names() throws {
        do {
            _ = try ConfigLoader.parse(text: Self.config("{mdi:thermometr} 21 °C"), file: "c.toml")
            Issue.record("expected an error")
        } catch {
            let found = error.errors.map(\.description)
            #expect(
                found.count == 1 && found[0].contains("controls[id=t].text")
                    && found[0].contains("did you mean \"mdi:thermometer\"?"), "\(found)")
        }
        let good = try ConfigLoader.parse(text: Self.config("{mdi:thermometer} 21 °C"), file: "c.toml")
        #expect(good.icons.isUsed, "the kiosk opens the icon font for an inline icon")
    }
}
