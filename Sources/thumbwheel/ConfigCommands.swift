import ArgumentParser
import CLISupport
import Kiosk

/// `thumbwheel check-config FILE`: validates a config and prints every mistake with its place.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate a config; print every mistake as file:line:column: key: expected …, found ….",
        discussion: "Exits 0 for a valid config, 1 for an invalid one (each error on stderr).")

    @Argument(help: ArgumentHelp("The config file to check.", valueName: "FILE"), completion: .file(extensions: ["toml"]))
    var path: String

    func run() throws {
        try requireReadable(path, for: "check-config")
        do {
            let config = try ConfigLoader.load(path: path)
            print("\(path): OK (\(count(config.screens.count, "screen")), \(count(config.allControls.count, "control")))")
        } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            CommandLineTool.printError("\(path): \(count(error.errors.count, "error"))")
            throw ExitCode.failure
        }
    }
}

/// `thumbwheel config-reference`: prints the Markdown reference of every config key.
struct ConfigReferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config-reference",
        abstract: "Print the reference of every config key (Markdown; it is Config/README.md).")

    func run() {
        print(ConfigReference.markdown(), terminator: "")
    }
}
