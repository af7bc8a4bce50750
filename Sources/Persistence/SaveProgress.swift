/// Where the state file's saves stand: what the control socket's held replies wait for, and whether
/// what they waited for reached the disk.
///
/// Saves are numbered (generations) in the order they were asked for, and each holds every value, so
/// a save on disk holds every change asked for before it.
public struct SaveProgress: Equatable, Sendable {
    /// The newest save asked for.
    public var asked: Int
    /// The newest save that finished, on disk or failed.
    public var settled: Int
    /// The newest save on disk.
    public var saved: Int
    /// Why saving fails, while it does (the newest failure); nil while saves reach the disk.
    public var failure: String?

    public init(asked: Int, settled: Int, saved: Int, failure: String? = nil) {
        self.asked = asked; self.settled = settled; self.saved = saved; self.failure = failure
    }

    /// Nothing to wait for: every save asked for is on disk.
    public static let idle = SaveProgress(asked: 0, settled: 0, saved: 0)

    /// Whether save `generation` finished (saved or not).
    public func hasSettled(_ generation: Int) -> Bool { settled >= generation }

    /// Whether save `generation`, or a later one holding its values, is on disk.
    public func hasSaved(_ generation: Int) -> Bool { saved >= generation }
}
