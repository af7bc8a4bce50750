/// Numbers arriving as text — an MQTT payload, a JSON string field, a `thumbwheel ctl` argument —
/// read by one grammar, the one the config reference documents: a decimal number as JSON writes
/// it, with an optional leading `+` and spaces around it.
///
///     [spaces] [+|-] (0 | 1-9 digits*) [. digits+] [(e|E) [+|-] digits+] [spaces]
///
/// `21.5`, `-3`, `+5`, `1e3`, ` 12 ` are numbers; `0x1A`, `inf`, `nan`, `1_000`, `.5`, `5.`, `007`
/// and the empty text are not, and neither is a number too large for a Double (`1e999`). Swift's
/// `Double(String)` takes hex, `inf`, `nan` and more, so a sensor's `0x1A` would have become 26:
/// nothing that reads a number from text calls it directly.
public enum NumberText {
    /// The finite number `text` holds, or nil when it is not one by the grammar above.
    public static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        // A leading `+` (a JSON number has none), but not `+-5`.
        if start < end, bytes[start] == UInt8(ascii: "+") {
            start += 1
            guard start < end, bytes[start] != UInt8(ascii: "-") else { return nil }
        }
        let number = Array(bytes[start..<end])
        guard decimalLength(number, from: 0) == number.count,
            let value = Double(String(decoding: number, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }

    /// How many bytes of `bytes` from `start` form a JSON number,
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; nil when none starts there. The JSON
    /// reader and `parse` share it, so the socket's numbers and the payloads' follow one grammar.
    public static func decimalLength(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        return i - start
    }

    /// Spaces, tabs and line ends: what a payload typed or piped (`echo 21.5`) carries around it.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
