import ConfigLoading
import CLISupport
import Core
import Display
import Glibc
import Input
import Kiosk
import Platform

/// `thumbwheel replay FILE.events [--desc FILE.desc] [--size WxH] [--rotate DEG] [--calibration "a b c d e f"]`:
/// replays an evemu recording through the touch pipeline and prints one line per frame.
/// With `--uinput [--burst] [--settle S]` it instead plays the recording into a new kernel device
/// through /dev/uinput (for the real-kernel test: `list-devices --watch` reads it back).
struct ReplayCommand {
    static let spec = CommandSpec(
        "replay",
        abstract:
            "Replay an evemu recording through the input pipeline; print the touch frames, or the control events of a config's screen.",
        discussion: """
            Without --config, one line per touch frame and a summary line. With --config, the touches go through the \
            config's first screen exactly as in the kiosk and each control event is printed with its time. \
            With --uinput, the recording is instead played into a new kernel input device (needs /dev/uinput).
            """,
        arguments: [
            .positional("events", "FILE.events", "The evemu recording (evemu-record output).", completion: .file),
            .option(
                "desc", "FILE.desc", "The device description (evemu-describe output), when the recording has none.",
                completion: .file),
            .option(
                "size", "WxH",
                "The display size touches are mapped to (default: the device's own axes, or the config's display).",
                SizeArgument.value),
            .option("rotate", "DEG", "The display's clockwise rotation: 0, 90, 180 or 270.", .integer, default: "0"),
            .option("calibration", "\"a b c d e f\"", "A calibration matrix, six numbers in quotes, libinput order."),
            .option(
                "config", "FILE", "Route the touches through this config's first screen and print the control events.",
                completion: .file),
            .flag("uinput", "Play the recording into a new kernel device through /dev/uinput instead."),
            .flag("burst", "With --uinput: write all events at once (to overflow a slow reader into SYN_DROPPED)."),
            .option(
                "settle", "SECONDS", "With --uinput: seconds to wait after creating the device and before removing it.",
                .number, default: "1.0"),
        ]
    ) { a in try ReplayCommand(a).run() }

    var events: String
    var desc: String?
    var size: SizeArgument?
    var rotate: Int
    var calibration: String?
    var config: String?
    var uinput: Bool
    var burst: Bool
    var settle: Double

    init(_ a: ParsedArguments) throws {
        events = a.string("events")!
        desc = a.string("desc")
        size = a.string("size").flatMap(SizeArgument.init(argument:))
        rotate = a.int("rotate")!
        calibration = a.string("calibration")
        config = a.string("config")
        uinput = a.flag("uinput")
        burst = a.flag("burst")
        settle = a.double("settle")!
        guard QuarterTurn(degrees: rotate) != nil else {
            throw InvalidArguments("--rotate needs 0, 90, 180 or 270 (the display's clockwise rotation)")
        }
        if let calibration,
            CalibrationMatrix(values: Self.numbers(calibration)) == nil || calibration.split(separator: " ").count != 6
        {
            throw InvalidArguments("--calibration needs six numbers in quotes, libinput order: \"a b c d e f\"")
        }
        guard settle >= 0 else { throw InvalidArguments("--settle needs seconds (0 or more)") }
    }

    static func numbers(_ text: String) -> [Double] { text.split(separator: " ").compactMap { NumberText.parse($0) } }

    func run() throws {
        let rotation = QuarterTurn(degrees: rotate) ?? .none
        let calibration = self.calibration.flatMap { CalibrationMatrix(values: Self.numbers($0)) } ?? .identity
        let size = self.size?.size
        let eventsPath = events, descPath = desc
        let recording: EvemuRecording
        var description: DeviceCapabilities?
        switch Self.load(eventsPath) {
        case .failure(let message): throw UsageError("replay: \(message)")
        case .success(let r): recording = r
        }
        if let descPath {
            switch Self.load(descPath) {
            case .failure(let message): throw UsageError("replay: \(message)")
            case .success(let d):
                guard let caps = d.capabilities else {
                    throw UsageError("replay: \(descPath) has no device description (N:/B:/A: lines)")
                }
                description = caps
            }
        }
        guard let caps = description ?? recording.capabilities else {
            throw UsageError("replay: \(eventsPath) has no device description; pass the device's .desc with --desc")
        }
        if uinput {
            return try Self.exit(
                Self.playIntoKernel(recording.events, capabilities: caps, burst: burst, settle: settle))
        }
        let result: ReplayResult
        do {
            result = try RecordingReplayer.replay(
                events: recording.events, capabilities: caps, displaySize: size,
                calibration: calibration, displayRotation: rotation)
        } catch {
            throw UsageError("replay: \(error)")
        }
        if let config {
            return try Self.exit(ReplayControls.run(frames: result.frames, configPath: config, size: size))
        }
        for frame in result.frames { print(DeviceReport.frameLine(frame)) }
        let contacts = result.frames.flatMap(\.touches).filter { $0.phase == .began }.count
        print(
            "# \(caps.name): \(result.frames.count) frames, \(contacts) touches, \(result.stillDown.count) still down")
    }

