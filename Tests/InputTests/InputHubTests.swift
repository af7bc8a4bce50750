import Core
import Glibc
import Testing
import TestSupport
@testable import Input

/// A device stand-in: a pipe whose read end is the descriptor the hub polls; the test queues what
/// the next read returns.
final class FakeSource: InputSource {
    let path: String
    let capabilities: DeviceCapabilities
    let fd: Int32
    private let writeEnd: Int32
    private var queued = DeviceReadResult()
    private(set) var grabbed = false
    private(set) var closed = false

    init(path: String, capabilities: DeviceCapabilities) {
        self.path = path; self.capabilities = capabilities
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        fd = ends[0]; writeEnd = ends[1]
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }

    /// Queues a read result and makes the descriptor readable.
    func push(_ events: [InputEvent], lost: Int32? = nil) {
        queued.items += events.map { .event($0) }
        queued.lostErrno = lost
        _ = write(writeEnd, "x", 1)
    }

    /// Queues items as a libevdev device would return them (resynchronisations included).
    func push(items: [DeviceReadItem]) {
        queued.items += items
        _ = write(writeEnd, "x", 1)
    }

    func readAvailable() -> DeviceReadResult {
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {}
        defer { queued = DeviceReadResult() }
        return queued
    }
    var initialContacts: [Int: RawContact] = [:]
    var initialPositions: [Int: SIMD2<Int32>] = [:]
    func snapshot() -> TouchSnapshot { TouchSnapshot(contacts: initialContacts, positions: initialPositions) }
    func grab() throws(DeviceOpenError) { grabbed = true }
    func rumble(milliseconds: Int) -> Bool { false }
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd); Glibc.close(writeEnd)
    }
}

/// A touchscreen like the Atmel panel: protocol B, 0…799 × 0…479, INPUT_PROP_DIRECT.
let touchscreen = DeviceCapabilities(
    name: "Fake Touch", identity: DeviceIdentity(bus: 3, vendor: 0x0eef, product: 0x0001),
    codes: [3: [0x2f, 0x35, 0x36, 0x39]],
    axes: [
        0x2f: AxisInfo(minimum: 0, maximum: 9), 0x35: AxisInfo(minimum: 0, maximum: 799),
        0x36: AxisInfo(minimum: 0, maximum: 479),
    ],
    properties: [1])
let keyboard = DeviceCapabilities(name: "Fake Keyboard", codes: [1: [30, 31]])

/// A scratch directory standing in for /dev/input, with files standing in for device nodes.
final class FakeDevDirectory {
    let root: String
    var sources: [String: FakeSource] = [:]
    var capabilitiesByName: [String: DeviceCapabilities] = [:]
    /// Names whose open fails with EACCES (a node udev has not given its group yet).
    var denied: Set<String> = []
    /// Contacts already down on the next device opened.
    var contactsAtOpen: [Int: RawContact] = [:]
    /// The slots' last positions the kernel holds for the next device opened.
    var positionsAtOpen: [Int: SIMD2<Int32>] = [:]

    init() {
        root = makeTemporaryDirectory("input")
    }
    deinit { _ = system("rm -rf '\(root)'") }

    func create(_ name: String, _ caps: DeviceCapabilities, in dir: String? = nil) {
        capabilitiesByName[name] = caps
        let fd = open((dir ?? root) + "/" + name, O_CREAT | O_WRONLY, 0o600)
        Glibc.close(fd)
    }
    func remove(_ name: String, in dir: String? = nil) { unlink((dir ?? root) + "/" + name) }

    /// The opener the hub gets: a fresh fake for every open of a known name.
    func opener(_ path: String) throws -> InputSource {
        let name = String(path.split(separator: "/").last!)
        guard let caps = capabilitiesByName[name] else {
            throw DeviceOpenError(path: path, step: "open", errno: ENOENT)
        }
        if denied.contains(name) { throw DeviceOpenError(path: path, step: "open", errno: EACCES) }
        let s = FakeSource(path: path, capabilities: caps)
        s.initialContacts = contactsAtOpen
        s.initialPositions = positionsAtOpen
        sources[name] = s
        return s
    }
}

