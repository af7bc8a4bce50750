import Persistence
import Controls
import Formats
import Widgets

/// What happens in the kiosk that its adapters hear of (`KioskAdapter.receive`), in order, on the
/// loop's thread.
public enum KioskEvent {
    /// An element's event (a value change, tracking, a tap, a pad shown…) with its value after it.
    case control(id: String, event: ControlEvent, value: StoredValue?)
    /// A control's value to publish: `urgent` (a release or a set) now, else after a debounce.
    case valueChanged(id: String, value: StoredValue, urgent: Bool, origin: ChangeOrigin)
    /// Another screen is shown.
    case screen(id: String)
    /// An element's `event` action ran.
    case action(id: String, name: String)
    /// A variable was set.
    case variable(id: String, value: TemplateValue)
    /// The state file's writer finished saves: replies waiting for them may go out.
    case saved(SaveProgress)
    /// The screen was switched on or off, or its brightness set (from outside, or a touch woke it).
    case screenPower(ScreenPower)
    /// A `publish` action ran: the payload is already filled in.
    case publish(topic: String, payload: String, retain: Bool)
}
