import Glibc

/// How Thumbwheel's command line ends: usage mistakes (unknown command or option, missing or
/// malformed value, a file that cannot be read) print one line on stderr and exit 2, as scripts
/// test for; help, `--version`, the man page and completion scripts go to stdout with 0; a
/// command's own failure exits with the `ExitStatus` it throws.
public enum CommandLineTool {
    /// The exit status of a usage mistake.
    public static let usageError: Int32 = 2

    /// Parses `arguments` (default: the process's, without the program name) against `root`, runs
    /// the chosen command and exits. A command without a `run` (a group such as `ctl`) prints its
    /// help on stderr and exits 2. `--generate-completion-script SHELL` prints the tree's
    /// completion script for that shell.
    public static func main(
        _ root: CommandSpec, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        exit(status(root, arguments: arguments))
    }

    /// What `main` does, up to the exit status.
    static func status(_ root: CommandSpec, arguments: [String]) -> Int32 {
        let name = root.name
        // Before the parse: the option names no command, and packages call it in this form (the
        // form ArgumentParser gave the kiosk before it had its own parser).
        if arguments.first == "--generate-completion-script" {
            guard arguments.count == 2, let script = CompletionScript.script(for: root, shell: arguments[1]) else {
                printError(
                    "\(name): --generate-completion-script needs one of: "
                        + CompletionScript.shells.joined(separator: ", ") + " (see '\(name) --help')")
                return usageError
            }
            print(script, terminator: "")
            return 0
        }
        let outcome: ParseOutcome
        do { outcome = try CommandLineParser(root: root).parse(arguments) } catch {
            printError("\(name): \(error.message) (see '\(error.path.joined(separator: " ")) --help')")
            return usageError
        }
        switch outcome {
        case .version(let version):
            print(version)
            return 0
        case .help(let command, let path):
            print(HelpText.text(for: command, path: path), terminator: "")
            return 0
        case .run(let command, let path, let parsed):
            guard let run = command.run else {
                printError(String(HelpText.text(for: command, path: path).dropLast()))
                return usageError
            }
            do {
                try run(parsed)
                return 0
            } catch let e as ExitStatus {
                return e.code
            } catch let e as InvalidArguments {
                printError("\(name): \(e.message) (see '\(path.joined(separator: " ")) --help')")
                return usageError
            } catch let e as UsageError {
                printError("\(name): \(e.message)")
                return usageError
            } catch {
                printError("\(name): \(error)")
                return 1
            }
        }
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
