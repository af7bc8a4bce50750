/// A place in a text file: 1-based line and column (the column counted in characters).
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int
    /// The place at `line` and `column`, both from 1.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// Earlier in the file first.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// Key paths as text, the form `TOMLParser.parseWithPositions` keys its positions by.
public enum TOMLKeyPath {
    /// Components such as `["screens", "[0]", "controls", "[2]", "max"]` as `screens[0].controls[2].max`:
    /// keys joined by dots, an array index written after its array without one.
    public static func text(_ path: [String]) -> String {
        // One string appended to: the TOML parser records a path for every key of a file it reads.
        var text = ""
        for part in path {
            if !text.isEmpty && part.utf8.first != UInt8(ascii: "[") { text += "." }
            text += part
        }
        return text
    }
}
