import Core
import Glibc
import Platform
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter

/// The screen switched and dimmed from outside (socket, MQTT, Home Assistant's light), through a
/// backlight folder laid out as /sys/class/backlight/* is.
@Suite("Screen power from outside", .serialized)
struct ScreenPowerProcessTests {
    /// A backlight folder with max_brightness 255, and the `[idle]` section pointing at it.
    static func backlight(_ name: String) throws -> (dir: String, section: String) {
        let dir = makeTemporaryDirectory(name)
        try FileIO.writeAtomically(Array("255\n".utf8), to: dir + "/max_brightness")
        try FileIO.writeAtomically(Array("255\n".utf8), to: dir + "/brightness")
        return (dir, "[idle]\nbacklight = \"\(dir)\"\n")
    }

    static func level(_ dir: String) -> Int? {
        FileIO.read(dir + "/brightness").flatMap { Int(String(decoding: $0, as: UTF8.self).filter(\.isNumber)) }
    }

    /// Polls until the backlight reads `expected` (or 5 s pass); returns the last level read.
    static func wait(_ dir: String, for expected: Int) -> Int? {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while level(dir) != expected && monotonicNow() < deadline { usleep(30_000) }
        return level(dir)
    }

    @Test(
        "ctl brightness and screen-power set the backlight; a touch on the dark screen wakes it; a bad level is refused"
    )
    func socket() throws {
        let (dir, idle) = try Self.backlight("power-socket")
        let kiosk = try #require(KioskProcess(name: "power-socket-kiosk", extraScreens: idle))
        #expect(kiosk.request(#"{"cmd":"brightness","value":0.4}"#) == #"{"brightness":0.4,"ok":true,"on":true}"#)
        #expect(Self.wait(dir, for: 102) == 102)
        #expect(kiosk.request(#"{"cmd":"screen-power","on":false}"#) == #"{"brightness":0.4,"ok":true,"on":false}"#)
        #expect(Self.wait(dir, for: 0) == 0)
        #expect(kiosk.request(#"{"cmd":"brightness","value":1.5}"#)?.contains("expected a number from 0 to 1") == true)
        #expect(kiosk.request(#"{"cmd":"tap","x":390,"y":290}"#)?.contains("\"ok\":true") == true)
        #expect(Self.wait(dir, for: 102) == 102, "a touch wakes the screen at the brightness set")
    }

    @Test("MQTT: <base>/backlight/set switches the screen; the state is retained; Home Assistant discovers a light")
    func mqtt() throws {
        let broker = try MosquittoBroker(name: "power-mqtt")
        let (dir, idle) = try Self.backlight("power-mqtt")
        let mqtt =
            "[mqtt]\nhost = \"127.0.0.1\"\nport = \(broker.port)\nbase_topic = \"tw/power\"\nclient_id = \"tw-power-\(getpid())\"\n"
        let kiosk = try #require(KioskProcess(name: "power-mqtt-kiosk", extraScreens: idle + mqtt))
        #expect(
            try broker.wait("tw/power/backlight/state", for: #"{"brightness":100,"state":"ON"}"#)
                == #"{"brightness":100,"state":"ON"}"#)
        try broker.publish("tw/power/backlight/set", #"{"state":"ON","brightness":40}"#)
        #expect(Self.wait(dir, for: 102) == 102)
        try broker.publish("tw/power/backlight/set", "OFF")
        #expect(Self.wait(dir, for: 0) == 0)
        #expect(
            try broker.wait("tw/power/backlight/state", for: #"{"brightness":40,"state":"OFF"}"#)
                == #"{"brightness":40,"state":"OFF"}"#)
        let discovery = try broker.retainedMessages("homeassistant/light/#")
        let light = try #require(discovery.first { $0.key.hasSuffix("/backlight/config") }?.value)
        #expect(
            light.contains(#""schema":"json""#) && light.contains(#""command_topic":"tw/power/backlight/set""#)
                && light.contains(#""brightness_scale":100"#))
        _ = kiosk
    }
}
