/// A hook's output cut into log lines with bounded memory and a bounded log: a line is logged up to
/// `maxLineBytes` (the rest of it dropped), a run logs at most `maxLines` lines and then only how
/// many more there were. A hook that spews (the soak's wrote megabytes without a newline) costs at most
/// one line's buffer, not its whole output until its timeout, and cannot flood the journal.
struct HookOutput {
    /// Longest line logged, in bytes.
    static let maxLineBytes = 1024
    /// Most lines logged for one run of a hook.
    static let maxLines = 100

    private var partial: [UInt8] = []
    /// True inside a line already logged cut at `maxLineBytes`, until its newline.
    private var skippingRestOfLine = false
    private var logged = 0
    private var dropped = 0

    /// Takes the next bytes of output; returns the lines to log now.
    mutating func take(_ bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            append(rest[..<(newline ?? rest.endIndex)], into: &lines)
            guard let newline else { break }
            if skippingRestOfLine { skippingRestOfLine = false } else { emit(&lines) }
            rest = rest[rest.index(after: newline)...]
        }
        return lines
    }

    /// At the hook's exit: an unterminated last line, and how many lines were not logged.
    mutating func finish() -> [String] {
        var lines: [String] = []
        if !partial.isEmpty { emit(&lines) }
        if dropped > 0 { lines.append("(\(dropped) more lines of output not logged)") }
        return lines
    }

    private mutating func append(_ piece: some Collection<UInt8>, into lines: inout [String]) {
        guard !skippingRestOfLine else { return }
        let room = Self.maxLineBytes - partial.count
        partial.append(contentsOf: piece.prefix(room))
        if piece.count > room {
            partial.append(contentsOf: Array(" … (cut at \(Self.maxLineBytes) bytes)".utf8))
            emit(&lines)
            skippingRestOfLine = true
        }
    }

    private mutating func emit(_ lines: inout [String]) {
        if logged < Self.maxLines {
            lines.append(String(decoding: partial, as: UTF8.self))
            logged += 1
        } else {
            dropped += 1
        }
        partial.removeAll(keepingCapacity: true)
    }
}
