import Core
import Glibc
import Platform
import Raster
import Testing
@testable import Widgets
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk

/// Offline mode over MQTT (issue 43 item 3), against a real mosquitto: the broker killed, a device-bound
/// element is veiled, the text showing it dimmed behind its marker, and the banner says the broker is
/// unreachable within 2 s, on both themes; the broker back, the banner goes and the text is bright.
@Suite("MQTT: offline mode when the broker is gone", .serialized)
struct OfflineMQTTProcessTests {
    static func screens(port: Int, light: Bool) -> String {
        """
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [210, 60, 120, 60]
          mqtt = { state_topic = "zigbee2mqtt/lamp", state_json = "state", command_topic = "zigbee2mqtt/lamp/set", command_payload = '{"state":"{on|OFF|ON}"}' }
          [[screens.controls]]
          kind = "label"
          id = "lamp_text"
          frame = [210, 140, 180, 40]
          text = "Lamp {lamp:words=off|on}"
          [[screens.controls]]
          kind = "label"
          id = "plain"
          frame = [210, 200, 180, 40]
          text = "Kitchen"
        [mqtt]
        host = "127.0.0.1"
        port = \(port)
        base_topic = "tw/offline-\(light ? "light" : "dark")"
        client_id = "tw-offline-\(light ? "light" : "dark")-\(getpid())"
        keepalive = 5
        discovery = false
        \(light ? "[theme]\nbase = \"light\"" : "")
        """
    }

    /// Pixels of the banner's red dot (`LinkStatusBanner.dot`) in the top band of `s` (a top bar's height and the banner's).
    static func dots(_ s: KioskProcess.Screenshot) -> Int {
        (0..<min(160, s.height) * s.width).reduce(0) { $0 + (s.pixels[$1] & 0xFF_FFFF == 0xE5_3935 ? 1 : 0) }
    }

