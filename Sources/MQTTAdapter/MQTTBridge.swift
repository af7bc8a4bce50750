import Kiosk
import Persistence
import ConfigLoading
import ConfigModel
import Controls
import Core
import Formats
import Glibc
import Platform
import Widgets

/// Control values over MQTT: each value is published retained to `<base>/<id>/state` once the state
/// file holds it (a finger's drag debounced like the state file, a release or a programmatic change
/// as soon as it is saved, everything again on every connect; nothing while saving fails), `<base>/<id>/set` sets a control as the socket's `set` does (and presses a
/// button), a button's press is published to `<base>/<id>/event`, bound topics set variables and the
/// other variables (set through the socket) are published like values to `<base>/<id>/state`,
/// `<base>/status` says `online` (its last will says `offline`), and Home Assistant discovery
/// describes the panel (MQTTBridge+Discovery).
final class MQTTBridge {
    let config: MQTTConfig
    let link: MQTTLink
    /// Every control of every screen, for discovery and to know which ids are buttons.
    private(set) var controls: [ControlConfig]
    /// The largest `set` payload read; anything longer is refused unread.
    static let maximumPayloadBytes = 1024

    /// Every control's value now (runtime's answer), published on each connect.
    var snapshot: () -> [(String, StoredValue)] = { [] }
    /// Every variable's value now, published on each connect (those not bound to a topic).
    var variableSnapshot: () -> [(String, TemplateValue)] = { [] }
    /// Sets control `id` as the socket's `set` would; returns why it was refused, nil when taken.
    var setValue: (String, StoredValue) -> String? = { _, _ in nil }
    /// Presses button `id` as a tap would; returns why it could not be, nil when done.
    var press: (String) -> String? = { _ in nil }
    /// Sets variable `id` as the socket's `set-var` would; returns why it was refused, nil when taken.
    var setVariable: (String, JSON) -> String? = { _, _ in nil }
    /// Switches the screen (`<base>/backlight/set`): on or off, brightness 0…1 (nil keeps each).
    var setScreenPower: (Bool?, Double?) -> String? = { _, _ in nil }
    /// The screen's power now, published on connect.
    var screenPowerSnapshot: () -> ScreenPower = { ScreenPower(on: true, brightness: 1) }
    /// Changes an element's key (`<base>/<id>/<key>/set`); returns why it was refused.
    var setProperty: (String, String, JSON) -> String? = { _, _, _ in nil }
    /// Whether control `id` holding the value is on disk (`StateStore.isSaved`): a state topic
    /// confirms only what the panel would come back with after a power cut.
    var isSaved: (String, StoredValue) -> Bool = { _, _ in true }

    /// When each `set` that changed the screen since the last frame arrived.
    var pending: [String: StoredValue] = [:]
    var published: [String: StoredValue] = [:]
    /// Values due on their state topics that wait for the state file to hold them.
    private var unsaved: [String: StoredValue] = [:]
    private var flushAt: MonotonicTime?
    private let debounce: Double
    /// The "ignored …" lines: once per key and interval, so a chatty publisher cannot fill the journal,
    /// nor one inventing keys silence the lines that come after.
    private let log = RateLimitedLog()
    /// When Home Assistant's `online` burst is over and the configs go out again (nil: none due).
    var discoveryRepublishAt: MonotonicTime?
    /// When the burst of `online` began: a status repeated without pause still gets its republish.
    var discoveryBurstStarted: MonotonicTime?
    /// The bound variables by topic.
    private(set) var bindings: [String: [MQTTConfig.Binding]] = [:]
    private(set) var buttons: Set<String> = []
    /// The disabled options of selects (a spinner's disabled items), by control: not offered to Home
    /// Assistant, and refused from the broker.
    private(set) var disabledOptions: [String: Set<Int>] = [:]
    /// The variables published (not bound to a topic: those are on the bus already, and one bound to
    /// its own state topic would echo for ever; nor to a Home Assistant entity: HA has it already).
    private(set) var publishedVariables: [ValueBoard.Declaration] = []
    private var publishedVariableIDs: Set<String> = []
    /// The elements bound to devices' own topics.
    let devices: DeviceLinks
    /// The retained Home Assistant configs (none with `discovery = false`).
    private(set) var discoveryMessages: [HADiscovery.Message] = []

