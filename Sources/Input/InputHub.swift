import Core
import Glibc
import Platform

/// What the hub needs to know to pick devices and map their touches.
public struct InputHubConfiguration: Sendable {
    /// Which devices to use (empty means automatic).
    public var criteria: [DeviceCriterion]
    /// The logical display size touches are reported in.
    public var displaySize: Size
    /// The panel's calibration matrix (libinput order, normalised coordinates).
    public var calibration: CalibrationMatrix
    /// How the touch sensor is turned relative to its panel.
    public var touchRotation: QuarterTurn
    /// How far clockwise the picture is turned on the panel.
    public var displayRotation: QuarterTurn
    /// Take devices for this process alone (EVIOCGRAB), so the console does not see the touches.
    public var grab: Bool
    /// Where device nodes appear.
    public var directory: String

    /// Creates a configuration; everything but the display size has the usual default.
    public init(
        displaySize: Size, criteria: [DeviceCriterion] = [.automatic], calibration: CalibrationMatrix = .identity,
        touchRotation: QuarterTurn = .none, displayRotation: QuarterTurn = .none, grab: Bool = true,
        directory: String = "/dev/input"
    ) {
        self.displaySize = displaySize; self.criteria = criteria; self.calibration = calibration
        self.touchRotation = touchRotation; self.displayRotation = displayRotation
        self.grab = grab; self.directory = directory
    }
}

/// A device the hub has open.
public struct InputDeviceInfo: Hashable, Sendable {
    /// Stamped on its `TouchPoint`s; a device that comes back gets a new one.
    public var deviceID: Int
    /// The device node.
    public var path: String
    /// The kernel's device name.
    public var name: String
    /// Its descriptor (what `handleReadable(fd:)` is called with).
    public var fd: Int32
}

/// What one call into the hub produced: frames for the controls, and changes for the event loop.
public struct InputUpdate: Sendable {
    /// Touch frames in the order they happened (cancels of a lost device included).
    public var frames: [TouchFrame] = []
    /// Devices opened (at start or plugged in).
    public var addedDevices: [InputDeviceInfo] = []
    /// Devices that went away; their touches were cancelled in `frames` (spec X-6).
    public var removedDevices: [InputDeviceInfo] = []
    /// Descriptors to add to epoll (EPOLLIN).
    public var addedFDs: [Int32] = []
    /// Descriptors to take out of epoll; they are already closed.
    public var removedFDs: [Int32] = []
    /// One line per notable thing (device opened, rejected, lost), for the log.
    public var messages: [String] = []

    mutating func merge(_ other: InputUpdate) {
        frames += other.frames; addedDevices += other.addedDevices; removedDevices += other.removedDevices
        addedFDs += other.addedFDs; removedFDs += other.removedFDs; messages += other.messages
    }
}

/// Opens a device node; `EvdevDevice` in production, a fake in tests.
public typealias InputSourceOpener = (_ path: String) throws -> InputSource

/// All touch devices of the kiosk behind a few file descriptors for the event loop's epoll:
/// discovery and choice, hotplug through inotify, reading until EAGAIN, assembling frames.
///
/// Usage: `start()` once, add its `addedFDs` to epoll; on readability call `handleReadable(fd:)`
/// and apply the update's frames and fd changes. Single-threaded: call it from the loop only.
public final class InputHub {
    /// The configuration in force (see `updateMapping`).
    public private(set) var configuration: InputHubConfiguration
    private let opener: InputSourceOpener
    private let clock: () -> MonotonicTime
    private var watcher: DirectoryWatcher?
    /// One open device. A class, so the assembler is mutated where it lives (a tuple copied out of the
    /// dictionary and stored back copied the assembler's slot arrays on every read; cheap, but waste).
    private final class OpenDevice {
        let source: InputSource
        var assembler: TouchAssembler
        let info: InputDeviceInfo
        init(source: InputSource, assembler: TouchAssembler, info: InputDeviceInfo) {
            self.source = source; self.assembler = assembler; self.info = info
        }
    }
    private var open: [Int32: OpenDevice] = [:]
    private var nextDeviceID = 1
    /// The latest verdict for every node seen, by path (what list-devices and the log show).
    public private(set) var verdicts: [String: DeviceVerdict] = [:]

