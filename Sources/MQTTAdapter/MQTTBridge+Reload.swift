import ConfigLoading
import ConfigModel
import Widgets

/// A reloaded config on the broker, without a restart: topics bound to variables are subscribed and
/// unsubscribed as the config now says, and Home Assistant's entities follow the controls (a removed
/// control's config is cleared with an empty retained payload, a new or changed one published).
/// The connection itself (`[mqtt]` host, client id, topics, discovery prefix) is the one the kiosk
/// started with until the next start.
extension MQTTBridge {
    func reload(
        controls: [ControlConfig], variables: [ValueBoard.Declaration], bindings: [MQTTConfig.Binding],
        entityVariables: Set<String>
    ) {
        let oldTopics = Set(self.bindings.keys)
        let oldMessages = Dictionary(
            discoveryMessages.map { ($0.topic, $0.payload) }, uniquingKeysWith: { a, _ in a })
        adopt(controls: controls, variables: variables, bindings: bindings, entityVariables: entityVariables)
        // Not connected: the next connect subscribes, announces and publishes what the config says now
        // (and the retained list tells it which entities went away).
        guard link.isConnected else { return }
        let newTopics = Set(self.bindings.keys)
        for topic in oldTopics.subtracting(newTopics).sorted() { link.unsubscribe(topic) }
        // A new topic's retained message arrives after the subscription and sets its variable.
        for topic in newTopics.subtracting(oldTopics).sorted() { link.subscribe(topic, qos: config.qos) }
        if config.discovery { reconcileDiscovery(old: oldMessages) }
        // New controls and variables get their state topics at once; values already published are not
        // sent again.
        for (id, value) in snapshot() where published[id] != value { pending[id] = value }
        flush()
        let published = Set(publishedVariables.map(\.id))
        for (id, value) in variableSnapshot() where published.contains(id) { variableChanged(id, value) }
    }

    /// Clears the configs of entities that went away, publishes the new and changed ones, and the list.
    private func reconcileDiscovery(old: [String: String]) {
        let current = Set(discoveryMessages.map(\.topic))
        for topic in old.keys.sorted() where !current.contains(topic) {
            link.publish(topic, "", qos: config.qos, retain: true)
        }
        for m in discoveryMessages where old[m.topic] != m.payload {
            link.publish(m.topic, m.payload, qos: config.qos, retain: true)
        }
        publishDiscoveryList()
    }
}
