import Controls
import Core
import Formats

extension StoredValue {
    /// The value as JSON for the socket: a number, or `[a, b]` for a range.
    public var json: JSON {
        switch self {
        case .single(let d): return .number(d)
        case .pair(let a, let b): return .array([.number(a), .number(b)])
        }
    }

    /// The value as hooks see it in `{value}`: `35`, `21.5` or `8,18`.
    public var hookText: String {
        switch self {
        case .single(let d): return NumberFormat.plain(d)
        case .pair(let a, let b): return NumberFormat.plain(a) + "," + NumberFormat.plain(b)
        }
    }

    /// Reads a socket value: a number, or an array of two numbers.
    public init?(json: JSON) {
        switch json {
        case .number(let d): self = .single(d)
        case .array(let a) where a.count == 2:
            guard let x = a[0].numberValue, let y = a[1].numberValue else { return nil }
            self = .pair(x, y)
        default: return nil
        }
    }
}

extension Optional<StoredValue> {
    /// The value as JSON, `null` for an element that holds none.
    public var json: JSON { self?.json ?? .null }
}
