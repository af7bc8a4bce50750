import ConfigLoading
import Controls
import Core
import Formats
import Kiosk
import Platform
import Widgets

/// MQTT (with Home Assistant discovery) as an adapter of the kiosk: `<base>/<id>/set`, presses and
/// variables from the broker become `KioskCommand`s; value changes, presses and variables from the
/// kiosk's events are published.
public final class MQTTAdapter: KioskAdapter {
    public let name = "mqtt"
    let settings: MQTTConfig
    private(set) var bridge: MQTTBridge?
    /// The broker link's standing as the panel's banner says it.
    private var linkWatch = LinkWatch(name: "MQTT broker")

    /// The adapter for a config: none without `[mqtt]`.
    public static func make(config: KioskConfig, options: RunOptions) -> MQTTAdapter? {
        config.mqtt.map(MQTTAdapter.init)
    }

    init(settings: MQTTConfig) { self.settings = settings }

    public var summary: String {
        bridge == nil ? "mqtt off" : "mqtt \(settings.host):\(settings.port)"
    }

    /// Connects to the broker in the background of the loop: a broker that is absent at start is
    /// retried, and the kiosk runs meanwhile.
    public func start(_ kiosk: any KioskAPI, now: MonotonicTime) {
        // Opened here, not linked: a panel without [mqtt] never maps libmosquitto, libssl and libcrypto.
        // A missing library will not appear by retrying (unlike an absent broker): said once, and the
        // panel runs on without MQTT.
        let library: MosquittoLibrary
        switch MosquittoLibrary.shared {
        case .success(let opened): library = opened
        case .failure(let missing):
            Log.error("mqtt: \(missing); the kiosk runs without MQTT")
            return
        }
        let config = kiosk.config
        let bridge = MQTTBridge(
            config: settings, controls: config.allControls, variables: config.variables,
            entityVariables: MQTTAdapter.entityVariables(config),
            debounceSeconds: Double(config.state.debounceMS) / 1000, library: library, loop: kiosk.eventLoop)
        bridge.snapshot = { [unowned kiosk] in kiosk.currentValues() }
        bridge.variableSnapshot = { [unowned kiosk] in kiosk.variableValues() }
        bridge.setValue = { [unowned kiosk] id, value in
            MQTTAdapter.refusal(kiosk.perform(.set(id: id, value: value), from: .mqtt))
        }
        bridge.isSaved = { [unowned kiosk] id, value in kiosk.isSaved(id, value) }
        bridge.screenPowerSnapshot = { [unowned kiosk] in kiosk.screenPower }
        bridge.setScreenPower = { [unowned kiosk] on, brightness in
            MQTTAdapter.refusal(kiosk.perform(.screenPower(on: on, brightness: brightness), from: .mqtt))
        }
        bridge.setProperty = { [unowned kiosk] id, key, value in
            MQTTAdapter.refusal(kiosk.perform(.setProperty(id: id, key: key, value: value), from: .mqtt))
        }
        bridge.press = { [unowned kiosk] id in MQTTAdapter.refusal(kiosk.perform(.press(id: id), from: .mqtt)) }
        bridge.setVariable = { [unowned kiosk] id, value in
            MQTTAdapter.refusal(kiosk.perform(.setVariable(id: id, value: value), from: .mqtt))
        }
        bridge.devices.apply = { [unowned kiosk] id, value in
            MQTTAdapter.refusal(kiosk.perform(.set(id: id, value: value), from: .device))
        }
        bridge.devices.setAvailable = { [unowned kiosk] id, available in
            _ = kiosk.perform(.setAvailable(id: id, available: available), from: .device)
        }
        let connected = bridge.link.onConnect, lost = bridge.link.onDisconnect
        bridge.link.onConnect = { [unowned self, unowned kiosk] in
            connected?()
            if let status = linkWatch.connected() { _ = kiosk.perform(.linkStatus(status), from: .device) }
        }
        bridge.link.onDisconnect = { [unowned self, unowned kiosk] in
            lost?()
            if let status = linkWatch.lost(now: monotonicNow()) {
                _ = kiosk.perform(.linkStatus(status), from: .device)
            }
        }
        // A broker absent at start, or one that refuses the panel's credentials, is said on screen too.
        bridge.link.onUnreachable = { [unowned self, unowned kiosk] refused in
            let status =
                refused ? linkWatch.refused(credential: "user name or password") : linkWatch.lost(now: monotonicNow())
            if let status { _ = kiosk.perform(.linkStatus(status), from: .device) }
        }
        self.bridge = bridge
        Log.notice(
            "mqtt: \(settings.host):\(settings.port)\(settings.tls == nil ? "" : " (TLS)"), topics under \(settings.baseTopic)/, client \(settings.clientID)"
        )
        bridge.start(now: now)
    }

    /// Why a command was refused, or nil.
    private static func refusal(_ result: Result<KioskResult, KioskCommandError>) -> String? {
        if case .failure(let refused) = result { return refused.description }
        return nil
    }

    public func receive(_ event: KioskEvent, now: MonotonicTime) {
        guard let bridge else { return }
        switch event {
        case .valueChanged(let id, let value, let urgent, _): bridge.valueChanged(id, value, urgent: urgent, now: now)
        case .control(let id, .touchUpInside, _) where bridge.buttons.contains(id): bridge.buttonPressed(id)
        case .variable(let id, let value): bridge.variableChanged(id, value)
        case .screenPower(let power): bridge.screenPowerChanged(power)
        case .publish(let topic, let payload, let retain):
            _ = bridge.link.publish(topic, payload, qos: settings.qos, retain: retain)
        default: break
        }
        bridge.devices.receive(event, now: now)
    }

    /// Follows a reloaded config's controls, variables and bound topics (the connection settings
    /// are the started ones until the next start).
    public func reloaded(_ kiosk: any KioskAPI, now: MonotonicTime) {
        guard let bridge else { return }
        let config = kiosk.config
        if let fresh = config.mqtt,
            fresh.host != settings.host || fresh.port != settings.port
                || fresh.baseTopic != settings.baseTopic || fresh.clientID != settings.clientID
        {
            Log.notice("mqtt: [mqtt] changed: the connection changes at the next start")
        }
        bridge.reload(
            controls: config.allControls, variables: config.variables, bindings: config.mqtt?.bindings ?? [],
            entityVariables: MQTTAdapter.entityVariables(config))
    }

    /// Variables that show Home Assistant entities: HA has them already, so they are not announced back.
    static func entityVariables(_ config: KioskConfig) -> Set<String> {
        Set(config.homeAssistant?.variables.map(\.id) ?? [])
    }

    public func tick(now: MonotonicTime) { bridge?.tick(now: now) }
    public var nextDeadline: MonotonicTime? { bridge?.nextDeadline }
    public var statsSection: JSON? { bridge.flatMap { try? JSONCoding.encode($0.stats) } }
    public func stop() { bridge?.close() }
}
