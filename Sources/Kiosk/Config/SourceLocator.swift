/// Finds where each key of a TOML document is written, so validation errors can name a line and
/// column (TOMLParser's tree carries no positions; its own errors have theirs).
///
/// It understands what config files use: `[table]` and `[[array.of.tables]]` headers, `key = value`
/// and dotted keys, and keys of inline tables written on the same line. A key it cannot place (inside a
/// multi-line array, say) is reported at the nearest enclosing key it can.
struct SourceLocator {
    private var positions: [String: SourceLocation] = [:]

    init(text: String) {
        var current: [String] = []
        var arrayCounts: [String: Int] = [:]
        var depth = 0  // bracket depth of a value spanning several lines
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = Array(SourceLocator.stripComment(String(rawLine)))
            if depth > 0 { depth += SourceLocator.bracketBalance(line); continue }
            guard let first = line.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            if line[first] == "[" {
                let isArray = first + 1 < line.count && line[first + 1] == "["
                let open = first + (isArray ? 2 : 1)
                guard let close = line[open...].firstIndex(of: "]") else { continue }
                let parts = SourceLocator.splitKey(String(line[open..<close]))
                var path: [String] = []
                for (i, part) in parts.enumerated() {
                    path.append(part)
                    let joined = SourceLocator.join(path)
                    if i == parts.count - 1 && isArray {
                        let n = arrayCounts[joined, default: 0]
                        arrayCounts[joined] = n + 1
                        path.append("[\(n)]")
                    } else if let n = arrayCounts[joined] {
                        path.append("[\(n - 1)]")  // a sub-table of the latest array element
                    }
                }
                current = path
                record(current, SourceLocation(line: lineNumber, column: open + 1))
                continue
            }
            guard let eq = SourceLocator.assignment(in: line, from: first) else { continue }
            let keyParts = SourceLocator.splitKey(String(line[first..<eq]))
            let keyPath = current + keyParts
            record(keyPath, SourceLocation(line: lineNumber, column: first + 1))
            recordInlineKeys(line, after: eq, parent: keyPath, lineNumber: lineNumber)
            depth = SourceLocator.bracketBalance(Array(line[(eq + 1)...]))
        }
    }

    /// The location of `path` (components like `screens`, `[0]`, `max`), or of its nearest located ancestor.
    /// Whether the file writes the key at `path` (whatever its value, valid or not).
    func writes(_ path: [String]) -> Bool { positions[SourceLocator.join(path)] != nil }

    func location(of path: [String]) -> SourceLocation {
        var p = path
        while !p.isEmpty {
            if let loc = positions[SourceLocator.join(p)] { return loc }
            p.removeLast()
        }
        return SourceLocation(line: 1, column: 1)
    }

    /// Where the key whose `ConfigKeyPath` text is `key` was found, if it was.
    func recorded(_ key: String) -> SourceLocation? { positions[key] }

    private mutating func record(_ path: [String], _ loc: SourceLocation) {
        let key = SourceLocator.join(path)
        if positions[key] == nil { positions[key] = loc }
    }

    /// Keys of inline tables on the same line: `items = [{ icon = "a" }, { icon = "b" }]`.
    private mutating func recordInlineKeys(_ line: [Character], after eq: Int, parent: [String], lineNumber: Int) {
        enum Frame { case array(path: [String], element: Int), table(path: [String]) }
        var stack: [Frame] = []
        var inString: Character? = nil
        var i = eq + 1
        while i < line.count {
            let c = line[i]
            if let q = inString { if c == q { inString = nil }; i += 1; continue }
            switch c {
            case "\"", "'": inString = c
            case "[":
                let base: [String]
                switch stack.last {
                case .array(let path, let element): base = path + ["[\(element)]"]
                case .table(let path): base = path
                case nil: base = parent
                }
                stack.append(.array(path: base, element: 0))
            case ",":
                if case .array(let path, let element) = stack.last { stack[stack.count - 1] = .array(path: path, element: element + 1) }
            case "{":
                let table: [String]
                switch stack.last {
                case .array(let path, let element): table = path + ["[\(element)]"]
                case .table(let path): table = path
                case nil: table = parent
                }
                stack.append(.table(path: table))
                record(table, SourceLocation(line: lineNumber, column: i + 1))
                // Record each `key =` of this inline table; nested values are skipped over.
                var j = i + 1
                while j < line.count, line[j] != "}" {
                    while j < line.count, line[j] == " " || line[j] == "," { j += 1 }
                    guard j < line.count, line[j] != "}", let e = SourceLocator.assignment(in: line, from: j) else { break }
                    record(table + SourceLocator.splitKey(String(line[j..<e])), SourceLocation(line: lineNumber, column: j + 1))
                    j = SourceLocator.skipValue(line, from: e + 1)
                }
            case "]", "}": if !stack.isEmpty { stack.removeLast() }
            default: break
            }
            i += 1
        }
    }

    static func join(_ path: [String]) -> String { ConfigKeyPath.text(path) }

    /// The index of the `=` of a `key = value` pair starting at `from`, outside quotes.
    private static func assignment(in line: [Character], from: Int) -> Int? {
        var inString: Character? = nil
        for i in from..<line.count {
            let c = line[i]
            if let q = inString { if c == q { inString = nil }; continue }
            if c == "\"" || c == "'" { inString = c } else if c == "=" { return i }
            else if c == "{" || c == "[" || c == "}" || c == "," { return nil }
        }
        return nil
    }

    /// Skips one inline value (string, nested brackets) and returns the index after it.
    private static func skipValue(_ line: [Character], from: Int) -> Int {
        var depth = 0
        var inString: Character? = nil
        var i = from
        while i < line.count {
            let c = line[i]
            if let q = inString { if c == q { inString = nil } }
            else if c == "\"" || c == "'" { inString = c }
            else if c == "[" || c == "{" { depth += 1 }
            else if c == "]" || c == "}" { if depth == 0 { return i }; depth -= 1 }
            else if c == "," && depth == 0 { return i }
            i += 1
        }
        return i
    }

    private static func splitKey(_ key: String) -> [String] {
        key.split(separator: ".").map { part in
            var s = String(part).trimmedSpaces
            if s.count >= 2, let f = s.first, f == "\"" || f == "'", s.last == f { s = String(s.dropFirst().dropLast()) }
            return s
        }
    }

    private static func stripComment(_ line: String) -> String {
        var inString: Character? = nil
        var out = ""
        for c in line {
            if let q = inString { if c == q { inString = nil } }
            else if c == "\"" || c == "'" { inString = c }
            else if c == "#" { break }
            out.append(c)
        }
        return out
    }

    private static func bracketBalance(_ chars: [Character]) -> Int {
        var balance = 0
        var inString: Character? = nil
        for c in chars {
            if let q = inString { if c == q { inString = nil }; continue }
            if c == "\"" || c == "'" { inString = c } else if c == "[" || c == "{" { balance += 1 } else if c == "]" || c == "}" { balance -= 1 }
        }
        return max(0, balance)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        var s = Substring(self)
        while let c = s.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.last, isSpace(c) { s = s.dropLast() }
        return String(s)
    }
}
