/// The keys that make an element ask before a change made on the panel takes effect: a question
/// (`confirm`) and optionally a PIN typed on the number pad (`confirm_pin`).
public enum ConfirmKeys {
    /// The longest PIN: a number pad entry, not a password.
    public static let maximumPINLength = 12

    /// The keys every element has for them.
    public static let element: [Field] = [
        Field(
            "confirm", .string, default: "none",
            "Ask this first (`\"Unlock the front door?\"`) when a finger changes the element or presses it: a dialog with No and Yes; only Yes lets the change through (to Home Assistant, MQTT, the socket, hooks and actions), No or 10 s without an answer puts the element back."
        ),
        Field(
            "confirm_pin", .string, default: "none",
            "Digits (up to \(maximumPINLength)) to be typed on the number pad instead of tapping Yes; the config file then must not be readable by every user (a warning says so)."
        ),
    ]
}
