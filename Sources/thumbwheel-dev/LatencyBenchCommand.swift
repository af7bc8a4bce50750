import ConfigLoading
import CLISupport
import Core
import Glibc
import Input
import Kiosk

/// `thumbwheel-dev bench-latency`: the kiosk's whole loop — epoll, the input device read, touch
/// assembly, routing, drawing, presenting — timed from each touch event's kernel timestamp to the
/// moment its frame was handed to the display (and, on DRM, to the page-flip event), while a
/// recorded drag is played in at its recorded pace on every example panel.
struct LatencyBenchCommand {
    static let spec = CommandSpec(
        "bench-latency",
        abstract:
            "Input-to-panel latency of the running kiosk while a recorded drag is played into each example panel.",
        discussion: """
            The drag goes through a uinput device where /dev/uinput can be opened (the kiosk reads it from \
            /dev/input like a panel), else through a pipe read by the same input hub (--pipe forces that). \
            The display is the config's choice (DRM in a VM with virtio-gpu), or a headless canvas of --size.
            """,
        arguments: [
            .positional(
                "configs", "FILE", "Config files (default: the examples in Config/).", optional: true, repeating: true,
                completion: .file),
            .option(
                "recording", "FILE", "The evemu recording to play (with its device description).",
                default: "Tests/InputTests/Fixtures/EP0430M09.1-finger-drag-up-down.events", completion: .file),
            .option("repeats", "repeats", "How many times the drag is played into each panel.", .integer, default: "3"),
            .option("size", "WxH", "The headless canvas.", default: "800x480"),
            .flag("headless", "Draw into memory even where a panel exists."),
            .flag("pipe", "Feed the drag through a pipe even where /dev/uinput exists."),
            .option(
                "report-wait", "MODE",
                "How the kiosk waits for the next report while touched: sleep, anticipate or poll "
                    + "(default: each config's [input] report_wait)."),
        ]
    ) { a in try LatencyBenchCommand(a).run() }

    var configs: [String]
    var recording: String
    var repeats: Int
    var canvas: PixelSize
    var headless: Bool
    var pipe: Bool
    var wait: InputConfig.ReportWait?

    /// The arguments, with `--size` and `--report-wait` checked before the first panel starts.
    init(_ a: ParsedArguments) throws {
        configs = a.strings("configs")
        recording = a.string("recording")!
        repeats = a.int("repeats")!
        headless = a.flag("headless")
        pipe = a.flag("pipe")
        let size = a.string("size")!
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw InvalidArguments("--size: expected WxH, found \(size)") }
        canvas = PixelSize(width: parts[0], height: parts[1])
        if let reportWait = a.string("report-wait") {
            guard let mode = InputConfig.ReportWait(rawValue: reportWait) else {
                throw InvalidArguments("--report-wait: expected sleep, anticipate or poll, found \(reportWait)")
            }
            wait = mode
        }
    }

    func run() throws {
        guard let text = readText(recording) else { throw InvalidArguments("cannot read \(recording)") }
        let parsed = try EvemuParser.parse(text)
        guard let caps = parsed.capabilities else { throw InvalidArguments("\(recording) has no device description") }
        let useUinput = !pipe && access("/dev/uinput", W_OK) == 0
        let files = configs.isEmpty ? Self.examples() : configs
        print(
            "recording \(recording): \(parsed.events.count) events, played \(repeats)x through \(useUinput ? "uinput" : "a pipe")"
                + (wait.map { ", report wait \($0.rawValue)" } ?? ""))
        // What input → read cannot go below here: a thread woken by a pipe write, doing nothing else.
        let floor = WakeupFloor.measure().sorted()
        if !floor.isEmpty {
            let at = { (q: Double) in floor[min(floor.count - 1, Int(q * Double(floor.count)))] }
            print(
                "this machine's wake-up floor (a pipe write to a thread in epoll_wait, \(floor.count) times): "
                    + "p50 \(ms(at(0.5))) p99 \(ms(at(0.99))) ms")
        }
        for file in files {
            let latency = try measure(
                file, events: parsed.events, caps: caps, canvas: canvas, useUinput: useUinput, wait: wait)
            for line in latency.lines { print("  " + line) }
        }
    }

    /// One kiosk run on `file` with the drag played in; its latency figures.
    private func measure(
        _ file: String, events: [InputEvent], caps: DeviceCapabilities, canvas: PixelSize,
        useUinput: Bool, wait: InputConfig.ReportWait?
    ) throws -> LatencyStats {
        let app = try KioskApp(options: RunOptions(configPath: file))
        let config = try ConfigLoader.load(path: file)
        var events = events
        if let target = DragPlacement.target(config, canvas: canvas) {
            events = DragPlacement.shift(events, caps: caps, canvas: canvas, to: target.point)
            print("\(file): the drag starts on \(target.id) at \(Int(target.point.x)),\(Int(target.point.y))")
        }
        var template = Array("/tmp/thumbwheel-latency-XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template).map({ String(cString: $0) }) else {
            throw SetupFailure(description: "bench-latency: mkdtemp failed")
        }
        let target: FeedTarget
        let input: BenchInput
        if useUinput {
            target = .uinput(try UinputDevice(capabilities: caps))
            input = BenchInput()
        } else {
            guard let piped = FeedTarget.pipe(in: dir, capabilities: caps) else {
                throw SetupFailure(description: "bench-latency: pipe failed")
            }
            (target, input) = piped
        }
        let feeder = LatencyFeeder(events: events, target: target, repeats: repeats, settle: useUinput ? 0.5 : 0.1)
        let run = app.runForLatencyBench(
            size: canvas, scratch: dir, input: input, forceHeadless: headless, reportWait: wait
        ) { feeder.start() }
        if case .uinput(let device) = target { device.destroy() }
        if case .pipe(let fd) = target { close(fd) }
        return run.latency
    }

    /// Milliseconds to the microsecond.
    private func ms(_ v: Double) -> String { "\((v * 1000).rounded() / 1000)" }

    /// The example configs that exist under Config/.
    static func examples() -> [String] {
        ["demo", "room-panel", "thermostat", "media-panel", "lab-instrument"].map { "Config/\($0).toml" }
            .filter { access($0, R_OK) == 0 }
    }

    /// The file's text, or nil when it cannot be opened.
    private func readText(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A resource the run needs could not be made: the command's own failure (exit status 1), not
    /// a usage mistake.
    struct SetupFailure: Error, CustomStringConvertible {
        var description: String
    }
}
