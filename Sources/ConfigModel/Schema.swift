import Core
/// The shape a config value must have. Validation checks every value against its field type and
/// collects every mistake instead of stopping at the first.
public indirect enum FieldType: Sendable {
    case bool
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A number (integers accepted) within the range.
    case number(ClosedRange<Double>)
    case string
    /// One of the listed strings.
    case choice([String])
    /// A rotation in whole degrees: 0, 90, 180 or 270.
    case rightAngle
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a colour name.
    case color
    /// A non-empty array of colours.
    case colors
    /// An array of exactly `count` numbers (any count when nil).
    case numbers(count: Int?)
    /// An array of strings; `nonEmpty` for argv arrays.
    case strings(nonEmpty: Bool)
    /// A number or a string (a variable's initial value, checked against its type by the loader).
    case scalar
    /// A control's value: a number, or `[a, b]` for a two-value control.
    case numberOrPair
    case table(Schema)
    /// A table of texts under keys of the author's choosing (`option_labels = { heat_cool = "Auto" }`).
    case texts
    /// An array of tables (`[[name]]`), each checked against the schema.
    case tables(Schema)
    /// An array of tables whose schema depends on each one's `key` field (a control's `kind`).
    case variantTables(key: String, schemas: [(name: String, schema: Schema)])

    /// What the field expects, for "expected …" messages and the reference.
    public var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .integer(let r): return "a whole number from \(r.lowerBound) to \(r.upperBound)"
        case .number(let r):
            // "finite" where a bound is open: inf is ≥ 0, but no key takes it.
            if r.lowerBound == -.infinity && r.upperBound == .infinity { return "a finite number" }
            if r.upperBound == .infinity { return "a finite number ≥ \(Schema.format(r.lowerBound))" }
            return "a number from \(Schema.format(r.lowerBound)) to \(Schema.format(r.upperBound))"
        case .string: return "a string"
        case .choice(let options): return "one of " + options.map { "\"\($0)\"" }.joined(separator: ", ")
        case .rightAngle: return "0, 90, 180 or 270"
        case .color: return "a colour (\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\" or a name)"
        case .colors: return "a non-empty array of colours"
        case .numbers(let n?): return "an array of \(n) finite numbers"
        case .numbers(nil): return "an array of finite numbers"
        case .strings(let nonEmpty): return nonEmpty ? "a non-empty array of strings" : "an array of strings"
        case .scalar: return "a number or a string"
        case .numberOrPair: return "a number, or [a, b] for a range-slider"
        case .table: return "a table"
        case .texts: return "a table of strings ({ heat_cool = \"Auto\" })"
        case .tables: return "an array of tables"
        case .variantTables: return "an array of tables"
        }
    }
}

/// One key of a table.
public struct Field: Sendable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    /// The default as the reference shows it (the control's own default lives in Controls).
    public var defaultText: String?
    public var doc: String

    public init(
        _ name: String, _ type: FieldType, required: Bool = false, default defaultText: String? = nil, _ doc: String
    ) {
        self.name = name; self.type = type; self.required = required; self.defaultText = defaultText; self.doc = doc
    }
}

/// The keys a table may hold.
public struct Schema: Sendable {
    public var fields: [Field]
    public init(_ fields: [Field]) { self.fields = fields }
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    /// The schema with more fields appended (a control kind's own keys after the common ones).
    public func adding(_ more: [Field]) -> Schema { Schema(fields + more) }

    /// A number as the reference and messages write it (Core's `NumberFormat.plain`).
    public static func format(_ d: Double) -> String { NumberFormat.plain(d) }
}

/// A number key with a default that is written once: the schema's reference shows it and every
/// reader takes it from here, so the documented default and the one the panel and its adapters use
/// cannot drift apart.
public struct DefaultedNumber: Sendable {
    /// The key.
    public let key: String
    /// The value when the table leaves the key out.
    public let defaultValue: Double

    public init(_ key: String, default defaultValue: Double) { self.key = key; self.defaultValue = defaultValue }

    /// The key's schema field, its default shown as the reference writes numbers.
    public func field(_ range: ClosedRange<Double>, _ doc: String) -> Field {
        Field(key, .number(range), default: Schema.format(defaultValue), doc)
    }

    /// The key's value in `table`, or the default.
    public func read(_ table: ConfigTable) -> Double { table.number(key) ?? defaultValue }
}
