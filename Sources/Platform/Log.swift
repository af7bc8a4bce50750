import Glibc

/// Logging to stderr with journald priority prefixes (`<3>` error … `<7>` debug), which systemd's
/// journal turns into real priorities; on a terminal they are harmless.
public enum Log {
    public enum Level: Int32, Sendable { case error = 3, warning = 4, notice = 5, info = 6, debug = 7 }

    public static func error(_ message: String) { write(.error, message) }
    public static func warning(_ message: String) { write(.warning, message) }
    public static func notice(_ message: String) { write(.notice, message) }
    public static func info(_ message: String) { write(.info, message) }
    public static func debug(_ message: String) { write(.debug, message) }

    /// Writes one line per message line with the priority prefix, in a single write(2) so lines from
    /// hooks and the loop do not interleave.
    public static func write(_ level: Level, _ message: String) {
        var text = ""
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "<\(level.rawValue)>\(line)\n"
        }
        text.withCString { p in _ = Glibc.write(2, p, strlen(p)) }
    }
}
