import Controls
import Core

/// Values set from outside (a device's state, the socket, MQTT, a preset) for an element a finger
/// holds: kept instead of applied, so the element follows the finger whatever arrives, and a value
/// slider's drag is never ended by a set (NP-14 applies only while no finger holds it). Once the finger
/// lifts, a set that arrives within `CommandPacer.confirmTimeout` supersedes the kept value (the
/// device confirmed, or said something newer); otherwise the kept value is shown: the device's state
/// is the truth. Time is passed in.
struct HeldSets {
    /// A value kept, and who set it (its change carries that origin when it is shown).
    typealias Kept = (id: String, value: StoredValue, cause: ChangeOrigin)
    private var kept: [String: (value: StoredValue, cause: ChangeOrigin)] = [:]
    /// When each released element's kept value is shown, unless a set comes first.
    private var due: [String: MonotonicTime] = [:]

    var isEmpty: Bool { kept.isEmpty }

    /// Whether a value is kept for `id` (a finger holds it, or held it less than the timeout ago).
    func isKept(_ id: String) -> Bool { kept[id] != nil }

    /// A set of `id` while a finger holds it: kept (the latest wins) until the finger lifts.
    mutating func keep(_ id: String, _ value: StoredValue, cause: ChangeOrigin) {
        kept[id] = (value, cause)
        due[id] = nil
    }

    /// A set of `id` was applied: nothing kept for it is shown any more.
    mutating func settled(_ id: String) {
        kept[id] = nil
        due[id] = nil
    }

    /// Follows the fingers (`held`: the ids a finger holds now) and returns the kept values whose
    /// time came at `now`, to be shown; an element taken again waits for its finger once more.
    mutating func follow(held: Set<String>, now: MonotonicTime) -> [Kept] {
        var shown: [Kept] = []
        for id in kept.keys.sorted() {
            guard !held.contains(id) else {
                due[id] = nil
                continue
            }
            let at = due[id] ?? now + CommandPacer.confirmTimeout
            due[id] = at
            if now >= at, let k = kept.removeValue(forKey: id) {
                due[id] = nil
                shown.append((id, k.value, k.cause))
            }
        }
        return shown
    }

    /// The earliest moment a kept value is shown, or nil.
    var nextDeadline: MonotonicTime? { due.values.min() }
}
