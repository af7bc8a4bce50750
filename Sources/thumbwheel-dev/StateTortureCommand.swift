import ConfigLoading
import CLISupport
import Kiosk
import Persistence

/// `thumbwheel-dev state-torture --path FILE`: a test helper. Saves an increasing value through the
/// real StateStore as fast as it can and prints `ack N` after each save returns, so a test can
/// SIGKILL it at random moments and check the file always holds an acknowledged value.
enum StateTortureCommand {
    static let spec = CommandSpec(
        "state-torture",
        abstract:
            "Save an increasing value through the state store forever, printing `ack N` after each save (for the SIGKILL test).",
        arguments: [.option("path", "FILE", "The state file to write.", required: true, completion: .file)]
    ) { a in
        try run(path: a.string("path")!)
    }

    static func run(path: String) throws {
        let store = StateStore(path: path, debounceSeconds: 0)
        var n = 0
        if case .single(let saved)? = store.values["torture"] { n = Int(saved) }
        while true {
            n += 1
            store.set("torture", .single(Double(n)), now: 0, urgent: true)
            guard store.flushDeadline == nil else { throw ExitStatus.failure }
            // Unbuffered: the ack must be out before the next save, or a kill would lose it.
            CommandLineTool.printLine("ack \(n)")
        }
    }
}
