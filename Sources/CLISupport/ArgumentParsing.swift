import Core

/// What a command line asks for, once parsed against a `CommandSpec` tree.
public enum ParseOutcome {
    /// Run `command` (reached by `path`, the root's name first) with `arguments`.
    case run(CommandSpec, path: [String], arguments: ParsedArguments)
    /// `--help` (or `help COMMAND`): the help of the command at `path`.
    case help(CommandSpec, path: [String])
    /// `--version`, on a root that has a version.
    case version(String)
}

/// A command line that does not fit the description: the one-line message and the command whose
/// `--help` to point to.
public struct ParseError: Error, Equatable {
    public var message: String
    /// The words that name the failing command ("thumbwheel ctl tap").
    public var path: [String]
}

/// Parses a command line against a `CommandSpec` tree: subcommands by their first word, options as
/// `--name VALUE` or `--name=VALUE` anywhere after their command, `--` ending the options, and a
/// word that reads as a negative number (`ctl set temp -5`) taken as a value, not an option.
public struct CommandLineParser {
    public let root: CommandSpec

    public init(root: CommandSpec) { self.root = root }

    public func parse(_ words: [String]) throws(ParseError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        var parsed = ParsedArguments()
        var operands: [String] = []
        var onlyOperands = false
        func fail(_ message: String) -> ParseError { ParseError(message: message, path: path) }

        // `thumbwheel help ctl set` is `thumbwheel ctl set --help`.
        if words.first == "help", !root.subcommands.isEmpty {
            var target = root
            for word in words.dropFirst() {
                guard let sub = target.subcommands.first(where: { $0.name == word }) else {
                    throw fail("Unexpected argument '\(word)'")
                }
                target = sub
                path.append(word)
            }
            return .help(target, path: path)
        }
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            if !onlyOperands && word == "--" { onlyOperands = true; continue }
            if !onlyOperands && word.hasPrefix("-") && word.count > 1 && !isNegativeNumber(word) {
                if word == "--help" || word == "-h" { return .help(command, path: path) }
                if word == "--version" && path.count == 1, let version = root.version { return .version(version) }
                guard word.hasPrefix("--") else { throw fail("Unknown option '\(word)'") }
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = command.options.first(where: { $0.name == name }) else {
                    throw fail("Unknown option '--\(name)'")
                }
                if option.kind == .flag {
                    guard inline == nil else { throw fail("The flag '--\(name)' does not take a value") }
                    parsed.flags.insert(name)
                    continue
                }
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < words.count else { throw fail("Missing value for '\(option.label)'") }
                    value = words[i]
                    i += 1
                }
                guard option.value.accepts(value) else {
                    throw fail("The value '\(value)' is invalid for '\(option.label)'")
                }
                if option.repeating {
                    parsed.values[name, default: []].append(value)
                } else {
                    parsed.values[name] = [value]
                }
                continue
            }
            if !onlyOperands, operands.isEmpty, !command.subcommands.isEmpty {
                if let sub = command.subcommands.first(where: { $0.name == word }) {
                    command = sub
                    path.append(word)
                    continue
                }
                if command.positionals.isEmpty { throw fail("Unexpected argument '\(word)'") }
            }
            operands.append(word)
        }
        try assign(operands, to: command, into: &parsed, fail: fail)
        for argument in command.arguments { if let d = argument.defaultValue { parsed.defaults[argument.name] = d } }
        return .run(command, path: path, arguments: parsed)
    }

    /// Hands the operands to the command's positional arguments in order.
    private func assign(
        _ operands: [String], to command: CommandSpec, into parsed: inout ParsedArguments,
        fail: (String) -> ParseError
    ) throws(ParseError) {
        var rest = operands[...]
        for argument in command.positionals {
            let taken = argument.repeating ? Array(rest) : Array(rest.prefix(1))
            rest = rest.dropFirst(taken.count)
            if taken.isEmpty {
                if argument.optional { continue }
                throw fail("Missing expected argument '\(argument.label)'")
            }
            for value in taken where !argument.value.accepts(value) {
                throw fail("The value '\(value)' is invalid for '\(argument.label)'")
            }
            parsed.values[argument.name] = taken
        }
        if let extra = rest.first { throw fail("Unexpected argument '\(extra)'") }
        for option in command.options where !option.optional && parsed.values[option.name] == nil {
            throw fail("Missing expected argument '\(option.label)'")
        }
    }

    private func isNegativeNumber(_ word: String) -> Bool { word.hasPrefix("-") && NumberText.parse(word) != nil }
}
