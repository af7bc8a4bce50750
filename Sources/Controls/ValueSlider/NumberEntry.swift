import Core
/// The number pad's text rules (NP-28, NP-29, NP-32, NP-46), with the locale's decimal separator as
/// a parameter (NP-36): Controls reads no locale itself.
public struct NumberText: Hashable, Sendable {
    /// The decimal separator ("." or "," …).
    public var separator: String
    /// Rules using `separator` as the decimal separator.
    public init(separator: String = ".") { self.separator = separator }

    /// The pieces of a number typed so far: optional minus, integer digits, optional separator,
    /// fraction digits.
    public struct Parts: Hashable, Sendable {
        /// A leading minus sign.
        public var negative: Bool
        /// The digits before the separator.
        public var integerDigits: String
        /// Whether the separator was typed.
        public var hasSeparator: Bool
        /// The digits after the separator.
        public var fractionDigits: String
    }

    /// Splits `text` per NP-28 [PORT]: optional leading "−" (or "-"), digits, at most one separator,
    /// digits. Nil when other characters appear. An empty digit string is allowed here (prefixes).
    public func parts(_ text: String) -> Parts? {
        var rest = Substring(text)
        var negative = false
        if let f = rest.first, f == "-" || f == "\u{2212}" { negative = true; rest = rest.dropFirst() }
        var integer = "", fraction = "", seenSeparator = false
        while !rest.isEmpty {
            if !separator.isEmpty && rest.hasPrefix(separator) {
                if seenSeparator { return nil }
                seenSeparator = true
                rest = rest.dropFirst(separator.count)
                continue
            }
            let c = rest.removeFirst()
            guard c.isASCII, c.isNumber else { return nil }
            if seenSeparator { fraction.append(c) } else { integer.append(c) }
        }
        return Parts(negative: negative, integerDigits: integer, hasSeparator: seenSeparator, fractionDigits: fraction)
    }

    /// The number `text` stands for (NP-28): at least one digit; a trailing separator is allowed
    /// ("50." → 50); empty text or the separator alone does not parse.
    public func parse(_ text: String) -> Double? {
        guard let p = parts(text), !(p.integerDigits.isEmpty && p.fractionDigits.isEmpty) else { return nil }
        let literal =
            (p.integerDigits.isEmpty ? "0" : p.integerDigits) + (p.fractionDigits.isEmpty ? "" : "." + p.fractionDigits)
        guard let magnitude = Double(literal) else { return nil }
        return p.negative ? -magnitude : magnitude
    }

    /// NP-32: the number with the locale separator and no grouping: 50 → "50", 50.5 → "50.5" / "50,5".
    /// Very large or small values come out in exponent form, as the original's generic description does [QUIRK].
    public func format(_ n: Double) -> String {
        NumberFormat.plain(n).replacingDot(with: separator)
    }

    /// The number as a display shows it: exactly `decimals` digits after the locale separator (37 with
    /// one decimal → "37.0" / "37,0"), so a value with decimals never reads as a whole number.
    public func format(_ n: Double, decimals: Int) -> String {
        (NumberFormat.fixed(n, decimals: decimals) ?? NumberFormat.plain(n)).replacingDot(with: separator)
    }
}

extension String {
    func replacingDot(with separator: String) -> String {
        separator == "." ? self : split(separator: ".", omittingEmptySubsequences: false).joined(separator: separator)
    }
}

/// The pad's validity states (NP-29).
public enum NumberValidity: Hashable, Sendable {
    /// In range: the host is told.
    case valid
    /// Not valid yet but could become valid by typing more (blue).
    case prefix
    /// Cannot become valid (red; digit and decimal keys disabled).
    case invalid
    /// The text does not parse (empty, "−", the separator alone): treated as valid, nothing told.
    case unparsed
}

/// Judges typed text against a minimum, a maximum and a number of decimals (the port's rules for the
/// `isValidInput` host callback, NP-27/29; the reference host's "always valid" is `unbounded`).
public struct NumberValidator: Hashable, Sendable {
    /// The smallest valid number.
    public var minimum: Double
    /// The largest valid number.
    public var maximum: Double
    /// The most fraction digits allowed.
    public var decimals: Int
    /// The parsing rules (the decimal separator).
    public var text: NumberText

