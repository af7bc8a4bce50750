import Core

/// A condition in the config (`hidden_when = "pump == 1"`, `color_when`…): one comparison of two
/// operands, or one operand alone (true when it is a number other than 0 or a non-empty text). An
/// operand is a control or variable name (bare or in braces: `tank`, `{tank}`; an entity id such as
/// `lock.front_door` names a variable bound to it, as in templates), a number, or a quoted
/// text. No scripting: no arithmetic, no `and`/`or` — a condition that needs them wants a variable set
/// from outside.
public struct Condition: Hashable, Sendable, CustomStringConvertible {
    public enum Operand: Hashable, Sendable {
        case name(String)
        case number(Double)
        case text(String)
    }

    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
    }

    public let left: Operand
    public let comparison: Comparison?
    public let right: Operand?
    /// The text it was parsed from.
    public let description: String

    /// The names it reads.
    public var names: [String] {
        [left, right].compactMap {
            if case .name(let n)? = $0 { return n }; return nil
        }
    }

    /// Parses `text`; throws a message saying what was expected.
    public init(parsing text: String) throws(TemplateError) {
        description = text
        let trimmed = text.trimmingCharacters(in: " ")
        let chars = Array(trimmed)
        // Two-character comparisons are tried before `<` and `>` (the order of `allCases`).
        for c in Comparison.allCases {
            let op = Array(c.rawValue)
            guard
                let at = (0...max(0, chars.count - op.count)).first(where: {
                    chars.count >= op.count && Array(chars[$0..<($0 + op.count)]) == op
                })
            else { continue }
            left = try Condition.operand(String(chars[..<at]), column: 1)
            comparison = c
            right = try Condition.operand(String(chars[(at + op.count)...]), column: at + op.count + 1)
            return
        }
        left = try Condition.operand(trimmed, column: 1)
        comparison = nil
        right = nil
    }

    private static func operand(_ raw: String, column: Int) throws(TemplateError) -> Operand {
        let s = raw.trimmingCharacters(in: " ")
        if s.isEmpty { throw TemplateError(column: column, message: "expected a name, a number or a quoted text") }
        if let d = Core.NumberText.parse(s) { return .number(d) }
        if s.count >= 2, let q = s.first, q == "\"" || q == "'", s.last == q {
            return .text(String(s.dropFirst().dropLast()))
        }
        var name = s
        if name.hasPrefix("{") && name.hasSuffix("}") { name = String(name.dropFirst().dropLast()) }
        guard let first = name.first, first.isLetter,
            // A dot: a Home Assistant entity (`lock.front_door`, `light.lamp.brightness`).
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
        else {
            throw TemplateError(
                column: column, message: "expected a name, a number or a quoted text, found \"\(s)\"",
                hint: "compare one thing with another: \"pump == 1\", \"{tank} < 10\", \"mode != 'off'\"")
        }
        return .name(name)
    }

    /// Whether it holds for the values `lookup` gives. An unknown or unset name is no value: every
    /// comparison with it is false, `!=` too (a value not known yet is not known to differ).
    public func holds(_ lookup: (String) -> TemplateValue?) -> Bool {
        let a = value(left, lookup)
        guard let comparison, let right else {
            switch a {
            case .number(let d)?: return d != 0
            case .text(let s)?: return !s.isEmpty
            case .pair?: return true
            case nil: return false
            }
        }
        let b = value(right, lookup)
        switch (a, b) {
        case (.number(let x)?, .number(let y)?): return Condition.compare(x, y, comparison)
        case (.text(let x)?, .text(let y)?):
            switch comparison {
            case .equal: return x == y
            case .notEqual: return x != y
            default: return Condition.compare(Double(x.compare(y).rawValue), 0, comparison)
            }
        case (nil, _), (_, nil): return false
        default: return comparison == .notEqual
        }
    }

    private func value(_ o: Operand, _ lookup: (String) -> TemplateValue?) -> TemplateValue? {
        switch o {
        case .name(let n): return lookup(n)
        case .number(let d): return .number(d)
        case .text(let s): return .text(s)
        }
    }

    private static func compare(_ x: Double, _ y: Double, _ c: Comparison) -> Bool {
        switch c {
        case .equal: return x == y
        case .notEqual: return x != y
        case .less: return x < y
        case .lessOrEqual: return x <= y
        case .greater: return x > y
        case .greaterOrEqual: return x >= y
        }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

private extension String {
    enum Order: Int { case ascending = -1, same = 0, descending = 1 }
    func compare(_ other: String) -> Order { self < other ? .ascending : (self == other ? .same : .descending) }
}
