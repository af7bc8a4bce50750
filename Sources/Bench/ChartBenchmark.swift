import ConfigModel
import Core
import Raster
import Widgets

/// The cost of a chart update (issue 35's target: ≤ 0.1 ms): a new sample of a charted value
/// recorded into the history, then the frame that redraws the chart (its frame only) on an 800x480
/// screen. The chart is a line chart of two sources with a full ring each. Widgets reads no clock:
/// the caller passes one, in seconds.
public enum ChartBenchmark {
    /// The measured figures, in seconds.
    public struct Result: Sendable, CustomStringConvertible {
        /// Median CPU time of one update: the sample recorded and the damaged frame drawn.
        public var updateMedian: Double
        /// 90th percentile of the same.
        public var updateP90: Double
        /// Mean damaged pixels per update.
        public var damagedPixels: Double

        public var description: String {
            func us(_ s: Double) -> String { String(Int((s * 1_000_000).rounded())) + " µs" }
            return "chart update median \(us(updateMedian)) (p90 \(us(updateP90)), \(Int(damagedPixels)) px damaged)"
        }
    }

    /// Runs `updates` updates of a 470x330 chart with `samples` samples per source.
    public static func run(updates: Int = 2000, samples: Int = 360, now: () -> Double) -> Result {
        let theme = Theme.dark
        let resources = Resources(theme: theme, images: ImageCatalog.builtin(), faces: .open())
        let board = ValueBoard(declarations: [
            .init(id: "inside", initial: .number(20)), .init(id: "outside", initial: .number(8)),
        ])
        let context = ElementContext(
            scale: 1, configDirectory: "/", screenSize: Size(800, 480), theme: theme, time: 0, board: board)
        let table = ConfigTable(values: [
            "sources": .strings(["inside", "outside"]), "minutes": .number(360),
            "samples": .int(samples), "unit": .string("°C"),
        ])
        guard let kind = ElementKinds.named("chart") else {
            return Result(updateMedian: 0, updateP90: 0, damagedPixels: 0)
        }
        let chart = kind.make(
            ControlConfig(
                kind: "chart", id: "trend", frame: Rect(x: 24, y: 60, width: 470, height: 330),
                properties: table), in: context)
        let view = ScreenView(controls: [chart.model], background: theme.background, resources: resources, scale: 1)
        let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)
        // A minute apart: every sample takes a slot of its own, so the rings are full before timing starts.
        var t = 0.0
        func sample(_ i: Int) {
            t += 60
            board.history.record("inside", 20 + Double(i % 37) / 10, at: t)
            board.history.record("outside", 8 + Double(i % 53) / 10, at: t)
        }
        for i in 0..<samples { sample(i) }
        view.time = t
        view.render(into: screen.canvas, full: true)
        var times: [Double] = []
        var damaged = 0
        for i in 0..<updates {
            let a = now()
            sample(i)
            view.time = t
            let rects = view.render(into: screen.canvas, full: false)
            times.append(now() - a)
            damaged += rects.reduce(0) { $0 + $1.width * $1.height }
        }
        times.sort()
        return Result(
            updateMedian: times[times.count / 2], updateP90: times[times.count * 9 / 10],
            damagedPixels: Double(damaged) / Double(max(1, updates)))
    }
}
