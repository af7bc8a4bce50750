import CLinux
import Core
import Formats
import Glibc
import Platform

/// A Home Assistant WebSocket API client in the kiosk's `EventLoop`: authenticates with a token,
/// subscribes to the states of the entities asked for (kept in `entities`), calls services, watches
/// the connection with HA's ping, and reconnects with backoff, re-subscribing so every state is
/// delivered again. One thread: every callback runs in the loop's turn.
public final class HomeAssistantClient {
    /// How long to wait for what, in seconds.
    public struct Timing: Sendable {
        /// A ping is sent after this long without a message from HA.
        public var pingInterval: Double
        /// No answer (to the ping or anything) this long after the ping: the peer is taken as dead.
        public var pongTimeout: Double
        /// Connecting, TLS, the upgrade and authentication together must finish within this.
        public var connectTimeout: Double
        /// The first reconnect waits this; each failure after doubles it, up to `maximumBackoff`, each
        /// wait spread by jitter (`ReconnectBackoff`).
        public var initialBackoff: Double
        public var maximumBackoff: Double
        /// A refused token is tried again after this long (a token may be made valid again in HA, or
        /// HA may have refused it while starting), never sooner: a refusal is not a flaky link.
        public var refusedRetry: Double

        /// The defaults, one place for each (docs/home-assistant-client.md states them).
        public static let defaultConnectTimeout = 10.0
        public static let defaultMaximumBackoff = 5.0
        public static let defaultRefusedRetry = 60.0

        public init(
            pingInterval: Double = 20, pongTimeout: Double = 10, connectTimeout: Double = Timing.defaultConnectTimeout,
            initialBackoff: Double = 0.5, maximumBackoff: Double = Timing.defaultMaximumBackoff,
            refusedRetry: Double = Timing.defaultRefusedRetry
        ) {
            self.pingInterval = pingInterval; self.pongTimeout = pongTimeout; self.connectTimeout = connectTimeout
            self.initialBackoff = initialBackoff; self.maximumBackoff = maximumBackoff
            self.refusedRetry = refusedRetry
        }

        /// The longest a dead peer goes unnoticed while live.
        public var heartbeatBound: Double { pingInterval + pongTimeout }
    }

    public let settings: HomeAssistantSettings
    public let timing: Timing
    /// The entities subscribed to (nil: all).
    public private(set) var entityIDs: [String]?
    /// What HA last said of them: empty until the first time live, kept through a disconnect (only
    /// `state == .live` makes them current: a caller shows them as unavailable otherwise), and
    /// replaced by the snapshot of each new subscription.
    public private(set) var entities = EntityCache()
    public private(set) var state = ConnectionState.down("not started")
    /// The link as a person is told of it (a banner): connecting, live, unreachable since, token refused.
    public private(set) var linkStatus = LinkStatus.connecting
    /// How many connections were attempted (the first and every reconnect).
    public private(set) var attempts = 0

    /// Called on every change of `state`.
    public var onState: ((ConnectionState) -> Void)?
    /// Called on every change of `linkStatus` (after `onState`).
    public var onLinkStatus: ((LinkStatus) -> Void)?
    /// Called with each entity id whose state or attributes changed, and the new state (nil: gone):
    /// once per entity per loop turn, with its latest state, however many messages changed it (a
    /// server sending thousands of changes a second costs the panel one update per entity per turn).
    public var onEntity: ((String, EntityState?) -> Void)?

    /// The largest message accepted from HA: a snapshot of every entity of a big install (thousands,
    /// some with large attributes) fits; docs/home-assistant-client.md says what it costs.
    public static let maximumMessage = 16 << 20