    init(
        config: MQTTConfig, controls: [ControlConfig], variables: [ValueBoard.Declaration],
        entityVariables: Set<String> = [], debounceSeconds: Double, library: MosquittoLibrary, loop: EventLoop
    ) {
        self.config = config
        self.controls = controls
        debounce = debounceSeconds
        devices = DeviceLinks(config.devices, controls: controls)
        link = MQTTLink(
            settings: .init(
                host: config.host, port: config.port, clientID: config.clientID, keepalive: config.keepalive,
                username: config.username, password: config.password,
                willTopic: config.baseTopic + "/status", willPayload: "offline",
                protocolVersion: config.protocolVersion, tls: config.tls, reconnectMax: config.reconnectMax),
            library: library, loop: loop)
        link.onConnect = { [unowned self] in self.connected() }
        link.onMessage = { [unowned self] topic, payload, retained in self.received(topic, payload, retained: retained)
        }
        link.payloadLimit = { [unowned self] topic in payloadLimit(topic) }
        link.onOversized = { [unowned self] topic, bytes, limit in oversized(topic, bytes: bytes, limit: limit) }
        link.onDisconnect = { [unowned self] in devices.brokerChanged(up: false) }
        devices.publish = { [unowned self] topic, payload, qos, retain in
            _ = link.publish(topic, payload, qos: qos, retain: retain)
        }
        devices.logOnce = { [unowned self] key, line in logOnce(key, line) }
        adopt(controls: controls, variables: variables, bindings: config.bindings, entityVariables: entityVariables)
    }

    /// Takes the controls, variables and topic bindings of a (re)loaded config: what is subscribed,
    /// published and announced follows them.
    func adopt(
        controls: [ControlConfig], variables: [ValueBoard.Declaration], bindings: [MQTTConfig.Binding],
        entityVariables: Set<String>
    ) {
        self.controls = controls
        self.bindings = Dictionary(grouping: bindings, by: \.topic)
        // Elements a press from outside drives, whatever their kind (today the button).
        buttons = Set(controls.filter { ElementKinds.named($0.kind)?.exposure($0.properties) == .press }.map(\.id))
        disabledOptions = [:]
        for c in controls {
            let disabled = ElementKinds.named(c.kind)?.disabledOptions(c.properties) ?? []
            if !disabled.isEmpty { disabledOptions[c.id] = disabled }
        }
        let bound = Set(bindings.map(\.variable)).union(entityVariables)
        publishedVariables = variables.filter { !bound.contains($0.id) }
        publishedVariableIDs = Set(publishedVariables.map(\.id))
        let discovery = HADiscovery(config: config)
        discoveryMessages =
            config.discovery
            ? discovery.messages(for: controls, variables: publishedVariables) + [
                MQTTBridge.backlightDiscovery(discovery, config: config)
            ] : []
    }

    func start(now: MonotonicTime) {
        // Until the broker is reached, no bound element shows a device's state as live.
        devices.brokerChanged(up: false)
        link.start(now: now)
    }

    /// A control's value changed: published at once when `urgent`, else after the debounce.
    func valueChanged(_ id: String, _ value: StoredValue, urgent: Bool, now: MonotonicTime) {
        pending[id] = value
        if urgent { flush() } else if flushAt == nil { flushAt = now + debounce }
    }

    /// A button was pressed (a finger or MQTT): `press` to `<base>/<id>/event`, not retained — a
    /// press is a moment, and one made while the broker is away is not replayed later.
    func buttonPressed(_ id: String) {
        link.publish("\(config.baseTopic)/\(id)/event", "press", qos: config.qos, retain: false)
    }

