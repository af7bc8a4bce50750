import Core

/// JSON text for `JSON` values, without Foundation (whose JSONEncoder/JSONDecoder made the static
/// binary megabytes larger): a strict RFC 8259 reader and a writer that matches what the control socket and
/// the state file always sent (keys sorted, whole numbers without a fraction, slashes as they are).
extension JSON {
    /// Parses one JSON document; nil when it is not valid JSON (or nests deeper than 512 levels).
    public static func parse(_ bytes: some Sequence<UInt8>) -> JSON? {
        var reader = JSONReader(Array(bytes))
        guard let value = reader.document() else { return nil }
        return value
    }

    /// The value as JSON text: compact (the socket's one line), or `pretty` (two-space indents and
    /// `"key" : value`, the state file's layout). Object keys are sorted by their Unicode scalars, so
    /// the same value is always the same text; a non-finite number is written as null.
    public func text(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        JSONWriter(pretty: pretty).write(self, into: &out, depth: 0)
        return out
    }
}

/// Writes `JSON` values as text (see `JSON.text(pretty:)`).
struct JSONWriter {
    let pretty: Bool

    // Literal text as arrays: appending an array is one copy, appending a string's UTF-8 view goes
    // byte by byte.
    private static let null = Array("null".utf8), yes = Array("true".utf8), no = Array("false".utf8)
    private static let emptyArray = Array("[]".utf8), emptyObject = Array("{}".utf8), colon = Array(" : ".utf8)
    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    func write(_ value: JSON, into out: inout [UInt8], depth: Int) {
        switch value {
        case .null: out.append(contentsOf: JSONWriter.null)
        case .bool(let b): out.append(contentsOf: b ? JSONWriter.yes : JSONWriter.no)
        case .number(let d): out.append(contentsOf: JSONWriter.number(d).utf8)
        case .string(let s): JSONWriter.string(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append(contentsOf: JSONWriter.emptyArray); return }
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(&out, depth + 1)
                write(item, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(0x5D)
        case .object(let pairs):
            guard !pairs.isEmpty else { out.append(contentsOf: JSONWriter.emptyObject); return }
            out.append(0x7B)
            for (i, (key, item)) in JSONWriter.sortedFields(pairs).enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(&out, depth + 1)
                JSONWriter.string(key, into: &out)
                if pretty { out.append(contentsOf: JSONWriter.colon) } else { out.append(0x3A) }
                write(item, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(0x7D)
        }
    }

    private func newline(_ out: inout [UInt8], _ depth: Int) {
        guard pretty else { return }
        out.append(0x0A)
        var indent = 2 * depth
        while indent > 0 {
            let n = min(indent, JSONWriter.spaces.count)
            out.append(contentsOf: JSONWriter.spaces[..<n])
            indent -= n
        }
    }

    /// An object's fields in the order they are written: one per key, sorted by `scalarOrder`. A
    /// later duplicate's value wins under the first one's key, as in the reader (and `JSON`'s
    /// equality): keys are told apart as Swift's `String` does. One pass and one sort, so a large
    /// object costs n log n.
    static func sortedFields(_ pairs: [(String, JSON)]) -> [(String, JSON)] {
        var index: [String: Int] = [:]
        index.reserveCapacity(pairs.count)
        var keys: [String] = []
        keys.reserveCapacity(pairs.count)
        var values: [JSON] = []
        values.reserveCapacity(pairs.count)
        var ascii = true
        for (key, value) in pairs {
            if let at = index[key] { values[at] = value; continue }
            index[key] = keys.count
            keys.append(key)
            values.append(value)
            if ascii && !key.utf8.allSatisfy({ $0 < 0x80 }) { ascii = false }
        }
        // Positions are sorted rather than the pairs: moving an Int is cheaper than a string and a value.
        var order = Array(keys.indices)
        // ASCII is its own normal form, so there `<` (which compares normalised scalars, and is
        // the fastest comparison a String has) is the scalar order.
        if ascii { order.sort { keys[$0] < keys[$1] } } else { order.sort { scalarOrder(keys[$0], keys[$1]) } }
        return order.map { (keys[$0], values[$0]) }
    }

    /// Keys in Unicode scalar order (String's `<` orders by canonical equivalence, which could
    /// put two different keys in either order). UTF-8 keeps the scalars' order byte for byte.
    static func scalarOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// The shortest text that reads back as `d`, with a whole number's ".0" dropped (25, not 25.0);
    /// JSON has no NaN or infinity, so those are null.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        var text = d.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A quoted string: quote, backslash and control characters escaped, everything else (slashes,
    /// non-ASCII) as it is, in UTF-8.
    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        for byte in s.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x08: out += [0x5C, 0x62]
            case 0x0C: out += [0x5C, 0x66]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}

/// A strict JSON reader: one value with optional whitespace around it, UTF-8 checked, numbers by the
/// RFC's grammar, at most `maxDepth` nested arrays and objects (a hostile line cannot exhaust the stack).
struct JSONReader {
    static let maxDepth = 512
    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's value; nil when anything is wrong or something follows it.
    mutating func document() -> JSON? {
        guard let value = value(depth: 0) else { return nil }
        skipSpace()
        return i == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSON? {
        skipSpace()
        guard i < bytes.count, depth <= JSONReader.maxDepth else { return nil }
        switch bytes[i] {
        case 0x7B: return object(depth: depth)
        case 0x5B: return array(depth: depth)
        case 0x22: return string().map(JSON.string)
        case 0x74: return literal("true", .bool(true))
        case 0x66: return literal("false", .bool(false))
        case 0x6E: return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSON) -> JSON? {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else { return nil }
        i += w.count
        return value
    }

    private mutating func object(depth: Int) -> JSON? {
        i += 1
        var pairs: [(String, JSON)] = []
        var index: [String: Int] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == 0x7D { i += 1; return .object(pairs) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x22, let key = string() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x3A else { return nil }
            i += 1
            guard let item = value(depth: depth + 1) else { return nil }
            // A later duplicate key replaces the earlier one's value.
            if let at = index[key] { pairs[at].1 = item } else { index[key] = pairs.count; pairs.append((key, item)) }
            guard let more = nextItem(closing: 0x7D) else { return nil }
            if !more { return .object(pairs) }
        }
    }

    private mutating func array(depth: Int) -> JSON? {
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == 0x5D { i += 1; return .array(items) }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            guard let more = nextItem(closing: 0x5D) else { return nil }
            if !more { return .array(items) }
        }
    }

    /// After an item of an object or array: true past a comma (another item follows), false past the
    /// `closing` bracket, nil for anything else.
    private mutating func nextItem(closing: UInt8) -> Bool? {
        skipSpace()
        guard i < bytes.count else { return nil }
        if bytes[i] == 0x2C { i += 1; return true }
        guard bytes[i] == closing else { return nil }
        i += 1
        return false
    }

    /// A string starting at the opening quote; nil for a raw control character, a bad escape, a
    /// lone surrogate or invalid UTF-8.
    private mutating func string() -> String? {
        i += 1
        var raw: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x22: return String(validating: raw, as: UTF8.self)
            case 0..<0x20: return nil
            case 0x5C:
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case 0x22, 0x5C, 0x2F: raw.append(e)
                case 0x62: raw.append(0x08)
                case 0x66: raw.append(0x0C)
                case 0x6E: raw.append(0x0A)
                case 0x72: raw.append(0x0D)
                case 0x74: raw.append(0x09)
                case 0x75:
                    guard let scalar = unicodeEscape() else { return nil }
                    raw += Array(String(Character(scalar)).utf8)
                default: return nil
                }
            default: raw.append(b)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard bytes.count - i >= 2, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { return nil }
            i += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - i >= 4 else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = Character(Unicode.Scalar(bytes[i])).hexDigitValue else { return nil }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// A number by JSON's grammar (`NumberText.decimalLength`), read as a Double.
    private mutating func number() -> JSON? {
        guard let length = NumberText.decimalLength(bytes, from: i) else { return nil }
        defer { i += length }
        return Double(String(decoding: bytes[i..<i + length], as: UTF8.self)).map(JSON.number)
    }
}
