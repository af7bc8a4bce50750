import Bench
import ConfigModel
import Controls
import Core
import Glibc
import Raster
import Testing
@testable import Widgets

/// The `chart` kind and the sample history it reads: the rings stay bounded, a new sample damages
/// only the chart, the plot's geometry, and a reference image of line, bar and empty charts.
@Suite("Chart element")
struct ChartTests {
    typealias Sample = SampleHistory.Sample

    func make(
        _ id: String, _ frame: Rect, _ values: [String: ConfigValue], board: ValueBoard, time: MonotonicTime = 0
    ) throws -> Element {
        let context = ElementContext(
            scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark,
            time: time, board: board)
        let kind = try #require(ElementKinds.named("chart"))
        return kind.make(
            ControlConfig(kind: "chart", id: id, frame: frame, properties: ConfigTable(values: values)), in: context)
    }

    @Test("a ring keeps at most its capacity, the newest samples, oldest first")
    func bounded() {
        let history = SampleHistory()
        history.track("t", capacity: 10, window: 90)
        for i in 0..<1000 { history.record("t", Double(i), at: Double(i) * 10) }
        #expect(history.count("t") == 10)
        #expect(history.samples("t").map(\.value) == (990..<1000).map(Double.init))
        #expect(history.samples("t").map(\.time) == (990..<1000).map { Double($0) * 10 })
    }

    @Test("changes faster than the ring's spacing keep the last value of each slot; untracked names are not kept")
    func fastChanges() {
        let history = SampleHistory()
        history.track("t", capacity: 5, window: 40)  // one slot per 10 s
        for i in 0..<500 { history.record("t", Double(i), at: 100 + Double(i) * 0.01) }
        #expect(history.count("t") == 2)
        #expect(history.samples("t").last?.value == 499)
        #expect(!history.record("other", 1, at: 0))
        #expect(history.samples("other").isEmpty)
    }

    @Test("tracking a name again with a wider window or more samples keeps what it holds")
    func widened() {
        let history = SampleHistory()
        history.track("t", capacity: 4, window: 30)
        for i in 0..<4 { history.record("t", Double(i), at: Double(i) * 10) }
        history.track("t", capacity: 8, window: 70)
        #expect(history.capacity("t") == 8)
        #expect(history.samples("t").map(\.value) == [0, 1, 2, 3])
        history.track("t", capacity: 8, window: 70)
        #expect(history.samples("t").count == 4)
    }