@Suite("InputHub with fake devices") struct InputHubTests {
    func tap(_ id: Int32, x: Int32, y: Int32, at t: Double) -> [InputEvent] {
        [
            InputEvent(type: 3, code: 0x2f, value: 0, time: t), InputEvent(type: 3, code: 0x39, value: id, time: t),
            InputEvent(type: 3, code: 0x35, value: x, time: t), InputEvent(type: 3, code: 0x36, value: y, time: t),
            InputEvent(type: 0, code: 0, value: 0, time: t),
        ]
    }

    @Test("Start picks the touchscreen, grabs only it, and says why the keyboard is not used")
    func chooses() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen); dev.create("event1", keyboard); dev.create("mouse0", keyboard)
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dev.root),
            opener: dev.opener)
        let update = hub.start()
        #expect(update.addedDevices.map(\.path) == [dev.root + "/event0"])
        let touch = try #require(dev.sources["event0"])
        #expect(touch.grabbed)
        #expect(dev.sources["event1"]?.grabbed == false && dev.sources["event1"]?.closed == true)
        #expect(dev.sources["mouse0"] == nil)
        #expect(hub.fds.count == 2 && hub.fds.contains(touch.fd))
        #expect(Set(update.addedFDs) == Set(hub.fds))
        #expect(hub.verdicts[dev.root + "/event0"]?.accepted == true)
        #expect(hub.verdicts[dev.root + "/event1"]?.reason.contains("not a touch device") == true)
    }

    @Test("X-6: unplugged mid-touch, the touch is cancelled; plugged back, it works again with a new device id")
    func unplugAndReplug() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen)
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dev.root),
            opener: dev.opener, clock: { 42 })
        _ = hub.start()
        let first = try #require(dev.sources["event0"])
        first.push(tap(5, x: 400, y: 240, at: 1))
        let down = hub.handleReadable(fd: first.fd)
        #expect(down.frames.flatMap(\.touches).map(\.phase) == [.began])
        #expect(down.frames.first?.touches.first?.position == Point(400, 240))
        #expect(down.frames.first?.touches.first?.deviceID == 1)

        first.push([], lost: ENODEV)
        let lost = hub.handleReadable(fd: first.fd)
        #expect(lost.frames.flatMap(\.touches).map { "\($0.phase) #\($0.trackingID)" } == ["cancelled #5"])
        #expect(lost.frames.first?.time == 42)
        #expect(lost.removedFDs == [first.fd] && lost.removedDevices.count == 1)
        #expect(first.closed && hub.devices.isEmpty)

        dev.remove("event0")
        dev.create("event0", touchscreen)
        let inotifyFD = try #require(hub.fds.first)
        let back = hub.handleReadable(fd: inotifyFD)
        #expect(back.addedDevices.map(\.deviceID) == [2])
        let second = try #require(dev.sources["event0"])
        #expect(second !== first && back.addedFDs == [second.fd])
        second.push(tap(6, x: 100, y: 100, at: 2))
        #expect(hub.handleReadable(fd: second.fd).frames.flatMap(\.touches).map(\.trackingID) == [6])
    }

    @Test("A node deleted while a finger is down cancels the touch; two panels work side by side")
    func twoPanelsAndDeletion() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen); dev.create("event2", touchscreen)
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dev.root),
            opener: dev.opener, clock: { 7 })
        #expect(hub.start().addedDevices.count == 2)
        let a = try #require(dev.sources["event0"]), b = try #require(dev.sources["event2"])
        a.push(tap(1, x: 10, y: 10, at: 1)); b.push(tap(1, x: 20, y: 20, at: 1))
        let ids = (hub.handleReadable(fd: a.fd).frames + hub.handleReadable(fd: b.fd).frames).flatMap(\.touches).map(
            \.deviceID)
        #expect(Set(ids).count == 2)  // same slot and tracking id, told apart by device
        dev.remove("event2")
        let gone = hub.handleReadable(fd: try #require(hub.fds.first))
        #expect(gone.frames.flatMap(\.touches).map(\.phase) == [.cancelled])
        #expect(gone.removedFDs == [b.fd] && hub.devices.map(\.path) == [dev.root + "/event0"])
    }

    @Test("A finger already down when the device appears begins at once, at its place")
    func fingerDownAtOpen() {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen)
        dev.contactsAtOpen = [3: RawContact(trackingID: 12, x: 200, y: 100)]
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(1600, 960), directory: dev.root),
            opener: dev.opener, clock: { 9 })
        let update = hub.start()
        #expect(update.frames.map { summary($0) } == [["began #12@3 400,200"]])
        #expect(update.frames.first?.time == 9)
    }

    @Test("The first tap after opening, where the last reader's was, comes without X/Y: it lands there, not at 0,0")
    func tapWhereTheLastReaderLeftIt() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen)
        dev.positionsAtOpen = [0: SIMD2(200, 100)]
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(1600, 960), directory: dev.root),
            opener: dev.opener)
        #expect(hub.start().frames.isEmpty)
        let s = try #require(dev.sources["event0"])
        s.push([
            InputEvent(type: 3, code: 0x39, value: 5, time: 1), InputEvent(type: 0, code: 0, value: 0, time: 1),
            InputEvent(type: 3, code: 0x39, value: -1, time: 1.1), InputEvent(type: 0, code: 0, value: 0, time: 1.1),
        ])
        let frames = hub.handleReadable(fd: s.fd).frames
        #expect(frames.map { summary($0) } == [["began #5@0 400,200"], ["ended #5@0 400,200"]])
    }

    @Test("A SYN_DROPPED read from the device resynchronises from its snapshot; remapping takes effect at once")
    func dropThroughHubAndRemap() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen)
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dev.root),
            opener: dev.opener)
        _ = hub.start()
        let s = try #require(dev.sources["event0"])
        s.push(tap(1, x: 100, y: 100, at: 1))
        _ = hub.handleReadable(fd: s.fd)
        s.push(items: [
            .event(InputEvent(type: 0, code: 3, value: 0, time: 2)),
            .resynchronized(TouchSnapshot(contacts: [4: RawContact(trackingID: 2, x: 200, y: 50)]), time: 2),
        ])
        let update = hub.handleReadable(fd: s.fd)
        #expect(update.frames.map { summary($0) } == [["ended #1@0 100,100", "began #2@4 200,50"]])
        #expect(update.messages.contains { $0.contains("SYN_DROPPED") })
        hub.updateMapping(displaySize: Size(1600, 960))
        s.push([
            InputEvent(type: 3, code: 0x2f, value: 4, time: 3), InputEvent(type: 3, code: 0x35, value: 300, time: 3),
            InputEvent(type: 0, code: 0, value: 0, time: 3),
        ])
        #expect(summary(hub.handleReadable(fd: s.fd).frames.first) == ["moved #2@4 600,100"])
        let stop = hub.shutdown()
        #expect(summary(stop.frames.first) == ["cancelled #2@4 600,100"] && stop.removedFDs == [s.fd] && s.closed)
    }

    @Test("Explicit criteria: only the named device is used, others are told why")
    func explicitCriteria() {
        let dev = FakeDevDirectory()
        var other = touchscreen
        other.name = "Other Panel"; other.identity = DeviceIdentity(bus: 3, vendor: 0x1234, product: 0x5678)
        dev.create("event0", touchscreen); dev.create("event1", other)
        let config = InputHubConfiguration(
            displaySize: Size(800, 480), criteria: [.usb(vendor: 0x1234, product: 0x5678)],
            directory: dev.root)
        let hub = InputHub(configuration: config, opener: dev.opener)
        #expect(hub.start().addedDevices.map(\.name) == ["Other Panel"])
        #expect(hub.verdicts[dev.root + "/event0"]?.reason == "does not match 'usb:1234:5678'")
    }

    @Test("No /dev/input yet: the hub waits for the directory and finds the device when it appears")
    func directoryAppearsLater() throws {
        let dev = FakeDevDirectory()
        let dir = dev.root + "/input"
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dir), opener: dev.opener)
        let start = hub.start()
        #expect(start.addedDevices.isEmpty && start.messages.contains { $0.contains("no touch device") })
        mkdir(dir, 0o700)
        dev.create("event0", touchscreen, in: dir)
        let update = hub.handleReadable(fd: try #require(hub.fds.first))
        #expect(update.addedDevices.map(\.path) == [dir + "/event0"])
    }
}

