import ArgumentParser
import CLISupport
import Kiosk

/// `thumbwheel-dev state-torture --path FILE`: a test helper. Saves an increasing value through the
/// real StateStore as fast as it can and prints `ack N` after each save returns, so a test can
/// SIGKILL it at random moments and check the file always holds an acknowledged value.
struct StateTortureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state-torture",
        abstract: "Save an increasing value through the state store forever, printing `ack N` after each save (for the SIGKILL test).")

    @Option(help: ArgumentHelp("The state file to write.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var path: String

    func run() throws {
        let store = StateStore(path: path, debounceSeconds: 0)
        var n = 0
        if case .single(let saved)? = store.values["torture"] { n = Int(saved) }
        while true {
            n += 1
            store.set("torture", .single(Double(n)), now: 0, urgent: true)
            guard store.flushDeadline == nil else { throw ExitCode.failure }
            // Unbuffered: the ack must be out before the next save, or a kill would lose it.
            CommandLineTool.printLine("ack \(n)")
        }
    }
}
