import Core

/// When a panel showing the wall time (`{now:…}`) wakes for it: a hair after each boundary of the
/// shown minute, and at no other time. Pure: the monotonic time and the wall time are passed in (the
/// wall time only read when a wake is due), so a test drives an hour of it in no time.
struct MinuteWake {
    /// Whether a template shows the wall time; without one there is never a deadline.
    var enabled = false {
        didSet { if !enabled { deadline = nil; minute = nil } }
    }
    /// When the shown minute next changes (monotonic), while `enabled`.
    private(set) var deadline: MonotonicTime?
    /// The local wall time of the shown minute's start, once read.
    private(set) var minute: Double?
    /// How long after the boundary the wake lands, so it never comes just before it and finds nothing.
    static let margin = 0.005

    /// One loop turn at `now`: reads the wall time (`localSeconds`, seconds since 1970 in the panel's
    /// zone) only when the deadline has come (or none is set yet), and returns the new minute when the
    /// shown one changed; nil otherwise.
    mutating func tick(now: MonotonicTime, localSeconds: () -> Double) -> Double? {
        guard enabled else { return nil }
        if let due = deadline, now < due { return nil }
        let local = localSeconds()
        let start = (local / 60).rounded(.down) * 60
        deadline = now + (start + 60 - local) + MinuteWake.margin
        guard start != minute else { return nil }
        minute = start
        return start
    }
}
