import ConfigLoading
import CLISupport
import Kiosk
import MQTTAdapter

/// The `thumbwheel` command line: the kiosk and the tools that go with it on the device. Usage text,
/// errors, shell completions and the man page all come from these command descriptions (CLISupport);
/// the benchmarks and test helpers are in `thumbwheel-dev`.
@main
enum Thumbwheel {
    static let version = "thumbwheel \(thumbwheelVersion)"

    /// The whole tree; `generate-manual` and the completions are made from it too.
    static let command: CommandSpec = CommandSpec(
        "thumbwheel",
        abstract:
            "A touchscreen kiosk for embedded Linux: thumb-operated controls drawn on DRM/KMS or fbdev, driven by evdev multitouch.",
        discussion: """
            Every control, its place and its value come from one TOML config file (see `thumbwheel config-reference`). \
            A running kiosk is driven over its control socket with `thumbwheel ctl`.

            Usage mistakes (unknown commands or options, missing values, unreadable files) print one line and exit with status 2.
            Shell completions: `thumbwheel --generate-completion-script bash|zsh|fish`. \
            Man page: `thumbwheel generate-manual > thumbwheel.1`.
            """,
        version: version,
        subcommands: [
            RunCommand.spec, SimulateCommand.spec, RenderCommand.spec, CheckConfigCommand.spec,
            ConfigReferenceCommand.spec,
            CtlCommand.spec, ReplayCommand.spec, ListDevicesCommand.spec, CalibrateCommand.spec,
            generateManual,
        ])

    static func main() {
        // The adapters linked into this program say what each needs of the machine (check-config warns).
        MQTTProbes.register()
        CommandLineTool.main(command)
    }

    /// `thumbwheel generate-manual`: the roff man page, made from the commands' own help.
    static let generateManual: CommandSpec = CommandSpec(
        "generate-manual",
        abstract: "Print the man page (roff) for thumbwheel, made from the commands' own help.",
        hidden: true
    ) { _ in
        print(ManualPage.roff(for: Thumbwheel.command), terminator: "")
    }
}
