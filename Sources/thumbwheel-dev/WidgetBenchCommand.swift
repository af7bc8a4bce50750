import Bench
import CLISupport
import Glibc

/// `thumbwheel-dev bench-widgets`: CPU time of one frame while a finger drags the demo thermostat's
/// handle (damage only), and of full 800x480 frames (issue 5's targets: ≤ 0.1 ms and ≤ 1 ms); and of
/// a chart's update.
enum WidgetBenchCommand {
    static let spec = CommandSpec(
        "bench-widgets",
        abstract: "CPU time of a drag frame and a full frame of the demo screen, and of a chart update.",
        arguments: [
            .option("drag-frames", "N", "Drag frames measured.", .integer, default: "2000"),
            .option("full-frames", "N", "Full frames measured.", .integer, default: "100"),
            .flag(
                "demo-only",
                "Only the demo screen's frames, not the chart's and the line fill's (scripts/insn-counts counts them)."
            ),
        ]
    ) { a in
        run(
            dragFrames: max(1, a.int("drag-frames")!), fullFrames: max(1, a.int("full-frames")!),
            demoOnly: a.flag("demo-only"))
    }

    static func run(dragFrames: Int, fullFrames: Int, demoOnly: Bool) {
        let cpuTime = {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        print(WidgetsBenchmark.run(dragFrames: dragFrames, fullFrames: fullFrames, now: cpuTime))
        if demoOnly { return }
        // Issue 35: a chart's update (a sample, then its damaged frame) within 0.1 ms.
        print(ChartBenchmark.run(now: cpuTime))
        print(LineFillBenchmark.run(now: cpuTime))
    }
}

/// `thumbwheel-dev bench-display`: the cost of copying damage to a scan-out buffer, per rotation and format.
enum BenchDisplayCommand {
    static let spec = CommandSpec(
        "bench-display",
        abstract: "The cost of copying damage to the scan-out buffer, per rotation and pixel format."
    ) { _ in
        print(DisplayBenchmark.table(DisplayBenchmark.run()))
    }
}