    /// Creates a hub; nothing is opened before `start()`.
    public init(
        configuration: InputHubConfiguration,
        opener: @escaping InputSourceOpener = { try EvdevDevice(path: $0) },
        clock: @escaping () -> MonotonicTime = monotonicNow
    ) {
        self.configuration = configuration; self.opener = opener; self.clock = clock
    }

    deinit { for entry in open.values { entry.source.close() } }

    /// Every descriptor to poll: the inotify one and one per open device.
    public var fds: [Int32] { (watcher.map { $0.fd >= 0 ? [$0.fd] : [] } ?? []) + open.keys.sorted() }
    /// The devices open now, by device id.
    public var devices: [InputDeviceInfo] { open.values.map(\.info).sorted { $0.deviceID < $1.deviceID } }

    /// Starts watching the directory and opens every device the criteria accept.
    public func start() -> InputUpdate {
        var update = InputUpdate()
        if watcher == nil {
            let w = DirectoryWatcher(directory: configuration.directory)
            watcher = w
            if w.fd >= 0 {
                update.addedFDs.append(w.fd)
            } else {
                update.messages.append("inotify unavailable: no hotplug")
            }
        }
        update.merge(rescan())
        if open.isEmpty { update.messages.append(noDeviceMessage) }
        return update
    }

    /// Call when `fd` (one of `fds`) is readable.
    public func handleReadable(fd: Int32) -> InputUpdate {
        if let w = watcher, fd == w.fd {
            var update = InputUpdate()
            for change in w.readChanges() {
                switch change {
                case .appeared(let name) where DeviceScanner.isEventNode(name):
                    update.merge(consider(path: configuration.directory + "/" + name, justAppeared: true))
                case .removed(let name):
                    let path = configuration.directory + "/" + name
                    verdicts[path] = nil
                    if let entry = open.values.first(where: { $0.info.path == path }) {
                        update.merge(remove(fd: entry.info.fd, reason: "node removed"))
                    }
                case .rescan:
                    update.merge(rescan())
                default:
                    break
                }
            }
            return update
        }
        guard let entry = open[fd] else { return InputUpdate() }
        let result = entry.source.readAvailable()
        var update = InputUpdate()
        for item in result.items {
            switch item {
            case .event(let e):
                if let frame = entry.assembler.feed(e) { update.frames.append(frame) }
            case .resynchronized(let snapshot, let time):
                if let frame = entry.assembler.resynchronize(to: snapshot, at: time) { update.frames.append(frame) }
                update.messages.append("\(entry.info.path): events dropped (SYN_DROPPED), resynchronised")
            }
        }
        if let code = result.lostErrno {
            update.merge(remove(fd: fd, reason: String(cString: strerror(code))))
        }
        return update
    }

    /// Changes the mapping of every device (display size or rotation changed, new calibration).
    public func updateMapping(
        displaySize: Size? = nil, calibration: CalibrationMatrix? = nil,
        touchRotation: QuarterTurn? = nil, displayRotation: QuarterTurn? = nil
    ) {
        if let displaySize { configuration.displaySize = displaySize }
        if let calibration { configuration.calibration = calibration }
        if let touchRotation { configuration.touchRotation = touchRotation }
        if let displayRotation { configuration.displayRotation = displayRotation }
        for entry in open.values {
            if let m = mapper(for: entry.source.capabilities) { entry.assembler.mapper = m }
        }
    }

    /// Plays a short rumble on every open device that has one (detents, steps); false when none can.
    @discardableResult
    public func rumble(milliseconds: Int = 20) -> Bool {
        open.values.reduce(false) { $1.source.rumble(milliseconds: milliseconds) || $0 }
    }

    /// Cancels every touch and closes every device (service stop).
    public func shutdown() -> InputUpdate {
        var update = InputUpdate()
        for fd in open.keys.sorted() { update.merge(remove(fd: fd, reason: "shutting down")) }
        return update
    }

    // MARK: - Devices coming and going

    private func rescan() -> InputUpdate {
        var update = InputUpdate()
        let present = Set(DeviceScanner.eventNodes(in: configuration.directory) ?? [])
        for entry in open.values where !present.contains(entry.info.path) {
            update.merge(remove(fd: entry.info.fd, reason: "node gone"))
        }
        for path in present.sorted(by: { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }) {
            update.merge(consider(path: path))
        }
        return update
    }

