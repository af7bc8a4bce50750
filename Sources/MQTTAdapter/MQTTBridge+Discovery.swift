import Kiosk
import ConfigLoading
import Formats

/// Home Assistant discovery on the wire: the retained configs are published on every connect and
/// whenever Home Assistant says `online` on `<prefix>/status` (it lost its retained view after a
/// restart), and `<base>/discovery` keeps the retained list of config topics published, so a
/// control removed from the config loses its entity (an empty retained config) on the next start
/// (and at once on a reload: MQTTBridge+Reload).
extension MQTTBridge {
    var discoveryListTopic: String { config.baseTopic + "/discovery" }
    var homeAssistantStatusTopic: String { config.discoveryPrefix + "/status" }

    func discoveryConnected() {
        // The retained list comes back first (subscribe before publish), so what it holds beyond the
        // new list is what went away.
        link.subscribe(discoveryListTopic, qos: config.qos)
        link.subscribe(homeAssistantStatusTopic, qos: config.qos)
        publishDiscovery()
    }

    func publishDiscovery() {
        for m in discoveryMessages { link.publish(m.topic, m.payload, qos: config.qos, retain: true) }
        publishDiscoveryList()
    }

    /// The retained list of the config topics published, read back on the next connect.
    func publishDiscoveryList() {
        link.publish(
            discoveryListTopic, JSON.array(discoveryMessages.map { .string($0.topic) }).description, qos: config.qos,
            retain: true)
    }

    /// Handles Home Assistant's status and the published list; false for other topics.
    func receivedDiscovery(_ topic: String, _ payload: [UInt8]) -> Bool {
        if topic == homeAssistantStatusTopic {
            if String(decoding: payload.prefix(16), as: UTF8.self) == "online" { publishDiscovery() }
            return true
        }
        guard topic == discoveryListTopic else { return false }
        let current = Set(discoveryMessages.map(\.topic))
        let node = HADiscovery(config: config).nodeID
        for case .string(let old) in JSON.parse(payload)?.arrayValue ?? [] where !current.contains(old) {
            // Only this device's config topics: the list is a retained message anybody could overwrite.
            let levels = old.split(separator: "/", omittingEmptySubsequences: false)
            guard old.hasPrefix(config.discoveryPrefix + "/"), levels.last == "config", levels.count >= 4,
                levels[levels.count - 3] == Substring(node)
            else { continue }
            link.publish(old, "", qos: config.qos, retain: true)
        }
        return true
    }
}
