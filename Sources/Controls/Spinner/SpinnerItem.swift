/// One entry of a spinner's list (RVS-2): an immutable value.
public struct SpinnerItem: Hashable, Sendable {
    /// The icon's name in the theme's image catalogue, shown everywhere (aspect-fit); empty for an
    /// item that shows its title instead.
    public var iconName: String
    /// Shown only in the picker variant (RVS-59).
    public var title: String
    /// Not displayed by the control; for the host.
    public var description: String?
    /// An opaque payload for the host (the original's `Any?`; a string here so items stay Sendable).
    public var value: String?
    /// False → drawn at 50 % opacity; the item can still be selected (RVS-54).
    public var isEnabled: Bool

    /// An item: an icon, a title, or both (RVS-2 required the icon; the kiosk draws a title-only
    /// item's title in its place).
    public init(
        iconName: String, title: String = "", description: String? = nil, value: String? = nil,
        isEnabled: Bool = true
    ) {
        self.iconName = iconName; self.title = title; self.description = description
        self.value = value; self.isEnabled = isEnabled
    }
}

/// Which popup variant the spinner may open (RVS-7, RVS-21). The property itself stays an `Int`
/// because values other than −1, 0 and 1 mean "picker" [QUIRK].
public enum SpinnerMode: Int, Sendable {
    case spinnerOnly = -1
    case both = 0
    case pickerOnly = 1
}

/// The port-side decisions of SEED 7.1 for the spinner, each with the recommended default.
/// Setting every flag to its `original` value gives the bit-exact behaviour of RVS_Spinner.
public struct SpinnerPortOptions: Hashable, Sendable {
    /// RVS-43: how a long press on the disc steps the wheel.
    public enum LongPressStepping: Hashable, Sendable {
        /// One step at recognition; with `repeatInterval`, another step every interval while held.
        /// Nothing at lift. (Recommended.)
        case once(repeatInterval: Double?)
        /// The original: the tap decision runs at recognition, on every move while held, and at lift.
        case everyCallback
    }
    /// RVS-43 decision.
    public var longPressStepping: LongPressStepping = .once(repeatInterval: nil)
    /// RVS-49: any touch-down on the open disc stops a running spin (recommended); false keeps the
    /// original, where a new pan lets the flywheel keep stepping under the finger.
    public var stopsSpinOnTouchDown = true
    /// RVS-62: play the open and close feedback (recommended); false keeps the original's silence.
    public var playsOpenCloseFeedback = true
    /// RVS-72 / RVS-73 and the other geometry fixes are always on: they only remove undefined drawing.
    public init() {}

    /// The original RVS_Spinner's behaviour, for bit-exact replays.
    public static var original: SpinnerPortOptions {
        var o = SpinnerPortOptions()
        o.longPressStepping = .everyCallback
        o.stopsSpinOnTouchDown = false
        o.playsOpenCloseFeedback = false
        return o
    }
}

/// The spinner's callbacks: the delegate half of the two notification channels. Every method is
/// optional (the extension supplies no-op defaults; `willClose` defaults to allowing the close).
public protocol SpinnerDelegate: AnyObject {
    /// The selection changed (deferred one loop turn, RVS-52).
    func spinner(_ spinner: Spinner, hasSelected item: SpinnerItem?)
    /// The popup is opening; `spinner.isOpen` still reads false (RVS-31).
    func spinner(_ spinner: Spinner, hasOpenedWith item: SpinnerItem?)
    /// The popup is about to close; return false to keep it open (RVS-32).
    func spinner(_ spinner: Spinner, willCloseWith item: SpinnerItem?) -> Bool
    /// The popup is closing; `spinner.isOpen` still reads true (RVS-32).
    func spinner(_ spinner: Spinner, hasClosedWith item: SpinnerItem?)
    /// The only item was tapped (RVS-56).
    func spinner(_ spinner: Spinner, singleValueSelected item: SpinnerItem)
}

/// No-op defaults: every callback is optional.
public extension SpinnerDelegate {
    func spinner(_ spinner: Spinner, hasSelected item: SpinnerItem?) {}
    func spinner(_ spinner: Spinner, hasOpenedWith item: SpinnerItem?) {}
    func spinner(_ spinner: Spinner, willCloseWith item: SpinnerItem?) -> Bool { true }
    func spinner(_ spinner: Spinner, hasClosedWith item: SpinnerItem?) {}
    func spinner(_ spinner: Spinner, singleValueSelected item: SpinnerItem) {}
}
