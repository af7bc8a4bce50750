import Core
import Formats

/// A validated config value: the type is already checked against the schema.
public enum ConfigValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case color(Color)
    case colors([Color])
    case numbers([Double])
    case strings([String])
    case table(ConfigTable)
    case tables([ConfigTable])
}

/// A validated table: its values by key, and where it was written (for errors found later, such as
/// a control id used twice or a value a control rejects).
public struct ConfigTable: Hashable, Sendable {
    public var values: [String: ConfigValue]
    /// The key path of this table as components, e.g. `["screens", "[0]", "controls", "[2]"]`.
    public var path: [String]
    public var location: SourceLocation
    /// The key path by index, `screens[0].controls[2]` (messages name entries by id: `SourceLocator.name`).
    public var pathText: String { ConfigKeyPath.text(path) }

    public init(
        values: [String: ConfigValue] = [:], path: [String] = [], location: SourceLocation = .init(line: 1, column: 1)
    ) {
        self.values = values; self.path = path; self.location = location
    }

    public subscript(key: String) -> ConfigValue? { values[key] }

    public func bool(_ key: String) -> Bool? { if case .bool(let v)? = values[key] { return v }; return nil }
    public func int(_ key: String) -> Int? { if case .int(let v)? = values[key] { return v }; return nil }
    /// A number; integers are accepted wherever numbers are.
    public func number(_ key: String) -> Double? {
        switch values[key] {
        case .number(let v)?: return v
        case .int(let v)?: return Double(v)
        default: return nil
        }
    }
    public func string(_ key: String) -> String? { if case .string(let v)? = values[key] { return v }; return nil }
    public func color(_ key: String) -> Color? { if case .color(let v)? = values[key] { return v }; return nil }
    public func colors(_ key: String) -> [Color]? { if case .colors(let v)? = values[key] { return v }; return nil }
    public func numbers(_ key: String) -> [Double]? { if case .numbers(let v)? = values[key] { return v }; return nil }
    public func strings(_ key: String) -> [String]? { if case .strings(let v)? = values[key] { return v }; return nil }
    public func table(_ key: String) -> ConfigTable? { if case .table(let v)? = values[key] { return v }; return nil }
    public func tables(_ key: String) -> [ConfigTable] { if case .tables(let v)? = values[key] { return v }; return [] }
}
