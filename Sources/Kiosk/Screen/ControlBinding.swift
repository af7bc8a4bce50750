import Controls
import Core

/// A control model together with what the kiosk needs to treat every kind alike: reading and
/// setting its value (as the state file and the socket see it), and describing it.
public final class ControlBinding {
    public let config: ControlConfig
    public let model: any TouchControl
    /// Controls drawn and touched above every control of the screen while they are shown (the value
    /// slider's number pad, with its catcher).
    public let overlays: [any TouchControl]
    private let drain: (MonotonicTime) -> [ControlEvent]
    private let read: () -> StoredValue
    private let write: (StoredValue, MonotonicTime) throws(ValueError) -> Void

    /// Why a value was refused (the socket replies with the description).
    public struct ValueError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// - Parameter drain: how to collect the events of the model and its overlays (default: the
    ///   model's own), for composite controls whose parts talk to each other.
    init(config: ControlConfig, model: any TouchControl, overlays: [any TouchControl] = [],
         drain: ((MonotonicTime) -> [ControlEvent])? = nil, read: @escaping () -> StoredValue,
         write: @escaping (StoredValue, MonotonicTime) throws(ValueError) -> Void) {
        self.config = config; self.model = model; self.overlays = overlays
        self.drain = drain ?? { _ in model.drainEvents() }
        self.read = read; self.write = write
    }

    /// The events raised since the last call, in order (`time`: now, for reactions they cause).
    public func drainEvents(time: MonotonicTime) -> [ControlEvent] { drain(time) }

    /// Where the control is and where to touch it (screen pixels), for the socket's `list`.
    public func describe(time: MonotonicTime) -> [(String, JSON)] {
        ControlDescription.pairs(for: model, overlays: overlays, time: time)
    }

    /// Advances the model and its overlays; true while any of them moves.
    public func advance(to time: MonotonicTime) -> Bool {
        var moving = model.advance(to: time)
        for o in overlays where o.advance(to: time) { moving = true }
        return moving
    }

    public var id: String { config.id }
    public var kind: String { config.kind }
    /// The control's current value.
    public var value: StoredValue { read() }

    /// Sets the value programmatically, validated and clamped exactly as the control itself does;
    /// returns the value the control took.
    @discardableResult
    public func setValue(_ value: StoredValue, time: MonotonicTime) throws(ValueError) -> StoredValue {
        guard value.isFinite else { throw ValueError("expected a finite number") }
        try write(value, time)
        return read()
    }
}

extension StoredValue {
    /// The value as JSON for the socket: a number, or `[a, b]` for a range.
    public var json: JSON {
        switch self {
        case .single(let d): return .number(d)
        case .pair(let a, let b): return .array([.number(a), .number(b)])
        }
    }

    /// The value as hooks see it in `{value}`: `35`, `21.5` or `8,18`.
    public var hookText: String {
        switch self {
        case .single(let d): return NumberFormat.plain(d)
        case .pair(let a, let b): return NumberFormat.plain(a) + "," + NumberFormat.plain(b)
        }
    }

    /// Reads a socket value: a number, or an array of two numbers.
    public init?(json: JSON) {
        switch json {
        case .number(let d): self = .single(d)
        case .array(let a) where a.count == 2:
            guard let x = a[0].numberValue, let y = a[1].numberValue else { return nil }
            self = .pair(x, y)
        default: return nil
        }
    }
}
