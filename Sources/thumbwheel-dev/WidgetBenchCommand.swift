import Glibc
import Widgets

/// `thumbwheel bench-widgets`: CPU time of one frame while a finger drags the demo thermostat's handle
/// (damage only), and of full 800x480 frames (issue 5's targets: ≤ 0.1 ms and ≤ 1 ms).
enum WidgetBenchCommand {
    static func run(_ args: [String]) -> Int32 {
        guard args.isEmpty else { return CLI.fail("usage: thumbwheel bench-widgets") }
        let result = WidgetsBenchmark.run {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        print(result)
        return 0
    }
}
