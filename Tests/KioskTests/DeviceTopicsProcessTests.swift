import Platform
import Core
import Raster
import Glibc
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Elements bound to devices' own topics, against a real mosquitto, with the devices played by
/// mosquitto_pub and mosquitto_sub in the shapes of zigbee2mqtt (JSON state, JSON `/set`) and Tasmota
/// (`stat/…/POWER`, `cmnd/…/POWER`).
@Suite("MQTT: elements bound to zigbee2mqtt and Tasmota topics", .serialized)
struct DeviceTopicsProcessTests {
    static func screens(port: Int) -> String {
        """
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [210, 0, 120, 60]
          label = "Lamp"
          mqtt = { state_topic = "zigbee2mqtt/lamp", state_json = "state", command_topic = "zigbee2mqtt/lamp/set", command_payload = '{"state":"{on|OFF|ON}"}', availability_topic = "zigbee2mqtt/lamp/availability", availability_json = "state" }
          [[screens.controls]]
          kind = "toggle"
          id = "plug"
          frame = [210, 80, 120, 60]
          label = "Plug"
          mqtt = { state_topic = "stat/plug/POWER", command_topic = "cmnd/plug/POWER" }
          [[screens.controls]]
          kind = "circular-slider"
          id = "bright"
          frame = [0, 210, 90, 90]
          min = 0
          max = 100
          mqtt = { state_topic = "zigbee2mqtt/lamp", state_json = "brightness", device_range = [0, 254], command_topic = "zigbee2mqtt/lamp/set", command_payload = '{"brightness":{value}}' }
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [210, 160, 120, 60]
          text = "Go"
          actions = [{ publish = "factory/pump/cmd", payload = "start {dial}" }]
        [mqtt]
        host = "127.0.0.1"
        port = \(port)
        base_topic = "tw/dev"
        client_id = "thumbwheel-dev-\(getpid())"
        keepalive = 5
        discovery = false
        """
    }

    func value(_ kiosk: KioskProcess, _ id: String) -> Double? {
        kiosk.request("{\"cmd\":\"get\",\"id\":\"\(id)\"}").flatMap { JSON.parse(Array($0.utf8)) }?["value"]?
            .numberValue
    }

    /// Polls until control `id` reads `expected` (or 10 s pass); returns the last value read.
    func wait(_ kiosk: KioskProcess, _ id: String, for expected: Double, timeout: Double = 10) -> Double? {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        var last: Double?
        repeat {
            last = value(kiosk, id)
            if last == expected { return last }
            usleep(50_000)
        } while monotonicNow() < deadline
        return last
    }

