import Core
import Glibc
import Testing
import TestSupport
@testable import Formats
@testable import Platform

/// The simulator's gestures with a real mouse on a private X server: a mouse drag on empty space
/// turns the page, following the pointer; a button held down long-presses.
@Suite("thumbwheel simulate: page swipe and long press with the mouse", .serialized)
struct SimulatorGestureTests {
    static func config(dir: String) -> String {
        """
        [display]
        size = "320x240"
        [state]
        path = "\(dir)/state.json"
        debounce_ms = 50
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [10, 10, 120, 120]
          min = 0
          max = 100
          value = 25
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [180, 160, 120, 60]
          text = "Go"
          actions = [{ set = "dial", value = 10 }]
          on_long_press = [{ set = "dial", value = 80 }]
          long_press_ms = 500
        [[screens]]
        id = "second"
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [20, 20, 120, 50]
        """
    }

    func screen(_ sim: SimulatorProcess) throws -> String? {
        JSON.parse(Array(try sim.ctl(["list"]).out.utf8))?["screen"]?.stringValue
    }

    /// Waits until `read` gives `expected` (or 5 s pass); returns the last reading.
    func wait<T: Equatable>(for expected: T, _ read: () throws -> T?) rethrows -> T? {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var last = try read()
        while last != expected && monotonicNow() < deadline {
            usleep(50_000)
            last = try read()
        }
        return last
    }

    /// xdotool arguments for a left-button drag from `a` to `b` in `steps` moves `pause` seconds apart.
    func drag(_ sim: SimulatorProcess, from a: Point, to b: Point, steps: Int, pause: Double) -> [String] {
        var moves = ["mousemove", "--window", sim.window, "\(Int(a.x))", "\(Int(a.y))", "mousedown", "1"]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            moves += [
                "sleep", "\(pause)", "mousemove", "--window", sim.window, "\(Int(a.x + (b.x - a.x) * f))",
                "\(Int(a.y + (b.y - a.y) * f))",
            ]
        }
        return moves
    }

    @Test("A mouse drag on empty space slides the page with the pointer and turns it; back the other way")
    func mouseSwipe() throws {
        let sim = try SimulatorProcess(name: "sim-swipe", config: Self.config)
        #expect(try screen(sim) == "main")
        let before = try sim.capture()
        // Leftwards across the empty right half, held at the end: the page follows the pointer.
        var moves = drag(sim, from: Point(300, 80), to: Point(170, 80), steps: 13, pause: 0.02)
        let held = try sim.x.run("xdotool", moves + ["sleep", "0.2"])
        #expect(held.status == 0, "xdotool: \(held.err)")
        let during = try sim.capture()
        // The dial (left side) has moved left with the page: its column of pixels is not where it was.
        let column = { (s: (width: Int, height: Int, pixels: [UInt32])) in
            (10..<130).map { s.pixels[$0 * s.width + 70] }
        }
        #expect(column(during) != column(before), "the page moved with the pointer while the button was held")
        #expect(try screen(sim) == "main", "no page turn before the release")
        let up = try sim.x.run("xdotool", ["mouseup", "1"])
        #expect(up.status == 0)
        #expect(try wait(for: "second") { try screen(sim) } == "second", "released past a third: the next page")
        // Rightwards, quickly: the previous page.
        moves = drag(sim, from: Point(60, 150), to: Point(200, 150), steps: 7, pause: 0.015) + ["mouseup", "1"]
        #expect(try sim.x.run("xdotool", moves).status == 0)
        #expect(try wait(for: "main") { try screen(sim) } == "main")
        #expect(try sim.value("dial") == 25, "no swipe moved the dial")
        #expect(sim.isRunning)
    }

    @Test("The button held down long-presses: its ring fills, the long press's action runs, the release taps nothing")
    func heldButtonLongPresses() throws {
        let sim = try SimulatorProcess(name: "sim-long-press", config: Self.config)
        let idle = try sim.capture()
        let press = try sim.x.run(
            "xdotool", ["mousemove", "--window", sim.window, "240", "190", "mousedown", "1", "sleep", "0.3"])
        #expect(press.status == 0, "xdotool: \(press.err)")
        let held = try sim.capture()
        let patch = { (s: (width: Int, height: Int, pixels: [UInt32])) in
            (160..<220).flatMap { y in (180..<300).map { s.pixels[y * s.width + $0] } }
        }
        #expect(patch(held) != patch(idle), "the button shows the press and its ring while held")
        #expect(try wait(for: 80) { try sim.value("dial") } == 80, "held past long_press_ms: the long press's action")
        #expect(try sim.x.run("xdotool", ["mouseup", "1"]).status == 0)
        usleep(400_000)
        #expect(try sim.value("dial") == 80, "the release after a long press is no tap")
        // A click: the tap's action.
        #expect(
            try sim.x.run("xdotool", ["mousemove", "--window", sim.window, "240", "190", "click", "1"]).status == 0)
        #expect(try wait(for: 10) { try sim.value("dial") } == 10)
    }
}
