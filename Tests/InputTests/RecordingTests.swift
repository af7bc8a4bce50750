import Core
import Foundation
import Testing
@testable import Input

/// Reads a fixture of Tests/InputTests/Fixtures (the recordings were copied from the project's shared
/// folder, outside the repository; MIT, Red Hat; LICENSE beside them).
func fixture(_ name: String) throws -> String {
    let dir = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
}

/// A deliberately tiny, independent reading of a protocol-B evemu file: follows ABS_MT_SLOT,
/// ABS_MT_TRACKING_ID and the MT positions line by line and notes, per contact, the frame times it
/// began and ended and its raw position at those SYN_REPORTs. Shares no code with Input.
struct IndependentScan {
    struct Contact {
        var id: Int; var beganAt: Double; var endedAt: Double?; var start: (Int, Int)?; var end: (Int, Int)?
    }
    var contacts: [Contact] = []

    init(_ text: String) {
        var slot = 0
        var idInSlot: [Int: Int] = [:]
        var pos: [Int: (Int, Int)] = [:]
        var open: [Int: Int] = [:]  // slot → index in contacts
        var startPending: [Int] = [], endPending: [(index: Int, slot: Int)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let f = line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            let time = Double(f[1])!, type = Int(f[2], radix: 16)!, code = Int(f[3], radix: 16)!, value = Int(f[4])!
            if type == 3 && code == 0x2f { slot = value }
            if type == 3 && code == 0x35 { pos[slot, default: (0, 0)].0 = value }
            if type == 3 && code == 0x36 { pos[slot, default: (0, 0)].1 = value }
            if type == 3 && code == 0x39 {
                if let i = open[slot] { contacts[i].endedAt = time; endPending.append((i, slot)); open[slot] = nil }
                if value >= 0 {
                    contacts.append(Contact(id: value, beganAt: time))
                    open[slot] = contacts.count - 1
                    startPending.append(contacts.count - 1)
                }
                idInSlot[slot] = value
            }
            if type == 0 && code == 0 {
                for i in startPending { contacts[i].start = pos[slotOf(i, open)] }
                for e in endPending { contacts[e.index].end = pos[e.slot] }
                startPending = []; endPending = []
            }
        }
    }
    private func slotOf(_ index: Int, _ open: [Int: Int]) -> Int { open.first { $0.value == index }!.key }
}

@Suite("Recordings replayed through the assembler") struct RecordingTests {
    static let files = [
        "Atmel-maXTouch-Touchscreen.1-finger-drag-up-down", "Atmel-maXTouch-Touchscreen.1-finger-fast-taps",
        "Atmel-maXTouch-Touchscreen.2-fingers-touch-release", "Atmel-maXTouch-Touchscreen.4-finger-drag-down",
        "EP0430M09.1-finger-drag-up-down", "EP0430M09.2-finger-scroll-down",
        "EP0430M09.2-fingers-touch-release", "EP0430M09.4-finger-drag-down",
    ]
    /// Axis maxima from each panel's .desc (ABS_MT_POSITION_X/Y), written out by hand.
    static func axisMax(_ file: String) -> (Double, Double) { file.hasPrefix("Atmel") ? (799, 479) : (1279, 767) }

    @Test("Every contact begins and ends once, at the recorded times and places, none stuck", arguments: files)
    func replay(file: String) throws {
        let text = try fixture(file + ".events")
        let scan = IndependentScan(text)
        let recording = try EvemuParser.parse(text)
        let display = Size(1024, 600)
        let result = try RecordingReplayer.replay(recording, displaySize: display)
        let touches = result.frames.flatMap { f in f.touches.map { (f.time, $0) } }
        let began = touches.filter { $0.1.phase == .began }
        let ended = touches.filter { $0.1.phase == .ended }
        #expect(began.count == scan.contacts.count)
        #expect(ended.count == scan.contacts.count)
        #expect(!touches.contains { $0.1.phase == .cancelled })
        #expect(result.stillDown.isEmpty)
        #expect(scan.contacts.allSatisfy { $0.endedAt != nil })

        let (maxX, maxY) = Self.axisMax(file)
        func pixel(_ raw: (Int, Int)) -> Point {
            Point(Double(raw.0) * display.width / (maxX + 1), Double(raw.1) * display.height / (maxY + 1))
        }
        for contact in scan.contacts {
            let b = try #require(began.first { $0.1.trackingID == contact.id })
            let e = try #require(ended.first { $0.1.trackingID == contact.id })
            // Microsecond timestamps: equal up to the rounding of sec + usec/1e6 vs parsing "sec.usec".
            #expect(abs(b.0 - contact.beganAt) < 1e-9)
            #expect(abs(e.0 - (contact.endedAt ?? -1)) < 1e-9)
            #expect(close(b.1.position, pixel(try #require(contact.start)), 1e-6))
            #expect(close(e.1.position, pixel(try #require(contact.end)), 1e-6))
        }
    }

