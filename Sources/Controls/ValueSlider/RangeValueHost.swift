import Core

/// A value slider with its number pad over any range: the kiosk's control of kind `value-slider`.
///
/// The reference integration (`SliderPadHost`, NP-45…50) maps the slider onto the demo's options
/// 1…100; a kiosk value has its own minimum, maximum and decimals, so this host maps the slider's
/// [0, 1] linearly onto [minimum, maximum], rounds to `decimals`, validates pad entries against the
/// same range (NP-29), and shows the formatted value on the thumb. Its behaviour otherwise follows
/// the reference: the thumb or a flick into the balloon toggles the pad (NP-11, NP-12, NP-49), the
/// first drag sample closes it, and every valid keystroke is applied at once (NP-50).
public final class RangeValueHost {
    public let slider: ValueSlider
    public let pad: NumberPad
    public let minimum: Double
    public let maximum: Double
    public let decimals: Int
    /// The current value, always within [minimum, maximum] and rounded to `decimals`.
    public private(set) var value: Double

    public init(
        slider: ValueSlider, pad: NumberPad, minimum: Double, maximum: Double, decimals: Int,
        initial: Double, time: MonotonicTime
    ) {
        self.slider = slider; self.pad = pad
        self.minimum = min(minimum, maximum); self.maximum = max(minimum, maximum); self.decimals = max(0, decimals)
        pad.validator = NumberValidator(
            minimum: self.minimum, maximum: self.maximum, decimals: self.decimals,
            text: pad.numberText)
        // A kiosk user expects typing to replace the value shown, and ✓ on a number the control cannot
        // take to say so rather than close as if it had been taken.
        pad.typingReplacesShownValue = true
        pad.refusesInvalidEntry = true
        value = self.minimum
        set(initial, animated: false, time: time)
        _ = slider.drainEvents()
    }

    /// `v` clamped to the range and rounded to `decimals`.
    public func normalized(_ v: Double) -> Double {
        let clamped = min(maximum, max(minimum, v))
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (clamped * scale).rounded() / scale
    }

    /// The value as the thumb shows it: with all its `decimals` (37 with one decimal is "37.0"; the
    /// pad's plain form would hide that the control takes tenths).
    public var thumbTitle: String { pad.numberText.format(value, decimals: decimals) }

    /// The slider position of a value.
    public func position(of v: Double) -> Double { maximum == minimum ? 0 : (v - minimum) / (maximum - minimum) }

    /// Sets the value programmatically (the socket, the state file): clamped, rounded, shown on the thumb.
    public func set(_ v: Double, animated: Bool, time: MonotonicTime) {
        value = normalized(v)
        slider.setPosition(position(of: value), title: thumbTitle, animated: animated, time: time)
    }

    /// Reacts to the slider's and the pad's events; returns every event, with the slider's positions
    /// turned into values, in order.
    public func process(
        slider sliderEvents: [ControlEvent], pad padEvents: [ControlEvent], time: MonotonicTime
    ) -> [ControlEvent] {
        var out: [ControlEvent] = []
        var queue = sliderEvents.map { (true, $0) } + padEvents.map { (false, $0) }
        while !queue.isEmpty {
            let (fromSlider, event) = queue.removeFirst()
            switch (fromSlider, event) {
            case (true, .valueButtonPressed):
                pad.toggle(currentNumber: value)
                out.append(event)
            case (true, .valueChanged(let position, true)):
                if pad.isOpen { pad.close(committed: false) }  // the first drag sample closes it (NP-49)
                value = normalized(minimum + position * (maximum - minimum))
                slider.setPosition(nil, title: thumbTitle, animated: false, time: time)
                out.append(.valueChanged(value: value, fromUser: true))
            case (true, .valueChanged(_, false)):
                out.append(.valueChanged(value: value, fromUser: false))
            case (false, .valueChanged(let typed, true)):
                set(typed, animated: true, time: time)  // NP-50: applied at once, the thumb moves 0.2 s
                _ = slider.drainEvents()
                out.append(.valueChanged(value: value, fromUser: true))
            default:
                out.append(event)
            }
            queue += slider.drainEvents().map { (true, $0) } + pad.drainEvents().map { (false, $0) }
        }
        slider.editOverlayText = pad.isOpen ? pad.text : nil
        return out
    }
}
