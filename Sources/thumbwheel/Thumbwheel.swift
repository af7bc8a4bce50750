import ArgumentParser
import CLISupport
import Kiosk

/// The `thumbwheel` command line: the kiosk and the tools that go with it on the device. Usage text,
/// errors, shell completions and the man page all come from these command types (ArgumentParser);
/// the benchmarks and test helpers are in `thumbwheel-dev`.
@main
struct Thumbwheel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbwheel",
        abstract: "A touchscreen kiosk for embedded Linux: thumb-operated controls drawn on DRM/KMS or fbdev, driven by evdev multitouch.",
        discussion: """
            Every control, its place and its value come from one TOML config file (see `thumbwheel config-reference`). \
            A running kiosk is driven over its control socket with `thumbwheel ctl`.

            Usage mistakes (unknown commands or options, missing values, unreadable files) print one line and exit with status 2.
            Shell completions: `thumbwheel --generate-completion-script bash|zsh|fish`. \
            Man page: `thumbwheel generate-manual > thumbwheel.1`.
            """,
        version: "thumbwheel \(thumbwheelVersion)",
        subcommands: [
            RunCommand.self, SimulateCommand.self, RenderCommand.self, CheckConfigCommand.self, ConfigReferenceCommand.self,
            CtlCommand.self, ReplayCommand.self, ListDevicesCommand.self, CalibrateCommand.self,
            GenerateManualCommand.self,
        ])

    static func main() {
        let arguments = CtlCommand.negativeNumbersAsValues(Array(CommandLine.arguments.dropFirst()))
        CommandLineTool.main(Thumbwheel.self, name: "thumbwheel", arguments: arguments)
    }

    /// No command given: the help, on stderr, and the usage-error status (as before ArgumentParser).
    func run() throws {
        CommandLineTool.printError(Thumbwheel.helpMessage())
        throw ExitCode(CommandLineTool.usageError)
    }
}

/// `thumbwheel generate-manual`: the roff man page, made from the commands' own help.
struct GenerateManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-manual",
        abstract: "Print the man page (roff) for thumbwheel, made from the commands' own help.",
        shouldDisplay: false)

    func run() throws {
        print(try ManualPage.roff(for: Thumbwheel.self), terminator: "")
    }
}
