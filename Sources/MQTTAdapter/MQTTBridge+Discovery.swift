import Kiosk
import ConfigLoading
import Core
import Formats
import Platform

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
        discoveryRepublishAt = nil
        discoveryBurstStarted = nil
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
    func receivedDiscovery(_ topic: String, _ payload: [UInt8], retained: Bool) -> Bool {
        if topic == homeAssistantStatusTopic {
            // A retained `online` is an old one, sent on subscribing: the configs went out on connecting.
            if !retained, String(decoding: payload.prefix(16), as: UTF8.self) == "online" {
                homeAssistantOnline(now: monotonicNow())
            }
            return true
        }
        guard topic == discoveryListTopic else { return false }
        let current = Set(discoveryMessages.map(\.topic))
        let node = HADiscovery(config: config).nodeID
        var cleared: Set<String> = []
        for case .string(let old) in JSON.parse(payload)?.arrayValue ?? []
        where !current.contains(old) && cleared.count < MQTTBridge.maximumClearedEntities {
            // Only this device's config topics: the list is a retained message anybody could overwrite.
            let levels = old.split(separator: "/", omittingEmptySubsequences: false)
            guard old.hasPrefix(config.discoveryPrefix + "/"), levels.last == "config", levels.count >= 4,
                levels[levels.count - 3] == Substring(node)
            else { continue }
            guard cleared.insert(old).inserted else { continue }
            link.publish(old, "", qos: config.qos, retain: true)
        }
        return true
    }

    /// Home Assistant came back (or someone says so): the configs go out again once the `online`s stop
    /// for `discoveryQuiet` (at most `discoveryMaximumWait` after the first), not once per message.
    func homeAssistantOnline(now: MonotonicTime) {
        let started = discoveryBurstStarted ?? now
        discoveryBurstStarted = started
        discoveryRepublishAt = min(now + MQTTBridge.discoveryQuiet, started + MQTTBridge.discoveryMaximumWait)
    }

    /// Quiet after Home Assistant's last `online` before the configs are published again.
    static let discoveryQuiet = 0.5
    /// The longest a stream of `online`s puts the republish off.
    static let discoveryMaximumWait = 5.0
    /// Configs cleared from one retained list at most: as many as a config may hold.
    static let maximumClearedEntities = 4096

    /// The largest retained list read: the topics of `maximumClearedEntities` configs, a list no
    /// config comes near (it is read, and parsed, on the loop).
    static let discoveryListLimit = 256 * 1024
}
