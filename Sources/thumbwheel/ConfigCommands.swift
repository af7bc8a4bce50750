import ConfigLoading
import CLISupport
import Kiosk

/// `thumbwheel check-config FILE`: validates a config and prints every mistake with its place.
enum CheckConfigCommand {
    static let spec = CommandSpec(
        "check-config",
        abstract: "Validate a config; print every mistake as file:line:column: key: expected …, found ….",
        discussion: """
            Exits 0 for a valid config, 1 for an invalid one (each error on stderr). A valid config may \
            still get warnings on stderr, each as warning: file:line:column: key: …: a control smaller \
            than 9 mm for a finger, touchable controls that overlap, an element off the screen.
            """,
        arguments: [.positional("path", "FILE", "The config file to check.", completion: .file)]
    ) { a in
        try run(path: a.string("path")!)
    }

    static func run(path: String) throws {
        try requireReadable(path, for: "check-config")
        do {
            let config = try ConfigLoader.load(path: path)
            // Warnings go where errors go (stderr), before the verdict; they do not change the exit status.
            for w in config.warnings { CommandLineTool.printError(w.description) }
            let warned = config.warnings.isEmpty ? "" : ", \(count(config.warnings.count, "warning"))"
            print(
                "\(path): OK (\(count(config.screens.count, "screen")), \(count(config.allControls.count, "control"))\(warned))"
            )
        } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            CommandLineTool.printError("\(path): \(count(error.errors.count, "error"))")
            throw ExitStatus.failure
        }
    }
}

/// `thumbwheel config-reference`: prints the Markdown reference of every config key.
enum ConfigReferenceCommand {
    static let spec = CommandSpec(
        "config-reference",
        abstract: "Print the reference of every config key (Markdown; it is Config/README.md)."
    ) { _ in
        print(ConfigReference.markdown(), terminator: "")
    }
}
