import Core
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter

/// Element keys changed from outside (the socket, MQTT) and by conditions, against the kiosk process:
/// the frame equals a render of a config written with that key, and only the element's pixels change.
@Suite("Properties from outside and conditions, end to end", .serialized)
struct PropertyProcessTests {
    /// A button and a toggle beside the kiosk's dial; `button` and `toggle` are extra keys for each.
    static func controls(text: String = "Start", button: String = "", toggle: String = "") -> String {
        """
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [220, 10, 160, 60]
          text = "\(text)"
        \(button)
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [220, 100, 160, 60]
          label = "Pump"
        \(toggle)
        [[variables]]
        id = "status"
        type = "text"
        initial = "idle"
        """
    }

    /// What `thumbwheel render` draws for the kiosk's config with `extra` in place of the controls.
    func render(_ extra: String) throws -> KioskProcess.Screenshot {
        let dir = makeTemporaryDirectory("prop-render")
        let config = dir + "/config.toml", out = dir + "/out.png"
        try FileIO.writeAtomically(Array(KioskProcess.config(dir: dir, extraScreens: extra).utf8), to: config)
        let binary = try #require(thumbwheelBinary())
        let run = try #require(runTool(binary, ["render", "--config", config, "--out", out]))
        try #require(run.status == 0, "render failed: \(run.err)")
        let bytes = try #require(FileIO.read(out))
        let bitmap = try PNGImage.decode(bytes)
        return KioskProcess.Screenshot(
            width: bitmap.width, height: bitmap.height,
            pixels: Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)))
    }

    /// Polls the frame until it differs from `old` (or 5 s pass).
    func nextFrame(_ kiosk: KioskProcess, after old: KioskProcess.Screenshot) throws -> KioskProcess.Screenshot {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var shot = try #require(try kiosk.screenshotBitmap())
        while shot.pixels == old.pixels && monotonicNow() < deadline {
            usleep(30_000)
            shot = try #require(try kiosk.screenshotBitmap())
        }
        return shot
    }

    func ok(_ reply: String?) -> Bool { reply?.contains("\"ok\":true") == true }

    @Test(
        "prop over the socket: the frame equals a render of the config with that key; a bad value is refused with the element and key"
    )
    func socketProperty() throws {
        let kiosk = try #require(KioskProcess(name: "prop-socket", extraScreens: Self.controls()))
        let before = try #require(try kiosk.screenshotBitmap())
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"go","key":"text","value":"Stop"}"#)))
        let stop = try nextFrame(kiosk, after: before)
        let stopWanted = try render(Self.controls(text: "Stop"))
        #expect(stop.pixels == stopWanted.pixels)
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"go","key":"color","value":"red"}"#)))
        let red = try nextFrame(kiosk, after: stop)
        let redWanted = try render(Self.controls(text: "Stop", button: "  color = \"red\""))
        #expect(red.pixels == redWanted.pixels)
        // Only the button's pixels changed.
        let box = try #require(changedBox(before, red))
        #expect(box.x >= 220 && box.maxX <= 380 && box.y >= 10 && box.maxY <= 70, "changed \(box)")

        #expect(
            kiosk.request(#"{"cmd":"prop","id":"go","key":"color","value":"blurple"}"#)?.contains("go.color: ") == true)
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"go","key":"size","value":"9"}"#)?
                .contains("go.size: expected one of text, color, icon, hidden, enabled") == true)
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"go","key":"text","value":"{nope}"}"#)?.contains("found {nope}") == true)
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"ghost","key":"text","value":"x"}"#)?.contains(#"no control \"ghost\""#)
                == true)
        // null puts back the config's own; a reload forgets every change.
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"go","key":"color","value":null}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"reload"}"#)))
        let back = try nextFrame(kiosk, after: red)
        #expect(back.pixels == before.pixels)
    }

    @Test("A key set over MQTT (<base>/<id>/<key>/set): the frame equals a render of the config with that key")
    func mqttProperty() throws {
        let broker = try MosquittoBroker(name: "prop-mqtt")
        let mqtt =
            "[mqtt]\nhost = \"127.0.0.1\"\nport = \(broker.port)\nbase_topic = \"tw/prop\"\nclient_id = \"tw-prop-\(getpid())\"\ndiscovery = false\n"
        let kiosk = try #require(KioskProcess(name: "prop-mqtt-kiosk", extraScreens: Self.controls() + "\n" + mqtt))
        #expect(try broker.wait("tw/prop/status", for: "online") == "online")
        let before = try #require(try kiosk.screenshotBitmap())
        try broker.publish("tw/prop/go/text/set", "Stop")
        let stop = try nextFrame(kiosk, after: before)
        let stopWanted = try render(Self.controls(text: "Stop"))
        #expect(stop.pixels == stopWanted.pixels)
        try broker.publish("tw/prop/go/color/set", "blurple")
        try broker.publish("tw/prop/go/hidden/set", "true")
        let hidden = try nextFrame(kiosk, after: stop)
        let hiddenWanted = try render(Self.controls(text: "Stop", button: "  hidden = true"))
        #expect(hidden.pixels == hiddenWanted.pixels)
        #expect(
            kiosk.logLines(containing: "go.color").count == 1,
            "a refused value is logged once, naming the element and key")
    }

    @Test("prop sets a range, decimals and options: the value follows the new range, ends that meet are refused")
    func rangeAndOptions() throws {
        let extra =
            Self.controls() + "\n" + """
                  [[screens.controls]]
                  kind = "value-slider"
                  id = "level"
                  frame = [220, 180, 160, 50]
                  min = 0
                  max = 100
                  value = 80
                  [[screens.controls]]
                  kind = "choice"
                  id = "pick"
                  frame = [0, 240, 380, 50]
                  options = ["a", "b"]
                """
        let kiosk = try #require(KioskProcess(name: "prop-range", extraScreens: extra))
        func value(_ id: String) -> Double? {
            kiosk.request(#"{"cmd":"get","id":"\#(id)"}"#).flatMap { JSON.parse(Array($0.utf8))?["value"]?.numberValue }
        }
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"level","key":"max","value":40}"#)))
        #expect(value("level") == 40, "clamped into the new range")
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"level","key":"min","value":40}"#)?.contains(
                "level.min: expected a value other than the other end") == true)
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"level","key":"decimals","value":2}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"set","id":"level","value":12.34}"#)))
        #expect(value("level") == 12.34)
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"level","key":"decimals","value":1.5}"#)?.contains(
                "level.decimals: expected a whole number") == true)
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"pick","key":"options","value":["x","y","z"]}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"set","id":"pick","value":2}"#)))
        #expect(value("pick") == 2, "a third option now")
        #expect(
            kiosk.request(#"{"cmd":"prop","id":"pick","key":"options","value":[]}"#)?.contains(
                "pick.options: expected an array of 1") == true)
    }

    @Test("A prop action: a tap on one element changes another's key, as a render of that config shows it")
    func propAction() throws {
        let action = #"  actions = [{ prop = "pump", key = "label", to = "Pump locked" }]"#
        let kiosk = try #require(KioskProcess(name: "prop-action", extraScreens: Self.controls(button: action)))
        let before = try #require(try kiosk.screenshotBitmap())
        #expect(kiosk.request(#"{"cmd":"tap","x":300,"y":40}"#)?.contains("\"ok\":true") == true)
        // The tap's press and release play out first (the button is drawn pressed meanwhile).
        usleep(500_000)
        let after = try #require(try kiosk.screenshotBitmap())
        #expect(after.pixels != before.pixels)
        let written = try render(Self.controls(button: action, toggle: #"  label = "Pump locked""#).replacingLabel())
        #expect(after.pixels == written.pixels)
    }

    @Test("Disabled from outside: veiled, refuses its touch; enabled again it takes it")
    func disabled() throws {
        let kiosk = try #require(KioskProcess(name: "prop-enabled", extraScreens: Self.controls()))
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"pump","key":"enabled","value":false}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"tap","x":340,"y":130}"#)))
        usleep(400_000)
        #expect(kiosk.request(#"{"cmd":"get","id":"pump"}"#)?.contains("\"value\":0") == true)
        #expect(ok(kiosk.request(#"{"cmd":"prop","id":"pump","key":"enabled","value":true}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"tap","x":340,"y":130}"#)))
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while kiosk.request(#"{"cmd":"get","id":"pump"}"#)?.contains("\"value\":1") != true && monotonicNow() < deadline
        { usleep(50_000) }
        #expect(kiosk.request(#"{"cmd":"get","id":"pump"}"#)?.contains("\"value\":1") == true)
    }

    @Test("A condition and a template: a value change flips the button's text and colour, damaging only the button")
    func conditions() throws {
        let button = """
              color_when = [{ when = "pump == 1", color = "#C03030" }]
              hidden_when = "dial > 90"
            """
        let kiosk = try #require(
            KioskProcess(name: "prop-condition", extraScreens: Self.controls(text: "{status}", button: button)))
        let idle = try #require(try kiosk.screenshotBitmap())
        #expect(ok(kiosk.request(#"{"cmd":"set","id":"pump","value":1}"#)))
        #expect(ok(kiosk.request(#"{"cmd":"set-var","id":"status","value":"running"}"#)))
        let running = try nextFrame(kiosk, after: idle)
        let expected = try render(
            Self.controls(text: "running", button: "  color = \"#C03030\"", toggle: "  value = 1"))
        // The toggle moved too: compare the button's rows only.
        #expect(rows(running, 10..<70, 220..<380) == rows(expected, 10..<70, 220..<380))
        #expect(rows(running, 10..<70, 220..<380) != rows(idle, 10..<70, 220..<380))
        // A condition hiding it: the button's pixels become the background.
        #expect(ok(kiosk.request(#"{"cmd":"set","id":"dial","value":95}"#)))
        let hidden = try nextFrame(kiosk, after: running)
        let background = hidden.pixels[299 * hidden.width + 399]
        #expect(rows(hidden, 10..<70, 220..<380).allSatisfy { $0 == background })
    }

    func rows(_ s: KioskProcess.Screenshot, _ ys: Range<Int>, _ xs: Range<Int>) -> [UInt32] {
        ys.flatMap { y in xs.map { x in s.pixels[y * s.width + x] } }
    }

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

extension String {
    /// The toggle's own `label = "Pump"` taken out, so a `label` written in `toggle:` is the only one.
    fileprivate func replacingLabel() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != #"  label = "Pump""# }.joined(
            separator: "\n")
    }
}
