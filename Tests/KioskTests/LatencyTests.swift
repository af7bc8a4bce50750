import Glibc
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

@Suite("Latency ring: what each frame waited, and its percentiles")
struct LatencyRecorderTests {
    @Test("Nearest-rank percentiles are measured samples, in milliseconds, in order")
    func percentiles() throws {
        let s = try #require(LatencySummary(seconds: (1...100).map { Double($0) / 1000 }.shuffled()))
        #expect(s.count == 100 && s.p50 == 50 && s.p99 == 99 && s.max == 100)
        let one = try #require(LatencySummary(seconds: [0.002]))
        #expect(one.p50 == 2 && one.p99 == 2 && one.max == 2)
        #expect(LatencySummary(seconds: []) == nil)
    }

    @Test("A frame keeps the oldest input and set it reflects; drawn, submitted and flip times follow")
    func oneFrame() throws {
        var r = LatencyRecorder(capacity: 4)
        r.note(.input, at: 10.000, handled: 10.0004)
        r.note(.input, at: 9.999, handled: 9.999)  // an older event of the same frame wins
        r.note(.input, at: 10.001, handled: 10.001)
        r.note(.socketSet, at: 10.0005, handled: 10.0005)
        r.drawn(at: 10.002)
        r.submitted(at: 10.003, flipSerial: 7)
        let s = r.stats
        #expect(s.frames == 1)
        #expect(abs(try #require(s.inputToDrawn).max - 3) < 1e-6)
        #expect(abs(try #require(s.inputToRead).max - 1.4) < 1e-6, "the first read of the frame, from the oldest event")
        #expect(abs(try #require(s.readToSubmit).max - 2.6) < 1e-6)
        #expect(abs(try #require(s.inputToSubmit).max - 4) < 1e-6)
        #expect(abs(try #require(s.setToSubmit).max - 2.5) < 1e-6)
        #expect(s.inputToFlip == nil, "the flip event has not come")
        #expect(s.mqttSetToSubmit == nil)
        r.flipCompleted(serial: 6, at: 10.004)
        #expect(r.stats.inputToFlip == nil, "an earlier flip does not show this frame")
        r.flipCompleted(serial: 7, at: 10.0166)
        #expect(abs(try #require(r.stats.inputToFlip).max - 17.6) < 1e-6)
    }

    @Test("Frames that changed nothing, or never reached the panel, record nothing and carry nothing over")
    func discarded() {
        var r = LatencyRecorder(capacity: 4)
        r.note(.input, at: 1, handled: 1)
        r.discardPending()
        r.drawn(at: 5)
        r.submitted(at: 5.001, flipSerial: nil)
        #expect(r.count == 0, "a frame without an input or set is not a latency sample")
        r.note(.mqttSet, at: 6, handled: 6)
        r.drawn(at: 6.0001)
        r.submitted(at: 6.0002, flipSerial: nil)
        #expect(r.stats.mqttSetToSubmit?.count == 1)
        #expect(r.stats.inputToSubmit == nil)
    }

    @Test("A device's state is its own figure, timed from its arrival, apart from socket and MQTT sets")
    func deviceState() throws {
        var r = LatencyRecorder(capacity: 4)
        // Read at 2.000, handled (set) a little later in the same handler.
        r.note(.deviceSet, at: 2.000, handled: 2.0003)
        r.drawn(at: 2.0006)
        r.submitted(at: 2.0008, flipSerial: nil)
        let device = try #require(r.stats.deviceSetToSubmit)
        #expect(device.count == 1 && abs(device.max - 0.8) < 1e-6)
        #expect(r.stats.setToSubmit == nil && r.stats.mqttSetToSubmit == nil)
    }

    @Test("The ring keeps the last `capacity` frames, oldest first")
    func wraps() throws {
        var r = LatencyRecorder(capacity: 3)
        for i in 0..<5 {
            let t = Double(i)
            r.note(.input, at: t, handled: t)
            r.drawn(at: t + 0.001)
            r.submitted(at: t + Double(i + 1) / 1000, flipSerial: nil)
        }
        #expect(r.count == 3)
        #expect(r.recorded.map(\.origins.input) == [2, 3, 4])
        let s = try #require(r.stats.inputToSubmit)
        #expect(s.count == 3 && abs(s.max - 5) < 1e-6 && abs(s.p50 - 4) < 1e-6)
    }