    /// Ends the command with `code` (0 returns normally).
    static func exit(_ code: Int32) throws { if code != 0 { throw ExitStatus(code) } }

    /// Creates a uinput device like the recorded one, waits `settle` seconds so readers open it,
    /// writes the events (with their recorded spacing, or all at once with `burst` to overflow a
    /// slow reader's buffer into SYN_DROPPED), waits again and removes the device (an unplug).
    static func playIntoKernel(
        _ events: [InputEvent], capabilities: DeviceCapabilities, burst: Bool, settle: Double
    ) -> Int32 {
        let device: UinputDevice
        do { device = try UinputDevice(capabilities: capabilities) } catch {
            return fail("replay: \(error)")
        }
        print("# created \(device.devnode ?? "a uinput device") \"\(capabilities.name)\"")
        fflush(nil)
        sleepSeconds(settle)
        let start = monotonicNow()
        let firstTime = events.first?.time ?? 0
        for event in events {
            if !burst { sleepSeconds(event.time - firstTime - (monotonicNow() - start)) }
            guard device.write(event) else { return fail("replay: writing to the uinput device failed") }
        }
        print("# played \(events.count) events")
        fflush(nil)
        sleepSeconds(settle)
        device.destroy()
        print("# removed the device")
        return 0
    }

    static func sleepSeconds(_ seconds: Double) {
        guard seconds > 0 else { return }
        var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&ts, &left) != 0 && errno == EINTR { ts = left }
    }

    /// Prints `thumbwheel: message` and returns 1: a failure of the device, not of the command line.
    static func fail(_ message: String) -> Int32 {
        CommandLineTool.printError("thumbwheel: \(message)")
        return 1
    }

    static func load(_ path: String) -> Result<EvemuRecording, LoadError> {
        guard let text = ConfigLoader.readTextFile(path) else {
            return .failure(LoadError("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        do { return .success(try EvemuParser.parse(text)) } catch {
            return .failure(LoadError("\(path): \(error)"))
        }
    }

    struct LoadError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}

/// `thumbwheel list-devices [--device CRITERION]... [--desc FILE.desc]... [--rumble MS] [--watch SECONDS [--size WxH] [--grab]]`:
/// the displays (DRM cards, connectors, modes; fbdev), then every /dev/input/event* device with its
/// facts and whether it would be used (and why not); `--rumble` plays a rumble of MS milliseconds on
/// each device that would be used. With `--watch`, the chosen devices are instead read live through
/// `InputHub` (grabbed only with `--grab`) and every frame and hotplug event is printed: how the
/// real-kernel test drives the device code.
struct ListDevicesCommand {
    static let spec = CommandSpec(
        "list-devices",
        abstract: "List the displays, then every input device, which one would be used and why the others are not.",
        discussion: "Exits 0 when at least one input device would be used, 1 otherwise.",
        arguments: [
            .option(
                "device", "CRITERION",
                "Which device to use, as in the config's input.device: auto, /dev/input/eventN, name:PATTERN or usb:VVVV:PPPP (repeatable).",
                repeating: true),
            .option(
                "desc", "FILE.desc", "Also judge a recorded device description as if it were plugged in (repeatable).",
                repeating: true, completion: .file),
            .option(
                "rumble", "MS", "Play a rumble of this many milliseconds (1…5000) on each device that would be used.",
                .integer),
            .option(
                "watch", "SECONDS",
                "Instead of listing: read the chosen devices live for this many seconds, printing frames and hotplug events.",
                .number),
            .option(
                "size", "WxH", "With --watch: the display size positions are mapped to (default 1000x1000: per mille).",
                SizeArgument.value),
            .flag("grab", "With --watch: grab the devices (EVIOCGRAB) so nothing else sees their events."),
        ]
    ) { a in try ListDevicesCommand(a).run() }

    var device: [String]
    var desc: [String]
    var rumble: Int?
    var watch: Double?
    var size: SizeArgument?
    var grab: Bool

    init(_ a: ParsedArguments) throws {
        device = a.strings("device")
        desc = a.strings("desc")
        rumble = a.int("rumble")
        watch = a.double("watch")
        size = a.string("size").flatMap(SizeArgument.init(argument:))
        grab = a.flag("grab")
        if let bad = device.first(where: { DeviceCriterion(parsing: $0) == nil }) {
            throw InvalidArguments("'\(bad)' is not a device criterion")
        }
        if let watch, !(watch > 0) { throw InvalidArguments("--watch needs a number of seconds") }
        if let rumble, !(1...5000).contains(rumble) { throw InvalidArguments("--rumble needs 1…5000 milliseconds") }
    }

    func run() throws {
        if watch == nil {
            print("displays:")
            DRMInventory.describe().forEach { print("  " + $0) }
            print("  /dev/fb0 (fbdev fallback): \(access("/dev/fb0", F_OK) == 0 ? "present" : "absent")")
            print("input devices:")
            fflush(nil)
        }
        try ReplayCommand.exit(list())
    }

    func list() -> Int32 {
        let criteria = device.compactMap { DeviceCriterion(parsing: $0) }
        let descs = desc, grab = grab, rumbleMilliseconds = rumble
        let size = self.size?.size ?? Size(1000, 1000)
        let directory = "/dev/input"
        if let watch {
            return Self.watch(criteria: criteria, size: size, grab: grab, seconds: watch, directory: directory)
        }
        var chosen = 0
        // Recorded descriptions: judged as if they were plugged in (to check a config offline).
        for path in descs {
            switch ReplayCommand.load(path) {
            case .failure(let message): return ReplayCommand.fail("list-devices: \(message)")
            case .success(let r):
                let verdict = DeviceSelector.evaluate(
                    path: path, capabilities: r.capabilities,
                    openError: "no device description in the file", criteria: criteria)
                DeviceReport.lines(path: path, capabilities: r.capabilities, verdict: verdict).forEach { print($0) }
                if verdict.accepted { chosen += 1 }
            }
        }
        let nodes = DeviceScanner.eventNodes(in: directory)
        for path in nodes ?? [] {
            var device: EvdevDevice?
            var openError: String?
            do { device = try EvdevDevice(path: path) } catch { openError = error.description }
            let verdict = DeviceSelector.evaluate(
                path: path, capabilities: device?.capabilities, openError: openError, criteria: criteria)
            DeviceReport.lines(path: path, capabilities: device?.capabilities, verdict: verdict).forEach { print($0) }
            if verdict.accepted { chosen += 1 }
            if let ms = rumbleMilliseconds, verdict.accepted, let device {
                let played = device.rumble(milliseconds: ms)
                print(
                    "  rumble \(ms) ms: "
                        + (played ? "played" : device.capabilities.canRumble ? "failed" : "no FF_RUMBLE"))
                fflush(nil)
                ReplayCommand.sleepSeconds(Double(ms) / 1000)  // closing the device would stop the effect
            }
            device?.close()
        }
        if (nodes ?? []).isEmpty {
            let why = nodes == nil ? "\(directory) does not exist" : "\(directory) has no event devices"
            CommandLineTool.printError(
                """
                thumbwheel: no input devices: \(why).
                  This machine has no evdev devices (a container or a VM without input devices?).
                  On the kiosk, check: the panel's cable and power; `dmesg | grep -i -e input -e touch` for the
                  kernel driver; that /dev/input/event* exists; that the service user is in the 'input' group.
                """)
            return descs.isEmpty ? 1 : (chosen > 0 ? 0 : 1)
        }
        print(chosen == 0 ? "no device would be used: see the reasons above" : "\(chosen) device(s) would be used")
        return chosen > 0 ? 0 : 1
    }
}

extension ListDevicesCommand {
    /// Reads the chosen devices for `seconds`, printing frames (replay's format) and `#` lines for
    /// devices coming and going. Positions are in a `size` display (default 1000×1000: per mille).
    static func watch(criteria: [DeviceCriterion], size: Size, grab: Bool, seconds: Double, directory: String) -> Int32
    {
        let hub = InputHub(
            configuration: InputHubConfiguration(
                displaySize: size, criteria: criteria, grab: grab,
                directory: directory))
        func show(_ update: InputUpdate) {
            update.messages.forEach { print("# " + $0) }
            update.frames.forEach { print(DeviceReport.frameLine($0)) }
            fflush(nil)
        }
        show(hub.start())
        let deadline = monotonicNow() + seconds
        while true {
            let left = deadline - monotonicNow()
            if left <= 0 { break }
            var polls = hub.fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let n = poll(&polls, nfds_t(polls.count), Int32(min(left, 3600) * 1000) + 1)
            if n < 0 && errno != EINTR {
                return ReplayCommand.fail("list-devices: poll: \(String(cString: strerror(errno)))")
            }
            for p in polls where p.revents != 0 { show(hub.handleReadable(fd: p.fd)) }
        }
        show(hub.shutdown())
        return 0
    }
}
