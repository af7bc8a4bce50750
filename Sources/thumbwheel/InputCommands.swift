import Core
import Glibc
import Input
import Kiosk

/// `thumbwheel replay FILE.events [--desc FILE.desc] [--size WxH] [--rotate DEG] [--calibration "a b c d e f"]`:
/// replays an evemu recording through the touch pipeline and prints one line per frame.
/// With `--uinput [--burst] [--settle S]` it instead plays the recording into a new kernel device
/// through /dev/uinput (for the real-kernel test: `list-devices --watch` reads it back).
enum ReplayCommand {
    static let usage = "usage: thumbwheel replay FILE.events [--desc FILE.desc] [--size WxH] [--rotate 0|90|180|270] " +
        "[--calibration \"a b c d e f\"] [--config FILE]\n       thumbwheel replay FILE.events [--desc FILE.desc] --uinput [--burst] [--settle SECONDS]"

    static func run(_ args: [String]) -> Int32 {
        var eventsPath: String?
        var descPath: String?
        var size: Size?
        var rotation = QuarterTurn.none
        var calibration = CalibrationMatrix.identity
        var toUinput = false, burst = false
        var settle = 1.0
        var configPath: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            func value() -> String? { i + 1 < args.count ? args[i + 1] : nil }
            switch arg {
            case "--desc":
                guard let v = value() else { return CLI.fail("replay: --desc needs a file\n\(usage)") }
                descPath = v; i += 1
            case "--size":
                guard let v = value(), let s = parseSize(v) else { return CLI.fail("replay: --size needs WIDTHxHEIGHT, e.g. 800x480") }
                size = s; i += 1
            case "--rotate":
                guard let v = value(), let d = Int(v), let r = QuarterTurn(degrees: d) else {
                    return CLI.fail("replay: --rotate needs 0, 90, 180 or 270 (the display's clockwise rotation)")
                }
                rotation = r; i += 1
            case "--calibration":
                let numbers = value()?.split(separator: " ").compactMap { Double($0) } ?? []
                guard let m = CalibrationMatrix(values: numbers), value()?.split(separator: " ").count == 6 else {
                    return CLI.fail("replay: --calibration needs six numbers in quotes, libinput order: \"a b c d e f\"")
                }
                calibration = m; i += 1
            case "--config":
                guard let v = value() else { return CLI.fail("replay: --config needs a file") }
                configPath = v; i += 1
            case "--uinput":
                toUinput = true
            case "--burst":
                burst = true
            case "--settle":
                guard let v = value(), let t = Double(v), t >= 0 else { return CLI.fail("replay: --settle needs seconds") }
                settle = t; i += 1
            default:
                if arg.hasPrefix("-") { return CLI.fail("replay: unknown option '\(arg)'\n\(usage)") }
                guard eventsPath == nil else { return CLI.fail("replay: one recording at a time\n\(usage)") }
                eventsPath = arg
            }
            i += 1
        }
        guard let eventsPath else { return CLI.fail("replay: which recording?\n\(usage)") }

