import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Builds elements of any kind from a few keys, on a board the test controls.
struct PanelFixture {
    let board: ValueBoard
    var context: ElementContext {
        ElementContext(
            scale: 1, configDirectory: "/nonexistent", screenSize: Size(480, 320), theme: .dark, time: 0, board: board)
    }

    init(_ declarations: [ValueBoard.Declaration] = [], controls: [String: StoredValue] = [:]) {
        board = ValueBoard(declarations: declarations, time: 0) { controls[$0] }
    }

    func make(_ kind: String, _ id: String, _ frame: Rect, _ keys: [String: ConfigValue]) -> Element {
        let config = ControlConfig(kind: kind, id: id, frame: frame, properties: ConfigTable(values: keys))
        return ElementKinds.named(kind)!.make(config, in: context)
    }

    func label(_ id: String, _ frame: Rect, _ text: String, _ keys: [String: ConfigValue] = [:]) -> Element {
        make("label", id, frame, keys.merging(["text": .string(text)]) { a, _ in a })
    }
}

extension Element {
    /// What a screen draws for the element: its model, then its decorations.
    var drawn: [any TouchControl] { [model] + decorations }
}

@Suite("Labels and readouts: look and damage")
struct PanelTextLookTests {
    @Test(
        "Labels: left, centre and right, bold and coloured, cut with …, UTF-8 symbols, — for no value, dimmed when stale"
    )
    func labelLines() throws {
        let f = PanelFixture(
            [
                .init(id: "outdoor", initial: .number(4.5)), .init(id: "mode", initial: .number(1)),
                .init(id: "never"), .init(id: "old", staleAfter: 60, initial: .number(-3.25)),
            ],
            controls: ["humidity": .single(48)])
        let w = 440.0
        let labels = [
            f.label("a", Rect(x: 20, y: 10, width: w, height: 36), "Outside {outdoor:.1} °C", ["size": .number(22)]),
            f.label(
                "b", Rect(x: 20, y: 50, width: w, height: 36), "Mode: {mode:words=Off|Heat|Cool}",
                ["size": .number(22), "bold": .bool(true), "align": .string("center")]),
            f.label(
                "c", Rect(x: 20, y: 90, width: w, height: 36), "Humidity {humidity} % rH ± 2",
                ["size": .number(22), "align": .string("right"), "color": .color(Color(rgb: 0x7FA8C6))]),
            f.label(
                "d", Rect(x: 20, y: 130, width: 300, height: 36),
                "The filter in the ventilation unit needs changing soon",
                ["size": .number(22)]),
            f.label(
                "e", Rect(x: 20, y: 170, width: w, height: 36), "Flow 3.2 µl/s · 12 m² · Grüße – ±0.5 °C",
                ["size": .number(22)]),
            f.label("f", Rect(x: 20, y: 210, width: w, height: 36), "Outside {never:.1} °C", ["size": .number(22)]),
            f.label("g", Rect(x: 20, y: 250, width: w, height: 36), "Stale {old:.1} °C", ["size": .number(22)]),
        ]
        let bitmap = Fixture.render(labels.flatMap(\.drawn), width: 480, height: 300, time: 100)
        try Reference.check(bitmap, "label-lines", tolerance: 0)
    }

    @Test("Wrapped labels: words on the lines that fit, centred as a block; what does not fit ends in …")
    func labelWrap() throws {
        let f = PanelFixture()
        let text = "Press and hold the dial to change the set-point; the heating follows within a minute."
        let labels = [
            f.label(
                "w1", Rect(x: 20, y: 20, width: 200, height: 160), text, ["wrap": .bool(true), "size": .number(18)]),
            f.label(
                "w2", Rect(x: 240, y: 20, width: 200, height: 70), text,
                ["wrap": .bool(true), "size": .number(18), "align": .string("center")]),
            f.label(
                "w3", Rect(x: 240, y: 110, width: 200, height: 70),
                "Ventilationsanlagenwartungsintervall überschritten",
                ["wrap": .bool(true), "size": .number(18), "align": .string("right")]),
        ]
        let bitmap = Fixture.render(labels.flatMap(\.drawn), width: 460, height: 200)
        try Reference.check(bitmap, "label-wrap", tolerance: 0)
    }