    private let loop: EventLoop
    private var connection: WebSocketConnection?
    /// The loop's timer for the next thing due (a connect timeout, the heartbeat, a reconnect).
    private var timer: EventLoop.TimerID?
    private var nextID = 1
    private var subscriptionID: Int?
    private var snapshotPending = false
    private var pending: [Int: (ServiceResult) -> Void] = [:]
    private var lastHeard = 0.0
    private var pingSent: Double?
    private var connectStarted = 0.0
    /// When the next attempt is due while down (monotonic), nil otherwise.
    private(set) var reconnectAt: Double?
    /// Failures since the last time live (the backoff's exponent).
    private var failures = 0
    private var running = false
    /// While running: the kernel's word that the network may be back ends a backoff early.
    private var network: NetworkWatch?
    /// `entityIDs` as a set, for dropping states of entities not subscribed to.
    private var keeping: Set<String>?
    /// Text messages that were not JSON on this connection (logged once, counted at its end).
    private var notJSON = 0
    /// Entities changed by this turn's messages, passed on at its end (`deliverChanges`).
    private var changedIDs: Set<String> = []
    /// A large message being parsed off the loop (the connection paused meanwhile).
    private var parsing: OffLoopParse?
    /// Messages at least this large are parsed off the loop.
    static let offLoopParse = 256 << 10

    public init(settings: HomeAssistantSettings, entityIDs: [String]?, loop: EventLoop, timing: Timing = Timing()) {
        self.settings = settings
        self.entityIDs = entityIDs
        self.loop = loop
        self.timing = timing
        keeping = entityIDs.map(Set.init)
    }

    deinit {
        connection?.close()
        if let timer { loop.cancel(timer) }
    }

    /// Connects (again, after `stop` or a refusal).
    public func start() {
        running = true
        failures = 0
        if network == nil { network = NetworkWatch(loop: loop) { [weak self] in self?.networkMayBeBack() } }
        connect()
    }

    /// The kernel said an interface, address or route came up: a link that is down tries again now
    /// rather than at the end of its backoff (a refused token waits on: a network is not why it failed).
    private func networkMayBeBack() {
        guard running, case .down = state, let at = reconnectAt, at > monotonicNow() else { return }
        Log.info("homeassistant: the network changed; reconnecting now")
        connect()
    }

    /// Closes the connection and stops reconnecting. Calls waiting for an answer fail.
    public func stop() {
        running = false
        reconnectAt = nil
        network = nil
        disconnect(.down("stopped"), code: 1000)
    }

    /// Calls a service; `completion` gets HA's answer, or a failure when the client is not live or
    /// the connection ends before the answer. Never called inside `call` itself.
    public func call(_ call: ServiceCall, completion: @escaping (ServiceResult) -> Void) {
        guard state == .live, let connection else {
            let why = "not connected to Home Assistant (\(state))"
            deferred { completion(.failure(code: "not_connected", message: why)) }
            return
        }
        let id = takeID()
        pending[id] = completion
        connection.send(text: HAMessage.callService(id: id, call).text())
    }

    /// Sends a command of HA's WebSocket API (`get_services`, `frontend/get_translations`) with
    /// `fields`; `completion` gets its `result` as `call`'s gets a service's.
    public func request(_ type: String, fields: [(String, JSON)] = [], completion: @escaping (ServiceResult) -> Void) {
        guard state == .live, let connection else {
            let why = "not connected to Home Assistant (\(state))"
            deferred { completion(.failure(code: "not_connected", message: why)) }
            return
        }
        let id = takeID()
        pending[id] = completion
        connection.send(text: JSON.object([("id", .number(Double(id))), ("type", .string(type))] + fields).text())
    }

    /// Follows `ids` from now on (a reloaded config bound other entities). While live, the old
    /// subscription ends and a new one begins on the same connection: its snapshot replaces
    /// `entities` and reports each entity that changed, as after a connect (`state` stays live);
    /// otherwise the next connection subscribes to `ids`.
    public func resubscribe(_ ids: [String]?) {
        guard ids != entityIDs else { return }
        entityIDs = ids
        keeping = ids.map(Set.init)
        guard state == .live, let old = subscriptionID else { return }
        send(HAMessage.unsubscribe(id: takeID(), subscription: old))
        let id = takeID()
        subscriptionID = id
        snapshotPending = true
        send(HAMessage.subscribeEntities(id: id, ids: ids))
    }

