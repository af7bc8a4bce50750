import Core

/// OTNumberPad's behaviour (NP-19…38): a pop-up key pad anchored on a strip of the screen, with a
/// full-screen catcher while open, key callouts, and the key pipeline through the host's rules.
///
/// The pad lives in the top-level overlay ([PORT] NP intro), so its local coordinates are the
/// overlay's (the screen's, unless `transform` says otherwise). Pure: time is passed in.
public final class NumberPad: TouchControl, EventSource {
    /// The config id.
    public let id: String
    /// Overlay → screen (identity when the overlay is the screen).
    public var transform: Transform
    /// The overlay's size: the catcher covers it all.
    public var screenSize: Size
    /// The base area the pad pops out of (NP-19), in overlay coordinates.
    public var anchor: Rect
    /// The key labels (NP-20); the decimal one is the locale's separator, given by the host (NP-36).
    public var keyStrings: NumberPadKeyStrings
    /// [PORT NP-23] The key table; a change takes effect at the next opening (the keys are built then).
    public var keyTable: [[NumberKey]]?
    /// The text rules for parsing and formatting.
    public var numberText: NumberText
    /// The host's `isValidInput` (NP-27): judges the typed text; nil = always valid (NP-47).
    public var validator: NumberValidator?
    /// What the number is (`title = "Volume"`), shown in the message row before the accepted range.
    public var title: String?
    /// The host's `numberPadString(keyPressed:oldText:)` (NP-27): the new text, or nil to close (✓).
    public var editor: (NumberKey, String) -> String?
    /// The placement decisions of NP-41.
    public var placement: PopupPlacement.Options
    /// The key and pad sizes; a change takes effect at the next opening.
    public var metrics = NumberPadMetrics.reference
    /// True: the first digit or separator typed after opening replaces the value shown instead of
    /// appending to it (93 then 4 gives 4), as a kiosk user expects; false: the reference host's
    /// append (NP-46). ⌫ and C edit the shown value either way.
    public var typingReplacesShownValue = false
    /// True: ✓ on text the validator does not accept (empty, out of range, a prefix) keeps the pad open
    /// and sets `message`; false: ✓ always closes (NP-46).
    public var refusesInvalidEntry = false

    /// True while the pad and its catcher are shown.
    public private(set) var isOpen = false
    /// The edit label's text (NP-31).
    public private(set) var text = ""
    /// The validity of `text` (NP-29); `.valid` when closed (NP-30).
    public private(set) var validity = NumberValidity.valid
    /// Why ✓ was refused (the accepted range, as "0–100"); nil until then, and again after the next key.
    public private(set) var message: String?
    /// Whether `text` is still the value loaded at opening, untouched by any key.
    public private(set) var showsLoadedValue = false
    /// The keys built at the last opening, with their frames in overlay coordinates.
    public private(set) var keys: [(key: NumberKey, frame: Rect)] = []
    /// The pad view's frame in overlay coordinates (211×211 with the reference metrics, placed per NP-41/44).
    public private(set) var padFrame = Rect.zero
    /// The outline joining the anchor and the pad (NP-44: radius 10, base padding 5).
    public private(set) var padLayout: PopupLayout?

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    private var press: KeyPress?

    /// The contact the pad follows.
    private enum KeyPress {
        case button(index: Int, inside: Bool)
        case zoom(index: Int, selected: Bool)
        case swallowed
    }

    /// A closed pad anchored on `anchor` in a `screenSize` overlay.
    public init(
        id: String, anchor: Rect, screenSize: Size, transform: Transform = .identity,
        keyStrings: NumberPadKeyStrings = NumberPadKeyStrings(), validator: NumberValidator? = nil,
        placement: PopupPlacement.Options = .init()
    ) {
        self.id = id; self.anchor = anchor; self.screenSize = screenSize; self.transform = transform
        self.keyStrings = keyStrings; self.validator = validator; self.placement = placement
        let rules = NumberText(separator: keyStrings.decimal)
        self.numberText = rules
        let reference = ReferenceNumberEditor(text: rules)
        self.editor = { key, old in reference.edit(key.role, label: key.label, oldText: old) }
    }

