import Formats

extension TOMLNode {
    /// The name used in the config's "found …" messages (dates and times are valid TOML, but no
    /// Thumbwheel key takes one: they are named by their kind).
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
}
