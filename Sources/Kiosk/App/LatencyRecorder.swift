import ConfigLoading
import Core

/// What a frame's change started from, for the latency figures.
enum LatencyOrigin: Int { case input, socketSet, mqttSet, deviceSet }

/// The latency of the last `capacity` frames that showed an input or a set: a fixed ring written in
/// place, so recording costs a few stores and clock reads per frame and never allocates.
///
/// Usage, from the loop: `note(_:at:)` when a touch frame is routed or a set is applied; `drawn(at:)`
/// when the frame reflecting them is drawn; `submitted(at:flipSerial:)` when the display took it
/// (`discardPending()` when nothing was drawn or shown); `flipCompleted(serial:at:)` for each DRM
/// page-flip event. Times are CLOCK_MONOTONIC seconds.
struct LatencyRecorder {
    /// One frame's moments; nil where it had no such origin or the moment is not known (yet).
    struct Frame {
        var origins:
            (input: MonotonicTime?, socketSet: MonotonicTime?, mqttSet: MonotonicTime?, deviceSet: MonotonicTime?) = (
                nil, nil, nil, nil
            )
        /// When the loop read the first of the frame's touches (the kernel stamped it at `origins.input`).
        var inputRead: MonotonicTime?
        var drawn: MonotonicTime = 0
        var submitted: MonotonicTime = 0
        var flipped: MonotonicTime?
        /// The page flip that shows this frame, while its event is awaited.
        var awaitedFlip: UInt64?
    }

    let capacity: Int
    private var frames: [Frame]
    private var nextSlot = 0
    private(set) var count = 0
    /// Frames in the ring still waiting for their flip event (so a flip without any costs nothing).
    private var awaitingFlips = 0
    /// The oldest origin of each kind not yet in a submitted frame.
    private var pending = Frame()
    private var hasPending: Bool {
        pending.origins.input != nil || pending.origins.socketSet != nil || pending.origins.mqttSet != nil
            || pending.origins.deviceSet != nil
    }

    init(capacity: Int = 512) {
        precondition(capacity > 0)
        self.capacity = capacity
        frames = Array(repeating: Frame(), count: capacity)
    }

    /// An input or set at `time`, handled by the loop at `handled`; the oldest of each kind waiting
    /// for a frame is kept.
    mutating func note(_ origin: LatencyOrigin, at time: MonotonicTime, handled: MonotonicTime) {
        switch origin {
        case .input:
            pending.origins.input = min(pending.origins.input ?? time, time)
            if pending.inputRead == nil { pending.inputRead = handled }
        case .socketSet: pending.origins.socketSet = min(pending.origins.socketSet ?? time, time)
        case .mqttSet: pending.origins.mqttSet = min(pending.origins.mqttSet ?? time, time)
        case .deviceSet: pending.origins.deviceSet = min(pending.origins.deviceSet ?? time, time)
        }
    }

    /// The frame reflecting what was noted has been drawn.
    mutating func drawn(at time: MonotonicTime) {
        if hasPending { pending.drawn = time }
    }

    /// The display took the frame at `time`; `flipSerial` is the page flip that will show it (DRM),
    /// nil when taking it was showing it (fbdev, headless) or no flip event will say when.
    mutating func submitted(at time: MonotonicTime, flipSerial: UInt64?) {
        guard hasPending else { return }
        var frame = pending
        frame.submitted = time
        frame.awaitedFlip = flipSerial
        if frames[nextSlot].awaitedFlip != nil { awaitingFlips -= 1 }
        if flipSerial != nil { awaitingFlips += 1 }
        frames[nextSlot] = frame
        nextSlot = (nextSlot + 1) % capacity
        count = min(count + 1, capacity)
        pending = Frame()
    }

    /// Nothing reached the panel (no pixel changed, the panel is away): the noted origins are not
    /// carried over to a later, unrelated frame.
    mutating func discardPending() { pending = Frame() }

    /// Page flip `serial` completed at `time`: every frame waiting for it (or an earlier one) was
    /// on screen from then on.
    mutating func flipCompleted(serial: UInt64, at time: MonotonicTime) {
        guard awaitingFlips > 0 else { return }
        for i in frames.indices {
            guard let awaited = frames[i].awaitedFlip, awaited <= serial else { continue }
            frames[i].awaitedFlip = nil
            frames[i].flipped = time
            awaitingFlips -= 1
        }
    }

    /// The recorded frames, oldest first.
    var recorded: [Frame] {
        (0..<count).map { frames[(nextSlot - count + $0 + capacity) % capacity] }
    }

    /// p50/p99/max of each figure over the recorded frames (computed on request, off the frame path).
    var stats: LatencyStats {
        let all = recorded
        func summary(_ from: (Frame) -> MonotonicTime?, _ to: (Frame) -> MonotonicTime?) -> LatencySummary? {
            LatencySummary(seconds: all.compactMap { f in from(f).flatMap { a in to(f).map { $0 - a } } })
        }
        return LatencyStats(
            frames: all.count,
            inputToRead: summary({ $0.origins.input }, { $0.inputRead }),
            readToSubmit: summary({ $0.inputRead }, { $0.submitted }),
            inputToDrawn: summary({ $0.origins.input }, { $0.drawn }),
            inputToSubmit: summary({ $0.origins.input }, { $0.submitted }),
            inputToFlip: summary({ $0.origins.input }, { $0.flipped }),
            setToSubmit: summary({ $0.origins.socketSet }, { $0.submitted }),
            mqttSetToSubmit: summary({ $0.origins.mqttSet }, { $0.submitted }),
            deviceSetToSubmit: summary({ $0.origins.deviceSet }, { $0.submitted }))
    }
}