    /// The whole overlay (the catcher's area).
    public var bounds: Rect { Rect(origin: .zero, size: screenSize) }
    /// Hidden and touch-transparent while closed.
    public var isHidden: Bool { !isOpen }

    /// Nothing animates (NP-32, NP-33: no animation).
    public func advance(to time: MonotonicTime) -> Bool { false }

    // MARK: Opening and closing

    /// NP-32: catcher and pad appear, `padShown`, then the pad is placed and an empty label is loaded
    /// from `currentNumber`. Ignored when already open.
    public func open(currentNumber: Double?) {
        guard !isOpen else { return }
        isOpen = true
        keys = []
        outbox.send(.padShown)
        let layout = PopupLayout.padBase(
            anchor: anchor, padSize: metrics.viewSize, screen: screenSize, placement: placement)
        padLayout = layout
        padFrame = layout.popupContentFrame
        let table = keyTable ?? NumberPadLayout.defaultKeys(keyStrings)
        keys = NumberPadLayout.frames(table, metrics: metrics).map {
            ($0.key, Rect(origin: padFrame.origin + Vector($0.frame.minX, $0.frame.minY), size: $0.frame.size))
        }
        message = nil
        if text.isEmpty, let n = currentNumber { text = numberText.format(n); showsLoadedValue = true }
    }

    /// NP-33: removes everything, clears the label, resets the state, `padDismissed`.
    public func close(committed: Bool) {
        guard isOpen else { return }
        press = nil
        text = ""
        message = nil
        showsLoadedValue = false
        validity = .valid
        isOpen = false
        padLayout = nil
        outbox.send(.padDismissed(committed: committed))
    }

    /// `toggleDisplay`.
    public func toggle(currentNumber: Double?) {
        if isOpen { close(committed: false) } else { open(currentNumber: currentNumber) }
    }

    /// NP-35: overwrite the label with a formatted number; no validation, no state change.
    public func updateNumberText(_ n: Double) { text = numberText.format(n) }

    // MARK: Key state and geometry for Widgets

    /// Digits and the decimal key are disabled while the text is invalid (NP-29); C, ⌫, ✓ never are.
    public func isEnabled(_ key: NumberKey) -> Bool { !key.zoomOnPress || validity != .invalid }

    /// The edit label's text colour (NP-29): black when valid or unparsed, blue for a prefix, red when invalid.
    public var editLabelColor: Color {
        switch validity {
        case .valid, .unparsed: return .black
        case .prefix: return Color(r: 0, g: 0, b: 255)
        case .invalid: return Color(r: 255, g: 0, b: 0)
        }
    }

    /// The key pressed now (its shade or callout is showing), if any.
    public var pressedKeyIndex: Int? {
        switch press {
        case .button(let i, true)?, .zoom(let i, true)?: return i
        default: return nil
        }
    }

    /// The callout above the pressed zoom key and its outline (NP-26), in overlay coordinates.
    public var callout: (frame: Rect, layout: PopupLayout)? {
        guard case .zoom(let i, true)? = press else { return nil }
        let k = keys[i].frame
        let c = NumberPadLayout.calloutFrame(forKey: k)
        return (c, PopupLayout(base: k, popupFrame: c, cornerRadius: NumberPadLayout.keyCornerRadius))
    }

    private func keyIndex(at p: Point) -> Int? { keys.firstIndex { $0.frame.contains(p) } }

    // MARK: Touches

    /// While open, the catcher claims every touch that nothing above it took (NP-34).
    public func claims(_ p: Point) -> Bool { isOpen }

