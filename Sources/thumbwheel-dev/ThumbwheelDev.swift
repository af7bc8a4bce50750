import ArgumentParser
import CLISupport

/// `thumbwheel-dev`: the development tools that stay out of the kiosk binary: the benchmarks
/// (rasterizer scenes, widget frames, display copies) and the helpers tests spawn.
@main
struct ThumbwheelDev: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbwheel-dev",
        abstract: "Thumbwheel's development tools: benchmarks and test helpers (not installed on the kiosk).",
        subcommands: [BenchCommand.self, WidgetBenchCommand.self, BenchDisplayCommand.self, PanelBenchCommand.self, LatencyBenchCommand.self,
                      StateTortureCommand.self])

    static func main() { DevCommandLine.main(ThumbwheelDev.self, name: "thumbwheel-dev") }

    /// No command given: the help, on stderr, and the usage-error status.
    func run() throws {
        CommandLineTool.printError(ThumbwheelDev.helpMessage())
        throw ExitCode(CommandLineTool.usageError)
    }
}
