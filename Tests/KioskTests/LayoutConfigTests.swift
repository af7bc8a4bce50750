import Core
import Testing
import TestSupport
import Widgets
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// One screen's opening lines, then a row card: each case below adds to it.
private let rowCard = """
    [[screens]]
    id = "main"

      [[screens.controls]]
      kind = "card"
      id = "panel"
      frame = [0, 0, 400, 200]
      layout = "row"

    """

private func load(_ text: String, file: String = "bad.toml") throws(ConfigErrors) -> KioskConfig {
    try ConfigLoader.parse(text: text, file: file)
}

private func warnings(_ text: String) throws -> [String] {
    try load(text, file: "w.toml").warnings.map(\.description)
}

/// `count` controls of `kind` placed by card `card`, as TOML.
private func placed(_ count: Int, in card: String, kind: String = "arc-seeker", prefix: String = "e") -> String {
    (0..<count).map { "  [[screens.controls]]\n  kind = \"\(kind)\"\n  id = \"\(prefix)\($0)\"\n  in = \"\(card)\"\n" }
        .joined()
}

@Suite("Card layout in the config: frames, drawing order, errors")
struct LayoutConfigTests {
    @Test(
        "Elements a card places get exact frames below its title; the card is drawn behind them though written after them"
    )
    func framesAndOrder() throws {
        let text = """
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "circular-slider"
              id = "a"
              in = "panel"
              [[screens.controls]]
              kind = "circular-slider"
              id = "b"
              in = "panel"
              [[screens.controls]]
              kind = "card"
              id = "panel"
              frame = [10, 20, 400, 200]
              layout = "row"
              title = "Room"
            """
        let config = try load(text)
        let controls = config.screens[0].controls
        #expect(controls.map(\.id) == ["panel", "a", "b"])
        // padding 12, title 16 + gap 8: content from y 56 to 208; two columns of (376 - 8) / 2.
        #expect(
            controls.map(\.frame) == [
                Rect(x: 10, y: 20, width: 400, height: 200),
                Rect(x: 22, y: 56, width: 184, height: 152), Rect(x: 214, y: 56, width: 184, height: 152),
            ])
        #expect(config.warnings.isEmpty)
        // The runtime sees plain frames: the kiosk builds the same elements from them.
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: PixelSize(width: 800, height: 480), scale: 1, time: 0)
        #expect(screen.elements.map { $0.describe(time: 0).frame } == controls.map(\.frame))
        #expect(screen.elements[0].value == nil)
    }

    @Test("Nested cards: a grid card placed by a column card, written after its own elements")
    func nested() {
        let outer = CardLayout(arrangement: .column, padding: 0, gap: 0)
        let inner = CardLayout(arrangement: .grid, padding: 0, gap: 0, columns: 2)
        let result = ScreenLayout.resolve([
            .init(id: "outer", isCard: true, frame: Rect(x: 0, y: 0, width: 300, height: 300), layout: outer),
            .init(id: "s1", container: "inner"),
            .init(id: "s2", container: "inner"),
            .init(id: "inner", isCard: true, container: "outer", layout: inner),
            .init(id: "s3", container: "outer"),
        ])
        #expect(result.problems.isEmpty)
        #expect(
            result.frames == [
                Rect(x: 0, y: 0, width: 300, height: 300), Rect(x: 0, y: 0, width: 150, height: 150),
                Rect(x: 150, y: 0, width: 150, height: 150), Rect(x: 0, y: 0, width: 300, height: 150),
                Rect(x: 0, y: 150, width: 300, height: 150),
            ])
        #expect(result.order == [0, 3, 1, 2, 4])
    }

    @Test(
        "A card goes behind elements whose frames lie within it; a background image written first stays behind the card"
    )
    func drawingOrder() {
        let result = ScreenLayout.resolve([
            .init(id: "wallpaper", frame: Rect(x: 0, y: 0, width: 800, height: 480)),
            .init(id: "dial", frame: Rect(x: 20, y: 20, width: 100, height: 100)),
            .init(id: "straddling", frame: Rect(x: 180, y: 20, width: 100, height: 100)),
            .init(id: "card", isCard: true, frame: Rect(x: 10, y: 10, width: 200, height: 200)),
        ])
        #expect(result.order == [0, 3, 1, 2])
    }

    @Test("Cards placing each other are a located mistake, not a hang")
    func cycle() {
        let row = CardLayout(arrangement: .row)
        let result = ScreenLayout.resolve([
            .init(id: "A", isCard: true, container: "B", layout: row),
            .init(id: "B", isCard: true, container: "A", layout: row),
        ])
        #expect(
            result.problems == [
                .init(
                    index: 0, key: "in",
                    message: "expected a card outside this element, found \"B\", which lies inside it")
            ])
        #expect(result.frames == [nil, nil])
    }

    static let cases: [(String, String)] = [
        (
            rowCard
                + "  [[screens.controls]]\n  kind = \"arc-seeker\"\n  id = \"s\"\n  in = \"panel\"\n  frame = [0, 0, 50, 50]\n",
            "bad.toml:13:3: screens[id=main].controls[id=s].frame: expected no frame on an element that card \"panel\" places (in = \"panel\"), found [0, 0, 50, 50]"
        ),
        (
            rowCard + "  [[screens.controls]]\n  kind = \"arc-seeker\"\n  id = \"s\"\n",
            "bad.toml:9:5: screens[id=main].controls[id=s]: missing the required key \"frame\" (an array of 4 finite numbers)"
        ),
        (
            rowCard + placed(1, in: "nothing"),
            "bad.toml:12:3: screens[id=main].controls[id=e0].in: expected the id of a card with a layout, found \"nothing\", the id of no element on this screen"
        ),
        (
            rowCard + "  [[screens.controls]]\n  kind = \"arc-seeker\"\n  id = \"s\"\n  frame = [0, 0, 90, 90]\n"
                + placed(1, in: "s"),
            "bad.toml:16:3: screens[id=main].controls[id=e0].in: expected the id of a card with a layout, found \"s\", which is not a card"
        ),
        (
            rowCard + "  [[screens.controls]]\n  kind = \"card\"\n  id = \"plain\"\n  frame = [0, 0, 90, 90]\n"
                + placed(1, in: "plain"),
            "bad.toml:16:3: screens[id=main].controls[id=e0].in: expected the id of a card with a layout, found \"plain\", a card without `layout`"
        ),
        (
            rowCard
                + "  [[screens.controls]]\n  kind = \"card\"\n  id = \"self\"\n  layout = \"row\"\n  in = \"self\"\n",
            "bad.toml:13:3: screens[id=main].controls[id=self].in: expected the id of another card, found its own id \"self\""
        ),
        (
            rowCard + "  columns = 3\n",
            "bad.toml:9:3: screens[id=main].controls[id=panel].columns: expected layout = \"grid\" with columns, found layout = \"row\""
        ),
        (
            rowCard + "  padding = 150\n" + placed(1, in: "panel"),
            "bad.toml:8:3: screens[id=main].controls[id=panel].layout: expected room for 1 element inside the padding, title and gaps, found cells of 100 x -100 points"
        ),
        (
            rowCard + "  fit = \"cover\"\n",
            "bad.toml:9:3: screens[id=main].controls[id=panel].fit: unknown key"
        ),
        (
            rowCard
                + "  [[screens.controls]]\n  kind = \"image\"\n  id = \"i\"\n  frame = [0, 0, 90, 90]\n  image = \"none.png\"\n",
            "bad.toml:13:3: screens[id=main].controls[id=i].image: expected a readable PNG file, found \"none.png\" (./none.png: No such file or directory)"
        ),
    ]

    @Test("Layout mistakes give exactly these located messages", arguments: cases)
    func badLayout(text: String, message: String) {
        #expect(errors(text) == [message])
    }
}

