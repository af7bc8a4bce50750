import Core

/// RVS_Spinner's behaviour (SEED §3): a round centre showing the selected item's icon that pops up a
/// radial "prize wheel" (with a 60 Hz flywheel) or a picker list in its container.
///
/// Pure and deterministic: every entry point takes the time; nothing reads a clock. The original's
/// "next main-loop turn" work is modelled by `pendingWork`, run at the start of the next entry
/// point (`advance(to:)` or a touch), so events come out in the original's order and tests can see
/// what is still deferred.
///
/// Coordinates: the control's local space has its origin at the top-left of the centre's bounds; the
/// open disc and the picker lie outside those bounds (negative coordinates are normal) because the
/// popup lives in the container beneath the control (RVS-29, RVS-30).
public final class Spinner: TouchControl, EventSource {
    /// The config id.
    public let id: String
    /// The delegate channel; the event stream (`drainEvents`) carries the same moments.
    public weak var delegate: (any SpinnerDelegate)?
    /// The port decisions of SEED 7.1 (recommended defaults).
    public var options: SpinnerPortOptions

    // MARK: Layout (RVS-28, RVS-34, RVS-70)

    /// The control's frame in its container's coordinates.
    public internal(set) var frame: Rect
    /// The container's size (the popup's radius depends on it).
    public internal(set) var containerSize: Size
    /// Container → screen.
    public internal(set) var containerTransform: Transform

    // MARK: Data (RVS-2…8)

    /// The list (RVS-4); change it with `setItems(_:time:)`.
    public internal(set) var items: [SpinnerItem]
    /// Clamped to [0, count−1], 0 when empty, never wrapped (RVS-5).
    public internal(set) var selectedIndex: Int = 0
    /// −1 spinner only, 0 both, 1 picker only; any other value means picker [QUIRK] (RVS-7).
    public internal(set) var spinnerMode: Int
    /// Mode 0 opens the spinner iff count < threshold (RVS-8).
    public internal(set) var spinnerThreshold: Int

    // MARK: Switches and appearance (RVS-9…19)

    /// Gates the sound half of the feedback (RVS-9).
    public var isSoundOn = true
    /// Gates the haptic half (RVS-10). Switching it on while open has no effect until the next open;
    /// switching it off silences at once (RVS-63) [QUIRK].
    public var isHapticsOn = true { didSet { if !isHapticsOn { hapticsLive = false } } }
    /// Disabled → the centre is dimmed and takes no touches; `setOpen` still works and an open popup
    /// keeps responding (RVS-55) [QUIRK].
    public var isEnabled = true
    /// Multiplies every icon's opacity (RVS-19) [QUIRK].
    public var alpha = 1.0
    /// A fixed centre image's name instead of the selected icon (RVS-11).
    public var centerImageName: String?
    /// While opening or open, show the selected icon instead of `centerImageName` (RVS-12).
    public var replaceCenterImage = false
    /// RVS-13, RVS-66.
    public var hudMode = false
    /// Keep the centre icon upright in a rotated container (RVS-14, RVS-70).
    public var isCompensatingForContainerRotation = true
    /// The fill inside icon frames (the original's `backgroundColor`, RVS-17); nil = none.
    public var closedBackgroundColor: Color?
    /// Outlines, template icons and picker text (RVS-18); nil = inherited (taken as opaque).
    public var tintColor: Color?
    /// The wheel sectors' and picker rows' fill (RVS-16); nil = clear.
    public var openBackgroundColor: Color?

    // MARK: State

    /// True from the end of the opening sequence until the closing one (RVS-31/32).
    public internal(set) var isOpen = false
    /// True only during the opening sequence (RVS-23).
    public internal(set) var isOpening = false
    /// The variant of the popup on screen (open or closing); nil when none is.
    public internal(set) var popupVariant: PopupVariant?
    /// The haptic generators exist (created at open if haptics were on, dropped at close: RVS-63).
    public internal(set) var hapticsLive = false
    /// A touch that began on the centre is held inside it (RVS-24).
    public internal(set) var isCenterHighlighted = false
    /// The flywheel (RVS-47); running while a spin decays.
    public internal(set) var flywheel = Flywheel()
    /// The picker's list while the picker is on screen.
    public internal(set) var picker: PickerScroller?
    /// Work deferred to the next loop turn, in order.
    public internal(set) var pendingWork: [DeferredWork] = []

