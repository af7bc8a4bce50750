import ConfigLoading
import Controls

/// Whether the values reach the disk: what the control socket's replies, MQTT's state topics, the
/// panel's warning badge and `ctl stats` say about it.
extension StateStore {
    /// Where the saves stand, for the control socket's held replies.
    public var progress: SaveProgress {
        SaveProgress(asked: generation, settled: settledGeneration, saved: savedGeneration, failure: saveFailure)
    }

    /// The values of the newest save on disk: what the kiosk comes back with after a power cut.
    public var savedValues: [String: StoredValue] { lastSavedValues ?? values }

    /// Whether control `id` holding `value` is what the disk holds: its value in the newest save on
    /// disk, or, for a control never saved, the config's (it is in no file until it changes).
    public func isSaved(_ id: String, _ value: StoredValue) -> Bool {
        let saved = savedValues
        if let onDisk = saved[id] { return onDisk == value }
        return values[id] == nil
    }

    /// What `ctl stats` reports.
    public var stats: StateStats {
        StateStats(saving: saveFailure == nil ? "ok" : "failing", failedSaves: failedSaves, lastError: saveFailure)
    }
}
