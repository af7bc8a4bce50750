import Core

/// The recent numbers of the controls and variables that charts show, kept in memory for the kiosk's
/// lifetime (reloads included): one fixed ring per tracked name, so memory is bounded whatever the
/// rate of changes. The runtime records a sample each time a tracked value changes, with the time
/// passed in; charts read the samples of their window.
///
/// Not thread-safe: one per kiosk loop, like the board that holds it.
public final class SampleHistory {
    /// One value at one moment.
    public struct Sample: Equatable, Sendable {
        public var time: MonotonicTime
        public var value: Double
        public init(time: MonotonicTime, value: Double) { self.time = time; self.value = value }
    }

    /// A fixed ring of samples spaced at least `spacing` apart: a sample closer than that to the
    /// newest replaces it, so a fast stream (a finger dragging) still leaves the ring covering the
    /// whole window, holding the value that was current at the end of each slot.
    struct Ring {
        private(set) var storage: [Sample] = []
        let capacity: Int
        let spacing: Double
        /// Where the oldest sample is, once the ring is full.
        private var start = 0
        /// Counts every change, so a look can tell its series moved without comparing samples.
        var revision = 0

        init(capacity: Int, window: Double) {
            self.capacity = max(2, capacity)
            spacing = window / Double(self.capacity - 1)
            storage.reserveCapacity(self.capacity)
        }

        var count: Int { storage.count }
        var newest: Sample? { storage.isEmpty ? nil : storage[(start + storage.count - 1) % storage.count] }

        mutating func record(_ s: Sample) {
            revision &+= 1
            if let last = newest, s.time - last.time < spacing, storage.count > 1 {
                // Within the newest slot: the newer value is what that slot held at its end.
                storage[(start + storage.count - 1) % storage.count].value = s.value
                return
            }
            if storage.count < capacity {
                storage.append(s)
            } else {
                storage[start] = s; start = (start + 1) % capacity
            }
        }

        /// The samples oldest first.
        var ordered: [Sample] { Array(storage[start...] + storage[..<start]) }
    }

    private var rings: [String: Ring] = [:]
    /// The names a chart asked to keep across restarts (`persist = true`).
    private var persistedNames: Set<String> = []

    /// An empty history tracking nothing.
    public init() {}

    /// Keeps up to `capacity` samples of `name` over `window` seconds from now on; a name already
    /// tracked keeps its samples when the request is the same, and is widened to the larger of both.
    /// `persist`: the runtime keeps its samples in the state file (once asked, for the kiosk's life).
    public func track(_ name: String, capacity: Int, window: Double, persist: Bool = false) {
        if persist { persistedNames.insert(name) }
        if let ring = rings[name] {
            let wanted = (max(capacity, ring.capacity), max(window, ring.spacing * Double(ring.capacity - 1)))
            guard wanted.0 != ring.capacity || abs(wanted.1 - ring.spacing * Double(ring.capacity - 1)) > 1e-9 else {
                return
            }
            var wider = Ring(capacity: wanted.0, window: wanted.1)
            for s in ring.ordered { wider.record(s) }
            rings[name] = wider
        } else {
            rings[name] = Ring(capacity: capacity, window: window)
        }
    }

    /// The names tracked.
    public var tracked: [String] { rings.keys.sorted() }

    /// The tracked names whose samples are kept across restarts.
    public var persisted: [String] { persistedNames.filter { rings[$0] != nil }.sorted() }

    /// The seconds `name`'s ring spans, or nil when it is not tracked.
    public func window(_ name: String) -> Double? { rings[name].map { $0.spacing * Double($0.capacity - 1) } }

    /// Puts samples kept from before a restart back into `name`'s ring, before those it holds (a
    /// value seeded at start): kept samples older than its window at `now`, not before the ring's own
    /// first sample (or later than `now` when it has none), or not finite are dropped. Returns how
    /// many were taken.
    @discardableResult
    public func restore(_ name: String, _ kept: [Sample], now: MonotonicTime) -> Int {
        guard let old = rings[name] else { return 0 }
        let held = old.ordered
        let before = held.first?.time ?? now.nextUp
        let window = old.spacing * Double(old.capacity - 1)
        var ring = Ring(capacity: old.capacity, window: window)
        var taken = 0
        for s in kept.sorted(by: { $0.time < $1.time })
        where s.time >= now - window && s.time < before && s.value.isFinite {
            ring.record(s)
            taken += 1
        }
        for s in held { ring.record(s) }
        // Counted on from the old ring's changes: a look that drew it sees a new number.
        ring.revision = old.revision &+ ring.revision &+ 1
        rings[name] = ring
        return taken
    }

    /// Records `value` of `name` at `time` when `name` is tracked (else does nothing): false when not.
    @discardableResult
    public func record(_ name: String, _ value: Double, at time: MonotonicTime) -> Bool {
        guard value.isFinite, rings[name] != nil else { return false }
        rings[name]!.record(Sample(time: time, value: value))
        return true
    }

    /// The samples of `name`, oldest first (empty when not tracked).
    public func samples(_ name: String) -> [Sample] { rings[name]?.ordered ?? [] }

    /// How often `name`'s samples changed: equal numbers mean equal samples.
    public func revision(_ name: String) -> Int { rings[name]?.revision ?? 0 }

    /// The most samples `name` can hold, or nil when it is not tracked.
    public func capacity(_ name: String) -> Int? { rings[name]?.capacity }

    /// The number of samples held of `name` (never above its capacity).
    public func count(_ name: String) -> Int { rings[name]?.count ?? 0 }
}