@Suite("Device choice") struct DeviceChoiceTests {
    @Test(
        "Criteria parse from their config spelling",
        arguments: [
            ("auto", DeviceCriterion.automatic), ("/dev/input/event3", .path("/dev/input/event3")),
            ("usb:0eef:0001", .usb(vendor: 0x0eef, product: 0x0001)), ("name:*maXTouch*", .namePattern("*maXTouch*")),
        ])
    func parse(text: String, criterion: DeviceCriterion) {
        #expect(DeviceCriterion(parsing: text) == criterion)
        #expect(criterion.description == text)
    }

    @Test("Bad criteria are refused", arguments: ["usb:eef:1", "usb:0eef", "name:", "event3", "usb:zzzz:0001"])
    func parseBad(text: String) { #expect(DeviceCriterion(parsing: text) == nil) }

    @Test("Name patterns: shell wildcards or a substring, ignoring case")
    func namePatterns() {
        #expect(DeviceCriterion.nameMatches("Atmel maXTouch Touchscreen", pattern: "*maxtouch*"))
        #expect(DeviceCriterion.nameMatches("Atmel maXTouch Touchscreen", pattern: "MAXTOUCH"))
        #expect(!DeviceCriterion.nameMatches("Atmel maXTouch Touchscreen", pattern: "EP04*"))
        #expect(DeviceCriterion.nameMatches("EP0430M09", pattern: "EP04??M09"))
    }

    @Test("Automatic choice needs INPUT_PROP_DIRECT; an indirect pad is used only when named")
    func automatic() {
        var pad = touchscreen
        pad.properties = []
        let auto = DeviceSelector.evaluate(path: "/dev/input/event5", capabilities: pad, criteria: [.automatic])
        #expect(!auto.accepted && auto.reason.contains("INPUT_PROP_DIRECT"))
        let named = DeviceSelector.evaluate(
            path: "/dev/input/event5", capabilities: pad, criteria: [.automatic, .namePattern("fake")])
        #expect(named.accepted)
        let direct = DeviceSelector.evaluate(path: "/dev/input/event0", capabilities: touchscreen, criteria: [])
        #expect(direct.accepted && direct.reason.contains("10 slots"))
        let unopened = DeviceSelector.evaluate(
            path: "/dev/input/event9", capabilities: nil, openError: "permission denied", criteria: [])
        #expect(!unopened.accepted && unopened.reason.contains("permission denied"))
    }

    @Test(
        "A node not readable as it appears is a wait for udev, taken once its attributes change; at start it is the group advice"
    )
    func permissionsArriveAfterTheNode() throws {
        let dev = FakeDevDirectory()
        dev.create("event0", touchscreen); dev.denied = ["event0"]
        let hub = InputHub(
            configuration: InputHubConfiguration(displaySize: Size(800, 480), directory: dev.root), opener: dev.opener)
        let start = hub.start()
        #expect(start.messages.contains { $0.contains("add it to the 'input' group") }, "\(start.messages)")
        dev.remove("event0")
        let inotifyFD = try #require(hub.fds.first)
        _ = hub.handleReadable(fd: inotifyFD)
        dev.create("event0", touchscreen)
        let appeared = hub.handleReadable(fd: inotifyFD)
        #expect(
            appeared.messages.count == 1
                && appeared.messages[0].contains("not readable yet (Permission denied): udev gives"),
            "\(appeared.messages)")
        #expect(!appeared.messages[0].contains("add it to the 'input' group"))
        dev.denied = []
        chmod(dev.root + "/event0", 0o660)  // what udev does: an attribute change
        let taken = hub.handleReadable(fd: inotifyFD)
        #expect(taken.addedDevices.map(\.path) == [dev.root + "/event0"])
    }

    @Test("Open errors say what to check")
    func hints() {
        #expect(
            DeviceOpenError(path: "/dev/input/event0", step: "open", errno: EACCES).description.contains(
                "'input' group"))
        #expect(
            DeviceOpenError(path: "/dev/input/event0", step: "EVIOCGRAB", errno: EBUSY).description.contains("grabbed"))
    }

    @Test("Only eventN nodes count, in number order")
    func scanner() {
        let dev = FakeDevDirectory()
        for n in ["event10", "event2", "mouse0", "eventX", "js0"] { dev.create(n, keyboard) }
        #expect(DeviceScanner.eventNodes(in: dev.root) == [dev.root + "/event2", dev.root + "/event10"])
        #expect(DeviceScanner.eventNodes(in: dev.root + "/missing") == nil)
    }
}
