import Core

/// Says which log lines to write when peers can make the same complaint any number of times, or a
/// new one each time: each key (what a line is about: a topic and the kind of mistake, an element) is
/// written at most once per `interval`, a repeat after that says how many were held back; keys are
/// kept in a bounded least-recently-used table, so a peer inventing keys pushes out old keys rather
/// than filling a set after which nothing new is ever said; and all keys together share a budget of
/// `burst` lines, refilled at `perSecond`, so that peer cannot flood the journal with new keys either.
/// Whatever is held back for the budget is counted in the next line written.
public struct LogLimiter {
    /// What to write for one complaint.
    public enum Verdict: Equatable {
        /// Write the line. `repeats`: times this key came up and was held back since its last line;
        /// `dropped`: lines of any key held back for the shared budget since the last line written.
        case write(repeats: Int, dropped: Int)
        /// Hold the line back.
        case quiet
    }

    public let capacity: Int
    public let interval: Double
    public let burst: Double
    public let perSecond: Double

    /// One key's slot in the table, linked in order of use (most recent at `head`).
    private struct Entry {
        var key: String
        var written: MonotonicTime
        var repeats: Int
        var newer: Int
        var older: Int
    }

    private var slots: [String: Int] = [:]
    private var entries: [Entry] = []
    private var head = -1, tail = -1
    private var tokens: Double
    private var refilled: MonotonicTime?
    private var dropped = 0

    /// A limiter remembering `capacity` keys, each written once per `interval` seconds, with `burst`
    /// lines in all at once and `perSecond` more each second.
    public init(capacity: Int = 1024, interval: Double = 600, burst: Int = 20, perSecond: Double = 1) {
        precondition(capacity > 0 && burst > 0 && perSecond > 0)
        self.capacity = capacity
        self.interval = interval
        self.burst = Double(burst)
        self.perSecond = perSecond
        tokens = Double(burst)
    }

    /// Keys remembered now (at most `capacity`).
    public var count: Int { slots.count }

    /// Whether the complaint `key` is written at `now`.
    public mutating func admit(_ key: String, now: MonotonicTime) -> Verdict {
        refill(now: now)
        if let i = slots[key] {
            touch(i)
            if now - entries[i].written < interval {
                entries[i].repeats += 1
                return .quiet
            }
            guard spend() else { entries[i].repeats += 1; return .quiet }
            let repeats = entries[i].repeats
            entries[i].written = now
            entries[i].repeats = 0
            return written(repeats: repeats)
        }
        guard spend() else { return .quiet }
        insert(key, now: now)
        return written(repeats: 0)
    }

    private mutating func written(repeats: Int) -> Verdict {
        defer { dropped = 0 }
        return .write(repeats: repeats, dropped: dropped)
    }

    private mutating func refill(now: MonotonicTime) {
        if let last = refilled { tokens = min(burst, tokens + max(0, now - last) * perSecond) }
        refilled = now
    }

    private mutating func spend() -> Bool {
        guard tokens >= 1 else { dropped += 1; return false }
        tokens -= 1
        return true
    }

    private mutating func insert(_ key: String, now: MonotonicTime) {
        let i: Int
        if slots.count < capacity {
            i = entries.count
            entries.append(Entry(key: key, written: now, repeats: 0, newer: -1, older: -1))
        } else {
            // The least recently used key makes room.
            i = tail
            unlink(i)
            slots[entries[i].key] = nil
            entries[i] = Entry(key: key, written: now, repeats: 0, newer: -1, older: -1)
        }
        slots[key] = i
        pushFront(i)
    }

    private mutating func touch(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        pushFront(i)
    }

    private mutating func unlink(_ i: Int) {
        let (newer, older) = (entries[i].newer, entries[i].older)
        if newer >= 0 { entries[newer].older = older } else { head = older }
        if older >= 0 { entries[older].newer = newer } else { tail = newer }
        entries[i].newer = -1
        entries[i].older = -1
    }

    private mutating func pushFront(_ i: Int) {
        entries[i].older = head
        entries[i].newer = -1
        if head >= 0 { entries[head].newer = i }
        head = i
        if tail < 0 { tail = i }
    }
}

/// Warnings through a `LogLimiter`: the adapters' "ignored …" lines, once per key and interval, with
/// what was held back said in the line that follows.
public final class RateLimitedLog {
    private var limiter: LogLimiter
    private let clock: () -> MonotonicTime

    /// A log over `limiter`, reading the time from `clock` (the system's monotonic clock by default).
    public init(_ limiter: LogLimiter = LogLimiter(), clock: @escaping () -> MonotonicTime = { monotonicNow() }) {
        self.limiter = limiter
        self.clock = clock
    }

    /// Writes `line` (at `level`) unless `key` was written within the limiter's interval or the shared
    /// budget is spent; returns whether it was written.
    @discardableResult
    public func write(_ key: String, _ line: @autoclosure () -> String, level: Log.Level = .warning) -> Bool {
        guard case .write(let repeats, let dropped) = limiter.admit(key, now: clock()) else { return false }
        var text = line()
        if repeats > 0 { text += " (\(repeats) more since the last such line)" }
        if dropped > 0 { text += " (\(dropped) other lines held back: too many in a short time)" }
        Log.write(level, text)
        return true
    }
}
