/// The most recent latencies of one kind (a bounded ring, so a long-running kiosk keeps a window, not
/// a history), summarised for `ctl stats`.
struct LatencySamples {
    private var samples: [Double] = []
    private var next = 0
    private(set) var count = 0
    let capacity: Int

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// Records one latency in seconds.
    mutating func add(_ seconds: Double) {
        count += 1
        if samples.count < capacity { samples.append(seconds); return }
        samples[next] = seconds
        next = (next + 1) % capacity
    }

    /// Count (all time), median, 99th percentile and maximum of the window, in milliseconds; nil before the first.
    var summary: LatencySummary? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))] * 1000 }
        return LatencySummary(samples: count, p50MS: at(0.5), p99MS: at(0.99), maxMS: at(1))
    }
}

/// Latencies as `ctl stats` reports them: over the last few thousand samples, in milliseconds.
public struct LatencySummary: Codable, Equatable, Sendable {
    /// Samples taken since start (the percentiles cover the most recent 4096).
    public var samples: Int
    public var p50MS: Double
    public var p99MS: Double
    public var maxMS: Double
}
