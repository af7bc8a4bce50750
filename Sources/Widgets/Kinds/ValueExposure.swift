import ConfigModel

/// What an element's value is to a program outside the panel, in the kiosk's own words: each kind
/// declares it from its table (`ElementKind.exposure`), and each adapter (MQTT's Home Assistant
/// discovery, …) maps exposures to its own vocabulary. An adapter therefore never names a kind, and
/// a new kind reaches every adapter by declaring its exposure.
public enum ValueExposure: Sendable, Equatable {
    /// Nothing to expose: the element holds no value and does nothing when pressed from outside.
    case nothing
    /// One number within a range, settable from outside.
    case number(NumberRange)
    /// One of named options; the value is the chosen option's index.
    case select(options: [String])
    /// On or off; the value is 1 or 0.
    case onOff
    /// No value, but a press from outside does what a finger's tap does (a button's actions).
    case press
    /// A colour: the value is `0xRRGGBB` (red × 65536 + green × 256 + blue), a whole number from 0 to
    /// 16777215, so it travels wherever a number does.
    case rgb
    /// Two numbers within a range (`[low, high]`), whose ends are called `low` and `high`.
    case pair(NumberRange, low: String, high: String)
}

/// The range and resolution of an exposed number.
public struct NumberRange: Sendable, Equatable {
    /// The lowest and highest value the element takes.
    public var minimum: Double
    public var maximum: Double
    /// The step its value leaves the panel in (`ElementKind.valueStep`).
    public var step: Double
    /// The unit the number is in (`°`), or nil for a plain number.
    public var unit: String?
    /// For a range that runs through the end of a circle (an arc from 150° to 30°, exposed as 150…390):
    /// the circle (360). The element's own value is always within 0…period, so a value below
    /// `minimum` stands for itself plus the period. Nil for a plain range.
    public var period: Double?

    public init(minimum: Double, maximum: Double, step: Double, unit: String? = nil, period: Double? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.step = step; self.unit = unit; self.period = period
    }
}

extension ElementKind {
    /// The range of a kind with `min` and `max` keys, lowest end first, in its own step.
    func keyedRange(_ table: ConfigTable) -> NumberRange {
        let (low, high) = ElementKeys.orderedRange(table)
        return NumberRange(minimum: low, maximum: high, step: valueStep(table) ?? ValueStep.whole)
    }
}
