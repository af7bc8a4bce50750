import ConfigLoading
import Controls
import Core
import Platform
import Widgets

extension KioskRuntime {
    /// Connects to `[mqtt]`'s broker when the config has one. The connection is made in the background of
    /// the loop: a broker that is absent at start is retried, and the kiosk runs meanwhile.
    func startMQTT() {
        guard let settings = config.mqtt else { return }
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
        let bridge = MQTTBridge(config: settings, controls: config.allControls, variables: config.variables,
                                debounceSeconds: Double(config.state.debounceMS) / 1000, library: library, loop: loop)
        bridge.snapshot = { [unowned self] in currentValues() }
        bridge.variableSnapshot = { [unowned self] in
            variables.board.variables.compactMap { v in v.value.map { (v.declaration.id, $0) } }
        }
        bridge.setValue = { [unowned self] id, value in setFromMQTT(id, value) }
        bridge.isSaved = { [unowned self] id, value in services.state.isSaved(id, value) }
        bridge.press = { [unowned self] id in pressFromMQTT(id) }
        bridge.setVariable = { [unowned self] id, value in
            (setVariable(id, value, now: monotonicNow()) as? ErrorReply)?.error
        }
        services.mqtt = bridge
        Log.notice("mqtt: \(settings.host):\(settings.port)\(settings.tls == nil ? "" : " (TLS)"), topics under \(settings.baseTopic)/, client \(settings.clientID)")
        bridge.start(now: monotonicNow())
    }

    /// Every control's latest value, on every screen: the config's, over it what the state file holds, over
    /// that the shown screen's controls as they are now.
    private func currentValues() -> [(String, StoredValue)] {
        var values = ControlValues.initial(of: config).merging(services.state.values) { $1 }
        for e in screen.elements { if let v = e.value { values[e.id] = v } }
        return values.sorted { $0.key < $1.key }
    }

    /// A `set` from MQTT, validated and clamped exactly like the socket's; returns why it was refused.
    /// The change reaches the state file, subscribers, hooks and the state topic as a socket set's does.
    private func setFromMQTT(_ id: String, _ value: StoredValue) -> String? {
        let now = monotonicNow()
        do {
            _ = try setControl(id, value, now: now)
            presenter.noteChange(.mqttSet, at: now)
        } catch {
            return error.description
        }
        return nil
    }

    /// A press from MQTT (Home Assistant's button): the button's actions run as for a tap, and
    /// subscribers and the event topic hear of it.
    private func pressFromMQTT(_ id: String) -> String? {
        guard let e = screen.element(id: id) else { return "no button \"\(id)\" on screen \(screen.config.id)" }
        let now = monotonicNow()
        services.socket?.broadcast(eventJSON(e, .touchUpInside))
        services.mqtt?.buttonPressed(id)
        presenter.invalidate()
        perform(e.actions(for: .touchUpInside).map { (e, $0) }, now: now, depth: 0)
        return nil
    }
}