    // MARK: - Connection

    private func takeID() -> Int { defer { nextID += 1 }; return nextID }

    private func connect() {
        parsing = nil
        connection?.close()
        attempts += 1
        nextID = 1
        subscriptionID = nil
        pingSent = nil
        reconnectAt = nil
        connectStarted = monotonicNow()
        let c = WebSocketConnection(
            loop: loop, address: settings.address, caFile: settings.caFile, maximumMessage: Self.maximumMessage)
        connection = c
        c.onOpen = { [weak self] in self?.set(.authenticating) }
        c.onText = { [weak self] text in self?.received(text) }
        c.onClosed = { [weak self] why in self?.lost(why) }
        c.onBatchEnd = { [weak self] in self?.deliverChanges() }
        set(.connecting)
        c.start()
        armTimer()
    }

    /// The connection ended by itself: down, and a reconnect after the backoff.
    private func lost(_ why: String) {
        connection = nil
        endSession(.down(why))
        scheduleReconnect()
    }

    /// Ends the connection from this side with `newState`.
    private func disconnect(_ newState: ConnectionState, code: UInt16) {
        connection?.close(code: code)
        connection = nil
        endSession(newState)
    }

    private func endSession(_ newState: ConnectionState) {
        deliverChanges()
        parsing = nil
        subscriptionID = nil
        pingSent = nil
        if notJSON > 1 {
            Log.warning("homeassistant: \(notJSON) messages that were not JSON ignored on that connection")
        }
        notJSON = 0
        let waiting = pending
        pending = [:]
        let reason: String
        if case .down(let r) = newState {
            reason = r
        } else if case .refused(let r) = newState {
            reason = r
        } else {
            reason = "\(newState)"
        }
        set(newState)
        for (_, completion) in waiting.sorted(by: { $0.key < $1.key }) {
            completion(
                .failure(
                    code: "connection_lost", message: "connection to Home Assistant lost before the answer: \(reason)"))
        }
        armTimer()
    }

    private func scheduleReconnect() {
        guard running else { return }
        failures += 1
        let jitter = ReconnectBackoff.jitter()
        reconnectAt =
            monotonicNow()
            + ReconnectBackoff.wait(
                failures: failures, initial: timing.initialBackoff, maximum: timing.maximumBackoff, jitter: jitter)
        armTimer()
    }

    private func set(_ newState: ConnectionState) {
        guard newState != state else { return }
        state = newState
        switch newState {
        case .live: Log.info("homeassistant: live (\(settings.address.hostHeader))")
        case .refused(let why): Log.error("homeassistant: \(settings.address.hostHeader) refused the token: \(why)")
        case .down(let why): Log.warning("homeassistant: down: \(why)")
        case .connecting, .authenticating: break
        }
        onState?(newState)
        let status = linkStatus.next(after: newState, now: WallClock.utcSeconds())
        if status != linkStatus {
            linkStatus = status
            onLinkStatus?(status)
        }
    }

    // MARK: - Messages

    private func received(_ text: [UInt8]) {
        lastHeard = monotonicNow()
        pingSent = nil
        if text.count >= Self.offLoopParse, let connection {
            connection.paused = true
            let size = text.count
            parsing = OffLoopParse(text, loop: loop) { [weak self] messages in
                guard let self else { return }
                parsing = nil
                self.connection?.paused = false
                lastHeard = monotonicNow()
                handle(messages, size: size)
                deliverChanges()
                // The message's tree is gone now: its pages go back to the system, not kept for the run.
                malloc_trim(0)
            }
            return
        }
        handle(HAMessage.messages(text), size: text.count)
    }

    /// The messages of one text of `size` bytes (nil: it was not JSON).
    private func handle(_ messages: [JSON]?, size: Int) {
        guard let messages else {
            // Once per connection: a server sending nothing else must not flood the log.
            notJSON += 1
            if notJSON == 1 {
                Log.warning(
                    "homeassistant: a message that is not JSON (\(size) bytes) ignored; more are counted"
                        + " until the connection ends")
            }
            return
        }
        for message in messages {
            guard connection != nil else { break }
            handle(message)
        }
    }

