/// What an id may be. Control, variable and screen ids travel far beyond the config: into MQTT topic
/// levels (`<base>/<id>/set`, where `/`, `+`, `#` and NUL mean something else), Home Assistant unique
/// and entity ids (lower-case letters, digits and `_`), the state file, hook arguments and socket
/// replies. One grammar, checked at load, keeps every one of them safe and unambiguous.
public enum IDGrammar {
    /// The longest id.
    public static let maxLength = 64
    /// The grammar in words, as the reference and every error say it.
    public static let description =
        "a letter, then letters, digits, \"_\" or \"-\" (ASCII, at most \(maxLength) characters)"

    /// True when `id` follows the grammar.
    public static func isValid(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, bytes.count <= maxLength, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// The located message for an id that breaks the grammar.
    public static func problem(_ id: String) -> String? {
        isValid(id) ? nil : "expected \(description), found \(String(reflecting: id))"
    }

    /// The name an id takes where letter case and `-` are lost (Home Assistant's entity ids: `Fan-1`
    /// and `fan_1` are both `fan_1` there).
    public static func folded(_ id: String) -> String {
        String(id.lowercased().map { $0 == "-" ? "_" : $0 })
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