@Suite("Config warnings: small touch targets, overlaps, elements off the screen")
struct ConfigWarningTests {
    static let small = """
        [[screens]]
        id = "main"

          [[screens.controls]]
          kind = "arc-seeker"
          id = "small"
          frame = [700, 10, 40, 120]

        """

    @Test(
        "A touch target under 9 mm, measured as the config describes the panel, says which figures it used",
        arguments: [
            (
                "",
                "(40 x 120 points at 1 pixel per point by default, as neither display.scale nor display.width_mm and height_mm is set)"
            ),
            ("scale = 1.5\n", "(40 x 120 points at 1.5 pixels per point from display.scale)"),
            (
                "width_mm = 308.32\nheight_mm = 173.4\n",
                "(40 x 120 points at 0.5 pixels per point from display.width_mm 308.3 over display.size 800x480)"
            ),
        ])
    func tooSmall(display: String, figures: String) throws {
        let found = try warnings("[display]\n" + display + Self.small.replacingOccurrences(of: "700", with: "400"))
        let line = 8 + display.count { $0 == "\n" }
        #expect(
            found == [
                "warning: w.toml:\(line):3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 7.7 x 23.1 mm \(figures)"
            ])
    }

    @Test("With both display.scale and the panel's millimetres, the size is measured on the panel")
    func scaleOnKnownPanel() throws {
        let text =
            "[display]\nscale = 2\nwidth_mm = 154.16\nheight_mm = 86.7\n"
            + Self.small.replacingOccurrences(of: "[700, 10, 40, 120]", with: "[10, 10, 20, 120]")
        #expect(
            try warnings(text) == [
                "warning: w.toml:11:3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 7.7 x 46.2 mm (20 x 120 points at 2 pixels per point from display.scale, on 5.19 pixels per mm from display.width_mm 154.2 over display.size 800x480)"
            ])
    }

    @Test("An element partly or wholly off the screen (the canvas at the scale)")
    func offScreen() throws {
        let text =
            "[display]\nscale = 2\n" + Self.small + """
                  [[screens.controls]]
                  kind = "image"
                  id = "logo"
                  image = "builtin:sun"
                  frame = [350, 200, 100, 100]

                """
        #expect(
            try warnings(text) == [
                "warning: w.toml:9:3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 7.7 x 23.1 mm (40 x 120 points at 2 pixels per point from display.scale)",
                "warning: w.toml:9:3: screens[id=main].controls[id=small].frame: expected a frame within the screen's 400 x 240 points (display.size 800x480 at 2 pixels per point), found [700, 10, 40, 120], wholly off the screen",
                "warning: w.toml:14:3: screens[id=main].controls[id=logo].frame: expected a frame within the screen's 400 x 240 points (display.size 800x480 at 2 pixels per point), found [350, 200, 100, 100], partly off the screen",
            ])
    }

    @Test("Two touchable elements overlapping warn once, on the later; images and cards under or over controls do not")
    func overlaps() throws {
        let text =
            rowCard + placed(2, in: "panel", kind: "circular-slider") + """
                  [[screens.controls]]
                  kind = "image"
                  id = "badge"
                  image = "builtin:dot"
                  frame = [20, 20, 60, 60]
                  [[screens.controls]]
                  kind = "arc-seeker"
                  id = "s1"
                  frame = [400, 200, 100, 100]
                  [[screens.controls]]
                  kind = "arc-seeker"
                  id = "s2"
                  frame = [450, 250, 100, 100]
                  [[screens.controls]]
                  kind = "arc-seeker"
                  id = "ghost"
                  hidden = true
                  frame = [450, 250, 100, 100]

                """
        #expect(
            try warnings(text) == [
                "warning: w.toml:29:3: screens[id=main].controls[id=s2].frame: expected a frame clear of other touchable elements, found it covers 50 x 50 points of \"s1\" (line 25)"
            ])
    }

    @Test("An element a card makes too small is reported at its `in`")
    func laidOutTooSmall() throws {
        let found = try warnings(rowCard + placed(10, in: "panel"))
        #expect(found.count == 10)
        #expect(
            found.first
                == "warning: w.toml:12:3: screens[id=main].controls[id=e0].in: expected at least 9 mm each way for a finger, found 5.9 x 33.9 mm (30.4 x 176 points at 1 pixel per point by default, as neither display.scale nor display.width_mm and height_mm is set)"
        )
    }

    @Test("At run time the size is measured on the connector's physical size")
    func connector() throws {
        let config = try load(
            "[display]\nscale = 1\n" + Self.small.replacingOccurrences(of: "700", with: "10"), file: "w.toml")
        #expect(config.warnings.count == 1)
        let canvas = PixelSize(width: 800, height: 480)
        // A panel twice as coarse as the points assume: 40 points are 15.4 mm there.
        #expect(config.runWarnings(canvas: canvas, physicalMM: PixelSize(width: 308, height: 172)).isEmpty)
        #expect(
            config.runWarnings(canvas: canvas, physicalMM: PixelSize(width: 100, height: 60)).map(\.description) == [
                "warning: w.toml:9:3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 5 x 15 mm (40 x 120 points at 1 pixel per point from display.scale, on 8 pixels per mm from the connector's 100 x 60 mm over 800x480 pixels)"
            ])
        // No size from the connector: what check-config said.
        #expect(config.runWarnings(canvas: canvas, physicalMM: nil) == config.warnings)
        #expect(config.runWarnings(canvas: canvas, physicalMM: PixelSize(width: 0, height: 0)) == config.warnings)
    }

    @Test("check-config prints the warnings on stderr after validating, says how many, and exits 0")
    func checkConfigCommand() throws {
        let binary = try #require(thumbwheelBinary(), "the thumbwheel executable is built beside the tests")
        let dir = makeTemporaryDirectory("warnings")
        let path = dir + "/panel.toml"
        try FileIO.writeAtomically(Array(Self.small.replacingOccurrences(of: "700", with: "780").utf8), to: path)
        let r = try #require(runTool(binary, ["check-config", path]))
        #expect(r.status == 0)
        #expect(r.out == "\(path): OK (1 screen, 1 control, 2 warnings)\n")
        #expect(
            r.err == """
                warning: \(path):7:3: screens[id=main].controls[id=small].frame: expected at least 9 mm each way for a finger, found 7.7 x 23.1 mm (40 x 120 points at 1 pixel per point by default, as neither display.scale nor display.width_mm and height_mm is set)
                warning: \(path):7:3: screens[id=main].controls[id=small].frame: expected a frame within the screen's 800 x 480 points (display.size 800x480 at 1 pixel per point), found [780, 10, 40, 120], partly off the screen

                """)
    }
}
