/// Reads the template syntax of `TextTemplate` (columns are 1-based characters, so `°` or `–` count
/// as one, as an integrator counts them in the config).
struct TemplateParser {
    private let chars: [Character]

    init(_ text: String) { chars = Array(text) }

    func parse() throws(TemplateError) -> [TextTemplate.Part] {
        var parts: [TextTemplate.Part] = []
        var literal = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let doubled = i + 1 < chars.count && chars[i + 1] == c
            if c == "{" && !doubled {
                let close = try closing(from: i)
                let body = String(chars[(i + 1)..<close])
                if body.hasPrefix(IconNames.prefix) {
                    // An icon of the icon font, drawn inline: literal text to the template.
                    literal += InlineIcon.encode(body)
                    i = close + 1
                    continue
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.placeholder(try placeholder(body, column: i + 1)))
                i = close + 1
            } else if c == "}" && !doubled {
                throw TemplateError(
                    column: i + 1, found: "a \"}\" that closes no placeholder", hint: "write \"}}\" for a literal brace"
                )
            } else {
                literal.append(c)
                i += (c == "{" || c == "}") ? 2 : 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// The index of the `}` closing the placeholder opened at `open`.
    private func closing(from open: Int) throws(TemplateError) -> Int {
        var j = open + 1
        while j < chars.count {
            if chars[j] == "}" { return j }
            if chars[j] == "{" {
                throw TemplateError(
                    column: j + 1, found: "a \"{\" inside the placeholder opened at column \(open + 1)",
                    hint: "placeholders do not nest")
            }
            j += 1
        }
        throw TemplateError(
            column: open + 1, found: "a \"{\" without its closing \"}\"", hint: "write \"{{\" for a literal brace")
    }

    /// `name`, `name.0`, `name:spec` (the text between the braces; `column` is the `{`'s).
    private func placeholder(_ body: String, column: Int) throws(TemplateError) -> TextTemplate.Placeholder {
        let colon = body.firstIndex(of: ":")
        var name = String(body[..<(colon ?? body.endIndex)])
        if name.isEmpty {
            throw TemplateError(column: column, found: "a placeholder without a name", hint: "write {id} or {id:spec}")
        }
        if name.contains(where: \.isWhitespace) {
            throw TemplateError(
                column: column, found: "the name \"\(name)\" with a space in it", hint: "write {id} with no spaces")
        }
        var end: Int?
        if name.count > 2, name.hasSuffix(".0") || name.hasSuffix(".1") {
            end = name.hasSuffix(".0") ? 0 : 1
            name.removeLast(2)
        }
        var format = TextTemplate.Format.automatic
        if name == WallClockText.name {
            // The wall time takes a date pattern, not a number format: `{now}`, `{now:HH:mm}`, `{now:date}`.
            format = .wallClock(colon.map { String(body[body.index(after: $0)...]) } ?? "")
        } else if let colon {
            let spec = String(body[body.index(after: colon)...])
            format = try TemplateParser.format(
                spec, column: column + 1 + body.distance(from: body.startIndex, to: colon) + 1)
        }
        return TextTemplate.Placeholder(name: name, end: end, format: format, column: column)
    }

    /// `.N`, `time` or `words=A|B|…`.
    static func format(_ spec: String, column: Int) throws(TemplateError) -> TextTemplate.Format {
        if spec == "time" { return .time }
        if spec.hasPrefix("words=") {
            let words = spec.dropFirst("words=".count).split(separator: "|", omittingEmptySubsequences: false).map(
                String.init)
            guard words != [""] else {
                throw TemplateError(
                    column: column, found: "\"words=\" without words", hint: "write words=Off|Heat|Cool")
            }
            return .words(words)
        }
        if spec.hasPrefix("."), spec.count == 2, let n = Int(spec.dropFirst()), (0...6).contains(n) {
            return .decimals(n)
        }
        throw TemplateError(
            column: column, found: "the format \"\(spec)\"", hint: "a format is .0 to .6, time or words=A|B|…")
    }
}

extension TemplateError {
    init(column: Int, found: String, hint: String) { self.init(column: column, message: found, hint: hint) }
}