    /// What an open failure is called in the log. A node the kernel has just made is root's until udev
    /// gives it its group a moment later (then inotify reports the change and it is opened): a
    /// permission error then is not yet the integrator's problem, so it is worded as a wait, with the
    /// group advice kept for when nothing follows (every replug in the real-kernel soak logged it).
    static func openFailure(_ error: any Error, justAppeared: Bool) -> String {
        guard justAppeared, let e = error as? DeviceOpenError, e.errno == EACCES || e.errno == EPERM else {
            return "\(error)"
        }
        return
            "not readable yet (\(String(cString: strerror(e.errno)))): udev gives a new node its group a moment after it "
            + "appears, and it is opened then; if no line saying it is used follows, the service user needs the 'input' group"
    }

    /// Opens `path` if it is not open yet and the criteria accept it. `justAppeared`: inotify just
    /// reported the node (created, or its attributes changed).
    private func consider(path: String, justAppeared: Bool = false) -> InputUpdate {
        var update = InputUpdate()
        guard !open.values.contains(where: { $0.info.path == path }) else { return update }
        let source: InputSource
        do {
            source = try opener(path)
        } catch {
            let verdict = DeviceSelector.evaluate(
                path: path, capabilities: nil, openError: Self.openFailure(error, justAppeared: justAppeared),
                criteria: configuration.criteria)
            if verdicts[path] != verdict { update.messages.append("\(path): \(verdict.reason)") }
            verdicts[path] = verdict
            return update
        }
        var verdict = DeviceSelector.evaluate(
            path: path, capabilities: source.capabilities, criteria: configuration.criteria)
        if verdict.accepted && configuration.grab {
            do { try source.grab() } catch {
                verdict.accepted = false
                verdict.reason = "chosen, but cannot be grabbed: \(error)"
            }
        }
        if verdicts[path] != verdict {
            update.messages.append("\(path) '\(source.capabilities.name)': \(verdict.reason)")
        }
        verdicts[path] = verdict
        guard verdict.accepted, let mapper = mapper(for: source.capabilities),
            var assembler = TouchAssembler(deviceID: nextDeviceID, capabilities: source.capabilities, mapper: mapper)
        else {
            source.close()
            return update
        }
        // A finger already on the panel when the device is opened begins now rather than being
        // ignored until it lifts; the slots' last positions are where the next contacts start.
        if let frame = assembler.start(from: source.snapshot(), at: clock()) { update.frames.append(frame) }
        let info = InputDeviceInfo(deviceID: nextDeviceID, path: path, name: source.capabilities.name, fd: source.fd)
        nextDeviceID += 1
        open[source.fd] = OpenDevice(source: source, assembler: assembler, info: info)
        update.addedDevices.append(info)
        update.addedFDs.append(source.fd)
        // Events may already be waiting (a finger on the panel at plug-in): read them now.
        update.merge(handleReadable(fd: source.fd))
        return update
    }

    private func remove(fd: Int32, reason: String) -> InputUpdate {
        var update = InputUpdate()
        guard let entry = open.removeValue(forKey: fd) else { return update }
        let cancels = entry.assembler.cancelAll(at: clock())
        if let cancels { update.frames.append(cancels) }
        entry.source.close()
        update.removedDevices.append(entry.info)
        update.removedFDs.append(fd)
        let touches = cancels.map { "; its \($0.touches.count) touch(es) were cancelled" } ?? ""
        update.messages.append("\(entry.info.path) '\(entry.info.name)': lost (\(reason))\(touches)")
        if open.isEmpty { update.messages.append(noDeviceMessage) }
        return update
    }

    private func mapper(for caps: DeviceCapabilities) -> CoordinateMapper? {
        let c = configuration
        return CoordinateMapper(
            capabilities: caps, displaySize: c.displaySize, calibration: c.calibration,
            touchRotation: c.touchRotation, displayRotation: c.displayRotation)
    }

    private var noDeviceMessage: String {
        "no touch device in \(configuration.directory) yet (waiting for one to be plugged in; "
            + "`thumbwheel list-devices` says why each device is not used)"
    }
}