    /// A validator for [minimum, maximum] with at most `decimals` fraction digits.
    public init(minimum: Double, maximum: Double, decimals: Int, text: NumberText = NumberText()) {
        self.minimum = minimum; self.maximum = max(minimum, maximum); self.decimals = max(0, decimals); self.text = text
    }

    /// NP-47: every number is valid.
    public static func unbounded(text: NumberText = NumberText()) -> NumberValidator {
        NumberValidator(minimum: -.infinity, maximum: .infinity, decimals: 15, text: text)
    }

    /// The state of the typed text (NP-29).
    public func validity(of string: String) -> NumberValidity {
        guard let p = text.parts(string) else { return .invalid }
        if p.fractionDigits.count > decimals || (decimals == 0 && p.hasSeparator) { return .invalid }
        guard let n = text.parse(string) else {
            // "−" alone or a bare separator: a prefix of something only if that something can be in range.
            if string.isEmpty { return .unparsed }
            return reachable(p).contains(where: intersects) ? .prefix : .invalid
        }
        if n >= minimum && n <= maximum { return .valid }
        return reachable(p).contains(where: intersects) ? .prefix : .invalid
    }

    private func intersects(_ r: ClosedRange<Double>) -> Bool { r.upperBound >= minimum && r.lowerBound <= maximum }

    /// The ranges of values that appending digits (and a separator) to `p` can reach.
    private func reachable(_ p: NumberText.Parts) -> [ClosedRange<Double>] {
        let sign: Double = p.negative ? -1 : 1
        let step = pow10(-decimals)
        func span(_ low: Double, _ width: Double) -> ClosedRange<Double> {
            let a = sign * low, b = sign * (low + max(0, width - step))
            return min(a, b)...max(a, b)
        }
        let fraction = p.fractionDigits.isEmpty ? 0 : Double("0." + p.fractionDigits) ?? 0
        let integer = Double(p.integerDigits.isEmpty ? "0" : p.integerDigits) ?? 0
        if p.hasSeparator {
            let unit = pow10(-p.fractionDigits.count)
            return p.fractionDigits.count >= decimals
                ? [span(integer + fraction, step)] : [span(integer + fraction, unit)]
        }
        if p.integerDigits.isEmpty { return [span(0, .infinity)] }
        // More integer digits multiply by 10^k; a separator and fraction fill [x, x + 1).
        var out: [ClosedRange<Double>] = []
        var scale = 1.0
        let limit = max(abs(minimum), abs(maximum))
        for _ in 0..<20 {
            out.append(span(integer * scale, scale))
            if integer * scale > limit || (integer == 0 && scale > limit) { break }
            scale *= 10
        }
        return out
    }

    private func pow10(_ e: Int) -> Double {
        var r = 1.0
        if e >= 0 { for _ in 0..<e { r *= 10 } } else { for _ in 0..<(-e) { r /= 10 } }
        return r
    }
}

/// The reference host's editing rules (NP-46): digits append, the separator is accepted once (a lone
/// one becomes "0" + separator), C clears, ⌫ drops the last character, ✓ closes.
public struct ReferenceNumberEditor: Hashable, Sendable {
    /// The parsing rules (the decimal separator).
    public var text: NumberText
    /// An editor using `text`'s separator.
    public init(text: NumberText = NumberText()) { self.text = text }

    /// The new text for a key press; nil for ✓ (the pad closes; the text is irrelevant).
    public func edit(_ role: NumberKey.Role, label: String, oldText: String) -> String? {
        switch role {
        case .digit: return oldText + label
        case .decimal:
            let candidate = oldText + text.separator
            if text.parse(candidate) != nil { return candidate }
            if oldText.isEmpty { return "0" + text.separator }
            return oldText
        case .clear: return ""
        case .delete: return oldText.isEmpty ? "" : String(oldText.dropLast())
        case .ok: return nil
        case .other: return ""
        }
    }
}
