import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Input
@testable import Kiosk
@testable import Platform

/// A real panel's drag as a page swipe: the EP0430M09 recording (MIT, Red Hat; LICENSE beside it in
/// Tests/InputTests/Fixtures) is a vertical drag down and back up. Played into a kiosk whose touch
/// input is turned 90° (`[input] rotation`), it runs across the screen from right to left and back;
/// its first stroke alone (lifted where it turns) is a leftward swipe of about 500 pixels. The whole
/// kiosk runs it (`thumbwheel-dev replay-kiosk`): raw events, rotation, routing, the page swipe.
@Suite("A recorded drag from a real panel, turned 90°, as a page swipe", .serialized)
struct RecordedSwipeTests {
    static let recording = repoPath("Tests/InputTests/Fixtures/EP0430M09.1-finger-drag-up-down.events")
    /// When the recorded finger turns back (its y axis peaks at 618 of 767 at 0.646 s).
    static let turn = 0.65

    static func config(dir: String, rotation: Int = 90) -> String {
        """
        [display]
        backend = "headless"
        size = "800x480"
        [input]
        rotation = \(rotation)
        [state]
        path = "\(dir)/state.json"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [540, 20, 240, 240]
          min = 0
          max = 100
          value = 25
        [[screens]]
        id = "second"
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [20, 20, 160, 60]
        """
    }

    /// Runs the kiosk on the config with the recording played in; its printed lines.
    func replay(_ name: String, _ extra: [String], rotation: Int = 90) throws -> [String] {
        let dir = makeTemporaryDirectory(name)
        let path = dir + "/config.toml"
        try FileIO.writeAtomically(Array(Self.config(dir: dir, rotation: rotation).utf8), to: path)
        let dev = try #require(builtExecutable("thumbwheel-dev"))
        let run = try #require(runTool(dev, ["replay-kiosk", path, Self.recording] + extra))
        #expect(run.status == 0, "replay-kiosk: \(run.err)")
        return run.out.split(separator: "\n").map(String.init)
    }

    @Test("The turned mapping makes the recorded drag horizontal: right to left, then back")
    func mappingIsHorizontal() throws {
        let text = try #require(FileIO.read(Self.recording).map { String(decoding: $0, as: UTF8.self) })
        let parsed = try EvemuParser.parse(text)
        let caps = try #require(parsed.capabilities)
        let result = try RecordingReplayer.replay(
            events: parsed.events, capabilities: caps, displaySize: Size(800, 480), touchRotation: .clockwise90)
        let touches = result.frames.flatMap { f in f.touches.map { (f.time, $0.position) } }
        let first = try #require(touches.first?.1)
        let atTurn = try #require(touches.last { $0.0 <= Self.turn }?.1)
        #expect(first.x - atTurn.x > 400, "the first stroke runs leftwards over 400 px")
        #expect(abs(first.y - atTurn.y) < 60, "and stays nearly level")
    }

    @Test("The first stroke from empty space turns to the next page and moves no control")
    func firstStrokeTurnsThePage() throws {
        let lines = try replay("recorded-swipe", ["--start", "700,400", "--until", "\(Self.turn)"])
        #expect(lines.contains("screen second"), "lines: \(lines)")
        #expect(lines.last == "final screen second")
        #expect(!lines.contains { $0.hasPrefix("value ") }, "no control value changed: \(lines)")
    }

    @Test("Not turned, the same stroke runs down the screen: no page turn (vertical swipes are reserved)")
    func unturnedStrokeIsVertical() throws {
        let lines = try replay("recorded-swipe-upright", ["--start", "300,60", "--until", "\(Self.turn)"], rotation: 0)
        #expect(!lines.contains { $0.hasPrefix("screen ") }, "lines: \(lines)")
        #expect(lines.last == "final screen main")
    }

    @Test("The whole drag, out and back: the page follows and comes back; nothing changes")
    func outAndBackStays() throws {
        let lines = try replay("recorded-swipe-back", ["--start", "700,400"])
        #expect(!lines.contains { $0.hasPrefix("screen ") }, "lines: \(lines)")
        #expect(lines.last == "final screen main")
        #expect(!lines.contains { $0.hasPrefix("value ") })
    }

    @Test("The same stroke starting on the dial's handle turns the dial, not the page")
    func strokeOnTheDialMovesTheDial() throws {
        let dir = makeTemporaryDirectory("recorded-swipe-dial-config")
        let path = dir + "/config.toml"
        try FileIO.writeAtomically(Array(Self.config(dir: dir).utf8), to: path)
        let config = try ConfigLoader.load(path: path)
        let canvas = PixelSize(width: 800, height: 480)
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: canvas,
            scale: PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil), time: 0)
        let handle = try #require(screen.element(id: "dial")?.describe(time: 0).points.first { $0.name == "handle" })
        let lines = try replay(
            "recorded-swipe-dial",
            ["--start", "\(Int(handle.point.x)),\(Int(handle.point.y))", "--until", "\(Self.turn)"])
        let values = lines.filter { $0.hasPrefix("value dial ") }
        #expect(values.contains { $0 != "value dial single(25.0)" }, "the dial moved from 25: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("screen ") }, "the page did not turn: \(lines)")
        #expect(lines.last == "final screen main")
    }
}
