/// One latency figure over the frames `ctl stats` looks at, in milliseconds.
public struct LatencySummary: Codable, Equatable, Sendable {
    /// How many frames had this figure.
    public var count: Int
    /// Median, 99th percentile (nearest rank) and maximum, in milliseconds.
    public var p50: Double
    public var p99: Double
    public var max: Double

    public init(count: Int, p50: Double, p99: Double, max: Double) {
        self.count = count; self.p50 = p50; self.p99 = p99; self.max = max
    }

    /// The summary of `samples` (seconds), nil when there are none. Nearest-rank percentiles, so
    /// every figure is a measured sample and p50 ≤ p99 ≤ max always holds.
    public init?(seconds samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func rank(_ q: Double) -> Double {
            let r = Int((q * Double(sorted.count)).rounded(.up))
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, r - 1))] * 1000
        }
        self.init(count: sorted.count, p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.count - 1] * 1000)
    }
}

/// `stats`' latency part: how long the changes shown in the last frames took to reach the panel.
/// "input" is the kernel timestamp of the oldest touch event a frame reflects (CLOCK_MONOTONIC,
/// EVIOCSCLOCKID; injected touches: the moment they were due), "set" the moment a socket or MQTT
/// `set` was handled, "submit" the moment the frame was handed to the display (page flip queued,
/// framebuffer or headless copy done), "flip" the page-flip completion the kernel reports (DRM).
public struct LatencyStats: Codable, Equatable, Sendable {
    /// Frames the figures cover (the most recent ones that showed an input or a set).
    public var frames: Int
    /// Kernel timestamp to the loop's read: the wake-up (scheduler) share.
    public var inputToRead: LatencySummary?
    /// The loop's read to the display taking the frame: the kiosk's own share.
    public var readToSubmit: LatencySummary?
    public var inputToDrawn: LatencySummary?
    public var inputToSubmit: LatencySummary?
    public var inputToFlip: LatencySummary?
    public var setToSubmit: LatencySummary?
    public var mqttSetToSubmit: LatencySummary?
    /// A device's state (Home Assistant, a device's MQTT topic) from the moment the loop began reading
    /// the descriptor it came in on to the frame showing it.
    public var deviceSetToSubmit: LatencySummary?

    public init(
        frames: Int, inputToRead: LatencySummary? = nil, readToSubmit: LatencySummary? = nil,
        inputToDrawn: LatencySummary? = nil, inputToSubmit: LatencySummary? = nil,
        inputToFlip: LatencySummary? = nil, setToSubmit: LatencySummary? = nil, mqttSetToSubmit: LatencySummary? = nil,
        deviceSetToSubmit: LatencySummary? = nil
    ) {
        self.frames = frames; self.inputToRead = inputToRead; self.readToSubmit = readToSubmit;
        self.inputToDrawn = inputToDrawn; self.inputToSubmit = inputToSubmit
        self.inputToFlip = inputToFlip; self.setToSubmit = setToSubmit; self.mqttSetToSubmit = mqttSetToSubmit
        self.deviceSetToSubmit = deviceSetToSubmit
    }

    /// The figures as aligned lines for people (`ctl stats`, `bench-latency`).
    public var lines: [String] {
        let rows: [(String, LatencySummary?)] = [
            ("input → read (wake-up)", inputToRead), ("read → submit (kiosk)", readToSubmit),
            ("input → drawn", inputToDrawn), ("input → submit", inputToSubmit),
            ("input → flip", inputToFlip), ("socket set → submit", setToSubmit),
            ("MQTT set → submit", mqttSetToSubmit), ("device state → submit", deviceSetToSubmit),
        ]
        var out = [
            pad("latency over the last \(frames) frames, ms", 38) + lpad("count", 12) + lpad("p50", 9) + lpad("p99", 9)
                + lpad("max", 9)
        ]
        for (name, s) in rows {
            guard let s else { continue }
            out.append(
                pad(name, 38) + lpad(String(s.count), 12) + lpad(ms(s.p50), 9) + lpad(ms(s.p99), 9) + lpad(ms(s.max), 9)
            )
        }
        return out
    }

    private func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: Swift.max(0, n - s.count)) }
    private func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: Swift.max(0, n - s.count)) + s }
    /// Three decimals without Foundation's formatting.
    private func ms(_ x: Double) -> String {
        let micro = Int((x * 1000).rounded())
        let frac = String(micro % 1000)
        return "\(micro / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
