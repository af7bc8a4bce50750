import ConfigModel
import Controls
import Core

/// One element of a screen, live: its model (and overlays such as a number pad), with what the kiosk
/// needs to treat every kind alike — its value as the state file, socket and hooks see it, its
/// events, where it is for `ctl list`, and the images it draws. Built by its kind (`ElementKind.make`).
public final class Element {
    public let config: ControlConfig
    public let model: any TouchControl
    /// Controls drawn and touched above every control of the screen while they are shown (the value
    /// slider's number pad, with its catcher).
    public let overlays: [any TouchControl]
    /// Parts drawn right after the model, above it and below the next element, and never touched (a
    /// dial's readout).
    public let decorations: [any TouchControl]
    /// The image names (paths or built-in icon names) the element draws.
    public let imageNames: [String]
    private let drain: (MonotonicTime) -> [ControlEvent]
    private let read: (() -> StoredValue)?
    private let write: (StoredValue, MonotonicTime) throws(ValueError) -> Void
    private let describeAt: (MonotonicTime) -> ElementDescription
    private let feedback: () -> Bool
    /// The step the value is read in (`ElementKind.valueStep`).
    private let step: Double?

    /// Why a value was refused (the socket replies with the description).
    public struct ValueError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// - Parameters:
    ///   - drain: how to collect the events of the model and its overlays (default: the model's own),
    ///     for composite controls whose parts talk to each other.
    ///   - read, write: the value; nil `read` for elements that hold none.
    ///   - describe: where the element is and where to touch it, in screen pixels.
    ///   - feedbackAllowed: whether the element's own switches let the kiosk play feedback cues.
    ///   - actions: what the element does for one of its events (a button's tap, a toggle's flip).
    init(
        config: ControlConfig, model: any TouchControl, overlays: [any TouchControl] = [],
        decorations: [any TouchControl] = [], imageNames: [String] = [],
        drain: ((MonotonicTime) -> [ControlEvent])? = nil, read: (() -> StoredValue)?,
        write: @escaping (StoredValue, MonotonicTime) throws(ValueError) -> Void,
        describe: @escaping (MonotonicTime) -> ElementDescription, feedbackAllowed: @escaping () -> Bool = { true },
        actions: @escaping (ControlEvent) -> [ElementAction] = { _ in [] },
        problem: ((MonotonicTime) -> String?)? = nil
    ) {
        self.problemAt = problem
        self.config = config; self.model = model; self.overlays = overlays; self.decorations = decorations
        self.imageNames = imageNames; self.actionsFor = actions
        self.drain = drain ?? { _ in model.drainEvents() }
        self.read = read; self.write = write; self.describeAt = describe; self.feedback = feedbackAllowed
        step = ElementKinds.named(config.kind)?.valueStep(config.properties)
        // Set-up is not a change anyone should hear about.
        _ = self.drain(0)
    }

    public var id: String { config.id }
    public var kind: String { config.kind }
    private let actionsFor: (ControlEvent) -> [ElementAction]

    /// What the element does for `event`, in order (none for most events and most kinds).
    public func actions(for event: ControlEvent) -> [ElementAction] { actionsFor(event) }
    /// The events raised since the last call, in order (`time`: now, for reactions they cause).
    public func drainEvents(time: MonotonicTime) -> [ControlEvent] { drain(time) }

    /// Advances the model and its overlays; true while any of them moves.
    public func advance(to time: MonotonicTime) -> Bool {
        var moving = model.advance(to: time)
        for o in overlays where o.advance(to: time) { moving = true }
        return moving
    }

    /// The element's current value, rounded to its kind's step, or nil for an element that holds none.
    public var value: StoredValue? { read?().rounded(to: step) }

    /// Sets the value programmatically, validated and clamped exactly as the control itself does;
    /// returns the value the control took.
    @discardableResult
    public func setValue(_ value: StoredValue, time: MonotonicTime) throws(ValueError) -> StoredValue {
        guard let read else { throw ValueError("\(id) holds no value") }
        guard value.isFinite else { throw ValueError("expected a finite number") }
        try write(value, time)
        return read().rounded(to: step)
    }

    /// Where the element is and where to touch it at `time`.
    public func describe(time: MonotonicTime) -> ElementDescription { describeAt(time) }

    /// Why the element cannot show what it should at `time` (a QR code's text too long for a code),
    /// drawn in its frame; the kiosk logs it once per episode. Nil when all is well.
    public func problem(at time: MonotonicTime) -> String? { problemAt?(time) }
    /// Whether the element can have a `problem` at all (most kinds cannot: never asked).
    public var reportsProblems: Bool { problemAt != nil }
    private let problemAt: ((MonotonicTime) -> String?)?

    /// Whether feedback cues (rumble) of this element may be played.
    public var allowsFeedback: Bool { feedback() }
}

/// What `ctl list` says of an element beyond its id, kind and value, in screen pixels, from the same
/// geometry the router and the drawing use, so automation never has to guess.
public struct ElementDescription {
    /// The bounding box of the element on the screen.
    public var frame: Rect
    /// Named points to touch (`handle`, `thumb`, `center`…).
    public var points: [(name: String, point: Point)]
    /// Whether its popup is open, for elements that have one.
    public var open: Bool?
    /// The keys of an open number pad, by label.
    public var keys: [(label: String, point: Point)]?

    public init(
        frame: Rect, points: [(name: String, point: Point)], open: Bool? = nil,
        keys: [(label: String, point: Point)]? = nil
    ) {
        self.frame = frame; self.points = points; self.open = open; self.keys = keys
    }

    /// The screen box of `model`'s bounds, with `points` given in its local coordinates.
    static func of(_ model: any TouchControl, points: [(String, Point)]) -> ElementDescription {
        let t = model.transform
        return ElementDescription(frame: t.boundingBox(of: model.bounds), points: points.map { ($0.0, t.apply($0.1)) })
    }
}
