import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// `{mdi:NAME}` inside label templates (issue 36): parsed as literal icon runs, measured one em wide,
/// drawn in the text's colour on the text's line.
@Suite("Inline icons in text templates")
struct InlineIconTests {
    @Test("{mdi:NAME} is an icon in the text, not a placeholder; other placeholders are unchanged")
    func parsing() throws {
        let t = try TextTemplate(parsing: "{mdi:thermometer} {outdoor:.1} °C")
        #expect(t.inlineIcons == ["mdi:thermometer"])
        #expect(t.names == ["outdoor"])
        #expect(InlineIcon.runs(t.render { _ in .number(4.5) }) == [.icon("mdi:thermometer"), .text(" 4.5 °C")])
        // An icon cut in half by an ellipsis draws nothing of itself.
        #expect(InlineIcon.runs("Power " + String(InlineIcon.open) + "mdi:po…") == [.text("Power ")])
        #expect(try TextTemplate(parsing: "no icons {{mdi:x}}").inlineIcons.isEmpty, "braces doubled stay literal")
    }

    @Test("A label draws its inline icon in its own colour, one em square where the icon stands")
    func drawn() throws {
        let resources = try IconLookTests.resources()
        let f = PanelFixture()
        func label(_ text: String) -> Element {
            f.label(
                "l", Rect(x: 10, y: 10, width: 300, height: 40), text,
                ["size": .number(28), "color": .color(Color(rgb: 0xF5C542))])
        }
        let with = Fixture.render(label("{mdi:thermometer} 21 °C").drawn, width: 320, height: 60, resources: resources)
        try Reference.check(with, "inline-icon-label", tolerance: 0)
        // The icon's square is the first 28 points of the line; the text after it starts at 28.
        var ink = 0, tinted = 0
        for y in 10..<50 {
            for x in 10..<38 {
                let c = with.color(x: x, y: y)
                if c.r > 0x60 { ink += 1 }
                if c.r == 0xF5 && c.g == 0xC5 && c.b == 0x42 { tinted += 1 }
            }
        }
        #expect(ink > 40, "the thermometer is drawn (\(ink) pixels)")
        #expect(tinted > 10, "in the label's colour (\(tinted) pixels)")
    }
}
