import Formats

/// The messages of Home Assistant's WebSocket API this client sends, and the reading of HA's.
enum HAMessage {
    static func auth(token: String) -> JSON { .object([("type", .string("auth")), ("access_token", .string(token))]) }

    static func ping(id: Int) -> JSON { .object([("id", .number(Double(id))), ("type", .string("ping"))]) }

    /// `subscribe_entities` for `ids` (nil: every entity HA has).
    static func subscribeEntities(id: Int, ids: [String]?) -> JSON {
        var pairs: [(String, JSON)] = [("id", .number(Double(id))), ("type", .string("subscribe_entities"))]
        if let ids { pairs.append(("entity_ids", .array(ids.map(JSON.string)))) }
        return .object(pairs)
    }

    /// Ends subscription `subscription` (HA's `unsubscribe_events` ends a `subscribe_entities` too).
    static func unsubscribe(id: Int, subscription: Int) -> JSON {
        .object([
            ("id", .number(Double(id))), ("type", .string("unsubscribe_events")),
            ("subscription", .number(Double(subscription))),
        ])
    }

    static func callService(id: Int, _ call: ServiceCall) -> JSON {
        var pairs: [(String, JSON)] = [
            ("id", .number(Double(id))), ("type", .string("call_service")),
            ("domain", .string(call.domain)), ("service", .string(call.service)),
        ]
        if let data = call.data { pairs.append(("service_data", data)) }
        if let target = call.target { pairs.append(("target", target)) }
        return .object(pairs)
    }

    /// A message's `id`: nil when absent or not a whole number an `Int` holds (a server's 1e300 must
    /// not trap the conversion).
    static func id(of message: JSON) -> Int? { message["id"]?.numberValue.flatMap { Int(exactly: $0) } }

    /// The messages in one text frame: HA sends one object, or an array of them when it coalesces.
    static func messages(_ text: [UInt8]) -> [JSON]? {
        guard let json = JSON.parse(text) else { return nil }
        if case .array(let items) = json { return items }
        return [json]
    }
}

/// One `call_service` request.
public struct ServiceCall: Equatable, Sendable {
    public var domain: String
    public var service: String
    /// `service_data`: the service's fields (brightness_pct, value, option, …).
    public var data: JSON?
    /// `target`: `{"entity_id": …}`, areas or devices.
    public var target: JSON?

    public init(domain: String, service: String, data: JSON? = nil, target: JSON? = nil) {
        self.domain = domain; self.service = service; self.data = data; self.target = target
    }

    /// A call aimed at one entity.
    public init(domain: String, service: String, entity: String, data: JSON? = nil) {
        self.init(domain: domain, service: service, data: data, target: .object([("entity_id", .string(entity))]))
    }
}

/// What HA answered a call with.
public enum ServiceResult: Equatable, Sendable {
    /// HA ran the service; its `result` (the context, and any response data).
    case success(JSON?)
    /// HA refused (its error code and message, e.g. `not_found`), or the call never got an answer
    /// (`not_connected`, `connection_lost`).
    case failure(code: String, message: String)
}

/// The connection to Home Assistant as the caller sees it.
public enum ConnectionState: Equatable, Sendable {
    /// Opening the socket, TLS and the WebSocket upgrade.
    case connecting
    /// The WebSocket is open; the token is being checked.
    case authenticating
    /// Authenticated and subscribed: entity states are current.
    case live
    /// HA refused the token (its message). Tried again after `Timing.refusedRetry`, not sooner.
    case refused(String)
    /// Not connected, why; a reconnect is scheduled.
    case down(String)
}

/// The link to Home Assistant as a person is told of it (a banner or badge on the panel): fewer
/// states than `ConnectionState`, and the moment it was lost, which stays the same through retries.
public enum LinkStatus: Equatable, Sendable {
    /// Not live yet since the client started (no failure so far).
    case connecting
    /// Authenticated and subscribed: every state is current.
    case live
    /// Not live since `since` (seconds since 1970, UTC: the first failure after the link was live,
    /// or after the start), and why the last attempt failed; reconnects are under way.
    case unreachable(since: Double, reason: String)
    /// HA refused the token at `since` (seconds since 1970, UTC), with its message; tried again slowly.
    case tokenRefused(since: Double, message: String)

    /// The status once the connection is in `state`, at wall time `now`.
    func next(after state: ConnectionState, now: Double) -> LinkStatus {
        switch (self, state) {
        case (_, .live): return .live
        case (.tokenRefused, .connecting), (.tokenRefused, .authenticating): return self
        case (.unreachable(let since, _), .down(let why)): return .unreachable(since: since, reason: why)
        case (.tokenRefused(let since, _), .down(let why)): return .unreachable(since: since, reason: why)
        case (_, .down(let why)): return .unreachable(since: now, reason: why)
        case (.tokenRefused(let since, _), .refused(let message)): return .tokenRefused(since: since, message: message)
        case (_, .refused(let message)): return .tokenRefused(since: now, message: message)
        case (_, .connecting), (_, .authenticating): return self
        }
    }
}
