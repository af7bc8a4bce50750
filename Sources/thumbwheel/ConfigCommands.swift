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
            than 9 mm for a finger, touchable controls that overlap, an element off the screen. \
            With --against, the config's Home Assistant bindings are checked against that HA as well \
            (\(CheckAgainst.discussion)).
            """,
        arguments: [.positional("path", "FILE", "The config file to check.", completion: .file)]
            + CheckAgainst.arguments
    ) { a in
        try run(path: a.string("path")!, against: CheckAgainst(a), strict: a.flag("strict"))
    }

    static func run(path: String, against: CheckAgainst? = nil, strict: Bool = false) throws {
        try requireReadable(path, for: "check-config")
        do {
            var config = try ConfigLoader.load(path: path)
            if let against { config.warnings = try against.warnings(config) }
            // Warnings go where errors go (stderr), before the verdict; they do not change the exit status
            // unless --strict asks them to.
            for w in config.warnings { CommandLineTool.printError(w.description) }
            let warned = config.warnings.isEmpty ? "" : ", \(count(config.warnings.count, "warning"))"
            print(
                "\(path): OK (\(count(config.screens.count, "screen")), \(count(config.allControls.count, "control"))\(warned))"
            )
            if strict && !config.warnings.isEmpty { throw ExitStatus.failure }
        } catch let error as ConfigErrors {
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
