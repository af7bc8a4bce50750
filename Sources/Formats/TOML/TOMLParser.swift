/// A TOML syntax error: where (1-based line and column, the column counted in characters) and what.
public struct TOMLSyntaxError: Error, Equatable {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int
    /// What is wrong, and what was expected.
    public var message: String
}

/// A TOML 1.0 parser producing `TOMLNode` trees, keys in file order.
///
/// Written for Thumbwheel's configs rather than taken from a library: it holds no memory once it returns (the C++
/// parser it replaces leaked its table on every reload), needs no Foundation, and is meant for hostile
/// input: it never traps (no force-unwraps on the input, checked arithmetic) and refuses nesting deeper
/// than `maximumDepth`, so a crafted file cannot exhaust the stack.
///
/// It works on the UTF-8 bytes; a position is a byte offset until an error turns it into a line and column.
public struct TOMLParser {
    /// How deep tables, arrays and inline tables may nest.
    public static let maximumDepth = 64

    /// The document's bytes, with every CRLF turned into LF (TOML treats both as one newline).
    let bytes: [UInt8]
    /// The same bytes, for the table tree's errors.
    let source: TOMLSource
    var pos = 0
    var tree = TOMLTableTree()

    /// Parses a whole document.
    public static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLNode {
        var parser = TOMLParser(text: text)
        try parser.parseDocument()
        return parser.tree.node(TOMLTableTree.root)
    }

    /// Parses a whole document, and says where each key, table and array element is first written
    /// (keyed by `TOMLKeyPath.text` of its path, such as `screens[0].controls[1].max`).
    public static func parseWithPositions(
        _ text: String
    ) throws(TOMLSyntaxError) -> (root: TOMLNode, positions: [String: SourceLocation]) {
        var parser = TOMLParser(text: text)
        try parser.parseDocument()
        let lines = parser.source.lineStarts()
        let positions = parser.tree.positions.mapValues { parser.source.location(of: $0, lineStarts: lines) }
        return (parser.tree.node(TOMLTableTree.root), positions)
    }

    init(text: String) {
        let hasCR = text.utf8.withContiguousStorageIfAvailable { $0.contains(.cr) } ?? text.utf8.contains(.cr)
        guard hasCR else {
            bytes = Array(text.utf8)
            source = TOMLSource(bytes: bytes)
            return
        }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(text.utf8.count)
        var previousCR = false
        for b in text.utf8 {
            if previousCR && b != .lf { normalized.append(.cr) }  // a lone CR stays, to be reported
            previousCR = b == .cr
            if !previousCR { normalized.append(b) }
        }
        if previousCR { normalized.append(.cr) }
        bytes = normalized
        source = TOMLSource(bytes: normalized)
    }

    // MARK: The document

    private mutating func parseDocument() throws(TOMLSyntaxError) {
        var current = TOMLTableTree.root
        while true {
            skipSpaces()
            guard let c = peek() else { return }
            if c == .lf { pos += 1; continue }
            if c == .hash { try skipComment(); continue }
            if c == .openBracket {
                current = try parseHeader()
            } else {
                let key = try parseKey()
                try expect(.equals, "\"=\" after the key")
                skipSpaces()
                let value = try parseValue(
                    depth: tree.depth(of: current) + key.count, path: tree.path(of: current) + key.map(\.name))
                try tree.assign(value.node, to: key, in: current, source: source)
            }
            try expectLineEnd()
        }
    }

    /// `[a.b]` or `[[a.b]]`: the table that the following keys go into.
    private mutating func parseHeader() throws(TOMLSyntaxError) -> Int {
        let start = pos
        pos += 1
        let isArray = peek() == .openBracket
        if isArray { pos += 1 }
        let key = try parseKey()
        if isArray {
            guard peek() == .closeBracket, peek(1) == .closeBracket else {
                if peek() == .closeBracket { pos += 1 }
                throw error("expected \"]]\" to close the array-of-tables header, found \(found())")
            }
            pos += 2
        } else {
            try expect(.closeBracket, "\"]\" to close the table header")
        }
        return try tree.openHeader(key, isArray: isArray, at: start, source: source)
    }

    /// After a key/value pair or a header: spaces, perhaps a comment, then a newline or the end of the file.
    private mutating func expectLineEnd() throws(TOMLSyntaxError) {
        skipSpaces()
        if peek() == .hash { try skipComment() }
        guard let c = peek() else { return }
        guard c == .lf else { throw error("expected the end of the line, found \(found())") }
        pos += 1
    }

