import Core
import FoundationEssentials

/// A JSON value for the control socket: decoded from requests, serialised for replies and events
/// with keys in a fixed order so replies are stable.
public enum JSON: Hashable, Sendable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSON].self) { self = .array(a) }
        else {
            let dict = try c.decode([String: JSON].self)
            self = .object(dict.sorted { $0.key < $1.key })
        }
    }

    /// Parses one JSON document; nil when it is not valid JSON.
    public static func parse(_ bytes: some Sequence<UInt8>) -> JSON? {
        try? JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var numberValue: Double? { if case .number(let d) = self { return d }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }

    /// Compact JSON text.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d):
            return d.isFinite ? NumberFormat.plain(d) : "null"
        case .string(let s): return JSON.quote(s)
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { JSON.quote($0.0) + ":" + $0.1.description }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    public static func == (a: JSON, b: JSON) -> Bool { a.description == b.description }
    public func hash(into h: inout Hasher) { h.combine(description) }
}