    /// A variable took a new value (through the socket): retained to its state topic at once.
    func variableChanged(_ id: String, _ value: TemplateValue) {
        guard publishedVariableIDs.contains(id) else { return }
        link.publish(stateTopic(id), MQTTBridge.variablePayload(value), qos: config.qos, retain: true)
    }

    /// The connection, for `ctl stats`.
    var stats: MQTTStats { link.stats }

    func tick(now: MonotonicTime) {
        if let at = flushAt, now >= at { flush() }
        devices.tick(now: now)
        if !unsaved.isEmpty { publishSaved() }
        if let at = discoveryRepublishAt, now >= at { publishDiscovery() }
        link.tick(now: now)
    }

    var nextDeadline: MonotonicTime? {
        [flushAt, link.nextDeadline, devices.nextDeadline, discoveryRepublishAt].compactMap { $0 }.min()
    }

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

    /// The payload of a variable: a number as its plain text, a text as it is.
    static func variablePayload(_ value: TemplateValue) -> String {
        switch value {
        case .number(let d): return NumberFormat.plain(d)
        case .pair(let a, let b): return payload(StoredValue.pair(a, b))
        case .text(let s): return s
        }
    }

    /// Reads a `set` payload: a finite number or `[a,b]` of finite numbers, at most 1 KiB; nil otherwise.
    static func value(of payload: [UInt8]) -> StoredValue? {
        guard payload.count <= maximumPayloadBytes, let json = JSON.parse(payload), let v = StoredValue(json: json),
            v.isFinite
        else { return nil }
        return v
    }

    func flush() {
        flushAt = nil
        // Not connected: nothing is lost, the next connect publishes every value.
        guard link.isConnected else { pending = [:]; unsaved = [:]; return }
        for (id, value) in pending { unsaved[id] = value }
        pending = [:]
        publishSaved()
    }

    /// Publishes the values waiting in `unsaved` that the state file now holds. While saving fails
    /// they stay unpublished: the retained state keeps the last saved value, so an integrator's `set`
    /// is not confirmed (Home Assistant shows the old value) for a value the panel would lose.
    private func publishSaved() {
        guard link.isConnected else { unsaved = [:]; return }
        for (id, value) in unsaved.sorted(by: { $0.key < $1.key }) where isSaved(id, value) {
            unsaved[id] = nil
            guard published[id] != value else { continue }
            if link.publish(stateTopic(id), MQTTBridge.payload(value), qos: config.qos, retain: true) {
                published[id] = value
            }
        }
    }

    private func connected() {
        // Subscribed before `online` goes out: the broker takes one client's packets in order, so a
        // peer that sends a `set` or a device value as soon as it sees `online` is heard.
        link.subscribe(config.baseTopic + "/+/set", qos: config.qos)
        link.subscribe(config.baseTopic + "/+/+/set", qos: config.qos)
        for topic in bindings.keys.sorted() { link.subscribe(topic, qos: config.qos) }
        for (topic, qos) in devices.subscriptions { link.subscribe(topic, qos: qos) }
        link.publish(config.baseTopic + "/status", "online", qos: config.qos, retain: true)
        devices.brokerChanged(up: true)
        if config.discovery { discoveryConnected() }
        // A fresh broker (or one that lost its retained messages) learns every value again.
        published = [:]
        unsaved = [:]
        for (id, value) in snapshot() { pending[id] = value }
        flush()
        for (id, value) in variableSnapshot() { variableChanged(id, value) }
        screenPowerChanged(screenPowerSnapshot())
    }

    func stateTopic(_ id: String) -> String { "\(config.baseTopic)/\(id)/state" }

    /// Logs `line` when `key` comes up, at most once per the log's interval (`RateLimitedLog`).
    func logOnce(_ key: String, _ line: @autoclosure () -> String) { log.write(key, line()) }
}
