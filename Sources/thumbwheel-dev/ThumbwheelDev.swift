import CLISupport

/// `thumbwheel-dev`: the development tools that stay out of the kiosk binary: the benchmarks
/// (rasterizer scenes, widget frames, display copies) and the helpers tests spawn. Its command line
/// is the kiosk's own (CLISupport): the same help layout, usage errors and completion scripts.
@main
enum ThumbwheelDev {
    /// The whole tree; `--help` and the completion scripts are made from it.
    static let command = CommandSpec(
        "thumbwheel-dev",
        abstract: "Thumbwheel's development tools: benchmarks and test helpers (not installed on the kiosk).",
        subcommands: [
            BenchCommand.spec, WidgetBenchCommand.spec, BenchDisplayCommand.spec, PanelBenchCommand.spec,
            LatencyBenchCommand.spec, StateTortureCommand.spec, ReplayKioskCommand.spec, SwipeBenchCommand.spec,
        ])

    static func main() { CommandLineTool.main(command) }
}
