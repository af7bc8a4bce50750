import Core

/// Runs the input path's pure part once on a made-up touch, before any real one: a press, a move and a
/// lift (protocol B) through a throwaway `TouchAssembler` and `ReportPacer`, whose results are dropped.
///
/// Why: the Swift runtime builds type metadata and looks up protocol conformances (a scan of the
/// binary's conformance records) the first time a generic path runs, and caches them for the process.
/// Measured on the demo (bench-latency, pipe): the first real touch spent far longer in the assembler
/// and the pacer on that work than every later touch spends in them. Run at start,
/// after the first frame, the work is off the first touch's path. No state is shared with the devices.
public enum InputWarmUp {
    /// Feeds the made-up touch through the throwaway parts; returns the frames they made (three, for a test).
    @discardableResult
    public static func run(time: MonotonicTime) -> [TouchFrame] {
        let range = AxisRange(minimum: 0, maximum: 4095)
        let mapper = CoordinateMapper(xRange: range, yRange: range, displaySize: Size(800, 480))
        var assembler = TouchAssembler(touchProtocol: .multitouchB, mapper: mapper)
        var pacer = ReportPacer()
        func event(_ type: UInt16, _ code: UInt16, _ value: Int32, _ at: MonotonicTime) -> InputEvent {
            InputEvent(type: type, code: code, value: value, time: at)
        }
        let period = 0.0075
        var events: [InputEvent] = []
        for (i, (x, id)) in [(Int32(1000), Int32(1)), (1100, 1), (1100, -1)].enumerated() {
            let at = time + Double(i) * period
            events.append(event(EventCode.absType, EventCode.mtSlot, 0, at))
            events.append(event(EventCode.absType, EventCode.mtTrackingID, id, at))
            if id >= 0 {
                events.append(event(EventCode.absType, EventCode.mtPositionX, x, at))
                events.append(event(EventCode.absType, EventCode.mtPositionY, 2000, at))
            }
            events.append(event(EventCode.synType, EventCode.synReport, 0, at))
        }
        var frames: [TouchFrame] = []
        for e in events {
            guard let frame = assembler.feed(e) else { continue }
            pacer.note(frame)
            _ = pacer.window(now: frame.time)
            frames.append(frame)
        }
        return frames
    }
}
