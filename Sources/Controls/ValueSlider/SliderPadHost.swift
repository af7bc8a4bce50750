import Core

/// The reference integration of OTMainViewController (NP-45…50) as a pure coordinator: it maps the
/// slider's [0, 1] to the options 1…100, opens and closes the pad, and applies every valid keystroke
/// to the slider at once. The kiosk drains both controls' events and passes them to `process`; the
/// host's reactions may raise further events, which `process` returns together with the ones it got,
/// in order, so nothing is lost to the kiosk.
public final class SliderPadHost {
    /// The slider it drives.
    public let slider: ValueSlider
    /// The pad it opens.
    public let pad: NumberPad
    /// The current number (NP-45: starts at 50).
    public private(set) var number: Double
    /// The options the slider steps through (NP-45: 1…100).
    public let optionCount = 100

    /// Wires `slider` and `pad`, showing `initialNumber` at once.
    public init(slider: ValueSlider, pad: NumberPad, initialNumber: Double = 50, time: MonotonicTime = 0) {
        self.slider = slider; self.pad = pad; self.number = initialNumber
        apply(number: initialNumber, animated: false, time: time)
        _ = slider.drainEvents()
    }

    // MARK: NP-48 mapping

    /// Slider → number: trunc(v × 99) + 1.
    public static func number(forSlider v: Double) -> Double { Double(Int((v * 99).rounded(.towardZero))) + 1 }

    /// Number → slider: (index of the first option greater than n) − 1, at least 0, or 100 when no
    /// option is greater; divided by 100. The two directions are asymmetric [QUIRK].
    public static func sliderPosition(for n: Double, optionCount: Int = 100) -> Double {
        var idx = optionCount
        for k in 0..<optionCount where Double(k + 1) > n { idx = max(0, k - 1); break }
        return Double(idx) / Double(optionCount)
    }

    // MARK: Events

    /// Reacts to the controls' events (NP-49, NP-50) and returns every event seen, in order.
    public func process(
        slider sliderEvents: [ControlEvent], pad padEvents: [ControlEvent], time: MonotonicTime
    ) -> [ControlEvent] {
        var seen: [ControlEvent] = []
        var queue =
            sliderEvents.map { (fromSlider: true, event: $0) } + padEvents.map { (fromSlider: false, event: $0) }
        while !queue.isEmpty {
            let (fromSlider, event) = queue.removeFirst()
            seen.append(event)
            if fromSlider { handleSlider(event, time: time) } else { handlePad(event, time: time) }
            queue += slider.drainEvents().map { (true, $0) } + pad.drainEvents().map { (false, $0) }
        }
        slider.editOverlayText = pad.isOpen ? pad.text : nil
        return seen
    }

    private func handleSlider(_ event: ControlEvent, time: MonotonicTime) {
        switch event {
        case .valueButtonPressed:
            pad.toggle(currentNumber: number)
        case .valueChanged(let v, true):
            if pad.isOpen { pad.close(committed: false) }  // the first drag sample closes it
            number = SliderPadHost.number(forSlider: v)
            slider.setPosition(nil, title: pad.numberText.format(number), animated: false, time: time)
        case .valueChanged(_, false):
            // The programmatic echo of `apply`: the original briefly derives 49 for 50 here before the
            // typed number overwrites it (NP-48 [QUIRK]); the host already holds the typed number.
            break
        default: break
        }
    }

    private func handlePad(_ event: ControlEvent, time: MonotonicTime) {
        if case .valueChanged(let n, true) = event { apply(number: n, animated: true, time: time) }
    }

    /// NP-50: the typed number becomes the value at once; the thumb moves (0.2 s) and shows the number.
    private func apply(number n: Double, animated: Bool, time: MonotonicTime) {
        slider.setPosition(
            SliderPadHost.sliderPosition(for: n, optionCount: optionCount),
            title: pad.numberText.format(n), animated: animated, time: time)
        number = n
    }
}