    @Test("A frame queued behind a pending flip gets the time of the flip that shows it")
    func queuedFrameFlip() throws {
        var r = LatencyRecorder(capacity: 8)
        r.note(.input, at: 1, handled: 1); r.drawn(at: 1.001); r.submitted(at: 1.002, flipSerial: 1)
        r.note(.input, at: 1.005, handled: 1.005); r.drawn(at: 1.006); r.submitted(at: 1.007, flipSerial: 2)
        r.flipCompleted(serial: 1, at: 1.016)
        #expect(r.stats.inputToFlip?.count == 1)
        r.flipCompleted(serial: 2, at: 1.033)
        let flip = try #require(r.stats.inputToFlip)
        #expect(flip.count == 2 && abs(flip.max - 28) < 1e-6 && abs(flip.p50 - 16) < 1e-6)
    }
}

@Suite("ctl stats reports latency after drags and sets", .serialized)
struct LatencyProcessTests {
    @Test("After a drag and a set, stats has input→submit and set→submit with p50 ≤ p99 ≤ max")
    func statsAfterDragAndSet() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-latency"))
        let listing = try #require(kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) })
        let points = listing["controls"]?.arrayValue?.first?["points"]
        let handle = (points?["handle"]?.arrayValue ?? []).compactMap(\.numberValue)
        let center = (points?["center"]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(handle.count == 2 && center.count == 2)
        // From the handle (value 25, east) a quarter turn on, to the bottom: every move changes the picture.
        let r = hypot(handle[0] - center[0], handle[1] - center[1])
        let drag =
            #"{"cmd":"drag","from":[\#(handle[0]),\#(handle[1])],"to":[\#(center[0]),\#(center[1] + r)],"steps":10,"duration_ms":100}"#
        #expect(kiosk.request(drag) == #"{"ok":true,"queued":12}"#)
        usleep(400_000)  // the drag's frames are due over 100 ms
        // After the lift: a set while the finger held the dial would be kept, not drawn (issue 43).
        #expect(kiosk.request(#"{"cmd":"set","id":"dial","value":70}"#) == #"{"id":"dial","ok":true,"value":70}"#)
        let reply = try #require(kiosk.request(#"{"cmd":"stats"}"#))
        let stats = try #require(JSON.parse(Array(reply.utf8)))
        let latency = try #require(stats["latency"], "stats: \(reply)")
        for key in ["inputToSubmit", "inputToDrawn", "setToSubmit"] {
            let s = try #require(latency[key], "\(key) in \(reply)")
            let count = try #require(s["count"]?.numberValue), p50 = try #require(s["p50"]?.numberValue)
            let p99 = try #require(s["p99"]?.numberValue), max = try #require(s["max"]?.numberValue)
            #expect(count > 0 && 0 <= p50 && p50 <= p99 && p99 <= max, "\(key): \(s)")
        }
        #expect(latency["inputToFlip"] == nil, "headless: no page flips")
        let input = try #require(latency["inputToSubmit"]?["count"]?.numberValue)
        #expect(input >= 2, "the drag's frames that moved the dial")
    }

    @Test("A set of a control on another page draws nothing and is not timed against a later frame")
    func offScreenSetIsNotTimed() throws {
        let other = """
            [[screens]]
            id = "other"
              [[screens.controls]]
              kind = "circular-slider"
              id = "far"
              frame = [0, 0, 200, 200]
            """
        let kiosk = try #require(KioskProcess(name: "kiosk-latency-offscreen", extraScreens: other))
        #expect(kiosk.request(#"{"cmd":"set","id":"far","value":40}"#) == #"{"id":"far","ok":true,"value":40}"#)
        usleep(300_000)
        #expect(kiosk.request(#"{"cmd":"set","id":"dial","value":70}"#) == #"{"id":"dial","ok":true,"value":70}"#)
        let reply = try #require(kiosk.request(#"{"cmd":"stats"}"#))
        let set = try #require(JSON.parse(Array(reply.utf8))?["latency"]?["setToSubmit"], "stats: \(reply)")
        #expect(set["count"]?.numberValue == 1, "only the dial's set made a frame: \(set)")
        let max = try #require(set["max"]?.numberValue)
        #expect(max < 150, "the frame showed the dial's set, not the one 300 ms before it: \(set)")
    }
}
