/// What `ctl stats` says of the state file.
public struct StateStats: Codable, Equatable, Sendable {
    /// `ok`, or `failing` while the newest save failed: values set since are shown but not on disk.
    public var saving: String
    /// Saves that failed since start.
    public var failedSaves: Int
    /// Why saving fails, while it does.
    public var lastError: String?

    public init(saving: String, failedSaves: Int, lastError: String? = nil) {
        self.saving = saving; self.failedSaves = failedSaves; self.lastError = lastError
    }
}
