import Glibc

/// Logging to stderr with journald priority prefixes (`<3>` error … `<7>` debug), which systemd's
/// journal turns into real priorities; on a terminal they are harmless.
///
/// Every message is one line: line breaks and other control characters in it (a payload, a file
/// name, a server's words) are escaped, so text from a peer can neither forge a log line nor drive
/// a terminal. A message of several lines is written with `write(_:lines:)`.
public enum Log {
    public enum Level: Int32, Sendable { case error = 3, warning = 4, notice = 5, info = 6, debug = 7 }

    public static func error(_ message: String) { write(.error, message) }
    public static func warning(_ message: String) { write(.warning, message) }
    public static func notice(_ message: String) { write(.notice, message) }
    public static func info(_ message: String) { write(.info, message) }
    public static func debug(_ message: String) { write(.debug, message) }

    /// Writes `message` as one line with the priority prefix, in a single write(2) so lines from hooks
    /// and the loop do not interleave.
    public static func write(_ level: Level, _ message: String) { write(level, lines: [message]) }

    /// Writes each of `lines` as a line of its own (escaped as `write(_:_:)` does), the lines after the
    /// first indented so they read as part of the first, all in a single write(2).
    public static func write(_ level: Level, lines: [String]) {
        var text = ""
        for (i, line) in lines.enumerated() {
            text += "<\(level.rawValue)>" + (i == 0 ? "" : "  ") + escaped(line) + "\n"
        }
        text.withCString { p in _ = Glibc.write(2, p, strlen(p)) }
    }

    /// `text` with its control characters written out: `\n`, `\r`, `\t`, and `\u{…}` for the other C0
    /// and C1 controls, DEL, the Unicode line and paragraph separators and the bidirectional overrides
    /// (which could make a line read as another).
    public static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    private static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
