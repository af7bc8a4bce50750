import ArgumentParser
import CLISupport
import Display
import Glibc
import Kiosk

/// `thumbwheel calibrate [--config FILE]`: targets on the panel; writes the matrix into the config.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Show five targets on the panel and write the touch calibration matrix into the config.",
        discussion: "Run it with the kiosk service stopped: it takes the display and the touch device itself.")

    @Option(help: ArgumentHelp("The config to read the display and input from and to write the matrix into.", valueName: "FILE"),
            completion: .file(extensions: ["toml"]))
    var config = RunCommand.defaultConfig

    func run() throws {
        try requireReadable(config, writable: true, for: "calibrate")
        let code: Int32
        do { code = try Calibrator(configPath: config).run() } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            throw ExitCode.failure
        }
        if code != 0 { throw ExitCode(code) }
    }
}
