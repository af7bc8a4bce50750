/// A JSON value, for documents whose keys are data; a document of fixed shape is better a Codable
/// type, carried to and from `JSON` by `JSONCoding`.
public enum JSON: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    /// Pairs in the order they were built; equality and hashing ignore the order, as JSON does.
    case object([(String, JSON)])

    /// Reads whatever JSON value the decoder holds (object keys sorted, as a dictionary has no order).
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSON].self) {
            self = .array(a)
        } else {
            let dict = try c.decode([String: JSON].self)
            self = .object(dict.sorted { $0.key < $1.key })
        }
    }

    /// Writes the value; a non-finite number as null.
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let pairs):
            var c = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in pairs { try c.encode(value, forKey: JSONKey(key)) }
        default:
            var c = encoder.singleValueContainer()
            switch self {
            case .null: try c.encodeNil()
            case .bool(let b): try c.encode(b)
            // JSON has no NaN or infinity: such a number goes out as null rather than failing the reply.
            case .number(let d): if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
            case .string(let s): try c.encode(s)
            case .array(let a): try c.encode(a)
            case .object: break
            }
        }
    }

    /// The value under `key` in an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
    /// The text of a string; nil for any other value.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// The number of a number; nil for any other value.
    public var numberValue: Double? { if case .number(let d) = self { return d }; return nil }
    /// The items of an array; nil for any other value.
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }

    /// Compact JSON text, exactly as it goes over the socket.
    public var description: String { String(decoding: text(), as: UTF8.self) }

    /// Structural equality: numbers by value, arrays in order, objects as sets of keys (a later
    /// duplicate key loses, as in the decoder).
    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            let dx = JSON.dictionary(x), dy = JSON.dictionary(y)
            return dx.count == dy.count && dx.allSatisfy { key, value in dy[key] == value }
        default: return false
        }
    }

    /// Hashes consistently with `==` (an object's pairs in key order).
    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(1); h.combine(b)
        case .number(let d): h.combine(2); h.combine(d)
        case .string(let s): h.combine(3); h.combine(s)
        case .array(let a): h.combine(4); h.combine(a)
        case .object(let pairs):
            // Order-independent, to agree with `==`.
            h.combine(5)
            for (key, value) in JSON.dictionary(pairs).sorted(by: { $0.key < $1.key }) {
                h.combine(key); h.combine(value)
            }
        }
    }

    private static func dictionary(_ pairs: [(String, JSON)]) -> [String: JSON] {
        Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }
}

/// A coding key made at run time, for objects whose keys are data.
public struct JSONKey: CodingKey {
    /// The key's text.
    public var stringValue: String
    /// Always nil: JSON objects have no integer keys.
    public var intValue: Int? { nil }
    /// The key `key`.
    public init(_ key: String) { stringValue = key }
    /// The key `stringValue` (CodingKey's initialiser).
    public init?(stringValue: String) { self.stringValue = stringValue }
    /// Never a key: JSON objects have no integer keys.
    public init?(intValue: Int) { nil }
}
