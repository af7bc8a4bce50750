import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import Kiosk

/// Issue 43: every kind follows the finger while it is held, whatever is set from outside meanwhile.
/// A real `thumbwheel run` is dragged through injected touch frames (the socket's `drag`, routed as a
/// panel's frames are), and a value is set for the dragged element half-way: it is kept, the element
/// goes on following the finger (a value slider's drag is not ended, NP-14), the lift leaves the
/// finger's value, and the kept value is shown `CommandPacer.confirmTimeout` later, as nothing
/// confirmed the finger's.
@Suite("Held elements follow the finger whatever is set meanwhile", .serialized)
struct HeldSetProcessTests {
    /// One kind's case: the control (placed right of the kiosk's dial, or below it), the point names of
    /// `list` to drag from, where to drag to relative to it, and the value set half-way.
    struct Case: CustomStringConvertible {
        var kind: String
        var control: String
        var from: String
        var by: (Double, Double)
        var set: String
        /// Whether its value follows the finger before the lift (a dropdown's roller settles after it).
        var changesWhileHeld = true
        /// A spinner's wheel: a tap on the point opens it, and the drag starts this far from the point.
        var opensFirst: (Double, Double)?
        var description: String { kind }
    }

    static let cases: [Case] = [
        Case(
            kind: "circular-slider", control: "", from: "handle", by: (-100, 100), set: "90"),
        Case(
            kind: "gradient-slider",
            control: "kind = \"gradient-slider\"\n  frame = [200, 0, 200, 200]\n  value = 25",
            from: "handle", by: (-100, 100), set: "90"),
        Case(
            kind: "range-slider",
            control: "kind = \"range-slider\"\n  frame = [200, 0, 200, 200]\n  value = 10\n  second_value = 40",
            from: "handle", by: (60, 60), set: "[5, 95]"),
        Case(
            kind: "value-slider",
            control: "kind = \"value-slider\"\n  frame = [20, 230, 360, 60]\n  min = 0\n  max = 100\n  value = 10",
            from: "thumb", by: (230, 0), set: "3"),
        Case(
            kind: "arc-seeker",
            control: "kind = \"arc-seeker\"\n  frame = [200, 0, 200, 200]", from: "thumb", by: (-60, 80), set: "200"),
        Case(
            kind: "color-wheel",
            control: "kind = \"color-wheel\"\n  frame = [200, 0, 200, 200]\n  value = 0xff0000",
            from: "hue", by: (-70, 120), set: "255"),
        Case(
            kind: "dropdown",
            control: "kind = \"dropdown\"\n  frame = [220, 40, 160, 150]\n  options = "
                + #"["a", "b", "c", "d", "e", "f"]"#,
            from: "chosen", by: (0, -120), set: "5", changesWhileHeld: false),
        Case(
            kind: "choice",
            control: "kind = \"choice\"\n  frame = [20, 220, 360, 60]\n  options = " + #"["a", "b", "c"]"#,
            from: "c", by: (0, 0), set: "1", changesWhileHeld: false),
        Case(
            kind: "spinner",
            control: "kind = \"spinner\"\n  frame = [250, 50, 100, 100]\n  options = "
                + #"["a", "b", "c", "d", "e", "f"]"#,
            from: "center", by: (70, -70), set: "4", changesWhileHeld: false, opensFirst: (-70, 0)),
    ]

