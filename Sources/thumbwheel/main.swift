import Glibc
import Kiosk

/// Shared helpers of the command line.
enum CLI {
    /// Writes one line to stderr (fd 2; the C `stderr` global is not concurrency-safe in Swift 6).
    static func printError(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Prints `thumbwheel: message` on stderr and returns exit code 2 (usage errors, missing files).
    static func fail(_ message: String, code: Int32 = 2) -> Int32 {
        CLI.printError("thumbwheel: \(message)")
        return code
    }
}

let args = Array(CommandLine.arguments.dropFirst())
let code: Int32
switch args.first {
case "bench": code = BenchCommand.run(Array(args.dropFirst()))
case "replay": code = ReplayCommand.run(Array(args.dropFirst()))
case "list-devices": code = ListDevicesCommand.run(Array(args.dropFirst()))
default: code = CLI.fail("unknown command")
}
exit(code)
