import Glibc
import Kiosk

/// `thumbwheel check-config FILE`: validates a config and prints every mistake with its place.
enum CheckConfigCommand {
    static func run(_ args: [String]) -> Int32 {
        guard args.count == 1, let path = args.first, !path.hasPrefix("-") else {
            return CLI.fail("usage: thumbwheel check-config FILE")
        }
        guard access(path, R_OK) == 0 else { return CLI.fail("check-config: cannot read \(path): \(String(cString: strerror(errno)))") }
        do {
            let config = try ConfigLoader.load(path: path)
            let controls = config.allControls.count
            print("\(path): OK (\(config.screens.count) screen\(config.screens.count == 1 ? "" : "s"), \(controls) control\(controls == 1 ? "" : "s"))")
            return 0
        } catch {
            for e in error.errors { CLI.printError(e.description) }
            CLI.printError("\(path): \(error.errors.count) error\(error.errors.count == 1 ? "" : "s")")
            return 1
        }
    }
}

/// `thumbwheel config-reference`: prints the Markdown reference of every config key.
enum ConfigReferenceCommand {
    static func run(_ args: [String]) -> Int32 {
        guard args.isEmpty else { return CLI.fail("usage: thumbwheel config-reference") }
        print(ConfigReference.markdown(), terminator: "")
        return 0
    }
}
