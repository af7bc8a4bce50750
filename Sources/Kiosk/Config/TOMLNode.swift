import TOMLKit

/// A parsed TOML value, detached from TOMLKit so validation works on plain Swift values.
indirect enum TOMLNode {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([TOMLNode])
    case table([(key: String, value: TOMLNode)])
    /// Dates and times: valid TOML, but no Thumbwheel key takes one.
    case other(String)

    /// The name used in "found …" messages.
    var typeName: String {
        switch self {
        case .string(let s): return "the string \"\(s)\""
        case .int(let i): return "the integer \(i)"
        // nan and ±inf are named as TOML writes them; the expectation already says "finite".
        case .double(let d): return d.isFinite ? "the number \(d)" : "\(d)"
        case .bool(let b): return "the boolean \(b)"
        case .array(let items):
            // Say which element makes a numeric array wrong, when it is a number that is not finite.
            for case .double(let d) in items where !d.isFinite { return "an array holding \(d)" }
            return "an array"
        case .table: return "a table"
        case .other(let t): return "a \(t)"
        }
    }

    init(_ value: TOMLValueConvertible) {
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .int(value.int ?? 0)
        case .double: self = .double(value.double ?? 0)
        case .bool: self = .bool(value.bool ?? false)
        case .array: self = .array((value.array.map { Array($0) } ?? []).map { TOMLNode($0) })
        case .table:
            let table = value.table ?? TOMLTable()
            self = .table(table.keys.compactMap { key in table[key].map { (key, TOMLNode($0)) } })
        default: self = .other(value.type.rawValue)
        }
    }
}
