@testable import Input

/// Builds evdev event streams by hand, with linux/input.h numbers written out so the tests do not
/// share constants with the code under test.
struct SyntheticStream {
    static let synType: UInt16 = 0, keyType: UInt16 = 1, absType: UInt16 = 3
    static let synReport: UInt16 = 0, synMTReport: UInt16 = 2, synDropped: UInt16 = 3
    static let btnTouch: UInt16 = 0x14a
    static let absX: UInt16 = 0x00, absY: UInt16 = 0x01
    static let slot: UInt16 = 0x2f, positionX: UInt16 = 0x35, positionY: UInt16 = 0x36, trackingID: UInt16 = 0x39

    private(set) var events: [InputEvent] = []
    var time = 1.0

    mutating func abs(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(type: Self.absType, code: code, value: value, time: time))
    }
    mutating func key(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(type: Self.keyType, code: code, value: value, time: time))
    }
    mutating func syn(_ code: UInt16 = synReport) {
        events.append(InputEvent(type: Self.synType, code: code, value: 0, time: time))
    }
    /// Protocol B: puts contact `id` (or −1) into `slot`, optionally with a position.
    mutating func contact(slot: Int32, id: Int32, x: Int32? = nil, y: Int32? = nil) {
        abs(Self.slot, slot)
        abs(Self.trackingID, id)
        if let x { abs(Self.positionX, x) }
        if let y { abs(Self.positionY, y) }
    }
    mutating func move(slot: Int32, x: Int32? = nil, y: Int32? = nil) {
        abs(Self.slot, slot)
        if let x { abs(Self.positionX, x) }
        if let y { abs(Self.positionY, y) }
    }
    /// Ends the frame and moves the clock on by 10 ms.
    mutating func frame() { syn(); time += 0.01 }
    /// Takes the events built so far.
    mutating func take() -> [InputEvent] { defer { events = [] }; return events }
}

/// A mapper with one display pixel per device unit over 0…999 on both axes.
let unitMapper = CoordinateMapper(
    xRange: AxisRange(minimum: 0, maximum: 999), yRange: AxisRange(minimum: 0, maximum: 999),
    displaySize: Size(1000, 1000))

import Core

/// (phase, tracking id, x, y) of each touch: compact to compare.
func summary(_ frame: TouchFrame?) -> [String] {
    (frame?.touches ?? []).map {
        "\($0.phase.rawValue) #\($0.trackingID)@\($0.slot) \(Int($0.position.x)),\(Int($0.position.y))"
    }
}
