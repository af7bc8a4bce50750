import Controls
import Core

extension KioskRuntime {
    /// Connects to `[mqtt]`'s broker when the config has one. The connection is made in the background of
    /// the loop: a broker that is absent at start is retried, and the kiosk runs meanwhile.
    func startMQTT() {
        guard let settings = config.mqtt else { return }
        let bridge = MQTTBridge(config: settings, debounceSeconds: Double(config.state.debounceMS) / 1000, loop: loop)
        bridge.snapshot = { [unowned self] in currentValues() }
        bridge.setValue = { [unowned self] id, value in setFromMQTT(id, value) }
        services.mqtt = bridge
        Log.notice("mqtt: \(settings.host):\(settings.port), topics under \(settings.baseTopic)/, client \(settings.clientID)")
        bridge.start(now: monotonicNow())
    }

    /// Every control's latest value: what the state file holds, with the shown screen's controls as they are now.
    private func currentValues() -> [(String, StoredValue)] {
        var values = services.state.values
        for e in screen.elements { if let v = e.value { values[e.id] = v } }
        return values.sorted { $0.key < $1.key }
    }

    /// A `set` from MQTT, validated and clamped exactly like the socket's; returns why it was refused.
    private func setFromMQTT(_ id: String, _ value: StoredValue) -> String? {
        guard let e = screen.element(id: id) else { return "no control \"\(id)\" on screen \(screen.config.id)" }
        let now = monotonicNow()
        do {
            _ = try e.setValue(value, time: now)
            presenter.noteChange(.mqttSet, at: now)
        } catch {
            return "\(id): \(error)"
        }
        // The change reaches the state file, subscribers, hooks and the state topic as a socket set's does.
        deliverEvents(now: now)
        return nil
    }
}
