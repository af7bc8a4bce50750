/// A control's value as the state file, the socket and hooks see it: one number, or two for a
/// two-handle range.
public enum StoredValue: Hashable, Sendable, Codable {
    case single(Double)
    case pair(Double, Double)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let d = try? c.decode(Double.self) { self = .single(d); return }
        let a = try c.decode([Double].self)
        guard a.count == 2 else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number or two numbers")
        }
        self = .pair(a[0], a[1])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .single(let d): try c.encode(d)
        case .pair(let a, let b): try c.encode([a, b])
        }
    }
}

extension StoredValue {
    /// True when every number of the value is finite.
    public var isFinite: Bool {
        switch self {
        case .single(let d): return d.isFinite
        case .pair(let a, let b): return a.isFinite && b.isFinite
        }
    }
}