    private func send(_ message: JSON) { connection?.send(text: message.text()) }

    /// Passes on the entities this turn's messages changed, each once with its latest state, in order.
    private func deliverChanges() {
        // Once per turn, not per message: the heartbeat moved with what was heard.
        armTimer()
        guard !changedIDs.isEmpty else { return }
        let ids = changedIDs.sorted()
        changedIDs = []
        for id in ids { onEntity?(id, entities[id]) }
    }

    private func handle(_ message: JSON) {
        switch message["type"]?.stringValue {
        case "auth_required":
            send(HAMessage.auth(token: settings.token))
        case "auth_ok":
            let id = takeID()
            subscriptionID = id
            snapshotPending = true
            send(HAMessage.subscribeEntities(id: id, ids: entityIDs))
        case "auth_invalid":
            disconnect(.refused(message["message"]?.stringValue ?? "auth_invalid"), code: 1000)
            // Slowly: a token does not become valid by waiting, but one may be made valid in HA again.
            reconnectAt = running ? monotonicNow() + timing.refusedRetry : nil
            armTimer()
        case "event":
            guard let id = HAMessage.id(of: message), id == subscriptionID, let event = message["event"] else { return }
            let replacing = snapshotPending
            snapshotPending = false
            let changed = entities.apply(event, replacing: replacing, keeping: keeping)
            if replacing {
                failures = 0
                set(.live)
            }
            changedIDs.formUnion(changed)
        case "result":
            guard let id = HAMessage.id(of: message) else { return }
            let success = message["success"] == .bool(true)
            if id == subscriptionID {
                if !success { lostFromHere("subscribe_entities refused: \(Self.errorText(message))") }
                return
            }
            guard let completion = pending.removeValue(forKey: id) else { return }
            if success {
                completion(.success(message["result"]))
            } else {
                completion(
                    .failure(
                        code: message["error"]?["code"]?.stringValue ?? "unknown_error",
                        message: Self.errorText(message)))
            }
        default:
            break  // pong (lastHeard is set already) and anything newer HA may send.
        }
    }

    private func lostFromHere(_ why: String) {
        disconnect(.down(why), code: 1000)
        scheduleReconnect()
    }

    private static func errorText(_ message: JSON) -> String {
        message["error"]?["message"]?.stringValue ?? message["error"]?["code"]?.stringValue ?? "no message"
    }

    // MARK: - Timer

    private func timerFired() {
        timer = nil
        let now = monotonicNow()
        switch state {
        case .connecting, .authenticating:
            if now - connectStarted >= timing.connectTimeout {
                lostFromHere("no connection within \(timing.connectTimeout) s")
                return
            }
        case .live:
            if let sent = pingSent {
                if now - sent >= timing.pongTimeout {
                    lostFromHere("no answer to a ping within \(timing.pongTimeout) s")
                    return
                }
            } else if now - lastHeard >= timing.pingInterval {
                pingSent = now
                send(HAMessage.ping(id: takeID()))
            }
        case .down, .refused:
            if let at = reconnectAt, now >= at, running { connect(); return }
        }
        armTimer()
    }

    /// Arms the timer for the next thing due; disarms it when nothing is (so an idle, live kiosk wakes
    /// only for the heartbeat).
    private func armTimer() {
        var due: Double?
        switch state {
        case .connecting, .authenticating: due = connectStarted + timing.connectTimeout
        case .live: due = pingSent.map { $0 + timing.pongTimeout } ?? lastHeard + timing.pingInterval
        case .down, .refused: due = running ? reconnectAt : nil
        }
        if let timer { loop.cancel(timer) }
        timer = due.map { loop.after(at: $0) { [weak self] in self?.timerFired() } }
    }

    /// Runs `work` on the loop's next turn.
    private func deferred(_ work: @escaping () -> Void) { loop.post(work) }
}