    @Test("A dial's readout: its own value, big and centred inside the track")
    func dialReadout() throws {
        let f = PanelFixture()
        let dial = f.make(
            "circular-slider", "temperature", Rect(x: 20, y: 20, width: 240, height: 240),
            ["min": .number(10), "max": .number(30), "value": .number(21.5), "readout": .string("{value:.1} °C")])
        let bitmap = Fixture.render(dial.drawn, width: 280, height: 280)
        try Reference.check(bitmap, "readout-dial", tolerance: 0)
    }

    @Test("A range slider over the minutes of a day reads 07:00–19:30 with {value:time}")
    func rangeReadout() throws {
        let f = PanelFixture()
        let range = f.make(
            "range-slider", "heating", Rect(x: 20, y: 20, width: 240, height: 240),
            [
                "min": .number(0), "max": .number(1440), "value": .number(420), "second_value": .number(1170),
                "readout": .string("{value:time}"),
            ])
        let readout = try #require(range.decorations.first as? Readout)
        #expect(readout.rendered(at: 0).text == "07:00–19:30")
        let bitmap = Fixture.render(range.drawn, width: 280, height: 280)
        try Reference.check(bitmap, "readout-range-time", tolerance: 0)
    }

    @Test(
        "Setting a variable damages only the label that shows it; staleness damages it once; a dial's change damages its readout and the label showing it"
    )
    func damage() throws {
        let f = PanelFixture([
            .init(id: "outdoor", staleAfter: 30, initial: .number(4)), .init(id: "indoor", initial: .number(21)),
        ])
        let outdoor = f.label("out", Rect(x: 10, y: 10, width: 200, height: 30), "Outside {outdoor} °C")
        let indoor = f.label("in", Rect(x: 10, y: 50, width: 200, height: 30), "Inside {indoor} °C")
        let dial = f.make(
            "circular-slider", "dial", Rect(x: 220, y: 10, width: 160, height: 160),
            ["value": .number(40), "readout": .string("{value}")])
        let shown = f.label("shown", Rect(x: 10, y: 90, width: 200, height: 30), "Dial {dial}")
        let slider = try #require(dial.model as? CircularSlider)
        f.board.controlValue = { $0 == "dial" ? dial.value : nil }
        let view = ScreenView(
            controls: [outdoor, indoor, shown, dial].flatMap(\.drawn), background: Theme.dark.background,
            resources: Fixture.resources(), scale: 1)
        let bitmap = Bitmap(width: 400, height: 200, format: .xrgb8888)
        view.time = 1
        view.render(into: bitmap.canvas, full: true)
        #expect(view.render(into: bitmap.canvas, full: false).isEmpty, "nothing changed, nothing drawn")

        func box(_ e: Element) -> PixelRect { PixelRect(covering: DamageBox.of(e.model.bounds, e.model.transform)) }
        f.board.set("outdoor", .number(5), at: 2)
        view.time = 2
        #expect(view.render(into: bitmap.canvas, full: false) == [box(outdoor)])
        // The same value again refreshes it but draws nothing.
        f.board.set("outdoor", .number(5), at: 3)
        view.time = 3
        #expect(view.render(into: bitmap.canvas, full: false).isEmpty)
        // Stale from 33 s: the label dims once.
        #expect(f.board.nextStaleTime(after: 3) == 33)
        view.time = 33
        #expect(view.render(into: bitmap.canvas, full: false) == [box(outdoor)])
        view.time = 40
        #expect(view.render(into: bitmap.canvas, full: false).isEmpty)
        // The dial moves: its readout's band and the label showing it are damaged, the other labels are not.
        slider.currentValue = 60
        let rects = view.render(into: bitmap.canvas, full: false)
        #expect(rects.contains { $0.intersection(box(shown)) == box(shown) })
        #expect(!rects.contains { !$0.intersection(box(outdoor)).isEmpty || !$0.intersection(box(indoor)).isEmpty })
        let center = PixelRect(x: 299, y: 89, width: 2, height: 2)
        #expect(rects.contains { !$0.intersection(center).isEmpty }, "the readout in the dial's middle is redrawn")
        // And what was drawn step by step equals a fresh full frame.
        let fresh = Bitmap(width: 400, height: 200, format: .xrgb8888)
        let again = ScreenView(
            controls: [outdoor, indoor, shown, dial].flatMap(\.drawn), background: Theme.dark.background,
            resources: Fixture.resources(), scale: 1)
        again.time = 40
        again.render(into: fresh.canvas, full: true)
        // Within the few steps an arc of another sweep moves anti-aliased pixels (see DamageTests).
        #expect(DamageTests.matches(fresh, bitmap))
    }

