import Core
import Testing
import Widgets
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// A valid file with a variable, a dial, a range slider and a label (whose `text` each case appends,
/// on line 23).
private let panel = """
    [[variables]]
    id = "outdoor"
    stale_after = 600

    [[screens]]
    id = "main"

      [[screens.controls]]
      kind = "circular-slider"
      id = "dial"
      frame = [0, 0, 200, 200]

      [[screens.controls]]
      kind = "range-slider"
      id = "hours"
      frame = [200, 0, 200, 200]
      max = 1440

      [[screens.controls]]
      kind = "label"
      id = "title"
      frame = [0, 200, 200, 30]

    """

@Suite("Panel text in the config: [[variables]] and templates")
struct PanelConfigTests {
    static let cases: [(String, String)] = [
        (
            panel + "  text = \"Outside {outdor:.1} °C\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected a control id or a declared variable, found \"outdor\" at column 9; did you mean \"outdoor\"?"
        ),
        (
            panel + "  text = \"Outside {outdoor:.9} °C\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected a text template, found the format \".9\" at column 18; a format is .0 to .6, time or words=A|B|…"
        ),
        (
            panel + "  text = \"Outside {outdoor °C\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected a text template, found a \"{\" without its closing \"}\" at column 9; write \"{{\" for a literal brace"
        ),
        (
            panel + "  text = \"Set to {dial.1}\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected .0 or .1 only after a two-value control (range-slider), found \"dial.1\" at column 8"
        ),
        (
            panel + "  text = \"{title}\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected a control that holds a value or a declared variable, found \"title\" at column 1 (a label, which holds none)"
        ),
        (
            panel + "  text = \"{value}\"\n",
            "bad.toml:23:3: screens[id=main].controls[id=title].text: expected a control id or a declared variable, found \"value\" at column 1"
        ),
        (
            panel.replacing("max = 1440", with: "readout = \"{valu:time}\"") + "  text = \"x\"\n",
            "bad.toml:17:3: screens[id=main].controls[id=hours].readout: expected a control id or a declared variable, found \"valu\" at column 1; did you mean \"value\"?"
        ),
        (
            panel.replacing("frame = [0, 0, 200, 200]", with: "readout = \"{value.0} °C\"\n  frame = [0, 0, 200, 200]")
                + "  text = \"x\"\n",
            "bad.toml:11:3: screens[id=main].controls[id=dial].readout: expected .0 or .1 only after a two-value control (range-slider), found \"value.0\" at column 1"
        ),
        (
            panel.replacing("id = \"outdoor\"", with: "id = \"dial\"") + "  text = \"x\"\n",
            "bad.toml:2:1: variables[id=dial].id: expected an id no control uses, found \"dial\" (the circular-slider at line 8)"
        ),
        (
            panel.replacing("stale_after = 600", with: "initial = \"warm\"") + "  text = \"x\"\n",
            "bad.toml:3:1: variables[id=outdoor].initial: expected a number (the variable's type), found the string \"warm\""
        ),
        (
            panel.replacing("stale_after = 600", with: "type = \"text\"\ninitial = 4") + "  text = \"x\"\n",
            "bad.toml:4:1: variables[id=outdoor].initial: expected a string (the variable's type is text), found the number 4"
        ),
        (
            panel.replacing("stale_after = 600", with: "type = \"bool\"") + "  text = \"x\"\n",
            "bad.toml:3:1: variables[id=outdoor].type: expected one of \"number\", \"text\", found the string \"bool\""
        ),
        (
            panel.replacing("stale_after = 600", with: "stale_after = 0") + "  text = \"x\"\n",
            "bad.toml:3:1: variables[id=outdoor].stale_after: expected a finite number ≥ 0.1, found the integer 0"
        ),
        (
            "[[variables]]\nid = \"a\"\n[[variables]]\nid = \"a\"\n" + panel + "  text = \"x\"\n",
            "bad.toml:4:1: variables[1].id: expected a unique variable id, found \"a\" again (first at line 1)"
        ),
        (
            "[[variables]]\nid = \"a b\"\n" + panel + "  text = \"x\"\n",
            "bad.toml:2:1: variables[0].id: expected a letter, then letters, digits, \"_\" or \"-\" (ASCII, at most 64 characters), found \"a b\""
        ),
        (
            "[[variables]]\nstale_after = 5\n" + panel + "  text = \"x\"\n",
            "bad.toml:1:3: variables[0]: missing the required key \"id\" (a string)"
        ),
        (
            panel,
            "bad.toml:19:5: screens[id=main].controls[id=title]: missing the required key \"text\" (a string)"
        ),
        // A chart samples one number per source: a range-slider's two ends or a text variable would
        // pass and never be drawn.
        (
            panel + "  text = \"x\"\n" + Self.chart("[\"dial\", \"hours\"]"),
            "bad.toml:28:3: screens[id=main].controls[id=trend].sources: expected controls holding one number or number variables, found \"hours\" (a range-slider, which holds two: its ends cannot be charted as one line)"
        ),
        (
            "[[variables]]\nid = \"note\"\ntype = \"text\"\n" + panel + "  text = \"x\"\n" + Self.chart("[\"note\"]"),
            "bad.toml:31:3: screens[id=main].controls[id=trend].sources: expected controls holding one number or number variables, found \"note\" (a text variable)"
        ),
    ]

    /// A chart of `sources` after the panel's label.
    static func chart(_ sources: String) -> String {
        "  [[screens.controls]]\n  kind = \"chart\"\n  id = \"trend\"\n  frame = [0, 240, 400, 200]\n  sources = \(sources)\n"
    }

    @Test("A table of bad panel text gives exactly these messages", arguments: cases)
    func badConfig(text: String, message: String) {
        #expect(errors(text) == [message])
    }

    @Test(
        "A good file: variables typed, every template parsed once, names of any screen and the dial's own value accepted"
    )
    func goodConfig() throws {
        let text =
            panel.replacing("max = 1440", with: "max = 1440\n  readout = \"{value:time}\"")
            + "  text = \"Outside {outdoor:.1} °C · {hours.0:time} · {other} · {note}\"\n"
            + "[[variables]]\nid = \"note\"\ntype = \"text\"\ninitial = \"Filter due\"\n"
            + "[[screens]]\nid = \"second\"\n  [[screens.controls]]\n  kind = \"arc-seeker\"\n  id = \"other\"\n  frame = [0, 0, 100, 100]\n"
        let config = try ConfigLoader.parse(text: text, file: "good.toml")
        #expect(
            config.variables == [
                .init(id: "outdoor", staleAfter: 600), .init(id: "note", type: .text, initial: .text("Filter due")),
            ])
        #expect(
            Set(config.templates.keys) == [
                "{value:time}", "Outside {outdoor:.1} °C · {hours.0:time} · {other} · {note}",
            ])
        // A one-off screen (thumbwheel render) shows the initial values, those of other screens too.
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: PixelSize(width: 400, height: 240), scale: 1, time: 0)
        let label = try #require(config.templates["Outside {outdoor:.1} °C · {hours.0:time} · {other} · {note}"])
        #expect(screen.board.render(label, at: 0).text == "Outside — °C · 00:00 · 180 · Filter due")
    }
}
