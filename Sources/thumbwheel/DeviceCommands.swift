import ConfigLoading
import CLISupport
import Display
import Glibc
import Kiosk

/// `thumbwheel calibrate [--config FILE]`: targets on the panel; writes the matrix into the config.
enum CalibrateCommand {
    static let spec = CommandSpec(
        "calibrate",
        abstract: "Show five targets on the panel and write the touch calibration matrix into the config.",
        discussion: "Run it with the kiosk service stopped: it takes the display and the touch device itself.",
        arguments: [
            .option(
                "config", "FILE", "The config to read the display and input from and to write the matrix into.",
                default: RunCommand.defaultConfig, completion: .file)
        ]
    ) { a in try run(config: a.string("config")!) }

    static func run(config: String) throws {
        try requireReadable(config, writable: true, for: "calibrate")
        let code: Int32
        do { code = try Calibrator(configPath: config).run() } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            throw ExitStatus.failure
        }
        if code != 0 { throw ExitStatus(code) }
    }
}
