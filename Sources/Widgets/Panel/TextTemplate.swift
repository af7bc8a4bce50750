import Core

/// A line of panel text bound to live values: literal text with `{name}` or `{name:spec}`
/// placeholders, parsed once when the config is loaded and rendered on every frame.
///
/// Syntax:
/// - `{name}` — the value of a control or a declared variable; a two-value control (range-slider)
///   renders as `a–b` (en dash), `{name.0}` / `{name.1}` pick one end.
/// - `{name:.N}` — N decimals (0…6). Without a spec, whole numbers have no decimal point and other
///   numbers take the shortest form that reads back exactly (`21.5`).
/// - `{name:time}` — the number as minutes since midnight, `HH:MM` (450 → `07:30`; 1440 → `24:00`);
///   applied to both ends of a pair.
/// - `{name:words=Off|Heat|Cool}` — the rounded number as an index into the words; an index out of
///   range renders the number.
/// - `{mdi:NAME}` — an icon of the icon font, drawn inline in the text's colour (`InlineIcon`).
/// - `{{` and `}}` are literal braces; everything else (units, `°`, `µ`, `²`, `±`) is literal text.
/// - A name with no value yet (a variable never set) renders as `—` (em dash).
public struct TextTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One piece of the template.
    public enum Part: Hashable, Sendable {
        case literal(String)
        case placeholder(Placeholder)
    }

    /// How a placeholder's number is written.
    public enum Format: Hashable, Sendable {
        /// Whole numbers without a decimal point, else the shortest exact form.
        case automatic
        /// A fixed number of decimals, 0…6.
        case decimals(Int)
        /// Minutes since midnight as `HH:MM`.
        case time
        /// The rounded number as an index into these words.
        case words([String])
        /// Local seconds since 1970 as a wall time, in a `WallClockText` pattern (`{now:HH:mm}`).
        case wallClock(String)
    }

    /// `{name}`, `{name.0}`, `{name:spec}`.
    public struct Placeholder: Hashable, Sendable {
        /// The control or variable id.
        public var name: String
        /// 0 or 1 to pick one end of a two-value control; nil for the whole value.
        public var end: Int?
        public var format: Format
        /// Where the placeholder's `{` stands in the template, 1-based, in characters.
        public var column: Int
    }

    /// The pieces, in order; adjacent literal text is one piece.
    public let parts: [Part]
    /// The template as written.
    public let source: String

    /// What the template looks like in the config.
    public var description: String { source }

    /// The `mdi:NAME` icons written inline (`{mdi:thermometer}`), in order.
    public var inlineIcons: [String] {
        parts.flatMap { part -> [String] in
            guard case .literal(let text) = part, InlineIcon.occurs(in: text) else { return [] }
            return InlineIcon.runs(text).compactMap { if case .icon(let name) = $0 { name } else { nil } }
        }
    }

    /// The placeholders, in order.
    public var placeholders: [Placeholder] {
        parts.compactMap {
            if case .placeholder(let p) = $0 { return p }; return nil
        }
    }

    /// The distinct names the template reads, in order of first use (kept, as staleness checks read
    /// it every frame).
    public let names: [String]

    /// A template of literal text only (no placeholders, braces taken as they are).
    public init(literal text: String) {
        source = text
        parts = text.isEmpty ? [] : [.literal(text)]
        names = []
    }

    /// Parses `text`; throws the first mistake with its column.
    public init(parsing text: String) throws(TemplateError) {
        source = text
        parts = try TemplateParser(text).parse()
        var seen: Set<String> = []
        names = parts.compactMap { part -> String? in
            guard case .placeholder(let p) = part, seen.insert(p.name).inserted else { return nil }
            return p.name
        }
    }

    /// The text for the values `lookup` gives (nil: no value yet, rendered `—`).
    public func render(
        _ lookup: (String) -> TemplateValue?, clockNames: WallClockText.Names = .of(locale: "en")
    ) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .placeholder(let p):
                if case .wallClock(let pattern) = p.format, case .number(let seconds)? = lookup(p.name) {
                    out += WallClockText.text(seconds, pattern: pattern, names: clockNames)
                } else {
                    out += TextTemplate.text(of: lookup(p.name), end: p.end, format: p.format)
                }
            }
        }
        return out
    }

    /// What a name with no value shows.
    public static let missing = "—"
    /// Between the two ends of a pair.
    public static let rangeDash = "–"

    /// One placeholder's text.
    static func text(of value: TemplateValue?, end: Int?, format: Format) -> String {
        switch value {
        case nil: return missing
        case .text(let s)?: return s
        case .number(let d)?: return text(d, format)
        case .pair(let a, let b)?:
            switch end {
            case 0?: return text(a, format)
            case 1?: return text(b, format)
            default: return text(a, format) + rangeDash + text(b, format)
            }
        }
    }

    /// One number in `format`.
    static func text(_ d: Double, _ format: Format) -> String {
        switch format {
        case .automatic: return NumberText.shortest(d)
        case .decimals(let n): return NumberText.fixed(d, decimals: n)
        case .time: return NumberText.clock(minutes: d)
        case .wallClock: return NumberText.shortest(d)
        case .words(let words):
            guard d.isFinite else { return NumberText.shortest(d) }
            let i = d.rounded()
            return i >= 0 && i < Double(words.count) ? words[Int(i)] : NumberText.shortest(d)
        }
    }
}

/// A value a template shows.
public enum TemplateValue: Hashable, Sendable {
    case number(Double)
    /// The two ends of a range.
    case pair(Double, Double)
    case text(String)
}

/// A template that does not parse: where and what.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based, in characters of the template.
    public var column: Int
    /// What was found, phrased to follow "found" (`a "{" without its closing "}"`).
    public var message: String
    /// How to write it instead, or nil.
    public var hint: String?

    public init(column: Int, message: String, hint: String? = nil) {
        self.column = column; self.message = message; self.hint = hint
    }

    /// `<message> at column N; <hint>`, to follow "found" in a config error.
    public var description: String { "\(message) at column \(column)" + (hint.map { "; " + $0 } ?? "") }
}

/// Numbers as panels write them: ASCII digits, `.` as the decimal point, `-` for negatives.
enum NumberText {
    /// Whole numbers without a decimal point; others in the shortest form that reads back exactly.
    static func shortest(_ d: Double) -> String {
        guard d.isFinite else { return TextTemplate.missing }
        if d == d.rounded() && abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    /// `d` rounded half away from zero to `decimals` places, with exactly that many decimals; a result
    /// that rounds to zero has no sign (`-0.04` with one decimal is `0.0`).
    static func fixed(_ d: Double, decimals: Int) -> String {
        NumberFormat.fixed(d, decimals: decimals) ?? TextTemplate.missing
    }

    /// Minutes since midnight as `HH:MM`, rounded to the minute; the end of the day (1440) is `24:00`,
    /// other values wrap around the clock.
    static func clock(minutes d: Double) -> String {
        guard d.isFinite, abs(d) < 1e12 else { return TextTemplate.missing }
        var m = Int64(d.rounded())
        if m != 1440 { m = ((m % 1440) + 1440) % 1440 }
        let h = m / 60, min = m % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (min < 10 ? "0" : "") + String(min)
    }
}
