import Core

/// One thing a control tells the rest of the system. Each control keeps one ordered stream (spec X-8);
/// the kiosk drains it after every input frame and physics tick.
public enum ControlEvent: Hashable, Sendable {
    /// The value changed. `fromUser` is true when a finger moved it, false for programmatic sets and snaps.
    case valueChanged(value: Double, fromUser: Bool)
    /// A second value of a two-value control (the second handle of a range slider) changed.
    case secondValueChanged(value: Double, fromUser: Bool)
    /// A finger took hold of the control (payload: the value before any move).
    case startedTracking(value: Double)
    /// The finger lifted or was cancelled (payload: the final value, after any snap).
    case endedTracking(value: Double)
    /// The drag direction changed: +1 clockwise, −1 counter-clockwise, 0 none (on release).
    case directionChanged(Int)
    /// The number of full turns changed (bounded full-circle mode).
    case revolutionsChanged(Int)
    /// A tap that completed inside the control (UIKit's touchUpInside).
    case touchUpInside
    /// A popup (the spinner's wheel, the value slider's balloon) opened or closed.
    case opened
    case closed
    /// The selected item of a list control changed (index into its items).
    case selectionChanged(index: Int)
    /// A list control with exactly one item was tapped (RVS).
    case singleValueSelected(index: Int)
    /// The number pad appeared or went away; `committed` tells whether its entry was applied.
    case padShown
    case padDismissed(committed: Bool)
    /// Feedback the kiosk may play as sound or haptics (spec X-12), honouring the control's switches.
    case feedback(Feedback)
    /// A two-handle (range) control changed (MS-78, MS-80). `isFirstHandle` names the handle a finger moved;
    /// it is nil for programmatic sets and snaps. Both values are always given.
    case rangeChanged(first: Double, second: Double, isFirstHandle: Bool?, fromUser: Bool)
    /// A finger took hold of one handle of a range control (MS-76).
    case rangeStartedTracking(first: Double, second: Double, isFirstHandle: Bool)
    /// A finger let go of one handle of a range control, after its snap (MS-79, port order).
    case rangeEndedTracking(first: Double, second: Double, isFirstHandle: Bool)
    /// The value slider's thumb was tapped, or a drag flicked into its balloon (NP-11, NP-12): the
    /// host opens (or toggles) the number pad.
    case valueButtonPressed(byFlick: Bool)
    /// A finger stayed on a button, toggle or card for its `long_press_ms` without moving off it: its
    /// `on_long_press` actions run, and the lift that follows does not tap.
    case longPressed
}

/// Short feedback cues; the kiosk maps them to whatever the panel has (a click, a rumble, nothing).
public enum Feedback: String, Hashable, Sendable {
    case open, close, detent, select
}
