import Glibc
import Kiosk

/// `thumbwheel run [--config FILE] [--headless]`: the kiosk.
enum RunCommand {
    static let defaultConfig = "/etc/thumbwheel/config.toml"

    static func run(_ args: [String]) -> Int32 {
        var configPath = defaultConfig
        var headless = false
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--config":
                guard i + 1 < args.count else { return CLI.fail("run: --config needs a file") }
                configPath = args[i + 1]; i += 2
            case "--headless": headless = true; i += 1
            default: return CLI.fail("run: unknown option \(args[i]) (see thumbwheel --help)")
            }
        }
        guard access(configPath, R_OK) == 0 else {
            return CLI.fail("run: cannot read \(configPath): \(String(cString: strerror(errno)))")
        }
        var options = RunOptions(configPath: configPath)
        options.forceHeadless = headless
        do {
            let app = try KioskApp(options: options)
            return app.run()
        } catch {
            for e in error.errors { CLI.printError(e.description) }
            CLI.printError("run: \(configPath) is invalid (\(error.errors.count) error\(error.errors.count == 1 ? "" : "s"))")
            return 1
        }
    }
}
