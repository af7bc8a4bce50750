import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import Kiosk

/// Issue 43 with an MQTT device: a value slider bound to a device's topics, dragged through injected
/// touch frames while the device reports a state: the drag goes on to the finger's value (a state
/// never ends it), the final value is the command, and the device's word after the lift decides.
@Suite("MQTT: a device's state during a drag", .serialized)
struct DeviceDragProcessTests {
    static func screens(port: Int) -> String {
        """
          [[screens.controls]]
          kind = "value-slider"
          id = "level"
          frame = [20, 230, 360, 60]
          min = 0
          max = 100
          mqtt = { state_topic = "dev/level", command_topic = "dev/level/set" }
        [mqtt]
        host = "127.0.0.1"
        port = \(port)
        base_topic = "tw/drag"
        client_id = "thumbwheel-drag-\(getpid())"
        keepalive = 5
        discovery = false
        """
    }

    @Test("A state half-way is kept; the last command is the finger's; the device confirms it, or its state is shown")
    func dragWithDeviceState() throws {
        let t = DeviceTopicsProcessTests()
        let broker = try MosquittoBroker(name: "dev-drag")
        let kiosk = try #require(KioskProcess(name: "dev-drag-kiosk", extraScreens: Self.screens(port: broker.port)))
        let device = try MosquittoListener(broker, topics: ["dev/level/set"])
        // Not retained: sent once the kiosk says online, when its subscriptions are in place.
        #expect(try broker.wait("tw/drag/status", for: "online") == "online")
        try broker.publish("dev/level", "10")
        #expect(t.wait(kiosk, "level", for: 10) == 10)
        for confirms in [true, false] {
            let earlier = device.messages(on: "dev/level/set").count
            let listing = try #require(kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) })
            let points = listing["controls"]?.arrayValue?.first { $0["id"] == .string("level") }?["points"]
            let thumb = (points?["thumb"]?.arrayValue ?? []).compactMap(\.numberValue)
            try #require(thumb.count == 2)
            let to = 20 + 0.78 * 360
            let drag =
                #"{"cmd":"drag","from":[\#(thumb[0]),\#(thumb[1])],"to":[\#(to),\#(thumb[1])],"duration_ms":1600,"steps":16}"#
            #expect(kiosk.request(drag)?.contains("\"ok\":true") == true)
            let moving = monotonicNow() + TestTiming.seconds(5)
            while (t.value(kiosk, "level") ?? 10) <= 20 && monotonicNow() < moving { usleep(20_000) }
            // The device reports an older state while the finger is down.
            try broker.publish("dev/level", "17")
            usleep(300_000)
            #expect(t.value(kiosk, "level") != 17, "held: the device's state is kept")
            #expect(t.wait(kiosk, "level", for: 78) == 78, "the drag goes on to the finger's 78")
            usleep(300_000)
            let sent = device.wait(on: "dev/level/set", count: earlier + 1)
            #expect(sent.last == "78", "the last command is the finger's: \(sent)")
            if confirms {
                try broker.publish("dev/level", "78")
                usleep(3_500_000)
                #expect(t.value(kiosk, "level") == 78, "confirmed: the finger's value stays")
                try broker.publish("dev/level", "10")
                #expect(t.wait(kiosk, "level", for: 10) == 10)
            } else {
                #expect(t.wait(kiosk, "level", for: 17) == 17, "not confirmed: the device's state is shown")
                try broker.publish("dev/level", "10")
                #expect(t.wait(kiosk, "level", for: 10) == 10)
            }
        }
    }
}
