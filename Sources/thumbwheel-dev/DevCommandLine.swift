import ArgumentParser
import CLISupport
import Glibc

/// How `thumbwheel-dev` ends, on top of ArgumentParser (the development tool keeps it; the kiosk
/// binary has its own parser, CLISupport's): usage mistakes print one line on stderr and exit 2
/// like `thumbwheel`'s (ArgumentParser's own code for them is 64); help goes to stdout with 0; a
/// command's own failure exits with the `ExitCode` it throws.
enum DevCommandLine {
    /// Parses `arguments` (default: the process's, without the program name) for `root`, runs the
    /// chosen command and exits.
    static func main<Root: ParsableCommand>(_ root: Root.Type, name: String,
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
            CommandLineTool.printError("\(name): \(usage.message)")
            return CommandLineTool.usageError
        }
        let code = root.exitCode(for: error)
        if code == .success {
            // Help, --version, completion scripts: ArgumentParser prints them and exits 0.
            root.exit(withError: error)
        }
        if code == .validationFailure {
            CommandLineTool.printError(usageLine(root.message(for: error), fullText: root.fullMessage(for: error), name: name))
            return CommandLineTool.usageError
        }
        if error is ExitCode { return code.rawValue }
        let message = root.message(for: error)
        if !message.isEmpty { CommandLineTool.printError("\(name): \(message)") }
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
