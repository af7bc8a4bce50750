import ConfigModel
import Formats

/// Where each key of a config file is written, so validation errors can name a line and column: the
/// positions `TOMLParser` recorded (every key, table header, inline table and array element, also in
/// multi-line arrays). A path that was not written itself (a default, a table made implicitly) is
/// reported at its nearest written ancestor.
struct SourceLocator {
    private let positions: [String: SourceLocation]
    /// The id of each array entry that has one of its own (valid, and unique in its array), by the
    /// entry's path text: `screens[0].controls[5]` → `pump`.
    private var ids: [String: String] = [:]

    /// Positions keyed by `ConfigKeyPath.text` of their path, as `TOMLParser.parseWithPositions` gives
    /// them; `root`, the parsed file, for the ids that name array entries in messages.
    init(positions: [String: SourceLocation], root: TOMLNode? = nil) {
        self.positions = positions
        if let root { collectIDs(root, path: []) }
    }

    private mutating func collectIDs(_ node: TOMLNode, path: [String]) {
        switch node {
        case .table(let entries):
            for (key, value) in entries { collectIDs(value, path: path + [key]) }
        case .array(let items):
            func id(_ item: TOMLNode) -> String? {
                guard case .table(let entries) = item,
                    case .string(let id)? = entries.first(where: { $0.key == "id" })?.value,
                    IDGrammar.isValid(id)
                else { return nil }
                return id
            }
            let found = items.map(id)
            for (i, item) in items.enumerated() {
                let entry = path + ["[\(i)]"]
                if let own = found[i], found.count(where: { $0 == own }) == 1 { ids[SourceLocator.join(entry)] = own }
                collectIDs(item, path: entry)
            }
        default: break
        }
    }

    /// `path` as messages name it: an array entry with an id of its own is named by it, so an
    /// integrator reads which control is meant (`screens[id=main].controls[id=pump].max`); entries
    /// without one keep their index (`items[2]`).
    func name(_ path: [String]) -> String {
        guard !ids.isEmpty else { return SourceLocator.join(path) }
        var shown: [String] = []
        for i in path.indices {
            if path[i].hasPrefix("["), let id = ids[SourceLocator.join(Array(path[...i]))] {
                shown.append("[id=\(id)]")
            } else {
                shown.append(path[i])
            }
        }
        return SourceLocator.join(shown)
    }

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