    /// The centre of control `id` in screen pixels (from `list`).
    func center(_ kiosk: KioskProcess, _ id: String) throws -> (Double, Double) {
        let list = try #require(kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) })
        let control = try #require(list["controls"]?.arrayValue?.first { $0["id"]?.stringValue == id })
        let f = (control["frame"]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(f.count == 4)
        return (f[0] + f[2] / 2, f[1] + f[3] / 2)
    }

    /// Waits for the kiosk's `online`: it subscribes before it says so, so a device's non-retained
    /// message sent after this is not lost to a subscription not yet in place.
    func waitOnline(_ broker: MosquittoBroker) throws {
        #expect(try broker.wait("tw/dev/status", for: "online") == "online")
    }

    func tap(_ kiosk: KioskProcess, _ id: String) throws {
        let (x, y) = try center(kiosk, id)
        #expect(kiosk.request("{\"cmd\":\"tap\",\"x\":\(x),\"y\":\(y)}")?.contains("\"ok\":true") == true)
    }

    @Test(
        "zigbee2mqtt: a tap sends exactly the device's JSON command; the device's state moves the toggle and the dial, and is not echoed back"
    )
    func zigbee() throws {
        let broker = try MosquittoBroker(name: "dev-z2m")
        let kiosk = try #require(
            KioskProcess(name: "dev-z2m-kiosk", extraScreens: DeviceTopicsProcessTests.screens(port: broker.port)))
        let device = try MosquittoListener(broker, topics: ["zigbee2mqtt/lamp/set"])
        try waitOnline(broker)
        try broker.publish("zigbee2mqtt/lamp", #"{"state":"OFF","brightness":127,"linkquality":80}"#)
        #expect(wait(kiosk, "lamp", for: 0) == 0)
        // 127 of 0…254 is the middle of the dial's 0…100.
        #expect(wait(kiosk, "bright", for: 50) == 50)

        try tap(kiosk, "lamp")
        #expect(device.wait(on: "zigbee2mqtt/lamp/set") == [#"{"state":"ON"}"#])
        // The device answers with its new state; the panel takes it and sends nothing more.
        try broker.publish("zigbee2mqtt/lamp", #"{"state":"ON","brightness":254}"#)
        #expect(wait(kiosk, "lamp", for: 1) == 1)
        #expect(wait(kiosk, "bright", for: 100) == 100)
        try broker.publish("zigbee2mqtt/lamp", #"{"state":"OFF","brightness":254}"#)
        #expect(wait(kiosk, "lamp", for: 0) == 0)
        usleep(500_000)
        #expect(
            device.messages(on: "zigbee2mqtt/lamp/set") == [#"{"state":"ON"}"#],
            "a device's own state must not be sent back to it")

        // A set from outside the panel (the socket) is a command to the device, in its numbers.
        #expect(kiosk.request(#"{"cmd":"set","id":"bright","value":25}"#)?.contains("\"ok\":true") == true)
        #expect(device.wait(on: "zigbee2mqtt/lamp/set", count: 2).last == #"{"brightness":64}"#)
    }

    @Test(
        "Tasmota: stat/…/POWER moves the toggle; a change sends cmnd/…/POWER; one the device never confirms is put back"
    )
    func tasmota() throws {
        let broker = try MosquittoBroker(name: "dev-tasmota")
        let kiosk = try #require(
            KioskProcess(name: "dev-tasmota-kiosk", extraScreens: DeviceTopicsProcessTests.screens(port: broker.port)))
        let device = try MosquittoListener(broker, topics: ["cmnd/plug/POWER"])
        try waitOnline(broker)
        try broker.publish("stat/plug/POWER", "ON")
        #expect(wait(kiosk, "plug", for: 1) == 1)
        try tap(kiosk, "plug")
        #expect(device.wait(on: "cmnd/plug/POWER") == ["OFF"])
        #expect(wait(kiosk, "plug", for: 0) == 0, "the finger's value is shown at once")
        // The plug stays silent: after the confirmation time the toggle shows the device's state again.
        #expect(wait(kiosk, "plug", for: 1, timeout: 6) == 1)
        #expect(kiosk.logLines(containing: "did not confirm").count == 1)
        // Confirmed: it stays.
        try tap(kiosk, "plug")
        #expect(device.wait(on: "cmnd/plug/POWER", count: 2).last == "OFF")
        try broker.publish("stat/plug/POWER", "OFF")
        usleep(3_500_000)
        #expect(value(kiosk, "plug") == 0)
    }

    @Test(
        "Availability: offline veils exactly the element and refuses its touch; online brings it back; a publish action sends its template"
    )
    func availability() throws {
        let broker = try MosquittoBroker(name: "dev-avail")
        let kiosk = try #require(
            KioskProcess(name: "dev-avail-kiosk", extraScreens: DeviceTopicsProcessTests.screens(port: broker.port)))
        let device = try MosquittoListener(broker, topics: ["zigbee2mqtt/lamp/set", "factory/pump/cmd"])
        try waitOnline(broker)
        try broker.publish("zigbee2mqtt/lamp", #"{"state":"OFF"}"#)
        #expect(wait(kiosk, "lamp", for: 0) == 0)
        let before = try #require(try kiosk.screenshotBitmap())
        try broker.publish("zigbee2mqtt/lamp/availability", #"{"state":"offline"}"#)
        var veiled = before
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while veiled.pixels == before.pixels && monotonicNow() < deadline {
            usleep(50_000); veiled = try #require(try kiosk.screenshotBitmap())
        }
        let changed = try #require(changedBox(before, veiled))
        let lamp = try center(kiosk, "lamp")
        #expect(
            abs(Double(changed.x + changed.width / 2) - lamp.0) <= 2
                && abs(Double(changed.y + changed.height / 2) - lamp.1) <= 2,
            "only the lamp's pixels change: \(changed)")
        try tap(kiosk, "lamp")
        usleep(500_000)
        #expect(device.messages(on: "zigbee2mqtt/lamp/set").isEmpty, "an unavailable element sends nothing")
        #expect(value(kiosk, "lamp") == 0)
        try broker.publish("zigbee2mqtt/lamp/availability", #"{"state":"online"}"#)
        usleep(300_000)
        try tap(kiosk, "lamp")
        #expect(device.wait(on: "zigbee2mqtt/lamp/set") == [#"{"state":"ON"}"#])

        try tap(kiosk, "go")
        #expect(device.wait(on: "factory/pump/cmd") == ["start 25"])
    }

    @Test("A press from MQTT (Home Assistant's button) reaches a button on a screen not shown")
    func pressOffscreen() throws {
        let broker = try MosquittoBroker(name: "dev-press")
        let extra = """
            [[screens]]
            id = "other"
              [[screens.controls]]
              kind = "button"
              id = "eco"
              frame = [0, 0, 160, 60]
              text = "Eco"
              actions = [{ set = "dial", value = 18 }]
            [mqtt]
            host = "127.0.0.1"
            port = \(broker.port)
            base_topic = "tw/press"
            client_id = "tw-press-\(getpid())"
            """
        let kiosk = try #require(KioskProcess(name: "dev-press-kiosk", extraScreens: extra))
        #expect(try broker.wait("tw/press/status", for: "online") == "online")
        try broker.publish("tw/press/eco/set", "PRESS")
        #expect(wait(kiosk, "dial", for: 18) == 18, "the preset of a button on another screen ran")
    }

    /// The smallest box holding every pixel that differs, or nil.
    func changedBox(_ a: KioskProcess.Screenshot, _ b: KioskProcess.Screenshot) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * a.width + x] {
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension KioskProcess {
    /// A frame's pixels, copied out of the decoded PNG.
    struct Screenshot: CustomStringConvertible {
        var width: Int
        var height: Int
        var pixels: [UInt32]
        /// A failed expectation prints this, not every pixel.
        var description: String { "\(width)x\(height) frame" }
    }

    /// The current frame (`screenshot`), or nil when the kiosk does not answer.
    func screenshotBitmap() throws -> Screenshot? {
        guard let reply = request("{\"cmd\":\"screenshot\"}"), let json = JSON.parse(Array(reply.utf8)),
            let png = json["png"]?.stringValue.flatMap({ Base64.decode($0) })
        else { return nil }
        let bitmap = try PNGImage.decode(png)
        return Screenshot(
            width: bitmap.width, height: bitmap.height,
            pixels: Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)))
    }
}
