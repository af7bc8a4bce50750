/// The four kinds of TOML string: basic `"…"` with escapes, literal `'…'` taken as written, and their
/// multi-line forms `"""…"""` and `'''…'''`.
extension TOMLParser {
    /// `"…"` on one line; the cursor is on the opening quote.
    mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
        let open = pos
        pos += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek(), c != .lf else {
                throw error("unterminated string: expected a closing \" before \(found())", at: open)
            }
            switch c {
            case .quote: pos += 1; return String(decoding: out, as: UTF8.self)
            case .backslash: try appendEscape(to: &out)
            default:
                if c.isControl && c != .tab {
                    throw error(
                        "expected no control characters in a string (write them as escapes such as \\u0007), found \(found())"
                    )
                }
                out.append(c); pos += 1
            }
        }
    }

    /// `'…'` on one line, no escapes; the cursor is on the opening apostrophe.
    mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
        let open = pos
        pos += 1
        let start = pos
        while true {
            guard let c = peek(), c != .lf else {
                throw error("unterminated string: expected a closing ' before \(found())", at: open)
            }
            if c == .apostrophe { pos += 1; return String(decoding: bytes[start..<(pos - 1)], as: UTF8.self) }
            if c.isControl && c != .tab {
                throw error("expected no control characters in a literal string, found \(found())")
            }
            pos += 1
        }
    }

    /// `"""…"""`: newlines kept (but one right after the opening quotes), escapes, and a backslash at the
    /// end of a line joining it to the next line's first non-blank character.
    mutating func parseMultilineBasicString() throws(TOMLSyntaxError) -> String {
        let open = openMultiline()
        var out: [UInt8] = []
        while true {
            let c = try nextMultiline(opened: open, closing: "\"\"\"")
            switch c {
            case .quote:
                if let extra = closingQuotes(.quote) {
                    out += Array(repeating: .quote, count: extra); return String(decoding: out, as: UTF8.self)
                }
                out.append(c); pos += 1
            case .backslash:
                if try skipLineEndingBackslash() { continue }
                try appendEscape(to: &out)
            default:
                if c.isControl && c != .tab && c != .lf {
                    throw error(
                        "expected no control characters in a string (write them as escapes such as \\u0007), found \(found())"
                    )
                }
                out.append(c); pos += 1
            }
        }
    }

    /// Steps over a multi-line string's opening quotes and the newline right after them (not part of
    /// the string); returns where the string opened.
    private mutating func openMultiline() -> Int {
        let open = pos
        pos += 3
        if peek() == .lf { pos += 1 }
        return open
    }

    /// The next byte of a multi-line string opened at `opened`, or the error of one never closed.
    private func nextMultiline(opened: Int, closing: String) throws(TOMLSyntaxError) -> UInt8 {
        guard let c = peek() else {
            throw error("unterminated string: expected a closing \(closing) before the end of the file", at: opened)
        }
        return c
    }

    /// `'''…'''`: newlines kept (but one right after the opening quotes), no escapes.
    mutating func parseMultilineLiteralString() throws(TOMLSyntaxError) -> String {
        let open = openMultiline()
        var out: [UInt8] = []
        while true {
            let c = try nextMultiline(opened: open, closing: "'''")
            if c == .apostrophe, let extra = closingQuotes(.apostrophe) {
                out += Array(repeating: .apostrophe, count: extra)
                return String(decoding: out, as: UTF8.self)
            }
            if c.isControl && c != .tab && c != .lf {
                throw error("expected no control characters in a literal string, found \(found())")
            }
            out.append(c); pos += 1
        }
    }

    /// At a quote inside a multi-line string: when three or more close it, consumes them and returns how
    /// many belong to the content (up to two, as in `""""a""""`); otherwise nil and nothing consumed.
    private mutating func closingQuotes(_ quote: UInt8) -> Int? {
        var run = 0
        while peek(run) == quote { run += 1 }
        guard run >= 3 else { return nil }
        let extra = min(run - 3, 2)
        pos += 3 + extra
        return extra
    }

    /// A backslash followed by blanks and a newline: skips it and all blanks and newlines after it.
    /// Returns false (consuming nothing) when the backslash starts an ordinary escape.
    private mutating func skipLineEndingBackslash() throws(TOMLSyntaxError) -> Bool {
        var i = 1
        while let c = peek(i), c == .space || c == .tab { i += 1 }
        guard peek(i) == .lf else {
            if i > 1 {
                throw error("expected a newline after a line-ending backslash, found \(found(at: pos + i))", at: pos)
            }
            return false
        }
        pos += i
        while let c = peek(), c == .space || c == .tab || c == .lf { pos += 1 }
        return true
    }

    /// One escape sequence; the cursor is on the backslash.
    private mutating func appendEscape(to out: inout [UInt8]) throws(TOMLSyntaxError) {
        let start = pos
        let simple: UInt8?
        switch peek(1) {
        case UInt8(ascii: "b")?: simple = 0x08
        case UInt8(ascii: "t")?: simple = .tab
        case UInt8(ascii: "n")?: simple = .lf
        case UInt8(ascii: "f")?: simple = 0x0C
        case UInt8(ascii: "r")?: simple = .cr
        case .quote?: simple = .quote
        case .backslash?: simple = .backslash
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?: simple = nil
        case let c? where c != .lf && !c.isControl:
            throw error(
                "invalid escape \"\\\(character(at: pos + 1))\" in a string: expected one of \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX",
                at: start)
        default:
            throw error(
                "invalid escape: expected a character after the backslash, found \(found(at: pos + 1))", at: start)
        }
        if let simple { out.append(simple); pos += 2; return }
        let digits = peek(1) == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for i in 0..<digits {
            guard let h = peek(2 + i), h.isHexDigit else {
                throw error(
                    "invalid escape: expected \(digits) hexadecimal digits after \\\(digits == 4 ? "u" : "U"), found \(found(at: pos + 2 + i))",
                    at: start)
            }
            value = value << 4 | UInt32(h.isDigit ? h - 0x30 : (h | 0x20) - 0x61 + 10)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "invalid escape: U+\(hex(value, width: 4)) is not a Unicode scalar value (a surrogate or beyond U+10FFFF)",
                at: start)
        }
        out += Array(String(Character(scalar)).utf8)
        pos += 2 + digits
    }
}
