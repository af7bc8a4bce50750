/// Edits a config file's text in place, keeping its comments and layout, for the tools that write
/// settings back (`thumbwheel calibrate`).
public enum ConfigEditor {
    /// `text` with `key = value` set inside `[section]`: an existing line is replaced, else the line
    /// is added at the end of the section, else the section is appended.
    public static func setting(_ key: String, to value: String, inSection section: String, of text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inSection = false
        var sectionEnd: Int?
        for (i, raw) in lines.enumerated() {
            let line = raw.trimmedSpaces
            if line.hasPrefix("[") {
                if inSection { sectionEnd = i; break }
                inSection = line == "[\(section)]"
                continue
            }
            guard inSection else { continue }
            let name = line.split(separator: "=", maxSplits: 1).first.map { String($0).trimmedSpaces }
            if name == key {
                let indent = String(raw.prefix { $0 == " " || $0 == "\t" })
                lines[i] = "\(indent)\(key) = \(value)"
                return lines.joined(separator: "\n")
            }
        }
        if inSection {
            // Insert before the next section, after the section's last non-blank line.
            var at = sectionEnd ?? lines.count
            while at > 0 && lines[at - 1].trimmedSpaces.isEmpty { at -= 1 }
            lines.insert("\(key) = \(value)", at: at)
            return lines.joined(separator: "\n")
        }
        // A new section goes at the top so it can never land inside an array of tables.
        return "[\(section)]\n\(key) = \(value)\n\n" + text
    }

    /// A number array as TOML: `[1.0, 0.0, …]` with enough digits to round-trip.
    public static func array(_ values: [Double]) -> String {
        "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
