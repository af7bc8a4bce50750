import ConfigModel
import Controls
import Core
import Testing
@testable import Widgets

/// Charts of one source over different windows, and histories across reloads (issue 42 items 4, 6).
@Suite("Chart windows")
struct ChartWindowTests {
    /// A chart of `sources` over `minutes` with `samples`, as the config gives it.
    static func chart(_ id: String, _ sources: [String], minutes: Double, samples: Int = 150) -> ControlConfig {
        ControlConfig(
            kind: "chart", id: id, frame: Rect(x: 0, y: 0, width: 300, height: 150),
            properties: ConfigTable(values: [
                "sources": .strings(sources), "minutes": .number(minutes), "samples": .int(samples),
            ]))
    }

    @Test(
        "A 1-minute chart sharing its source with a 60-minute chart keeps its own resolution: a sample a second, not one per 24 s"
    )
    func eachWindowItsOwnRing() {
        let history = SampleHistory()
        ElementKinds.trackHistory(
            of: [Self.chart("short", ["t"], minutes: 1), Self.chart("long", ["t"], minutes: 60)], in: history)
        for i in 0..<600 { history.record("t", Double(i), at: Double(i)) }
        let now = 599.0
        let short = history.samples("t", window: 60).filter { $0.time >= now - 60 }
        let long = history.samples("t", window: 3600)
        #expect(short.count >= 60, "the 1-minute chart has \(short.count) samples in its minute")
        #expect(history.capacity("t", window: 60) == 150 && history.capacity("t", window: 3600) == 150)
        // The hour's ring spaces its samples over the hour: about one per 24 s.
        #expect(long.count >= 24 && long.count <= 27, "\(long.count)")
        #expect(history.windows("t") == [60, 3600])
        #expect(history.samples("t", window: 60).last?.value == 599 && long.last?.value == 599)
    }

    @Test("At a reload the history follows the config: sources and windows no chart shows any more are dropped")
    func reloadDropsWhatNoChartShows() {
        let history = SampleHistory()
        var charts = [Self.chart("a", ["a", "b"], minutes: 1), Self.chart("b", ["a"], minutes: 10)]
        for round in 0..<30 {
            // Each "reload" renames the second source: without dropping, a ring a round stays forever.
            charts[0] = Self.chart("a", ["a", "b\(round)"], minutes: 1)
            ElementKinds.trackHistory(of: charts, in: history)
            for i in 0..<10 { history.record("a", Double(i), at: Double(round * 10 + i)) }
            history.record("b\(round)", 1, at: Double(round * 10))
        }
        #expect(history.ringCount == 3, "\(history.tracked)")
        #expect(history.tracked == ["a", "b29"])
        // What a chart still shows keeps its samples across the reloads.
        #expect(history.samples("a", window: 600).count > 10)
        ElementKinds.trackHistory(of: [Self.chart("a", ["a"], minutes: 1)], in: history)
        #expect(history.windows("a") == [60] && history.ringCount == 1)
    }

    @Test("A persisted source stops being persisted when its chart no longer asks")
    func persistFollowsConfig() {
        let history = SampleHistory()
        var chart = Self.chart("a", ["a"], minutes: 1)
        chart.properties.values["persist"] = .bool(true)
        ElementKinds.trackHistory(of: [chart], in: history)
        #expect(history.persisted == ["a"])
        ElementKinds.trackHistory(of: [Self.chart("a", ["a"], minutes: 1)], in: history)
        #expect(history.persisted.isEmpty)
    }
}
