import ArgumentParser
import Glibc

/// How Thumbwheel's executables end, on top of ArgumentParser: usage mistakes (unknown command or
/// option, missing or malformed value, a file that cannot be read) print one line on stderr and
/// exit 2, as they did before ArgumentParser and as scripts test for (ArgumentParser's own code
/// for them is 64); help, `--version` and completion scripts go to stdout with 0; a command's own
/// failure exits with the `ExitCode` it throws.
public enum CommandLineTool {
    /// The exit status of a usage mistake.
    public static let usageError: Int32 = 2

    /// Parses `arguments` (default: the process's, without the program name) for `root`, runs the
    /// chosen command and exits.
    public static func main<Root: ParsableCommand>(_ root: Root.Type, name: String,
                                                   arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            exit(status(of: error, root: root, name: name))
        }
    }

    /// Prints what `error` has to say (on stdout for help, stderr otherwise) and returns the exit status.
    static func status<Root: ParsableCommand>(of error: any Error, root: Root.Type, name: String) -> Int32 {
        if let usage = error as? UsageError {
            printError("\(name): \(usage.message)")
            return usageError
        }
        let code = root.exitCode(for: error)
        if code == .success {
            // Help, --version, completion scripts: ArgumentParser prints them and exits 0.
            root.exit(withError: error)
        }
        if code == .validationFailure {
            printError(usageLine(root.message(for: error), fullText: root.fullMessage(for: error), name: name))
            return usageError
        }
        if error is ExitCode { return code.rawValue }
        let message = root.message(for: error)
        if !message.isEmpty { printError("\(name): \(message)") }
        return code.rawValue
    }

    /// `name: message (see 'name cmd --help')`: the error and where to look, on one line, taking
    /// the help hint from ArgumentParser's full message (which alone knows the failing command).
    static func usageLine(_ message: String, fullText: String, name: String) -> String {
        let hint = fullText.split(separator: "\n")
            .first { $0.contains("See '") }
            .flatMap { line -> Substring? in
                guard let start = line.firstRange(of: "See '")?.upperBound, let end = line[start...].firstIndex(of: "'") else { return nil }
                return line[start..<end]
            }
        let oneLine = message.split(separator: "\n").map { $0.trimmingCharacters(in: " ") }.joined(separator: " ")
        return "\(name): \(oneLine)" + (hint.map { " (see '\($0)')" } ?? " (see '\(name) --help')")
    }

    /// Writes one line to stderr (fd 2; the C `stderr` global is not concurrency-safe in Swift 6).
    public static func printError(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Writes one line to stdout straight to fd 1, unbuffered: for output a reader times or a test
    /// kills the process in the middle of.
    public static func printLine(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(1, $0, strlen($0)) }
    }
}

/// A usage mistake found while running (a file that cannot be read, a recording without a device
/// description): `name: message` on stderr and exit 2, like ArgumentParser's own parse errors.
/// Found in `run()`, not `validate()`: ArgumentParser validates before it reports unknown options,
/// and "cannot read the default config" would hide a mistyped flag.
public struct UsageError: Error, CustomStringConvertible {
    /// The line, without the program name; starts with the command ("run: cannot read …").
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

extension StringProtocol {
    /// Without the given characters at either end.
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
