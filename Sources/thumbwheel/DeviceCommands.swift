import Display
import Glibc
import Kiosk

/// `thumbwheel calibrate [--config FILE]`: targets on the panel; writes the matrix into the config.
enum CalibrateCommand {
    static func run(_ args: [String]) -> Int32 {
        var path = RunCommand.defaultConfig
        if args.count == 2, args[0] == "--config" { path = args[1] } else if !args.isEmpty {
            return CLI.fail("usage: thumbwheel calibrate [--config FILE]")
        }
        guard access(path, R_OK | W_OK) == 0 else {
            return CLI.fail("calibrate: cannot read and write \(path): \(String(cString: strerror(errno)))")
        }
        do { return try Calibrator(configPath: path).run() } catch {
            for e in error.errors { CLI.printError(e.description) }
            return 1
        }
    }
}

/// `thumbwheel bench-display`: the cost of copying damage to a scan-out buffer, per rotation and format.
enum BenchDisplayCommand {
    static func run(_ args: [String]) -> Int32 {
        guard args.isEmpty else { return CLI.fail("usage: thumbwheel bench-display") }
        print(DisplayBenchmark.table(DisplayBenchmark.run()))
        return 0
    }
}

/// `thumbwheel list-devices`: the displays (DRM cards, connectors, modes), then the input devices
/// with the one that would be used and why the others are not.
enum ListAllDevicesCommand {
    static func run(_ args: [String]) -> Int32 {
        if !args.contains("--watch") {
            print("displays:")
            DRMInventory.describe().forEach { print("  " + $0) }
            print("  /dev/fb0 (fbdev fallback): \(access("/dev/fb0", F_OK) == 0 ? "present" : "absent")")
            print("input devices:")
            fflush(nil)
        }
        return ListDevicesCommand.run(args)
    }
}
