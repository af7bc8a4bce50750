/// The two notification channels of a control (spec X-8) in one place: an ordered queue the kiosk drains
/// after each input frame or tick, and an optional closure (the "delegate") called at the moment an event
/// is raised. Both see the same events in the same order.
///
/// It is a class so that the queue is updated *before* the closure runs: the closure may call back into the
/// control (set a value, raise more events) without overlapping access to the queue.
public final class EventOutbox {
    private var queue: [ControlEvent] = []
    /// Called synchronously for every event, after it was queued.
    public var observer: ((ControlEvent) -> Void)?

    /// An empty outbox with no observer.
    public init() {}

    /// Queues `event` and tells the observer.
    public func send(_ event: ControlEvent) {
        queue.append(event)
        observer?(event)
    }

    /// Removes and returns the queued events, oldest first.
    public func drain() -> [ControlEvent] {
        // Every element is drained after every change: an empty queue must cost no allocation
        // (emptying a buffer shared with `out` while keeping its capacity would make a new one).
        guard !queue.isEmpty else { return [] }
        let out = queue
        queue.removeAll(keepingCapacity: true)
        return out
    }

    /// The events queued and not yet drained (for inspection; does not remove them).
    public var pending: [ControlEvent] { queue }
}

/// A control whose events go through its outbox: the one event path of every control. The kiosk
/// drains the queue; tests and embedders may also listen as events are raised.
public protocol EventSource: AnyObject {
    var outbox: EventOutbox { get }
}

extension EventSource {
    /// Removes and returns the events raised since the last call, in order.
    public func drainEvents() -> [ControlEvent] { outbox.drain() }

    /// The delegate channel: called for every event as it is raised. Capture the control weakly
    /// in it, or the closure and the control keep each other alive.
    public var onEvent: ((ControlEvent) -> Void)? {
        get { outbox.observer }
        set { outbox.observer = newValue }
    }
}