        let recording: EvemuRecording
        var description: DeviceCapabilities?
        switch load(eventsPath) {
        case .failure(let message): return CLI.fail("replay: \(message)")
        case .success(let r): recording = r
        }
        if let descPath {
            switch load(descPath) {
            case .failure(let message): return CLI.fail("replay: \(message)")
            case .success(let d):
                guard let caps = d.capabilities else { return CLI.fail("replay: \(descPath) has no device description (N:/B:/A: lines)") }
                description = caps
            }
        }
        guard let caps = description ?? recording.capabilities else {
            return CLI.fail("replay: \(eventsPath) has no device description; pass the device's .desc with --desc")
        }
        if toUinput { return playIntoKernel(recording.events, capabilities: caps, burst: burst, settle: settle) }
        do {
            let result = try RecordingReplayer.replay(events: recording.events, capabilities: caps, displaySize: size,
                                                      calibration: calibration, displayRotation: rotation)
            if let configPath { return ReplayControls.run(frames: result.frames, configPath: configPath, size: size) }
            for frame in result.frames { print(DeviceReport.frameLine(frame)) }
            let contacts = result.frames.flatMap(\.touches).filter { $0.phase == .began }.count
            print("# \(caps.name): \(result.frames.count) frames, \(contacts) touches, \(result.stillDown.count) still down")
            return 0
        } catch {
            return CLI.fail("replay: \(error)")
        }
    }

    /// Creates a uinput device like the recorded one, waits `settle` seconds so readers open it,
    /// writes the events (with their recorded spacing, or all at once with `burst` to overflow a
    /// slow reader's buffer into SYN_DROPPED), waits again and removes the device (an unplug).
    static func playIntoKernel(_ events: [InputEvent], capabilities: DeviceCapabilities, burst: Bool, settle: Double) -> Int32 {
        let device: UinputDevice
        do { device = try UinputDevice(capabilities: capabilities) } catch {
            return CLI.fail("replay: \(error)", code: 1)
        }
        print("# created \(device.devnode ?? "a uinput device") \"\(capabilities.name)\"")
        fflush(nil)
        sleepSeconds(settle)
        let start = monotonicNow()
        let firstTime = events.first?.time ?? 0
        for event in events {
            if !burst { sleepSeconds(event.time - firstTime - (monotonicNow() - start)) }
            guard device.write(event) else { return CLI.fail("replay: writing to the uinput device failed", code: 1) }
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

    static func parseSize(_ text: String) -> Size? {
        PixelSize(parsing: text).map { Size(Double($0.width), Double($0.height)) }
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
/// every /dev/input/event* device with its facts, and whether it would be used (and why not);
/// `--rumble` plays a rumble of MS milliseconds on each device that would be used. With
/// `--watch`, the chosen devices are then read live through `InputHub` (grabbed only with `--grab`) and every frame
/// and hotplug event is printed: how the real-kernel test drives the device code.
enum ListDevicesCommand {
    static let usage = "usage: thumbwheel list-devices [--device auto|/dev/input/eventN|name:PATTERN|usb:VVVV:PPPP]... " +
        "[--desc FILE.desc]... [--rumble MS] [--watch SECONDS [--size WxH] [--grab]]"

    static func run(_ args: [String]) -> Int32 {
        var criteria: [DeviceCriterion] = []
        var descs: [String] = []
        var watchSeconds: Double?
        var size = Size(1000, 1000)
        var grab = false
        var rumbleMilliseconds: Int?
        var i = 0
        while i < args.count {
            if args[i] == "--grab" { grab = true; i += 1; continue }
            guard i + 1 < args.count else { return CLI.fail("list-devices: \(args[i]) needs a value\n\(usage)") }
            switch args[i] {
            case "--device":
                guard let c = DeviceCriterion(parsing: args[i + 1]) else {
                    return CLI.fail("list-devices: '\(args[i + 1])' is not a device criterion\n\(usage)")
                }
                criteria.append(c)
            case "--desc":
                descs.append(args[i + 1])
            case "--watch":
                guard let t = Double(args[i + 1]), t > 0 else { return CLI.fail("list-devices: --watch needs a number of seconds") }
                watchSeconds = t
            case "--size":
                guard let s = ReplayCommand.parseSize(args[i + 1]) else { return CLI.fail("list-devices: --size needs WIDTHxHEIGHT") }
                size = s
            case "--rumble":
                guard let ms = Int(args[i + 1]), ms > 0, ms <= 5000 else { return CLI.fail("list-devices: --rumble needs 1…5000 milliseconds") }
                rumbleMilliseconds = ms
            default:
                return CLI.fail("list-devices: unknown option '\(args[i])'\n\(usage)")
            }
            i += 2
        }
        let directory = "/dev/input"
        if let watchSeconds { return watch(criteria: criteria, size: size, grab: grab, seconds: watchSeconds, directory: directory) }
        var chosen = 0
        // Recorded descriptions: judged as if they were plugged in (to check a config offline).
        for path in descs {
            switch ReplayCommand.load(path) {
            case .failure(let message): return CLI.fail("list-devices: \(message)")
            case .success(let r):
                let verdict = DeviceSelector.evaluate(path: path, capabilities: r.capabilities,
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
            let verdict = DeviceSelector.evaluate(path: path, capabilities: device?.capabilities, openError: openError, criteria: criteria)
            DeviceReport.lines(path: path, capabilities: device?.capabilities, verdict: verdict).forEach { print($0) }
            if verdict.accepted { chosen += 1 }
            if let ms = rumbleMilliseconds, verdict.accepted, let device {
                let played = device.rumble(milliseconds: ms)
                print("  rumble \(ms) ms: " + (played ? "played" : device.capabilities.canRumble ? "failed" : "no FF_RUMBLE"))
                fflush(nil)
                ReplayCommand.sleepSeconds(Double(ms) / 1000)  // closing the device would stop the effect
            }
            device?.close()
        }
        if (nodes ?? []).isEmpty {
            let why = nodes == nil ? "\(directory) does not exist" : "\(directory) has no event devices"
            CLI.printError("""
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
    static func watch(criteria: [DeviceCriterion], size: Size, grab: Bool, seconds: Double, directory: String) -> Int32 {
        let hub = InputHub(configuration: InputHubConfiguration(displaySize: size, criteria: criteria, grab: grab,
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
            if n < 0 && errno != EINTR { return CLI.fail("list-devices: poll: \(String(cString: strerror(errno)))", code: 1) }
            for p in polls where p.revents != 0 { show(hub.handleReadable(fd: p.fd)) }
        }
        show(hub.shutdown())
        return 0
    }
}

/// The whole file as UTF-8, or nil (errno says why).
