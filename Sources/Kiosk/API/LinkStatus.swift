import Core
import Widgets

/// How a link the panel's values come over stands (Home Assistant, the MQTT broker), as its adapter
/// tells the kiosk (`KioskCommand.linkStatus`): while it is not live the kiosk shows a banner saying so,
/// and the adapter marks what the link feeds unavailable (`setAvailable`).
public struct LinkStatus: Sendable, Equatable {
    /// Where the link stands.
    public enum State: Sendable, Equatable {
        /// Connected: values are current. No banner.
        case live
        /// Lost (or never made) at `since`, monotonic; the adapter keeps trying.
        case unreachable(since: MonotonicTime)
        /// The other end refused the panel's credentials, named as a person knows them ("token").
        case refused(credential: String)
    }

    /// The link as a person at the panel names it ("Home Assistant", "MQTT broker"); one banner line
    /// per name.
    public var name: String
    public var state: State

    public init(name: String, state: State) { self.name = name; self.state = state }

    /// The banner's line, or nil when live. `localNow` is the local wall time at `now` (seconds since
    /// 1970 in the panel's zone): the moment of the loss is said as a time of day, as `{now:HH:mm}`
    /// writes it in `names`' locale.
    public func line(now: MonotonicTime, localNow: Double, names: WallClockText.Names) -> String? {
        switch state {
        case .live: return nil
        case .refused(let credential): return "\(name) refused the \(credential)"
        case .unreachable(let since):
            let local = localNow - max(0, now - since)
            return "\(name) unreachable since " + WallClockText.text(local, pattern: "HH:mm", names: names)
        }
    }
}

/// A link's standing from what its adapter hears (connected, lost, refused), told only when it
/// changes: a lost link stays "unreachable since" its first loss through every retry until it is
/// live again. A link still making its first connection is not reported down until that fails.
public struct LinkWatch: Sendable {
    public private(set) var status: LinkStatus

    public init(name: String) { status = LinkStatus(name: name, state: .live) }

    /// The link is live; the new status when that is news.
    public mutating func connected() -> LinkStatus? { change(.live) }

    /// The link was lost or a connection failed at `now`; the new status when that is news.
    public mutating func lost(now: MonotonicTime) -> LinkStatus? {
        if case .unreachable = status.state { return nil }
        return change(.unreachable(since: now))
    }

    /// The other end refused `credential`; the new status when that is news.
    public mutating func refused(credential: String) -> LinkStatus? { change(.refused(credential: credential)) }

    private mutating func change(_ state: LinkStatus.State) -> LinkStatus? {
        guard status.state != state else { return nil }
        status.state = state
        return status
    }
}