    // MARK: Keys

    /// One part of a dotted key and where it is written.
    struct KeyPart {
        var name: String
        var offset: Int
    }

    /// A key such as `a`, `"quoted key"` or `a.'b'.c`, with the spaces around its dots.
    mutating func parseKey() throws(TOMLSyntaxError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            skipSpaces()
            let start = pos
            let name: String
            switch peek() {
            case .quote?:
                if peek(1) == .quote && peek(2) == .quote { throw error("expected a key, found a multi-line string") }
                name = try parseBasicString()
            case .apostrophe?:
                if peek(1) == .apostrophe && peek(2) == .apostrophe {
                    throw error("expected a key, found a multi-line string")
                }
                name = try parseLiteralString()
            default:
                while let c = peek(), c.isBareKeyByte { pos += 1 }
                guard pos > start else { throw error("expected a key, found \(found())") }
                name = String(decoding: bytes[start..<pos], as: UTF8.self)
            }
            parts.append(KeyPart(name: name, offset: start))
            guard parts.count <= TOMLParser.maximumDepth else {
                throw error("a key of more than \(TOMLParser.maximumDepth) dotted parts", at: start)
            }
            skipSpaces()
            guard peek() == .dot else { return parts }
            pos += 1
        }
    }

    // MARK: Values

    /// A parsed value and the offset where it starts.
    struct Value {
        var node: TOMLNode
        var offset: Int
    }

    /// Any value; `depth` is how deeply it nests (its table's depth plus enclosing arrays and tables),
    /// `path` its key path (for the positions of the keys and elements inside it).
    mutating func parseValue(depth: Int, path: [String]) throws(TOMLSyntaxError) -> Value {
        let start = pos
        guard depth <= TOMLParser.maximumDepth else {
            throw error("nested more than \(TOMLParser.maximumDepth) tables and arrays deep")
        }
        let node: TOMLNode
        switch peek() {
        case .quote?:
            node = .string(
                peek(1) == .quote && peek(2) == .quote ? try parseMultilineBasicString() : try parseBasicString())
        case .apostrophe?:
            node = .string(
                peek(1) == .apostrophe && peek(2) == .apostrophe
                    ? try parseMultilineLiteralString() : try parseLiteralString())
        case .openBracket?: node = try parseArray(depth: depth, path: path)
        case .openBrace?: node = try parseInlineTable(depth: depth, path: path)
        case UInt8(ascii: "t")? where matches("true"): pos += 4; node = .bool(true)
        case UInt8(ascii: "f")? where matches("false"): pos += 5; node = .bool(false)
        case let c? where c.isDigit || c == .plus || c == .minus || c == UInt8(ascii: "i") || c == UInt8(ascii: "n"):
            node = try parseNumberOrDate()
        default: throw error("expected a value, found \(found())")
        }
        return Value(node: node, offset: start)
    }

    /// `[ v, v, ]`: any values, newlines and comments between them, a trailing comma allowed.
    private mutating func parseArray(depth: Int, path: [String]) throws(TOMLSyntaxError) -> TOMLNode {
        pos += 1
        var items: [TOMLNode] = []
        while true {
            try skipSpacesNewlinesAndComments()
            if peek() == .closeBracket { pos += 1; return .array(items) }
            guard peek() != nil else {
                throw error("unterminated array: expected a value or \"]\", found the end of the file")
            }
            let element = path + ["[\(items.count)]"]
            let item = try parseValue(depth: depth + 1, path: element)
            tree.record(element, at: item.offset)
            items.append(item.node)
            try skipSpacesNewlinesAndComments()
            switch peek() {
            case .comma?: pos += 1
            case .closeBracket?: pos += 1; return .array(items)
            case nil: throw error("unterminated array: expected \",\" or \"]\", found the end of the file")
            default: throw error("expected \",\" or \"]\" in an array, found \(found())")
            }
        }
    }

    /// `{ k = v, a.b = v }` on one line, no trailing comma; a value that nothing can extend afterwards.
    private mutating func parseInlineTable(depth: Int, path: [String]) throws(TOMLSyntaxError) -> TOMLNode {
        tree.record(path, at: pos)
        pos += 1
        let table = try tree.makeInlineTable(depth: depth, path: path, at: pos, source: source)
        skipSpaces()
        if peek() == .closeBrace { pos += 1; return tree.node(table) }
        while true {
            let key = try parseKey()
            try expect(.equals, "\"=\" after the key")
            skipSpaces()
            let value = try parseValue(depth: depth + key.count, path: path + key.map(\.name))
            try tree.assign(value.node, to: key, in: table, source: source)
            skipSpaces()
            switch peek() {
            case .comma?:
                pos += 1
                skipSpaces()
                if peek() == .closeBrace {
                    throw error("expected a key after \",\" (an inline table has no trailing comma), found \"}\"")
                }
            case .closeBrace?: pos += 1; return tree.node(table)
            case .lf?, nil:
                throw error("unterminated inline table: expected \",\" or \"}\" on the same line, found \(found())")
            default: throw error("expected \",\" or \"}\" in an inline table, found \(found())")
            }
        }
    }

    // MARK: Reading

    func peek(_ ahead: Int = 0) -> UInt8? {
        let i = pos &+ ahead
        return i >= 0 && i < bytes.count ? bytes[i] : nil
    }

    /// Whether the bytes at the cursor spell `word`.
    func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        return word.withUTF8Buffer { w in (0..<count).allSatisfy { bytes[pos + $0] == w[$0] } }
    }

    mutating func skipSpaces() {
        while let c = peek(), c == .space || c == .tab { pos += 1 }
    }

    private mutating func skipSpacesNewlinesAndComments() throws(TOMLSyntaxError) {
        while let c = peek() {
            if c == .space || c == .tab || c == .lf {
                pos += 1
            } else if c == .hash {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// From `#` to the end of the line (not the newline), which may hold no control characters but tabs.
    private mutating func skipComment() throws(TOMLSyntaxError) {
        while let c = peek(), c != .lf {
            if c.isControl && c != .tab { throw error("expected no control characters in a comment, found \(found())") }
            pos += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(TOMLSyntaxError) {
        skipSpaces()
        guard peek() == byte else { throw error("expected \(what), found \(found())") }
        pos += 1
    }

    // MARK: Errors

    /// What is at `offset`, as messages name it: `"x"`, `the end of the line`, `the end of the file`.
    func found(at offset: Int? = nil) -> String {
        let at = offset ?? pos
        guard at < bytes.count else { return "the end of the file" }
        let c = bytes[at]
        if c == .lf { return "the end of the line" }
        if c == .cr { return "a carriage return without a line feed" }
        if c.isControl { return "the control character U+\(hex(UInt32(c), width: 4))" }
        return "\"\(character(at: at))\""
    }

    /// The character whose UTF-8 encoding starts at `offset`.
    func character(at offset: Int) -> String {
        guard offset >= 0 && offset < bytes.count else { return "" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The error `message` at `offset` (the cursor by default), with its line and column.
    func error(_ message: String, at offset: Int? = nil) -> TOMLSyntaxError {
        source.error(message, at: offset ?? pos)
    }

    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A document's bytes, and the lines and columns of offsets in them.
struct TOMLSource {
    let bytes: [UInt8]

    /// The error `message` at byte `offset`, with its line and column.
    func error(_ message: String, at offset: Int) -> TOMLSyntaxError {
        let location = location(of: offset)
        return TOMLSyntaxError(line: location.line, column: location.column, message: message)
    }

    /// The 1-based line and column (in characters) of a byte offset. Counted from the start (errors only).
    func location(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == .lf { line += 1; lineStart = i + 1 }
        return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
    }
}

extension TOMLSource {
    /// The offset where each line starts, for `location(of:lineStarts:)`.
    func lineStarts() -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == .lf }.map { $0 + 1 }
    }

    /// The location of `offset`, found by binary search in `lineStarts` (many offsets at once).
    func location(of offset: Int, lineStarts: [Int]) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= end { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(
            line: low + 1, column: String(decoding: bytes[lineStarts[low]..<end], as: UTF8.self).count + 1)
    }
}

/// The line of an earlier definition in a message, counted only when the message is made.
struct TOMLSourceLine: CustomStringConvertible {
    let source: TOMLSource
    let offset: Int
    var description: String { "\(source.location(of: offset).line)" }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t"), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#"), equals = UInt8(ascii: "="), dot = UInt8(ascii: "."), comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-"), underscore = UInt8(ascii: "_"),
        colon = UInt8(ascii: ":")

    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool { isDigit || (self | 0x20 >= 0x61 && self | 0x20 <= 0x66) }
    /// The control characters TOML forbids in comments and strings (tab aside, which each rule allows).
    var isControl: Bool { self < 0x20 || self == 0x7F }
    /// A-Z a-z 0-9 _ -
    var isBareKeyByte: Bool {
        isDigit || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A) || self == .underscore || self == .minus
    }
}
