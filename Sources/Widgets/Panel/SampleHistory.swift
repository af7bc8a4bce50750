import Core

/// The recent numbers of the controls and variables that charts show, kept in memory across reloads
/// while a chart still shows them: one fixed ring per tracked name and window, so memory is bounded
/// whatever the rate of changes. The runtime records a sample each time a tracked value changes, with the time
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

    /// A name's ring for one window: each window keeps its own resolution (a 1-minute chart of a
    /// name a 60-minute chart also shows still has its samples seconds apart).
    struct Key: Hashable {
        var name: String
        var window: Double
    }

    private var rings: [Key: Ring] = [:]
    /// The windows tracked of each name, shortest first.
    private var windows: [String: [Double]] = [:]
    /// The names a chart asked to keep across restarts (`persist = true`).
    private var persistedNames: Set<String> = []

    /// An empty history tracking nothing.
    public init() {}

    /// Keeps up to `capacity` samples of `name` over `window` seconds from now on, in a ring of its
    /// own for that window; a ring already tracked keeps its samples, and takes the larger capacity
    /// of both. A new window of a name already tracked starts with the samples held of it.
    /// `persist`: the runtime keeps the name's samples in the state file.
    public func track(_ name: String, capacity: Int, window: Double, persist: Bool = false) {
        if persist { persistedNames.insert(name) }
        let key = Key(name: name, window: window)
        if let ring = rings[key] {
            guard capacity > ring.capacity else { return }
            var wider = Ring(capacity: capacity, window: window)
            for s in ring.ordered { wider.record(s) }
            wider.revision = ring.revision &+ 1
            rings[key] = wider
            return
        }
        var ring = Ring(capacity: capacity, window: window)
        if let longest = longestKey(name) { for s in rings[longest]!.ordered { ring.record(s) } }
        rings[key] = ring
        windows[name, default: []].append(window)
        windows[name]!.sort()
    }

    /// Tracks exactly what `requests` ask (`track` each) and drops the rings and persisted names no
    /// request asks for any more: after a reload the history follows the new config, and memory
    /// stays what its charts need.
    public func follow(_ requests: [HistoryRequest]) {
        let wanted = Set(requests.map { Key(name: $0.name, window: $0.window) })
        for key in rings.keys where !wanted.contains(key) {
            rings[key] = nil
            windows[key.name]?.removeAll { $0 == key.window }
            if windows[key.name]?.isEmpty == true { windows[key.name] = nil }
        }
        persistedNames = Set(requests.filter(\.persist).map(\.name))
        for r in requests { track(r.name, capacity: r.capacity, window: r.window) }
    }

    /// The names tracked.
    public var tracked: [String] { windows.keys.sorted() }

    /// The windows tracked of `name` (seconds), shortest first.
    public func windows(_ name: String) -> [Double] { windows[name] ?? [] }

    /// The tracked names whose samples are kept across restarts.
    public var persisted: [String] { persistedNames.filter { windows[$0] != nil }.sorted() }

    /// The seconds `name`'s longest ring spans, or nil when it is not tracked.
    public func window(_ name: String) -> Double? { windows[name]?.last }

    /// The ring of `name` for `window`, or its longest when `window` is nil.
    private func key(_ name: String, _ window: Double?) -> Key? {
        guard let window else { return longestKey(name) }
        return Key(name: name, window: window)
    }

    private func longestKey(_ name: String) -> Key? { window(name).map { Key(name: name, window: $0) } }

    /// Puts samples kept from before a restart back into each of `name`'s rings, before those it
    /// holds (a value seeded at start): kept samples older than the ring's window at `now`, not before
    /// the ring's own first sample (or later than `now` when it has none), or not finite are dropped.
    /// Returns how many the longest ring took.
    @discardableResult
    public func restore(_ name: String, _ kept: [Sample], now: MonotonicTime) -> Int {
        var taken = 0
        let sorted = kept.sorted(by: { $0.time < $1.time })
        for window in windows(name) {
            let key = Key(name: name, window: window)
            guard let old = rings[key] else { continue }
            let held = old.ordered
            let before = held.first?.time ?? now.nextUp
            var ring = Ring(capacity: old.capacity, window: window)
            taken = 0
            for s in sorted where s.time >= now - window && s.time < before && s.value.isFinite {
                ring.record(s)
                taken += 1
            }
            for s in held { ring.record(s) }
            // Counted on from the old ring's changes: a look that drew it sees a new number.
            ring.revision = old.revision &+ ring.revision &+ 1
            rings[key] = ring
        }
        return taken
    }

    /// Records `value` of `name` at `time` in each of its rings when `name` is tracked (else does
    /// nothing): false when not.
    @discardableResult
    public func record(_ name: String, _ value: Double, at time: MonotonicTime) -> Bool {
        guard value.isFinite, let tracked = windows[name] else { return false }
        for window in tracked { rings[Key(name: name, window: window)]!.record(Sample(time: time, value: value)) }
        return true
    }

    /// The samples of `name` in its ring for `window` (its longest without one), oldest first; empty
    /// when not tracked.
    public func samples(_ name: String, window: Double? = nil) -> [Sample] {
        key(name, window).flatMap { rings[$0]?.ordered } ?? []
    }

    /// How often `name`'s samples (for `window`) changed: equal numbers mean equal samples.
    public func revision(_ name: String, window: Double? = nil) -> Int {
        key(name, window).flatMap { rings[$0]?.revision } ?? 0
    }

    /// The most samples `name` can hold (for `window`), or nil when it is not tracked.
    public func capacity(_ name: String, window: Double? = nil) -> Int? {
        key(name, window).flatMap { rings[$0]?.capacity }
    }

    /// The number of samples held of `name` (for `window`; never above its capacity).
    public func count(_ name: String, window: Double? = nil) -> Int {
        key(name, window).flatMap { rings[$0]?.count } ?? 0
    }

    /// The rings held, over every name and window (memory follows this).
    public var ringCount: Int { rings.count }
}