    /// The strongest ink inside `frame` against the background (sum of channel differences).
    static func contrast(_ s: KioskProcess.Screenshot, _ f: PixelRect) -> Int {
        let ground = s.pixels[s.width * s.height - 1]
        func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }
        var most = 0
        for y in f.y..<(f.y + f.height) {
            for x in f.x..<(f.x + f.width) {
                let d = zip(channels(s.pixels[y * s.width + x]), channels(ground)).reduce(0) { $0 + abs($1.0 - $1.1) }
                most = max(most, d)
            }
        }
        return most
    }

    @Test("Broker killed: banner within 2 s and the device's text dimmed, both themes; broker back: bright again")
    func brokerGone() throws {
        let broker = try MosquittoBroker(name: "offline-mqtt")
        let kiosks = try [false, true].map { light in
            try #require(
                KioskProcess(
                    name: "offline-mqtt-\(light)", extraScreens: Self.screens(port: broker.port, light: light)))
        }
        let text = PixelRect(x: 210, y: 140, width: 180, height: 40)
        let plain = PixelRect(x: 210, y: 200, width: 180, height: 40)
        for theme in ["dark", "light"] {
            #expect(try broker.wait("tw/offline-\(theme)/status", for: "online") == "online")
        }
        // Each kiosk has subscribed before its status went online: both hear the device.
        try broker.publish("zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        for k in kiosks { #expect(eventually { k.value("lamp") == 1 }, "the lamp's state arrived") }
        usleep(300_000)
        let live = try kiosks.map { try #require(try $0.screenshotBitmap()) }
        for s in live { #expect(Self.dots(s) == 0, "no banner while the broker is there") }

        broker.kill()
        let killed = monotonicNow()
        // Both kiosks are watched in one loop, so neither's time includes the other's screenshots.
        var took: [Double?] = kiosks.map { _ in nil }
        let deadline = killed + TestTiming.seconds(10)
        while took.contains(where: { $0 == nil }) && monotonicNow() < deadline {
            for (i, k) in kiosks.enumerated() where took[i] == nil {
                if (try? k.screenshotBitmap()).map(Self.dots) ?? 0 > 10 { took[i] = monotonicNow() - killed }
            }
            usleep(20_000)
        }
        for t in took {
            let t = try #require(t, "no banner within 10 s")
            // 2 s on a quiet machine without a sanitizer (the screenshots of a sanitized kiosk are slower).
            #expect(t <= TestTiming.seconds(2), "the banner came \(t) s after the broker was killed")
            print("offline (MQTT): the banner on screen \(t) s after the broker was killed")
        }
        usleep(200_000)
        let down = try kiosks.map { try #require(try $0.screenshotBitmap()) }
        for (i, s) in down.enumerated() {
            #expect(Self.contrast(s, text) < Self.contrast(live[i], text), "the device's text is dimmed")
            #expect(Self.contrast(s, plain) == Self.contrast(live[i], plain), "other text stays as it was")
            if getenv("THUMBWHEEL_RECORD_DOCS") != nil {
                let b = Bitmap(width: s.width, height: s.height, format: .xrgb8888)
                for y in 0..<s.height { for x in 0..<s.width { b[x, y] = s.pixels[y * s.width + x] } }
                try FileIO.writeAtomically(
                    try PNGImage.encode(b), to: repoPath("docs/look/offline-mqtt-\(i == 0 ? "dark" : "light").png"))
            }
        }

        try broker.start()
        for (i, k) in kiosks.enumerated() {
            var back: KioskProcess.Screenshot?
            #expect(
                eventually(40) {
                    back = try? k.screenshotBitmap()
                    return back.map(Self.dots) == 0
                }, "the banner goes when the broker is back")
            // The broker keeps no retained state here: the lamp is shown again once the device says it.
            try broker.publish("zigbee2mqtt/lamp", #"{"state":"ON"}"#)
            #expect(
                eventually(10) {
                    (try? k.screenshotBitmap()).map { Self.contrast($0, text) } == Self.contrast(live[i], text)
                }, "bright again")
        }
    }
}

extension OfflineMQTTProcessTests {
    @Test("A broker absent at start: the banner within 2 s; back after a long absence: live within reconnect_max")
    func brokerAbsentAtStart() throws {
        let port = MosquittoBroker.freePort()
        let started = monotonicNow()
        let kiosk = try #require(
            KioskProcess(name: "offline-mqtt-absent", extraScreens: Self.screens(port: port, light: false)))
        #expect(eventually(10) { (try? kiosk.screenshotBitmap()).map(Self.dots) ?? 0 > 10 }, "the banner: \(kiosk.dir)")
        let shown = monotonicNow() - started
        #expect(shown <= TestTiming.seconds(2), "the banner came \(shown) s after the start")
        // Long enough for the backoff to reach its cap (0.5 s doubling to 5 s: 7.5 s of waits before it).
        usleep(12_000_000)
        let broker = try MosquittoBroker(name: "offline-mqtt-late", port: port)
        let answering = monotonicNow()
        #expect(eventually(15) { (try? kiosk.screenshotBitmap()).map(Self.dots) == 0 }, "the banner goes")
        let took = monotonicNow() - answering
        print("offline (MQTT): live \(took) s after the broker answered, absent 12 s from the start")
        #expect(took <= MQTTConfig.defaultReconnectMax + TestTiming.seconds(1), "live \(took) s after the broker came")
        #expect(try broker.wait("tw/offline-dark/status", for: "online") == "online")
    }
}

extension OfflineMQTTProcessTests {
    @Test("Under a navigation bar along the top: the banner below it, the bar's labels left readable")
    func bannerBelowTopBar() throws {
        let kiosk = try #require(
            KioskProcess(
                name: "offline-mqtt-navbar",
                extraScreens: """
                    [[screens]]
                    id = "second"
                    title = "Second"
                    [navigation]
                    bar = "top"
                    [mqtt]
                    host = "127.0.0.1"
                    port = \(MosquittoBroker.freePort())
                    base_topic = "tw/offline-navbar"
                    discovery = false
                    """))
        var shot: KioskProcess.Screenshot?
        #expect(
            eventually(10) {
                shot = try? kiosk.screenshotBitmap()
                return shot.map(Self.dots) ?? 0 > 10
            }, "the banner: \(kiosk.dir)")
        let s = try #require(shot)
        let dotRows = (0..<min(200, s.height)).filter { y in
            (0..<s.width).contains { s.pixels[y * s.width + $0] & 0xFF_FFFF == 0xE5_3935 }
        }
        let bar = Int(NavBarKind.height.rounded(.up))
        #expect(
            dotRows.first.map { $0 > bar } == true,
            "the banner's dot from row \(dotRows.first ?? -1), the bar to \(bar)")
    }
}

/// Waits for `condition`, polling every 50 ms; whether it held within `timeout`.
private func eventually(_ timeout: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + TestTiming.seconds(timeout)
    while !condition() {
        guard monotonicNow() < deadline else { return false }
        usleep(50_000)
    }
    return true
}

extension KioskProcess {
    /// Control `id`'s value, or nil.
    fileprivate func value(_ id: String) -> Double? {
        request("{\"cmd\":\"get\",\"id\":\"\(id)\"}").flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }
}