    /// The one event path of every control (X-8; `EventSource`).
    public let outbox = EventOutbox()
    var flywheelClock = FixedStepper(tickRate: Flywheel.tickRate)
    /// When the current spin started, and how many 60 Hz ticks it has run: tick k happens at start + k/60.
    var flywheelStart: MonotonicTime = 0
    var flywheelTicks = 0
    /// When the last selection cue was given (RVS-62: at most one per 60 Hz tick).
    var lastSelectCue: MonotonicTime?
    var touch: SpinnerTouch?
    var rotationAnimation: ScalarAnimation?
    var rotationTarget = 0.0
    var popupAnimation: ScalarAnimation?
    var centerAnimation: ScalarAnimation?

    /// Which popup the spinner shows.
    public enum PopupVariant: Hashable, Sendable { case wheel, picker }

    /// Work the original posts to the main queue.
    public enum DeferredWork: Hashable, Sendable {
        /// RVS-52's follow-up of one index change: tick (if open), `hasSelected`, `valueChanged`.
        /// `at` is when the index changed (a flywheel step's own 60 Hz tick time), for the one-cue-per-tick rule.
        case selectionEffects(index: Int, fromUser: Bool, at: MonotonicTime)
        /// A touch-up inside the centre: its handling (RVS-26) runs on the turn after the lift (RVS-64).
        case centerTap
        /// RVS-31 step 3 (port: actually played, RVS-62).
        case openFeedback
        /// RVS-32 step 3: the close feedback (when enabled), dropping the haptics, the shrink animation.
        case closeFollowUp(variant: PopupVariant, playFeedback: Bool)
        /// A mode or threshold change while open closes the popup (RVS-7, RVS-8).
        case closeForConfigurationChange
    }

    /// - Parameters:
    ///   - frame: the control's frame in its container.
    ///   - containerSize: the container's size; `containerTransform` maps it to the screen.
    ///   - selectedIndex: applied only when `items` is not empty (RVS-21).
    public init(
        id: String, items: [SpinnerItem] = [], selectedIndex: Int = 0, mode: Int = SpinnerMode.both.rawValue,
        threshold: Int = 15, frame: Rect, containerSize: Size, containerTransform: Transform = .identity,
        options: SpinnerPortOptions = SpinnerPortOptions()
    ) {
        self.id = id; self.items = items; self.spinnerMode = mode; self.spinnerThreshold = max(0, threshold)
        self.frame = frame; self.containerSize = containerSize; self.containerTransform = containerTransform
        self.options = options
        if !items.isEmpty { self.selectedIndex = min(max(0, selectedIndex), items.count - 1) }
        rotationTarget = WheelGeometry.rotation(index: self.selectedIndex, count: items.count).degrees
    }

    // MARK: Read-only facts (RVS-20)

    /// The number of items.
    public var count: Int { items.count }
    /// True with no items.
    public var isEmpty: Bool { items.isEmpty }
    /// The selected item, nil when empty (RVS-51).
    public var value: SpinnerItem? { items.isEmpty ? nil : items[selectedIndex] }
    /// RVS-27: mode −1, or mode 0 with count < threshold.
    public var opensAsSpinner: Bool {
        spinnerMode == SpinnerMode.spinnerOnly.rawValue
            || (spinnerMode == SpinnerMode.both.rawValue && count < spinnerThreshold)
    }
    /// RVS-67: not HUD, and a visible closed background or a visible tint (nil tint = inherited, opaque).
    public var framedIcons: Bool {
        if hudMode { return false }
        let backgroundVisible = (closedBackgroundColor?.a ?? 0) > 0
        let tintVisible = (tintColor?.a ?? 255) > 0
        return backgroundVisible || tintVisible
    }

    // MARK: TouchControl basics

    /// Local → screen: the frame's origin, then the container's transform.
    public var transform: Transform { Transform.translation(frame.minX, frame.minY).then(containerTransform) }
    /// The centre's bounds in local coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
    /// Nothing is drawn and no touch is taken with an empty list (RVS-57).
    public var isHidden: Bool { items.isEmpty && popupVariant == nil }

    /// Moves the control or resizes its container (RVS-34): the popup geometry follows, because it is
    /// derived from these on every use.
    public func layout(frame: Rect, containerSize: Size, containerTransform: Transform? = nil) {
        self.frame = frame; self.containerSize = containerSize
        if let t = containerTransform { self.containerTransform = t }
        picker?.resize(count: count, rowHeight: pickerRowHeight)
    }
}