    /// A key press, a swallowed touch, or an outside touch that closes the pad (NP-34).
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        guard isOpen else { return false }
        if padFrame.contains(p) {
            if let i = keyIndex(at: p) {
                let key = keys[i].key
                if !key.zoomOnPress {
                    press = .button(index: i, inside: true)
                } else if isEnabled(key) {
                    press = .zoom(index: i, selected: true)
                } else {
                    press = .swallowed
                }  // a disabled key ignores the whole gesture
            } else {
                press = .swallowed  // the pad's margin
            }
            return true
        }
        if anchor.contains(p) { press = .swallowed; return true }  // swallowed, nothing happens [QUIRK]
        close(committed: false)
        return false
    }

    /// Tracks a function key's inside state or aborts a callout (NP-25, NP-26).
    public func touchMoved(to p: Point, time: MonotonicTime) {
        switch press {
        case .button(let i, _)?:
            press = .button(index: i, inside: keys[i].frame.outsetBy(NumberPadLayout.touchInsideTolerance).contains(p))
        case .zoom(let i, true)?:
            if !NumberPadLayout.abortBox(forKey: keys[i].frame).contains(p) { press = .zoom(index: i, selected: false) }
        default: break
        }
    }

    /// Fires the key on release (NP-25, NP-26).
    public func touchEnded(at p: Point, time: MonotonicTime) {
        let current = press
        touchMoved(to: p, time: time)
        let final = press
        press = nil
        switch (current, final) {
        case (.button?, .button(let i, true)?): perform(keys[i].key)
        case (.zoom?, .zoom(let i, true)?): perform(keys[i].key)  // input on release, callout gone first
        default: break
        }
    }

    /// [PORT NP-26] A cancel aborts: the callout goes and no input is made.
    public func touchCancelled(time: MonotonicTime) { press = nil }

    /// Presses `key` as if tapped (for hosts and tests).
    public func press(label: String) {
        guard isOpen, let k = keys.first(where: { $0.key.label == label })?.key, isEnabled(k) else { return }
        perform(k)
    }

    /// The message row's frame in overlay coordinates (empty without a message row).
    public var messageFrame: Rect {
        let m = metrics.messageFrame
        return metrics.messageHeight > 0 ? Rect(origin: padFrame.origin + Vector(m.minX, m.minY), size: m.size) : .zero
    }

    /// What the message row shows while nothing was refused: the accepted range, when the validator has one.
    public var rangeHint: String? {
        guard let v = validator, v.minimum.isFinite, v.maximum.isFinite else { return nil }
        return numberText.format(v.minimum) + "\u{2013}" + numberText.format(v.maximum)
    }

    /// The message row while nothing was refused: the title and the accepted range, whichever are set.
    public var caption: String? {
        let parts = [title, rangeHint].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "  \u{00B7}  ")
    }

    /// The key pipeline (NP-27), with the kiosk's replace-on-type and refused ✓ when switched on.
    private func perform(_ key: NumberKey) {
        let fresh = showsLoadedValue
        showsLoadedValue = false
        message = nil
        let typing = key.role == .digit || key.role == .decimal
        guard let newText = editor(key, fresh && typing && typingReplacesShownValue ? "" : text) else {
            if refusesInvalidEntry, let why = refusal() { message = why; return }
            close(committed: true)
            return
        }
        text = newText
        guard let n = numberText.parse(newText) else { validity = .unparsed; return }
        let state = validator?.validity(of: newText) ?? .valid
        validity = state
        if state == .valid { outbox.send(.valueChanged(value: n, fromUser: true)) }
    }
}

extension NumberPad {
    /// Why the text cannot be committed, or nil when it can: empty or not a number, or not valid for
    /// the validator (out of range, too many decimals, only a prefix of a valid number).
    fileprivate func refusal() -> String? {
        guard numberText.parse(text) != nil else { return rangeHint.map { "Type a number: " + $0 } ?? "Type a number" }
        guard let v = validator, v.validity(of: text) != .valid else { return nil }
        if let p = numberText.parts(text), p.fractionDigits.count > v.decimals || (v.decimals == 0 && p.hasSeparator) {
            return v.decimals == 0 ? "Whole numbers only" : "At most \(v.decimals) decimal\(v.decimals == 1 ? "" : "s")"
        }
        return rangeHint.map { "Out of range: " + $0 } ?? "Out of range"
    }
}

extension NumberPadLayout {
    /// UIKit's touch-up-inside tolerance for the function keys (≈70 pt, NP-25).
    public static let touchInsideTolerance = 70.0
}
