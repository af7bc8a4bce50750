import Controls
import Core

/// The honest-state rules of every adapter that drives a device from an element (MQTT device topics,
/// Home Assistant entities), in one place: while a finger holds an element the finger is shown and
/// commands go out at most every `interval` (the last value on release); once no finger holds it, the
/// device must confirm what was sent within `confirmTimeout`, or the element goes back to the
/// device's state. Time is passed in.
public struct CommandPacer: Sendable {
    /// The shortest time between two commands to one device while a finger drags.
    public static let interval = 0.2
    /// How long a device has to confirm a command once no finger holds the element.
    public static let confirmTimeout = 3.0

    private var held: Set<String> = []
    private var last: [String: MonotonicTime] = [:]
    private var pending: [String: (value: StoredValue, due: MonotonicTime)] = [:]
    private var unconfirmed: [String: MonotonicTime] = [:]

    public init() {}

    /// Whether a finger holds element `id` (the device's state waits until it lifts).
    public func isHeld(_ id: String) -> Bool { held.contains(id) }

    /// A finger took element `id`.
    public mutating func fingerDown(_ id: String) { held.insert(id) }

    /// The finger lifted from `id`: what was sent while it held the element must now be confirmed
    /// (`confirms`: the device reports its state).
    public mutating func fingerUp(_ id: String, now: MonotonicTime, confirms: Bool) {
        held.remove(id)
        if confirms, last[id] != nil, pending[id] == nil { unconfirmed[id] = now + CommandPacer.confirmTimeout }
    }

    /// A change of `id` to send: true when it goes now (the caller sends it and calls `sent`), false
    /// when it waits for `due`.
    public mutating func change(_ id: String, _ value: StoredValue, urgent: Bool, now: MonotonicTime) -> Bool {
        if urgent || now - (last[id] ?? -.infinity) >= CommandPacer.interval {
            pending[id] = nil
            return true
        }
        pending[id] = (value, (last[id] ?? now) + CommandPacer.interval)
        return false
    }

    /// A command for `id` went out at `now`; `confirms`: the device answers with its state.
    public mutating func sent(_ id: String, now: MonotonicTime, confirms: Bool) {
        last[id] = now
        if confirms && !held.contains(id) { unconfirmed[id] = now + CommandPacer.confirmTimeout }
    }

    /// The device's state for `id` arrived (or its command was refused): nothing waits for it.
    public mutating func confirmed(_ id: String) { unconfirmed[id] = nil }

    /// Forgets what waits (the connection went away: nothing can be sent or confirmed).
    public mutating func reset() {
        pending = [:]
        unconfirmed = [:]
    }

    /// What came due at `now`: the values to send now, and the elements no finger holds whose device
    /// did not confirm in time (to be put back to the device's state).
    public mutating func due(now: MonotonicTime) -> (send: [(id: String, value: StoredValue)], putBack: [String]) {
        let send = pending.filter { now >= $0.value.due }.map { (id: $0.key, value: $0.value.value) }.sorted {
            $0.id < $1.id
        }
        for s in send { pending[s.id] = nil }
        let late = unconfirmed.filter { now >= $0.value }.map(\.key).sorted()
        for id in late { unconfirmed[id] = nil }
        return (send, late.filter { !held.contains($0) })
    }

    /// Follows one kiosk event for the elements an adapter binds (`bound`): fingers taking and leaving
    /// them, and value changes it `sends` (a device's own state never: it would be echoed back).
    /// Returns the change to send now, if one goes now; a press is the adapter's own business.
    public mutating func follow(
        _ event: KioskEvent, now: MonotonicTime, bound: (String) -> Bool, sends: (String) -> Bool,
        confirms: (String) -> Bool
    ) -> (id: String, value: StoredValue)? {
        switch event {
        case .control(let id, let e, _) where bound(id):
            switch e {
            case .startedTracking, .rangeStartedTracking: fingerDown(id)
            case .endedTracking, .rangeEndedTracking: fingerUp(id, now: now, confirms: confirms(id))
            default: break
            }
        case .valueChanged(let id, let value, let urgent, let origin) where bound(id):
            guard origin != .command(.device), sends(id), change(id, value, urgent: urgent, now: now) else {
                return nil
            }
            return (id, value)
        default: break
        }
        return nil
    }

    /// The earliest moment something comes due, or nil.
    public var nextDeadline: MonotonicTime? { (pending.values.map(\.due) + unconfirmed.values).min() }
}
