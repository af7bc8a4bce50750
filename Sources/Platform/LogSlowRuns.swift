import Core

/// The loop's line about runs that held it over one tick: at most one line per `interval`, naming
/// the longest run since the last line (a run held back inside the window may have been the long one),
/// and how many slow runs there were.
public struct SlowRunLog {
    public let limit: Double
    public let interval: Double
    private var lastLine = -Double.infinity
    private var count = 0
    private var worst: (took: Double, what: String)?

    /// Runs over `limit` seconds are slow; one line per `interval` seconds at most.
    public init(limit: Double, interval: Double) {
        self.limit = limit
        self.interval = interval
    }

    /// Notes a run of `took` seconds that ended at `now`; returns the line to write, if one is due.
    /// Called after every run, slow or not, so a window's worst is told once the window is over.
    public mutating func note(took: Double, of what: @autoclosure () -> String, now: MonotonicTime) -> String? {
        if took > limit {
            count += 1
            if took > worst?.took ?? 0 { worst = (took, what()) }
        }
        guard let worst, now - lastLine >= interval else { return nil }
        let others = count > 1 ? " (the longest of \(count) slow runs since the last such line)" : ""
        defer {
            lastLine = now
            count = 0
            self.worst = nil
        }
        return "loop: \(worst.what) took \(Int((worst.took * 1000).rounded())) ms, over one 60 Hz tick\(others)"
    }
}
