import ConfigLoading
import CLISupport
import CLinux
import Controls
import Core
import Glibc
import Input
import Kiosk
import Platform

/// `thumbwheel-dev replay-kiosk`: a test helper. Runs the whole kiosk on a config (headless, its
/// socket and state file out of the way) with a recorded evemu drag played into it through a pipe
/// read by the input hub — raw events, the config's `[input]` rotation and calibration, touch
/// assembly, routing, page swipes — and prints what the kiosk did: one `screen ID` line per page
/// shown and one `value ID V` line per control value changed, then `final screen ID`.
struct ReplayKioskCommand {
    static let spec = CommandSpec(
        "replay-kiosk",
        abstract: "Run the kiosk on a config with a recorded drag played in; print the pages shown and values changed.",
        discussion: """
            A test helper. --start moves the whole recording so its first touch lands on that point of the \
            screen (through the config's input mapping); --until ends it at that time of the recording \
            with the finger lifted there (the first stroke of a drag that goes out and back).
            """,
        arguments: [
            .positional("config", "FILE", "The config to run.", completion: .file),
            .positional(
                "recording", "FILE.events", "The evemu recording, with its device description.", completion: .file),
            .option("start", "X,Y", "Where on the screen (pixels) the first touch lands."),
            .option("until", "SECONDS", "Lift the finger at this time of the recording.", .number),
        ]
    ) { a in try ReplayKioskCommand(a).run() }

    var config: String
    var recording: String
    var start: Point?
    var until: Double?

    init(_ a: ParsedArguments) throws {
        config = a.string("config")!
        recording = a.string("recording")!
        until = a.double("until")
        if let s = a.string("start") {
            let parts = s.split(separator: ",").compactMap { NumberText.parse(String($0)) }
            guard parts.count == 2 else { throw InvalidArguments("--start: expected X,Y, found \(s)") }
            start = Point(parts[0], parts[1])
        }
    }

    func run() throws {
        guard let text = FileIO.read(recording).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw InvalidArguments("cannot read \(recording)")
        }
        let parsed = try EvemuParser.parse(text)
        guard let caps = parsed.capabilities else { throw InvalidArguments("\(recording) has no device description") }
        let app = try KioskApp(options: RunOptions(configPath: config))
        let loaded = try ConfigLoader.load(path: config)
        let canvas = loaded.display.headlessSize
        var events = parsed.events
        if let until { events = ReplayKioskCommand.lifted(events, at: until) }
        if let start {
            let mapping = loaded.inputConfiguration(canvas: canvas)
            guard
                let mapper = CoordinateMapper(
                    capabilities: caps, displaySize: mapping.displaySize, calibration: mapping.calibration,
                    touchRotation: mapping.touchRotation, displayRotation: mapping.displayRotation)
            else { throw InvalidArguments("\(recording) is not a touch device") }
            events = ReplayKioskCommand.moved(events, caps: caps, mapper: mapper, to: start)
        }
        var template = Array("/tmp/thumbwheel-replay-XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template).map({ String(cString: $0) }),
            let (target, input) = FeedTarget.pipe(in: dir, capabilities: caps)
        else { throw LatencyBenchCommand.SetupFailure(description: "replay-kiosk: no temporary folder or pipe") }
        // After the lift: time for a page to settle (`PageSwipe.settleDuration`) before the kiosk stops.
        let feeder = LatencyFeeder(events: events, target: target, repeats: 1, settle: 0.1, pause: 1)
        let printer = EventPrinter()
        _ = app.runForLatencyBench(
            size: canvas, scratch: dir, input: input, forceHeadless: true, adapters: [printer]
        ) { feeder.start() }
        if case .pipe(let fd) = target { close(fd) }
    }

    /// The events up to the last frame at or before `time`, then a lift of every slot in one frame.
    static func lifted(_ events: [InputEvent], at time: Double) -> [InputEvent] {
        let syn = UInt16(EV_SYN), abs = UInt16(EV_ABS), report = UInt16(SYN_REPORT)
        func endsFrame(_ e: InputEvent) -> Bool { e.type == syn && e.code == report && e.time <= time }
        guard let end = events.lastIndex(where: endsFrame) else { return [] }
        let kept = Array(events[...end])
        let slots = Set(kept.filter { $0.type == abs && $0.code == UInt16(ABS_MT_SLOT) }.map(\.value)).union([0])
        let t = kept[end].time + 0.01
        var lift: [InputEvent] = []
        for slot in slots.sorted() {
            lift.append(InputEvent(type: abs, code: UInt16(ABS_MT_SLOT), value: slot, time: t))
            lift.append(InputEvent(type: abs, code: UInt16(ABS_MT_TRACKING_ID), value: -1, time: t))
        }
        lift.append(InputEvent(type: UInt16(EV_KEY), code: UInt16(BTN_TOUCH), value: 0, time: t))
        lift.append(InputEvent(type: syn, code: UInt16(SYN_REPORT), value: 0, time: t))
        return kept + lift
    }

    /// The events moved in device units so that the first touch maps (through `mapper`) to `point`.
    static func moved(
        _ events: [InputEvent], caps: DeviceCapabilities, mapper: CoordinateMapper, to point: Point
    )
        -> [InputEvent]
    {
        let abs = UInt16(EV_ABS)
        let xCodes: Set<UInt16> = [UInt16(ABS_X), UInt16(ABS_MT_POSITION_X)]
        let yCodes: Set<UInt16> = [UInt16(ABS_Y), UInt16(ABS_MT_POSITION_Y)]
        guard let firstX = events.first(where: { $0.type == abs && xCodes.contains($0.code) })?.value,
            let firstY = events.first(where: { $0.type == abs && yCodes.contains($0.code) })?.value,
            let device = mapper.transform.inverted?.apply(point)
        else { return events }
        let dx = Int32(device.x.rounded()) - firstX, dy = Int32(device.y.rounded()) - firstY
        return events.map { e in
            var e = e
            if e.type == abs && xCodes.contains(e.code) {
                e.value = min(max(e.value + dx, mapper.xRange.minimum), mapper.xRange.maximum)
            }
            if e.type == abs && yCodes.contains(e.code) {
                e.value = min(max(e.value + dy, mapper.yRange.minimum), mapper.yRange.maximum)
            }
            return e
        }
    }
}

/// An adapter that prints the pages shown and the values changed, one line each, as they happen.
private final class EventPrinter: KioskAdapter {
    let name = "replay-printer"
    let summary = "printing events"
    private weak var kiosk: (any KioskAPI)?

    func start(_ kiosk: any KioskAPI, now: MonotonicTime) { self.kiosk = kiosk }

    func receive(_ event: KioskEvent, now: MonotonicTime) {
        switch event {
        case .screen(let id): say("screen \(id)")
        case .valueChanged(let id, let value, _, _): say("value \(id) \(value)")
        default: break
        }
    }

    func stop() {
        if case .success(.listing(let l)) = kiosk?.perform(.list, from: .other) { say("final screen \(l.screen)") }
    }

    private func say(_ line: String) { print(line) }
}
