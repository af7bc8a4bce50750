import Controls
import Core
import Glibc

/// Control values over MQTT: each value is published retained to `<base>/<id>/state` (a finger's drag
/// debounced like the state file, a release or a programmatic change at once, everything again on
/// every connect), `<base>/<id>/set` sets a control as the socket's `set` does, and `<base>/status`
/// says `online` (its last will says `offline`).
final class MQTTBridge {
    let config: MQTTConfig
    let link: MQTTLink
    /// The largest `set` payload read; anything longer is refused unread.
    static let maximumPayloadBytes = 1024

    /// Every control's value now (runtime's answer), published on each connect.
    var snapshot: () -> [(String, StoredValue)] = { [] }
    /// Sets control `id` as the socket's `set` would; returns why it was refused, nil when taken.
    var setValue: (String, StoredValue) -> String? = { _, _ in nil }

    private var pending: [String: StoredValue] = [:]
    private var published: [String: StoredValue] = [:]
    private var flushAt: MonotonicTime?
    private let debounce: Double
    /// Malformed payloads already logged, so a chatty publisher cannot fill the journal.
    private var logged: Set<String> = []

    init(config: MQTTConfig, debounceSeconds: Double, loop: EventLoop) {
        self.config = config
        debounce = debounceSeconds
        link = MQTTLink(settings: .init(host: config.host, port: config.port, clientID: config.clientID, keepalive: config.keepalive,
                                        username: config.username, password: config.password,
                                        willTopic: config.baseTopic + "/status", willPayload: "offline"), loop: loop)
        link.onConnect = { [unowned self] in self.connected() }
        link.onMessage = { [unowned self] topic, payload in self.received(topic, payload) }
    }

    func start(now: MonotonicTime) { link.start(now: now) }

    /// A control's value changed: published at once when `urgent`, else after the debounce.
    func valueChanged(_ id: String, _ value: StoredValue, urgent: Bool, now: MonotonicTime) {
        pending[id] = value
        if urgent { flush() } else if flushAt == nil { flushAt = now + debounce }
    }

    func tick(now: MonotonicTime) {
        if let at = flushAt, now >= at { flush() }
        link.tick(now: now)
    }

    var nextDeadline: MonotonicTime? { [flushAt, link.nextDeadline].compactMap { $0 }.min() }

    func close() {
        flush()
        link.close(goodbye: (config.baseTopic + "/status", "offline"))
    }

    /// The payload of a value: a number as its plain text, a pair as `[a,b]` (what the state file holds).
    static func payload(_ value: StoredValue) -> String {
        switch value {
        case .single(let d): return NumberFormat.plain(d)
        case .pair(let a, let b): return "[\(NumberFormat.plain(a)),\(NumberFormat.plain(b))]"
        }
    }

    /// Reads a `set` payload: a finite number or `[a,b]` of finite numbers, at most 1 KiB; nil otherwise.
    static func value(of payload: [UInt8]) -> StoredValue? {
        guard payload.count <= maximumPayloadBytes, let json = JSON.parse(payload), let v = StoredValue(json: json), v.isFinite else { return nil }
        return v
    }

    private func flush() {
        flushAt = nil
        // Not connected: nothing is lost, the next connect publishes every value.
        guard link.isConnected else { pending = [:]; return }
        for (id, value) in pending.sorted(by: { $0.key < $1.key }) where published[id] != value {
            if link.publish(stateTopic(id), MQTTBridge.payload(value), qos: config.qos, retain: true) { published[id] = value }
        }
        pending = [:]
    }

    private func connected() {
        link.publish(config.baseTopic + "/status", "online", qos: config.qos, retain: true)
        link.subscribe(config.baseTopic + "/+/set", qos: config.qos)
        // A fresh broker (or one that lost its retained messages) learns every value again.
        published = [:]
        for (id, value) in snapshot() { pending[id] = value }
        flush()
    }

    private func stateTopic(_ id: String) -> String { "\(config.baseTopic)/\(id)/state" }

    private func received(_ topic: String, _ payload: [UInt8]) {
        let prefix = config.baseTopic + "/", suffix = "/set"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.count > prefix.count + suffix.count else { return }
        let id = String(topic.dropFirst(prefix.count).dropLast(suffix.count))
        guard let value = MQTTBridge.value(of: payload) else {
            // Each kind of mistake is logged once per control: enough to find the publisher, not a flood.
            let tooLong = payload.count > MQTTBridge.maximumPayloadBytes
            let shown = tooLong ? "\(payload.count) bytes (over \(MQTTBridge.maximumPayloadBytes))"
                                : "\"\(String(decoding: payload.prefix(40), as: UTF8.self))\""
            logOnce("\(id)/\(tooLong ? "long" : "malformed")", "mqtt: \(topic): ignored \(shown): expected a finite number or [a,b]; logged once")
            return
        }
        if let problem = setValue(id, value) { logOnce("\(id)/\(problem)", "mqtt: \(topic): ignored: \(problem)") }
    }

    private func logOnce(_ key: String, _ line: String) {
        // Bounded: a publisher inventing ids must not grow the set for ever.
        guard logged.count < 256, logged.insert(key).inserted else { return }
        Log.warning(line)
    }
}
