import Controls

/// The resolution a value leaves the panel in. A control's model keeps its own exact state (a dial
/// keeps an angle), and converting back gives float noise: `set dial 42` read back as
/// `41.99999999999999`. Every value the kiosk reads from an element (socket replies, the state file,
/// MQTT, hooks, events) is rounded to its kind's step (`ElementKind.valueStep`), so a step value set
/// from outside comes back exactly, and what Home Assistant shows is what its `step` says.
public enum ValueStep {
    /// A kind that holds a whole number (an index, on/off).
    public static let whole = 1.0

    /// The step of a continuous range `minimum…maximum`: the power of ten nearest below a
    /// ten-thousandth of its span, finer than a finger can place a handle on any panel, and coarse
    /// enough that the conversions' float noise never shows.
    public static func continuous(from minimum: Double, to maximum: Double) -> Double {
        let span = abs(maximum - minimum)
        guard span.isFinite, span > 0 else { return 0.01 }
        return decimal(exponent: Int((span / 10_000).log10Floor))
    }

    /// `10^-decimals`: the step of a value shown with that many decimals.
    public static func decimals(_ n: Int) -> Double { decimal(exponent: -max(0, n)) }

    /// `value` rounded to the nearest multiple of `step`. Steps of the form 1/n (0.1, 0.01, 0.25)
    /// divide by the whole n, which gives the double nearest the decimal (`0.3`, not
    /// `0.30000000000000004`); values too large for the step to matter are returned as they are.
    public static func round(_ value: Double, to step: Double) -> Double {
        guard step > 0, step.isFinite, value.isFinite, abs(value / step) < 1e15 else { return value }
        let inverse = (1 / step).rounded()
        let rounded =
            inverse >= 1 && abs(1 / step - inverse) < 1e-9 * inverse
            ? (value * inverse).rounded() / inverse
            : (value / step).rounded() * step
        return rounded == 0 ? 0 : rounded  // never -0 on the wire
    }

    /// `value` as an index into `count` items, or nil when it is not a whole number from 0 to
    /// `count - 1`. Every value from outside that picks an item (an option, a segment, a spinner's
    /// row) goes through here: `Int(value)` traps past `Int.max` and on non-finite numbers before
    /// any range check after it can run.
    public static func index(_ value: Double, count: Int) -> Int? {
        guard let i = Int(exactly: value), i >= 0, i < count else { return nil }
        return i
    }

    private static func decimal(exponent: Int) -> Double {
        var step = 1.0
        if exponent < 0 { for _ in 0..<(-exponent) { step /= 10 } } else { for _ in 0..<exponent { step *= 10 } }
        return step
    }
}

extension StoredValue {
    /// The value with each number rounded to `step` (unchanged without one).
    public func rounded(to step: Double?) -> StoredValue {
        guard let step else { return self }
        switch self {
        case .single(let v): return .single(ValueStep.round(v, to: step))
        case .pair(let a, let b): return .pair(ValueStep.round(a, to: step), ValueStep.round(b, to: step))
        }
    }
}

extension Double {
    /// ⌊log10(self)⌋ for a positive finite number, exact at powers of ten.
    fileprivate var log10Floor: Double {
        var exponent = 0.0, x = self
        while x >= 10 { x /= 10; exponent += 1 }
        while x < 1 { x *= 10; exponent -= 1 }
        return exponent
    }
}