    @Test("a new sample damages only the chart, and nothing when no charted value changed")
    func damageOnlyChart() throws {
        let board = ValueBoard(declarations: [.init(id: "temp", initial: .number(20)), .init(id: "other")])
        let chart = try make(
            "trend", Rect(x: 40, y: 100, width: 300, height: 160),
            ["sources": .strings(["temp"]), "minutes": .number(10)],
            board: board)
        let label = TextLabel(
            id: "note", bounds: Rect(x: 0, y: 0, width: 300, height: 40),
            transform: .translation(400, 20), template: try TextTemplate(parsing: "Other {other:.1}"),
            style: .init(size: 20, bold: false, color: .white, align: .left, wrap: false), board: board)
        let view = ScreenView(
            controls: [label, chart.model], background: Theme.dark.background, resources: Fixture.resources(), scale: 1)
        let bitmap = Bitmap(width: 800, height: 480, format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        view.time = 5
        #expect(view.render(into: bitmap.canvas, full: false).isEmpty)
        board.history.record("temp", 21.5, at: 30)
        view.time = 30
        #expect(view.render(into: bitmap.canvas, full: false) == [PixelRect(x: 38, y: 98, width: 304, height: 164)])
        // A variable no chart shows moves the label only.
        board.set("other", .number(3), at: 31)
        view.time = 31
        #expect(view.render(into: bitmap.canvas, full: false) == [PixelRect(x: 398, y: 18, width: 304, height: 44)])
    }

    @Test("a sample inside the written range redraws the plot only, and the frame equals a full redraw")
    func plotOnlyDamage() throws {
        let board = ValueBoard(declarations: [
            .init(id: "a", initial: .number(10)), .init(id: "b", initial: .number(30)),
        ])
        let frame = Rect(x: 40, y: 60, width: 470, height: 330)
        let chart = try make(
            "trend", frame, ["sources": .strings(["a", "b"]), "minutes": .number(60), "unit": .string("°C")],
            board: board)
        func view() -> ScreenView {
            ScreenView(
                controls: [chart.model], background: Theme.dark.background, resources: Fixture.resources(), scale: 1)
        }
        let shown = view()
        let bitmap = Bitmap(width: 800, height: 480, format: .xrgb8888)
        for i in 1...100 {
            board.history.record("a", 10 + Double(i % 17), at: Double(i) * 30)
            board.history.record("b", 30 - Double(i % 11), at: Double(i) * 30)
        }
        shown.time = 3000
        shown.render(into: bitmap.canvas, full: true)
        let box = PixelRect(covering: DamageBox.of(frame, .identity))
        for (i, t) in [3030.0, 3060, 3090].enumerated() {
            // Inside the range written (10 to 30): the labels stay, the lines move.
            board.history.record("a", 12 + Double(i), at: t)
            shown.time = t
            let rects = shown.render(into: bitmap.canvas, full: false)
            #expect(rects.count == 1)
            let r = try #require(rects.first)
            #expect(r.intersection(box) == r, "inside the chart's frame")
            #expect(r.width < box.width && r.height < box.height, "the plot, not the labels and legend: \(r)")
            // The pixels are those of a frame drawn whole.
            let whole = Bitmap(width: 800, height: 480, format: .xrgb8888)
            let fresh = view()
            fresh.time = t
            fresh.render(into: whole.canvas, full: true)
            let differing = (0..<480).reduce(0) { n, y in
                n + (0..<800).filter { bitmap.color(x: $0, y: y) != whole.color(x: $0, y: y) }.count
            }
            #expect(differing == 0, "\(differing) pixels differ from a whole redraw")
        }
        // Above the range: the top label changes, so the whole frame is redrawn.
        board.history.record("a", 45, at: 3120)
        shown.time = 3120
        #expect(shown.render(into: bitmap.canvas, full: false) == [box])
    }

    @Test(
        "the span ends at the newest sample and starts with the value held then; bars show the value at each slot's end"
    )
    func plotGeometry() throws {
        let style = ChartModel.Style(
            bars: nil, minimum: nil, maximum: nil, unit: "", decimals: 1, colors: [.white],
            textSize: 12, lineWidth: 2, text: .white, grid: .white)
        let a = [Sample(time: 0, value: 5), Sample(time: 50, value: 10), Sample(time: 100, value: 20)]
        let b = [Sample(time: 120, value: 15)]
        let plot = try #require(ChartPlot(series: [a, b], window: 100, style: style))
        #expect(plot.start == 20 && plot.end == 120)
        // The range holds the value held at the start (5, set before it), not only the samples inside.
        #expect(plot.low == 5 && plot.high == 20)
        let area = Rect(x: 0, y: 0, width: 100, height: 15)
        #expect(plot.line(a, in: area) == [Point(0, 15), Point(30, 10), Point(80, 0), Point(100, 0)])
        var bars = style
        bars.bars = 4
        let barPlot = try #require(ChartPlot(series: [a], window: 100, style: bars))
        #expect(barPlot.low == 0)
        let drawn = barPlot.bars(a, slots: 4, index: 0, of: 1, in: Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(drawn.map(\.1) == [5, 10, 10, 20])
        #expect(drawn.first?.0.height == 5)
        #expect(ChartPlot(series: [[], []], window: 100, style: style) == nil)
    }

    @Test("a line is filled as one ribbon: square ends, mitred bends, repeated points dropped")
    func ribbon() {
        #expect(
            ChartPlot.ribbon([Point(0, 0), Point(10, 0), Point(10, 0)], halfWidth: 1)
                == [Point(0, -1), Point(10, -1), Point(10, 1), Point(0, 1)])
        let bend = ChartPlot.ribbon([Point(0, 0), Point(10, 0), Point(10, 10)], halfWidth: 1)
        #expect(bend.count == 6)
        // The outer corner of a right angle lies √2 half widths from the bend.
        #expect(abs(bend[1].distance(to: Point(10, 0)) - 2.0.squareRoot()) < 1e-9)
        #expect(ChartPlot.ribbon([Point(3, 3)], halfWidth: 1).isEmpty)
    }

    @Test("a chart starts from its source's current value; line, bar and empty charts (reference image)")
    func look() throws {
        let board = ValueBoard(declarations: [
            .init(id: "greenhouse", initial: .number(18)), .init(id: "outside", initial: .number(9)),
            .init(id: "none"),
        ])
        let line = try make(
            "line", Rect(x: 10, y: 10, width: 380, height: 200),
            ["sources": .strings(["greenhouse", "outside"]), "minutes": .number(120), "unit": .string("°C")],
            board: board)
        #expect(board.history.samples("greenhouse") == [Sample(time: 0, value: 18)])
        let bar = try make(
            "bar", Rect(x: 410, y: 10, width: 300, height: 200),
            [
                "sources": .strings(["greenhouse"]), "style": .string("bar"), "minutes": .number(60), "bars": .int(6),
                "decimals": .int(0), "unit": .string("°C"),
            ], board: board)
        let empty = try make(
            "empty", Rect(x: 10, y: 230, width: 300, height: 120), ["sources": .strings(["none"])], board: board)
        for minute in 1...120 {
            let t = Double(minute) * 60
            board.history.record("greenhouse", 18 + 6 * sin(Double(minute) / 19), at: t)
            if minute % 15 == 0 { board.history.record("outside", 9 + Double(minute) / 20, at: t) }
        }
        try Reference.check(
            Fixture.render([line.model, bar.model, empty.model], width: 720, height: 360, time: 7200), "charts",
            tolerance: 0)
    }
}

@Suite("Chart benchmark")
struct ChartBenchmarkTests {
    @Test("each update of the benchmark damages the chart's frame and nothing else (no timing asserted)")
    func damagesOnlyTheChart() {
        var ticks = 0.0
        let result = ChartBenchmark.run(updates: 30, samples: 50) {
            ticks += 1; return ticks
        }
        // Within the 470x330 chart and its anti-aliasing margin: its plot, when the range written
        // beside it stays (most updates), else all of it.
        #expect(result.damagedPixels > 0 && result.damagedPixels <= 474 * 334)
        #expect(result.updateMedian == 1)
    }
}
