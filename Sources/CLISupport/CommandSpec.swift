import Core

/// One command of a command line, described once: the parser, `--help`, the man page and the bash
/// and fish completions are all made from these descriptions, so none can disagree with another.
public struct CommandSpec: Sendable {
    /// The word that selects the command ("run", "set-var").
    public var name: String
    /// One sentence, in `--help`'s command list and the man page.
    public var abstract: String
    /// Paragraphs after the abstract (lines end paragraphs).
    public var discussion: String
    /// Usage lines instead of the generated one (for commands with alternative forms).
    public var usage: [String]
    /// Left out of `--help`'s list, the man page and the completions (still runs).
    public var hidden: Bool
    /// What `--version` prints, for the root of a tree; nil: the tool has no `--version`.
    public var version: String?
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    /// What the command does with its parsed arguments; nil for a group that needs a subcommand.
    public var run: (@Sendable (ParsedArguments) throws -> Void)?

    public init(
        _ name: String, abstract: String, discussion: String = "", usage: [String] = [], hidden: Bool = false,
        version: String? = nil, arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
        run: (@Sendable (ParsedArguments) throws -> Void)? = nil
    ) {
        self.name = name; self.abstract = abstract; self.discussion = discussion; self.usage = usage;
        self.hidden = hidden
        self.version = version; self.arguments = arguments; self.subcommands = subcommands; self.run = run
    }

    /// The subcommands `--help`, the man page and the completions show.
    public var shownSubcommands: [CommandSpec] { subcommands.filter { !$0.hidden } }
    var options: [ArgumentSpec] { arguments.filter { $0.kind != .positional } }
    var positionals: [ArgumentSpec] { arguments.filter { $0.kind == .positional } }
}

/// An option (`--name VALUE`), a flag (`--name`) or a positional argument.
public struct ArgumentSpec: Sendable {
    public enum Kind: Sendable { case option, flag, positional }

    /// What a value must look like; a value that is not is a usage error naming the argument.
    public enum Value: Sendable {
        case text
        case integer
        case number
        /// Checked by the given test (a `WxH` size, a device criterion…).
        case custom(@Sendable (String) -> Bool)

        func accepts(_ text: String) -> Bool {
            switch self {
            case .text: return true
            case .integer: return Int(text) != nil
            case .number: return NumberText.parse(text) != nil
            case .custom(let test): return test(text)
            }
        }
    }

    /// What the shell completes for the value.
    public enum Completion: Sendable { case none, file, directory }

    public var kind: Kind
    /// The long name without dashes ("contact-sheet"); for a positional argument, the key its
    /// values are found under.
    public var name: String
    /// The value's placeholder ("FILE.png"); empty for a flag.
    public var valueName: String
    public var help: String
    public var value: Value
    /// The value when the argument is not given, shown in the help as "(default: …)".
    public var defaultValue: String?
    /// Taken more than once (options) or taking all the remaining words (positionals).
    public var repeating: Bool
    /// An option or positional argument that may be left out.
    public var optional: Bool
    public var completion: Completion

    /// `--name VALUE`; a `required` one must be given.
    public static func option(
        _ name: String, _ valueName: String, _ help: String, _ value: Value = .text,
        default defaultValue: String? = nil,
        repeating: Bool = false, required: Bool = false, completion: Completion = .none
    ) -> ArgumentSpec {
        ArgumentSpec(
            kind: .option, name: name, valueName: valueName, help: help, value: value, defaultValue: defaultValue,
            repeating: repeating, optional: !required, completion: completion)
    }

    /// `--name`, on or off.
    public static func flag(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(
            kind: .flag, name: name, valueName: "", help: help, value: .text, defaultValue: nil, repeating: false,
            optional: true, completion: .none)
    }

    /// A positional argument, found under `name`.
    public static func positional(
        _ name: String, _ valueName: String, _ help: String, _ value: Value = .text, optional: Bool = false,
        repeating: Bool = false, completion: Completion = .none
    ) -> ArgumentSpec {
        ArgumentSpec(
            kind: .positional, name: name, valueName: valueName, help: help, value: value, defaultValue: nil,
            repeating: repeating, optional: optional, completion: completion)
    }

    /// How the argument is written in messages and help: `--size <WxH>`, `--headless`, `<FILE>`.
    public var label: String {
        switch kind {
        case .option: return "--\(name) <\(valueName)>"
        case .flag: return "--\(name)"
        case .positional: return "<\(valueName)>"
        }
    }
}

/// The values a command line gave, by argument name, each already checked against its `Value`;
/// arguments not given read as their default.
public struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var defaults: [String: String] = [:]

    public init() {}

    /// The last value given for `name` (or its default).
    public func string(_ name: String) -> String? { values[name]?.last ?? defaults[name] }
    /// Every value given for a repeating argument, in order.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }
    public func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }
    public func double(_ name: String) -> Double? { string(name).flatMap { NumberText.parse($0) } }
    public func doubles(_ name: String) -> [Double] { strings(name).compactMap { NumberText.parse($0) } }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Whether the argument was given (a default does not count).
    public func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
}

/// Ends the command with this exit status (after it printed what went wrong).
public struct ExitStatus: Error, Equatable {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
    /// The command failed: 1.
    public static let failure = ExitStatus(1)
}

/// Arguments that parse but do not fit together ("missing --out FILE.png"): printed as
/// `name: message (see 'name command --help')`, exit status 2.
public struct InvalidArguments: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

/// A usage mistake found while running (a file that cannot be read, a recording without a device
/// description): `name: message` on stderr and exit 2. Found in `run`, after the parse, so a
/// mistyped option is reported before "cannot read the default config".
public struct UsageError: Error, CustomStringConvertible {
    /// The line, without the program name; starts with the command ("run: cannot read …").
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
