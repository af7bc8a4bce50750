/// A place in a config file: 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// Key paths of config values, as error messages write them.
public enum ConfigKeyPath {
    /// Components such as `["screens", "[0]", "controls", "[2]", "max"]` as `screens[0].controls[2].max`.
    public static func text(_ path: [String]) -> String {
        // One string appended to: the TOML parser records a path for every key of a config it reads.
        var text = ""
        for part in path {
            if !text.isEmpty && part.utf8.first != UInt8(ascii: "[") { text += "." }
            text += part
        }
        return text
    }
}
