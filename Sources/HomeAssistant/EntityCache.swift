import Formats

/// What Home Assistant says of one entity.
public struct EntityState: Equatable, Sendable {
    /// The state string (`on`, `21.5`, `unavailable`, …).
    public var state: String
    /// The attributes, a JSON object (empty when HA sent none).
    public var attributes: JSON
    /// When the state last changed and when anything last changed, in seconds since 1970 (HA's `lc`
    /// and `lu`), when HA said.
    public var lastChanged: Double?
    public var lastUpdated: Double?

    public init(state: String, attributes: JSON = .object([]), lastChanged: Double? = nil, lastUpdated: Double? = nil) {
        self.state = state; self.attributes = attributes; self.lastChanged = lastChanged; self.lastUpdated = lastUpdated
    }

    /// The attribute `name`, nil when absent.
    public subscript(attribute name: String) -> JSON? { attributes[name] }
}

/// The entities of one `subscribe_entities` subscription, kept up to date from its events: "a"
/// (added: whole states), "c" (changed: "+" fields set, "-" attributes removed), "r" (removed ids).
/// Each event yields the ids it changed, for the change callbacks.
public struct EntityCache: Sendable {
    public private(set) var entities: [String: EntityState] = [:]

    public init() {}

    public subscript(id: String) -> EntityState? { entities[id] }

    /// Applies one subscription event (the message's `event` object); returns the ids whose state or
    /// attributes it changed, in a stable order. `replacing`: the event is the subscription's first,
    /// a full snapshot, so ids it lacks are dropped (after a reconnect, an entity deleted meanwhile).
    /// `keeping`: the ids subscribed to (nil: all); others a server sends are not kept, so a server
    /// cannot grow the cache beyond what the panel asked for. Linear in the event's size and the
    /// attributes it touches.
    public mutating func apply(_ event: JSON, replacing: Bool = false, keeping: Set<String>? = nil) -> [String] {
        var touched: Set<String> = []
        if replacing {
            let present = Set(Self.pairs(event["a"]).map(\.0))
            for id in entities.keys where !present.contains(id) { entities[id] = nil; touched.insert(id) }
        }
        for (id, compressed) in Self.pairs(event["a"]) where keeping?.contains(id) ?? true {
            guard let state = Self.state(compressed) else { continue }
            if !Self.same(entities[id], state) { entities[id] = state; touched.insert(id) }
        }
        for (id, diff) in Self.pairs(event["c"]) {
            guard var state = entities[id] else { continue }
            let before = state
            if let plus = diff["+"] {
                if let s = plus["s"]?.stringValue { state.state = s }
                if let lc = plus["lc"]?.numberValue { state.lastChanged = lc }
                if let lu = plus["lu"]?.numberValue { state.lastUpdated = lu }
                if case .object(let changed)? = plus["a"] { state.attributes = Self.setting(state.attributes, changed) }
            }
            if let removed = diff["-"]?["a"]?.arrayValue {
                state.attributes = Self.removing(state.attributes, Set(removed.compactMap(\.stringValue)))
            }
            // HA sends "lu" only when it differs from "lc": a state change moves both.
            if diff["+"]?["lc"] != nil && diff["+"]?["lu"] == nil { state.lastUpdated = state.lastChanged }
            if !Self.same(before, state) { entities[id] = state; touched.insert(id) }
        }
        for id in (event["r"]?.arrayValue ?? []).compactMap(\.stringValue) where entities[id] != nil {
            entities[id] = nil
            touched.insert(id)
        }
        return touched.sorted()
    }

    /// Forgets every entity (the subscription ended); returns their ids.
    public mutating func removeAll() -> [String] {
        let ids = entities.keys.sorted()
        entities = [:]
        return ids
    }

    /// Whether `a` and `b` are the same state, attributes compared pair by pair in order: linear, where
    /// `JSON`'s own equality (order-free) builds a dictionary of each side. Attributes in another order
    /// count as a change (a redundant update, never a missed one).
    private static func same(_ a: EntityState?, _ b: EntityState) -> Bool {
        guard let a, a.state == b.state, a.lastChanged == b.lastChanged, a.lastUpdated == b.lastUpdated else {
            return false
        }
        guard case .object(let x) = a.attributes, case .object(let y) = b.attributes else {
            return a.attributes == b.attributes
        }
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p.0 != q.0 || p.1 != q.1 { return false }
        return true
    }

    private static func pairs(_ json: JSON?) -> [(String, JSON)] {
        if case .object(let p)? = json { return p }
        return []
    }

    private static func state(_ compressed: JSON) -> EntityState? {
        guard let s = compressed["s"]?.stringValue else { return nil }
        let attributes: JSON
        if case .object? = compressed["a"] { attributes = compressed["a"]! } else { attributes = .object([]) }
        let lc = compressed["lc"]?.numberValue
        return EntityState(
            state: s, attributes: attributes, lastChanged: lc, lastUpdated: compressed["lu"]?.numberValue ?? lc)
    }

    /// `object` with each of `changed` set (in place where the key is there, appended where not):
    /// one pass through an index of its keys, not a search per key.
    private static func setting(_ object: JSON, _ changed: [(String, JSON)]) -> JSON {
        guard !changed.isEmpty else { return object }
        var p: [(String, JSON)] = []
        if case .object(let existing) = object { p = existing }
        var index: [String: Int] = [:]
        index.reserveCapacity(p.count + changed.count)
        for (i, pair) in p.enumerated() where index[pair.0] == nil { index[pair.0] = i }
        for (key, value) in changed {
            if let i = index[key] {
                p[i].1 = value
            } else {
                index[key] = p.count
                p.append((key, value))
            }
        }
        return .object(p)
    }

    /// `object` without the keys in `removed`, in one pass.
    private static func removing(_ object: JSON, _ removed: Set<String>) -> JSON {
        guard !removed.isEmpty, case .object(let p) = object else { return object }
        return .object(p.filter { !removed.contains($0.0) })
    }
}
