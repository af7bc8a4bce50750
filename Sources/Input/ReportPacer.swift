import Core

/// Predicts when a touch panel's next report will arrive while a finger is down, so the loop can be
/// awake and polling for it instead of being woken by it (`[input] report_wait`).
///
/// Why: a core that went idle between two reports wakes slowly and then runs on cold caches. Here (a
/// virtual machine: a halted vCPU) the wake-up is a good part of input → read, which awaiting the
/// report in its window saves; the cold caches are saved only by polling from report to report
/// (bench-latency on the demo: input → submit is clearly shorter polling than asleep). An x86 panel PC
/// leaving a deep C-state pays the same kind of cost; a Pi's cores idle in WFI and should gain less.
///
/// A panel reports at a steady rate while touched (the EP0430M09 recording: every 7.4–7.5 ms, skipping a
/// report now and then when nothing moved): the period is the median of the recent intervals near the
/// shortest, and the next report is due one period (or a few, after skips) after where the last one
/// should have been. Time is passed in; the pacer does no I/O.
public struct ReportPacer: Sendable {
    /// How long before the expected report polling starts: the timer's own wake-up and the report's jitter.
    public var lead: Double
    /// How long after the expected moment polling goes on before the loop tries the next period.
    public var slack: Double
    /// Periods after the last report that are still awaited: a finger held still on a panel that reports
    /// only changes costs at most this many polling windows, then nothing until the next report.
    public var periodsAwaited: Int
    /// Intervals that can be a report period: shorter ones are two reports of one burst (or two
    /// panels), longer ones a pause, and a panel slower than 20 Hz gains nothing worth polling for.
    public static let periodRange = 0.002...0.05

    /// The report period learned from the recent intervals: the median of those within half a period
    /// of the shortest (a skipped report makes an interval of two periods); nil until two reports came
    /// close enough. Not the shortest: reports are stamped with some jitter, and the shortest of eight
    /// is short by the worst of it; not the mean, which one report stamped 1 ms late moves.
    public var period: Double? {
        var shortest = Double.infinity
        for interval in recent where Self.periodRange.contains(interval) { shortest = min(shortest, interval) }
        guard shortest.isFinite else { return nil }
        return median(recent.filter { $0 >= shortest && $0 < 1.5 * shortest })
    }

    /// Contacts down now, keyed by device and tracking id.
    private var down: Set<ContactKey> = []
    /// The times of this touch's last few reports, oldest overwritten first.
    private var reports: [MonotonicTime]
    private var reportCount = 0
    private var lastReport: MonotonicTime? { reportCount > 0 ? reports[(reportCount - 1) % reports.count] : nil }
    /// The last intervals between reports, oldest overwritten first; kept across touches (the period is
    /// the panel's), so the second report of a touch is already awaited.
    private var recent: [Double]
    private var nextRecent = 0

    private struct ContactKey: Hashable, Sendable { var device: Int; var trackingID: Int }

    /// - Parameters: see the properties; the defaults cost about `lead` plus the report's lateness in
    ///   polling per report (a modest share of one core at a panel's report rate, only while a finger is down).
    public init(lead: Double = 0.0004, slack: Double = 0.0008, periodsAwaited: Int = 3) {
        precondition(lead >= 0 && slack >= 0 && periodsAwaited > 0)
        self.lead = lead; self.slack = slack; self.periodsAwaited = periodsAwaited
        recent = Array(repeating: 0, count: 8)
        reports = Array(repeating: 0, count: 5)
    }

    /// A frame read from a panel (not an injected one: those are due at times the loop already knows).
    public mutating func note(_ frame: TouchFrame) {
        for touch in frame.touches {
            let key = ContactKey(device: touch.deviceID, trackingID: touch.trackingID)
            switch touch.phase {
            case .began, .moved: down.insert(key)
            case .ended, .cancelled: down.remove(key)
            }
        }
        guard !down.isEmpty else {
            // Lifted: no report is awaited, and the next touch starts a new series.
            reportCount = 0
            return
        }
        let time = frame.time
        if let last = lastReport {
            guard time > last else { return }
            recent[nextRecent] = time - last
            nextRecent = (nextRecent + 1) % recent.count
        }
        reports[reportCount % reports.count] = time
        reportCount += 1
    }

    /// When to poll for the next report: from `lead` before it is due until `slack` after; the first of
    /// the next `periodsAwaited` due moments whose window has not passed by `now`. Nil while no finger
    /// is down, before a period is known, or once every awaited report failed to come.
    public func window(now: MonotonicTime) -> ClosedRange<MonotonicTime>? {
        guard !down.isEmpty, let last = lastReport, let period else { return nil }
        // Where the last report should have been, by each of the touch's last few reports carried
        // forward whole periods; their median, so one report stamped late (its thread woken late)
        // does not move the next window by all of its lateness.
        var slots: [MonotonicTime] = []
        for time in reports.prefix(min(reportCount, reports.count)) {
            slots.append(time + ((last - time) / period).rounded() * period)
        }
        let slot = median(slots) ?? last
        for k in 1...periodsAwaited {
            let due = slot + Double(k) * period
            if due + slack > now { return (due - lead)...(due + slack) }
        }
        return nil
    }

    /// The middle value (the mean of the two middle ones for an even count); nil for none.
    private func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
