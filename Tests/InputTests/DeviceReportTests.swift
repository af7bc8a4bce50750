import Core
import Testing
@testable import Input

@Suite("Reports for list-devices and replay") struct DeviceReportTests {
    @Test(
        "Fixed-point formatting rounds and pads",
        arguments: [
            (0.000001, 6, "0.000001"), (12.5, 1, "12.5"), (404, 1, "404.0"), (-0.04, 1, "0.0"), (-3.25, 1, "-3.3"),
            (2.0, 0, "2"),
        ])
    func fixed(value: Double, decimals: Int, text: String) {
        #expect(DeviceReport.fixed(value, decimals: decimals) == text)
    }

    @Test("A replay line: time, then slot, id, phase and position of each touch")
    func frameLine() {
        let frame = TouchFrame(
            time: 1.5,
            touches: [
                TouchPoint(slot: 0, trackingID: 3, position: Point(10, 20.25), phase: .began),
                TouchPoint(slot: 2, trackingID: 9, position: Point(0.04, 7), phase: .cancelled),
            ])
        #expect(
            DeviceReport.frameLine(frame)
                == "1.500000  slot 0 id 3 began (10.0, 20.3)  slot 2 id 9 cancelled (0.0, 7.0)")
    }

    @Test("A device report names axes, properties, slots and the verdict")
    func deviceLines() throws {
        let caps = try #require(try EvemuParser.parse(try fixture("Atmel-maXTouch-Touchscreen.desc")).capabilities)
        let verdict = DeviceSelector.evaluate(path: "/dev/input/event0", capabilities: caps, criteria: [.automatic])
        let lines = DeviceReport.lines(path: "/dev/input/event0", capabilities: caps, verdict: verdict)
        #expect(lines.first == "/dev/input/event0: \"Atmel maXTouch Touchscreen\"")
        #expect(lines.contains("  properties: INPUT_PROP_DIRECT"))
        #expect(
            lines.contains {
                $0.hasPrefix("  axes: ABS_X 0…799, ABS_Y 0…479, ABS_MT_SLOT 0…9, ABS_MT_POSITION_X 0…799")
            })
        #expect(lines.contains("  touch: MT protocol B, 10 slots"))
        #expect(
            lines.last == "  → used: touchscreen (INPUT_PROP_DIRECT): MT protocol B with 10 slots, x 0…799, y 0…479")
    }
}
