/// toml++ 3 (inside TOMLKit 0.6.0) does not report two mistakes: a table header whose name starts
/// with a character no key can start with (`[` alone on a line, `[ = 1`, `[[ #`), and a `}` inside an
/// array (`a = [1, }`). It fails an assertion and aborts the process, which would take down a running
/// kiosk on a SIGHUP reload. Both found by the config fuzzer. This scan finds them first, so they are
/// located syntax errors like any other; the rest of the syntax is still toml++'s to check.
enum TOMLHeaderCheck {
    /// Where the first such mistake is, and what was written there.
    static func firstAbortingMistake(in text: String) -> (location: SourceLocation, found: String)? {
        let s = Array(text.unicodeScalars)
        var i = 0, line = 1, lineStart = 0
        var open: [Unicode.Scalar] = []  // arrays and inline tables open in a value
        var atLineStart = true   // nothing but whitespace yet on this line
        while i < s.count {
            let c = s[i]
            switch c {
            case "\n": line += 1; lineStart = i + 1; atLineStart = true; i += 1; continue
            case " ", "\t", "\r": i += 1; continue
            case "#": while i < s.count && s[i] != "\n" { i += 1 }; continue
            case "\"", "'": i = endOfString(s, from: i, line: &line, lineStart: &lineStart)
            case "[" where open.isEmpty && atLineStart:
                var j = i + 1
                if j < s.count && s[j] == "[" { j += 1 }
                while j < s.count && (s[j] == " " || s[j] == "\t") { j += 1 }
                guard j < s.count, startsName(s[j]) else {
                    let found = j >= s.count ? "the end of the file" : s[j] == "\n" || s[j] == "\r" ? "the end of the line" : "'\(s[j])'"
                    return (SourceLocation(line: line, column: j - lineStart + 1), found)
                }
                // The rest of the header is one line (quoted names cannot hold a newline).
                while i < s.count && s[i] != "\n" { i += 1 }
                continue
            case "[", "{": open.append(c); i += 1
            case "}" where open.last == "[":
                return (SourceLocation(line: line, column: i - lineStart + 1), "'}' inside an array")
            case "]", "}": _ = open.popLast(); i += 1
            default: i += 1
            }
            atLineStart = false
        }
        return nil
    }

    /// A bare key's characters, a quote, or the `]` toml++ reports itself ("blank bare keys").
    private static func startsName(_ c: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(c) || ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
            || c == "\"" || c == "'" || c == "]"
    }

    /// The index after the string starting at `start` ("…", '…', """…""" or '''…'''), counting lines.
    private static func endOfString(_ s: [Unicode.Scalar], from start: Int, line: inout Int, lineStart: inout Int) -> Int {
        let quote = s[start]
        let triple = start + 2 < s.count && s[start + 1] == quote && s[start + 2] == quote
        var i = start + (triple ? 3 : 1)
        while i < s.count {
            let c = s[i]
            if c == "\\" && quote == "\"" { i += 2; continue }
            if c == "\n" {
                if !triple { return i }  // unterminated: toml++ says so
                line += 1; lineStart = i + 1
            }
            if c == quote {
                if !triple { return i + 1 }
                if i + 2 < s.count && s[i + 1] == quote && s[i + 2] == quote {
                    // Up to two more quotes may belong to the string ("""a""""" ends with a"").
                    var end = i + 3
                    while end < s.count && end < i + 5 && s[end] == quote { end += 1 }
                    return end
                }
            }
            i += 1
        }
        return i
    }
}
