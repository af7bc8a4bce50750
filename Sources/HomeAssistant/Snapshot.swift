import Core
import Formats
import Platform

/// What one short visit to Home Assistant learns: every entity's state and, if asked, every service
/// (for `check-config --against` and `render --live`). The kiosk's own client on a loop of its own,
/// connected once and never retried: a one-shot command must end, with the reason it failed.
public struct HomeAssistantSnapshot: Sendable {
    /// Every entity HA has, by id.
    public var entities: [String: EntityState]
    /// `get_services`' result: domain → service → its description (`target`, `fields`); nil when
    /// not asked for.
    public var services: JSON?

    public init(entities: [String: EntityState], services: JSON? = nil) {
        self.entities = entities; self.services = services
    }

    /// Why no snapshot was taken: HA unreachable, the token refused, no answer in time.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Connects to HA as `settings` say, waits for the states of every entity (the snapshot of
    /// `subscribe_entities` for all) and, with `services`, for `get_services`; all within `timeout`
    /// seconds. Runs its own loop on the calling thread.
    public static func fetch(
        _ settings: HomeAssistantSettings, timeout: Double, services: Bool
    ) throws(Failure) -> HomeAssistantSnapshot {
        let loop = EventLoop()
        let client = HomeAssistantClient(
            settings: settings, entityIDs: nil, loop: loop, timing: .init(connectTimeout: timeout))
        let host = settings.address.hostHeader
        var failure: String?
        var live = false
        var described: JSON??
        client.onState = { [unowned client] state in
            guard failure == nil, !live else { return }
            switch state {
            case .live:
                live = true
                guard services else { return }
                client.request("get_services") { result in
                    switch result {
                    case .success(let json): described = .some(json ?? .object([]))
                    case .failure(_, let message):
                        failure = "Home Assistant at \(host) refused get_services: \(message)"
                    }
                }
            case .refused(let message): failure = "Home Assistant at \(host) refused the token: \(message)"
            case .down(let why): failure = "cannot reach Home Assistant at \(host): \(why)"
            case .connecting, .authenticating: break
            }
        }
        client.start()
        let deadline = monotonicNow() + timeout
        while failure == nil && !(live && (!services || described != nil)) {
            let left = deadline - monotonicNow()
            guard left > 0 else {
                failure = "no answer from Home Assistant at \(host) within \(NumberFormat.plain(timeout)) s"
                break
            }
            loop.runOnce(timeout: left)
        }
        let entities = client.entities.entities
        // Not stopped (which would log the link as down): the client ends with this call, and no
        // loop turns after it to reconnect.
        client.onState = nil
        if let failure { throw Failure(description: failure) }
        return HomeAssistantSnapshot(entities: entities, services: described ?? nil)
    }
}
