import Formats

/// A chart's samples as the state file keeps them (`persist = true`): each at its wall time (seconds
/// since 1970 UTC, so it keeps its moment across a reboot, where the monotonic clock starts again),
/// oldest first, at most the ring's size.
public struct StoredSample: Equatable, Sendable {
    public var time: Double
    public var value: Double
    public init(time: Double, value: Double) { self.time = time; self.value = value }
}

extension StateFile {
    /// `histories` as the file writes it: `{ "temp" : [ [ 1790000000, 21.5 ], … ] }`.
    static func json(_ histories: [String: [StoredSample]]) -> JSON {
        .object(
            histories.map { name, samples in
                (name, .array(samples.map { .array([.number($0.time), .number($0.value)]) }))
            })
    }

    /// The samples of one name in the file, or nil when they are not an array of `[time, value]`
    /// pairs of finite numbers (the name's samples are then dropped as a whole).
    static func samples(_ field: JSON) -> [StoredSample]? {
        guard case .array(let items) = field else { return nil }
        var samples: [StoredSample] = []
        samples.reserveCapacity(items.count)
        for item in items {
            guard case .array(let pair) = item, pair.count == 2, let t = pair[0].numberValue,
                let v = pair[1].numberValue, t.isFinite, v.isFinite
            else { return nil }
            samples.append(StoredSample(time: t, value: v))
        }
        return samples
    }
}