    @Test("Frames are in time order and each contact's phases run began → moved* → ended", arguments: files)
    func phaseOrder(file: String) throws {
        let result = try RecordingReplayer.replay(try EvemuParser.parse(try fixture(file + ".events")))
        #expect(zip(result.frames, result.frames.dropFirst()).allSatisfy { $0.time <= $1.time })
        var state: [Int: TouchPhase] = [:]
        for touch in result.frames.flatMap(\.touches) {
            let before = state[touch.trackingID]
            switch touch.phase {
            case .began: #expect(before == nil || before == .ended)
            case .moved, .ended: #expect(before == .began || before == .moved)
            case .cancelled: Issue.record("no contact of a clean recording is cancelled")
            }
            state[touch.trackingID] = touch.phase
        }
    }

    @Test("The fast-taps recording yields nine separate taps, each a few frames long")
    func fastTaps() throws {
        let result = try RecordingReplayer.replay(
            try EvemuParser.parse(try fixture("Atmel-maXTouch-Touchscreen.1-finger-fast-taps.events")))
        let ids = result.frames.flatMap(\.touches).filter { $0.phase == .began }.map(\.trackingID)
        #expect(ids.count == 9 && Set(ids).count == 9)
    }
}

@Suite("evemu parser") struct EvemuParserTests {
    @Test("The Atmel .desc: name, id, event bits, axes, slots and properties")
    func atmelDescription() throws {
        let caps = try #require(try EvemuParser.parse(try fixture("Atmel-maXTouch-Touchscreen.desc")).capabilities)
        #expect(caps.name == "Atmel maXTouch Touchscreen")
        #expect(caps.identity == DeviceIdentity(bus: 0x18, vendor: 0, product: 0, version: 0))
        #expect(caps.codes[0] == [0, 1, 3])  // EV_SYN, EV_KEY, EV_ABS
        #expect(caps.codes[1] == [330])  // BTN_TOUCH
        #expect(caps.codes[3] == [0x00, 0x01, 0x2f, 0x35, 0x36, 0x37, 0x39, 0x3b])
        #expect(caps.axes[0x35] == AxisInfo(minimum: 0, maximum: 799))
        #expect(caps.axes[0x39]?.maximum == 65535)
        #expect(caps.properties == [1])  // INPUT_PROP_DIRECT
        #expect(caps.slotCount == 10)
        #expect(caps.touchProtocol == .multitouchB)
        #expect(caps.isDirect && !caps.canRumble)
    }

    @Test("E: lines: hex type and code, decimal value with evemu's zero padding, sec.usec time")
    func eventLine() throws {
        let r = try EvemuParser.parse(
            "E: 12.000500 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID -1\nE: 0.000001 0001 014a 0001\n")
        #expect(r.capabilities == nil)
        #expect(
            r.events == [
                InputEvent(type: 3, code: 0x39, value: -1, time: 12.0005),
                InputEvent(type: 1, code: 330, value: 1, time: 0.000001),
            ])
    }

    @Test(
        "A broken line is reported with its line number",
        arguments: [
            ("N: x\nE: 1.0 0003 0039 1\n", 2), ("# c\n\nZ: 1\n", 3), ("A: zz 0 1\n", 1),
            ("E: 1.000000 0003 0039 one\n", 1),
        ])
    func errors(text: String, line: Int) {
        #expect(throws: EvemuParseError.self) { try EvemuParser.parse(text) }
        do { _ = try EvemuParser.parse(text) } catch { #expect(error.line == line) }
    }

    @Test("Replaying without any description asks for one")
    func noDescription() throws {
        let r = try EvemuParser.parse("E: 0.000001 0000 0000 0000\n")
        #expect(throws: ReplayError.noDescription) { try RecordingReplayer.replay(r) }
    }
}

@Suite("Hand-written fixtures for the other protocols") struct SyntheticFixtureTests {
    /// Replays `name`.events with `name`.desc, positions in device units.
    func replay(_ name: String) throws -> ReplayResult {
        let desc = try #require(try EvemuParser.parse(try fixture(name + ".desc")).capabilities)
        return try RecordingReplayer.replay(try EvemuParser.parse(try fixture(name + ".events")), description: desc)
    }

    @Test("Single touch: three presses as the file's comment describes them")
    func singleTouch() throws {
        let r = try replay("Synthetic-single-touch")
        #expect(
            r.frames.map { summary($0) } == [
                ["began #0@0 1000,1000"], ["ended #0@0 1000,1000"],
                ["began #1@0 2000,500"], ["moved #1@0 2100,500"], ["moved #1@0 2200,500"], ["moved #1@0 2300,500"],
                ["ended #1@0 2300,500"],
                ["began #2@0 4000,4000"], ["ended #2@0 4000,4000"],
            ])
        #expect(r.stillDown.isEmpty)
    }

    @Test("Protocol A: two fingers keep their ids through a swapped report; each lifts once")
    func protocolA() throws {
        let r = try replay("Synthetic-protocol-A")
        #expect(
            r.frames.map { summary($0) } == [
                ["began #0@0 100,100", "began #1@1 900,500"],
                ["moved #0@0 110,105", "moved #1@1 890,495"],
                ["moved #0@0 120,110", "moved #1@1 880,490"],
                ["ended #0@0 120,110", "moved #1@1 870,485"],
                ["ended #1@1 870,485"],
            ])
        #expect(r.stillDown.isEmpty)
    }
}
