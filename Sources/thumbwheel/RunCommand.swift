import ConfigLoading
import CLISupport
import Core
import Glibc
import Kiosk

/// `thumbwheel run [--config FILE] [--headless]`: the kiosk.
enum RunCommand {
    static let defaultConfig = "/etc/thumbwheel/config.toml"

    static let spec = CommandSpec(
        "run",
        abstract: "Run the kiosk: DRM/KMS, then fbdev, then headless.",
        discussion: """
            Sends READY=1 to systemd once the first frame is on screen and WATCHDOG=1 while it runs; \
            SIGHUP re-reads the config (a bad one is refused and the running one kept); SIGTERM saves and exits 0. \
            An invalid config is shown on the panel, over the last config that started the kiosk (kept in the state \
            folder) or a blank screen, and the kiosk waits for the file to be fixed instead of exiting.
            """,
        arguments: [
            .option("config", "FILE", "The config file.", default: defaultConfig, completion: .file),
            .flag(
                "headless",
                "Draw into memory instead of a display (the control socket still works), whatever the config says."),
        ]
    ) { a in
        try run(config: a.string("config")!, headless: a.flag("headless"))
    }

    static func run(config: String, headless: Bool) throws {
        try requireReadable(config, for: "run")
        var options = RunOptions(configPath: config)
        options.forceHeadless = headless
        // An invalid config does not stop the kiosk: it runs the last good one (or a blank panel) with
        // the errors shown, and takes the file once it is fixed (ConfigRecovery).
        let app = KioskApp(recovering: options)
        let code = app.run(adapters: Adapters.make)
        if code != 0 { throw ExitStatus(code) }
    }
}

/// A usage error (exit 2, one line) unless `path` can be read (and written, with `writable`).
func requireReadable(_ path: String, writable: Bool = false, for command: String) throws {
    guard access(path, writable ? R_OK | W_OK : R_OK) != 0 else { return }
    throw UsageError(
        "\(command): cannot \(writable ? "read and write" : "read") \(path): \(String(cString: strerror(errno)))")
}

/// "1 error", "3 errors".
func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

/// A `WxH` pixel size given on the command line, such as 800x480.
struct SizeArgument {
    var width: Int
    var height: Int

    /// Core's one WxH parser, with its limits.
    init?(argument: String) {
        guard let s = try? PixelSize.parse(argument) else { return nil }
        width = s.width; height = s.height
    }

    /// The argument's value check, for `ArgumentSpec.Value.custom`.
    static let value = ArgumentSpec.Value.custom { SizeArgument(argument: $0) != nil }

    var pixelSize: PixelSize { PixelSize(width: width, height: height) }

    /// Throws unless the size is one the kiosk draws a canvas of (`ConfigLimits.canvasExcess`): for
    /// the commands whose `--size` is a canvas, not only a mapping of touches.
    func checkCanvas() throws {
        if let excess = ConfigLimits.canvasExcess(pixelSize) { throw InvalidArguments("--size: \(excess)") }
    }
    var size: Size { Size(Double(width), Double(height)) }
}
