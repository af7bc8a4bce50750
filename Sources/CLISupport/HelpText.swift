/// `--help`'s text for a command: overview, usage, arguments, options and subcommands, in lines
/// under 80 columns (the layout ArgumentParser had, which scripts and people know).
enum HelpText {
    static let width = 80
    static let labelColumn = 26

    static func text(for command: CommandSpec, path: [String]) -> String {
        var out: [String] = []
        if !command.abstract.isEmpty { out += wrap("OVERVIEW: " + command.abstract, indent: 0) + [""] }
        if !command.discussion.isEmpty {
            for paragraph in command.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                out += paragraph.isEmpty ? [""] : wrap(String(paragraph), indent: 0)
            }
            out.append("")
        }
        out +=
            usage(for: command, path: path).enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element }
            + [""]
        let positionals = command.positionals
        if !positionals.isEmpty {
            out.append("ARGUMENTS:")
            for argument in positionals { out += row(argument.label, describe(argument)) }
            out.append("")
        }
        out.append("OPTIONS:")
        for argument in command.options { out += row(argument.label, describe(argument)) }
        if path.count == 1 && command.version != nil { out += row("--version", "Show the version.") }
        out += row("-h, --help", "Show help information.")
        out.append("")
        let subcommands = command.shownSubcommands
        if subcommands.isEmpty {
            // A command's help ends in a blank line; a group's in its pointer to the subcommands' help.
            out.append("")
        } else {
            out.append("SUBCOMMANDS:")
            for sub in subcommands { out += row(sub.name, sub.abstract) }
            out += ["", "  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.", ""]
        }
        return out.joined(separator: "\n")
    }

    /// The usage lines: the command's own, or one made from its arguments.
    static func usage(for command: CommandSpec, path: [String]) -> [String] {
        if !command.usage.isEmpty { return command.usage }
        let words = path.joined(separator: " ")
        if !command.subcommands.isEmpty && command.positionals.isEmpty {
            let options = command.options.isEmpty ? "" : " [<options>]"
            return ["\(words)\(options) <subcommand>"]
        }
        let parts = command.arguments.map { argument -> String in
            let text = argument.label + (argument.repeating ? " ..." : "")
            return argument.optional ? "[\(text)]" : text
        }
        return [([words] + parts).joined(separator: " ")]
    }

    /// The argument's help with its default.
    static func describe(_ argument: ArgumentSpec) -> String {
        argument.help + (argument.defaultValue.map { " (default: \($0))" } ?? "")
    }

    /// `  label   text`, the text wrapped in its column (starting on the next line after a long label).
    static func row(_ label: String, _ text: String) -> [String] {
        let lines = wrap(text, indent: labelColumn)
        let head = "  " + label
        if head.count + 2 <= labelColumn {
            let first = head + String(repeating: " ", count: labelColumn - head.count) + lines[0].dropFirst(labelColumn)
            return [first] + lines.dropFirst()
        }
        return [head] + lines
    }

    /// `text` in lines shorter than `width` columns (a word longer than that has a line of its
    /// own), each indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count >= width {
                lines.append(pad + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(pad + line)
        return lines
    }
}
