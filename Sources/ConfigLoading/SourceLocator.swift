import ConfigModel
import Formats

/// Where each key of a config file is written, so validation errors can name a line and column: the
/// positions `TOMLParser` recorded (every key, table header, inline table and array element, also in
/// multi-line arrays). A path that was not written itself (a default, a table made implicitly) is
/// reported at its nearest written ancestor.
struct SourceLocator {
    private let positions: [String: SourceLocation]

    /// Positions keyed by `ConfigKeyPath.text` of their path, as `TOMLParser.parseWithPositions` gives them.
    init(positions: [String: SourceLocation]) { self.positions = positions }

    /// Whether the file writes the key at `path` (whatever its value, valid or not).
    func writes(_ path: [String]) -> Bool { positions[SourceLocator.join(path)] != nil }

    /// The location of `path` (components like `screens`, `[0]`, `max`), or of its nearest located ancestor.
    func location(of path: [String]) -> SourceLocation {
        var p = path
        while !p.isEmpty {
            if let loc = positions[SourceLocator.join(p)] { return loc }
            p.removeLast()
        }
        return SourceLocation(line: 1, column: 1)
    }

    static func join(_ path: [String]) -> String { ConfigKeyPath.text(path) }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    public var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        var s = Substring(self)
        while let c = s.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.last, isSpace(c) { s = s.dropLast() }
        return String(s)
    }
}