    @Test(
        "A set of a held element is kept: the finger is followed to the lift, the kept value shown 3 s later",
        arguments: cases)
    func heldElement(_ c: Case) throws {
        let id = c.control.isEmpty ? "dial" : "held"
        let extra = c.control.isEmpty ? "" : "  [[screens.controls]]\n  id = \"held\"\n  \(c.control)\n"
        let kiosk = try #require(KioskProcess(name: "held-\(c.kind)", extraScreens: extra))
        let listing = try #require(kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) })
        let element = try #require(listing["controls"]?.arrayValue?.first { $0["id"] == .string(id) }, "\(listing)")
        var start = (element["points"]?[c.from]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(start.count == 2, "\(element)")
        if let offset = c.opensFirst {
            #expect(kiosk.request(#"{"cmd":"tap","x":\#(start[0]),"y":\#(start[1])}"#)?.contains("\"ok\":true") == true)
            let open = monotonicNow() + TestTiming.seconds(5)
            while monotonicNow() < open,
                kiosk.request(#"{"cmd":"list"}"#).flatMap({ JSON.parse(Array($0.utf8)) })?["controls"]?.arrayValue?
                    .first(where: { $0["id"] == .string(id) })?["open"] != .bool(true)
            {
                usleep(20_000)
            }
            start = [start[0] + offset.0, start[1] + offset.1]
        }
        let before = element["value"]
        // Slow enough that the set lands between two of the finger's frames.
        let drag =
            #"{"cmd":"drag","from":[\#(start[0]),\#(start[1])],"to":[\#(start[0] + c.by.0),\#(start[1] + c.by.1)],"duration_ms":1600,"steps":8}"#
        #expect(kiosk.request(drag)?.contains("\"ok\":true") == true)
        let get = #"{"cmd":"get","id":"\#(id)"}"#
        func value() -> JSON? { kiosk.request(get).flatMap { JSON.parse(Array($0.utf8)) }?["value"] }
        // Half-way: the finger has moved the element (a dropdown's roller: a few of its frames are past).
        if c.changesWhileHeld {
            let moving = monotonicNow() + TestTiming.seconds(5)
            while value() == before && monotonicNow() < moving { usleep(20_000) }
            #expect(value() != before, "the finger moves the \(c.kind)")
        } else {
            usleep(700_000)
        }
        let reply = try #require(kiosk.request(#"{"cmd":"set","id":"\#(id)","value":\#(c.set)}"#))
        #expect(reply.contains("\"ok\":true"), "\(reply)")
        let kept = JSON.parse(Array(reply.utf8))?["value"]
        #expect(value() != kept, "held: the set is kept, not shown (\(reply))")
        // The drag's last frame (and the lift) are due 1.6 s after it was queued.
        usleep(1_500_000)
        var last = value(), settled = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < settled {
            usleep(150_000)
            let now = value()
            if now == last { break }
            last = now
        }
        #expect(last != kept && last != before, "after the lift the finger's value stands: \(String(describing: last))")
        // Nothing confirmed the finger's value: the kept one is shown.
        settled = monotonicNow() + TestTiming.seconds(8)
        while value() != kept && monotonicNow() < settled { usleep(50_000) }
        #expect(value() == kept, "the kept value is shown once the finger is gone (\(String(describing: kept)))")
    }

    @Test("No finger: a set moves a value slider at once (NP-14); a set after the lift replaces the kept one")
    func unheldSet() throws {
        let extra =
            "  [[screens.controls]]\n  id = \"held\"\n  kind = \"value-slider\"\n  frame = [20, 230, 360, 60]\n  min = 0\n  max = 100\n  value = 10\n"
        let kiosk = try #require(KioskProcess(name: "held-unheld", extraScreens: extra))
        #expect(kiosk.request(#"{"cmd":"set","id":"held","value":40}"#) == #"{"id":"held","ok":true,"value":40}"#)
        #expect(kiosk.request(#"{"cmd":"get","id":"held"}"#) == #"{"id":"held","ok":true,"value":40}"#)
        let listing = try #require(kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) })
        let points = listing["controls"]?.arrayValue?.first { $0["id"] == .string("held") }?["points"]
        let thumb = (points?["thumb"]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(thumb.count == 2)
        let drag =
            #"{"cmd":"drag","from":[\#(thumb[0]),\#(thumb[1])],"to":[\#(thumb[0] + 100),\#(thumb[1])],"duration_ms":600,"steps":4}"#
        #expect(kiosk.request(drag)?.contains("\"ok\":true") == true)
        usleep(200_000)
        #expect(kiosk.request(#"{"cmd":"set","id":"held","value":3}"#)?.contains("\"ok\":true") == true)
        usleep(900_000)
        // After the lift a device's newer state: shown at once, and the kept 3 never comes back.
        #expect(kiosk.request(#"{"cmd":"set","id":"held","value":60}"#) == #"{"id":"held","ok":true,"value":60}"#)
        usleep(3_500_000)
        #expect(kiosk.request(#"{"cmd":"get","id":"held"}"#) == #"{"id":"held","ok":true,"value":60}"#)
    }
}
