import Glibc
import Kiosk

/// `thumbwheel state-torture --path FILE`: a test helper (not in --help). Saves an increasing value
/// through the real StateStore as fast as it can and prints `ack N` after each save returns, so a
/// test can SIGKILL it at random moments and check the file always holds an acknowledged value.
enum StateTortureCommand {
    static func run(_ args: [String]) -> Int32 {
        guard args.count == 2, args[0] == "--path" else { return CLI.fail("usage: thumbwheel state-torture --path FILE") }
        let store = StateStore(path: args[1], debounceSeconds: 0)
        var n = 0
        if case .single(let saved)? = store.values["torture"] { n = Int(saved) }
        while true {
            n += 1
            store.set("torture", .single(Double(n)), now: 0, urgent: true)
            guard store.flushDeadline == nil else { return 1 }
            let line = "ack \(n)\n"
            _ = line.withCString { write(1, $0, strlen($0)) }
        }
    }
}