    @Test("A label holds no value, takes no touch, and is listed with its frame")
    func labelElement() {
        let f = PanelFixture()
        let label = f.label("title", Rect(x: 10, y: 10, width: 100, height: 20), "Heating")
        #expect(label.value == nil)
        #expect(throws: Element.ValueError.self) { try label.setValue(.single(1), time: 0) }
        #expect(!label.model.claims(Point(50, 10)))
        #expect(label.describe(time: 0).frame == Rect(x: 10, y: 10, width: 100, height: 20))
    }
}

@Suite("Value board")
struct ValueBoardTests {
    @Test("Variables are read before controls; a never-set variable has no value; unknown names have none")
    func lookup() {
        let board = ValueBoard(
            declarations: [.init(id: "outdoor"), .init(id: "note", type: .text, initial: .text("hi"))], time: 5
        ) {
            $0 == "range" ? .pair(1, 2) : ($0 == "dial" ? .single(3) : nil)
        }
        #expect(board.value(of: "outdoor") == nil && board.value(of: "note") == .text("hi"))
        #expect(
            board.value(of: "range") == .pair(1, 2) && board.value(of: "dial") == .number(3)
                && board.value(of: "x") == nil)
        #expect(board.variable("note")?.setAt == 5 && board.variable("outdoor")?.setAt == nil)
        #expect(board.set("outdoor", .number(4.5), at: 6) && !board.set("nope", .number(1), at: 6))
        #expect(
            board.render(
                try! TextTemplate(parsing: "{outdoor} {dial} {value}"), at: 6, ownName: "value", own: .number(9)
            ).text
                == "4.5 3 9")
    }

    @Test("Stale from stale_after seconds after the last set; the next stale time is the earliest still ahead")
    func staleness() {
        let board = ValueBoard(
            declarations: [
                .init(id: "a", staleAfter: 10, initial: .number(1)), .init(id: "b", staleAfter: 5),
                .init(id: "c"),
            ], time: 0)
        #expect(board.nextStaleTime(after: 0) == 10, "b has no value yet, c never goes stale")
        #expect(!board.isStale("a", at: 9.99) && board.isStale("a", at: 10))
        board.set("b", .number(2), at: 1)
        #expect(board.nextStaleTime(after: 1) == 6)
        #expect(board.nextStaleTime(after: 6) == 10)
        #expect(board.nextStaleTime(after: 10) == nil)
        board.set("a", .number(1), at: 12)
        #expect(!board.isStale("a", at: 13) && board.nextStaleTime(after: 13) == 22)
        let t = try! TextTemplate(parsing: "{a} {b} {c}")
        #expect(board.render(t, at: 13).stale && !board.render(try! TextTemplate(parsing: "{a} {c}"), at: 13).stale)
        #expect(!board.isStale("c", at: 1e9) && !board.isStale("dial", at: 1e9))
    }

    @Test(
        "A kept rendering is rewritten when a value it reads changes (variable, control, own value), and still reports staleness"
    )
    func reusedRendering() {
        var dial = 3.0
        let board = ValueBoard(declarations: [.init(id: "a", staleAfter: 10, initial: .number(1))], time: 0) {
            $0 == "dial" ? .single(dial) : nil
        }
        let t = try! TextTemplate(parsing: "{a}/{dial}/{value:.1}/{a}")
        var kept = RenderedText()
        func shown(_ own: Double, at time: Double) -> (text: String, stale: Bool) {
            board.render(t, at: time, ownName: "value", own: .number(own), reusing: &kept)
        }
        #expect(shown(2, at: 1) == ("1/3/2.0/1", false))
        #expect(shown(2, at: 2) == ("1/3/2.0/1", false))
        dial = 4
        #expect(shown(2, at: 3) == ("1/4/2.0/1", false))
        #expect(shown(2.25, at: 4) == ("1/4/2.3/1", false))
        board.set("a", .text("x"), at: 5)
        #expect(shown(2.25, at: 6) == ("x/4/2.3/x", false))
        #expect(shown(2.25, at: 15) == ("x/4/2.3/x", true), "stale without any value changing")
        #expect(shown(2.25, at: 15) == board.render(t, at: 15, ownName: "value", own: .number(2.25)))
    }
}
