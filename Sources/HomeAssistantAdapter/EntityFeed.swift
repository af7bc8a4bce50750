import ConfigLoading
import Controls
import Core
import Formats
import HomeAssistant

/// The path from Home Assistant's messages to element values without a kiosk or a socket, for the
/// fuzzer (`thumbwheel-fuzz homeassistant`) and tests: each text message goes into the client's entity
/// cache as a `subscribe_entities` event (the first replaces it), each entity it changed through the
/// adapter's links, and each value the links set is turned back into the service call it would make.
/// What a hostile server can make of it must never trap and never set an element to a number that is
/// not finite.
public final class EntityFeed {
    private let links: EntityLinks
    private let ids: Set<String>
    private var cache = EntityCache()
    private var snapshot = true
    /// Values set on elements, in order (kept to the last few hundred).
    public private(set) var values: [(id: String, value: StoredValue)] = []
    /// Keys set on elements from attributes (`min`, `max`, `options`, …).
    public private(set) var properties: [(id: String, key: String, value: JSON)] = []

    /// Links for `config` (its `[homeassistant]` bindings), live from the start. Nil without `[homeassistant]`.
    public init?(config: KioskConfig) {
        guard let ha = config.homeAssistant else { return nil }
        links = EntityLinks(ha, controls: config.allControls, variables: config.variables)
        ids = Set(ha.entityIDs)
        links.apply = { [unowned self] id, value in
            if values.count > 512 { values.removeFirst(256) }
            values.append((id, value))
            return nil
        }
        links.setProperty = { [unowned self] id, key, value in
            if properties.count > 512 { properties.removeFirst(256) }
            properties.append((id, key, value))
            return nil
        }
        links.connectionChanged(live: true, entities: cache, now: 0)
    }

    /// One text message from HA: an event object, an array of them, or anything else (ignored).
    public func feed(_ text: [UInt8]) {
        guard let json = JSON.parse(text) else { return }
        let messages: [JSON]
        if case .array(let items) = json { messages = items } else { messages = [json] }
        for message in messages {
            let changed = cache.apply(message["event"] ?? message, replacing: snapshot, keeping: ids)
            snapshot = false
            for id in changed { links.entityChanged(id, cache[id], now: 0) }
        }
        for (id, value) in values.suffix(8) {
            guard let link = links.links[id] else { continue }
            _ = EntityValues.call(value, for: link, state: link.entity.flatMap { cache[$0] })
        }
    }

    /// One entity's state as if the cache had changed it (a test's numbers JSON cannot carry: NaN).
    public func set(_ entity: String, _ state: EntityState?) { links.entityChanged(entity, state, now: 0) }

    /// The entities kept: never more than the config binds.
    public var entitiesKept: Int { cache.entities.count }
}
