import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// A `thumbwheel run` child (headless, its control socket in a temp folder) whose elements are bound
/// to the test HA's `tw_panel_` entities.
final class BoundPanel {
    let dir = makeTemporaryDirectory("ha-panel")
    let pid: pid_t
    var socketPath: String { dir + "/control.sock" }

    static func config(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [10, 10, 120, 60]
          entity = "input_boolean.tw_panel_lamp"
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [10, 100, 120, 60]
          text = "Go"
          entity = "script.tw_panel_go"
          [[screens.controls]]
          kind = "circular-slider"
          id = "level"
          frame = [200, 10, 180, 180]
          min = 0
          max = 100
          entity = "input_number.tw_panel_level"
          [[screens.controls]]
          kind = "choice"
          id = "mode"
          frame = [10, 220, 380, 60]
          options = ["eco", "comfort", "away"]
          entity = "input_select.tw_panel_mode"
        """
    }

    /// The sections every test panel starts with: headless at `size`, its state file and control socket
    /// in `dir`, and with `port` Home Assistant at `host` with the token file `init` writes.
    static func header(dir: String, port: UInt16?, size: String = "400x300", host: String = "127.0.0.1") -> String {
        let hass = port.map { "\n[homeassistant]\nurl = \"http://\(host):\($0)\"\ntoken_file = \"\(dir)/token\"" } ?? ""
        return """
            [display]
            backend = "headless"
            size = "\(size)"
            [state]
            path = "\(dir)/state.json"
            [socket]
            path = "\(dir)/control.sock"
            """ + hass
    }

    /// A kiosk with `config(dir, port)`'s text (by default the `tw_panel_` panel above).
    init(server: HAServer, config: (String, UInt16) -> String = BoundPanel.config) throws {
        try FileIO.writeAtomically(Array(server.token.utf8), to: dir + "/token", mode: 0o600)
        try FileIO.writeAtomically(Array(config(dir, server.port).utf8), to: dir + "/config.toml")
        let binary = try #require(Self.binary(), "the thumbwheel binary beside the tests")
        pid = try HAServer.spawn(binary, ["run", "--config", dir + "/config.toml"], log: dir + "/kiosk.log")
        let deadline = monotonicNow() + TestTiming.seconds(20)
        while access(socketPath, F_OK) != 0 {
            guard monotonicNow() < deadline else {
                throw HAServer.Unavailable(description: "no control socket; log: \(log)")
            }
            usleep(20_000)
        }
    }

    /// Kills the kiosk and removes its folder (THUMBWHEEL_KEEP_HA=1 keeps it, with its log and pictures).
    deinit {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        if getenv("THUMBWHEEL_KEEP_HA") == nil && dir.hasPrefix("/tmp/thumbwheel-ha-panel-") {
            _ = runTool("/bin/rm", ["-rf", dir])
        }
    }

    var log: String { FileIO.read(dir + "/kiosk.log").map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The package's `thumbwheel`, built beside the test bundle.
    static func binary() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        var dir = FileIO.directory(of: String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        while dir.contains(".xctest") { dir = FileIO.directory(of: dir) }
        return [dir + "/thumbwheel", FileIO.directory(of: dir) + "/thumbwheel"].first { access($0, X_OK) == 0 }
    }

    /// One request on the control socket, its reply (nil after 10 s).
    func request(_ line: String) -> JSON? { SocketPeer(path: socketPath, timeout: 10).request(line) }

    func value(_ id: String) -> Double? { request("{\"cmd\":\"get\",\"id\":\"\(id)\"}")?["value"]?.numberValue }

    /// Polls until `id` reads `expected` (or `timeout` passes); the last value read.
    func wait(_ id: String, for expected: Double, timeout: Double = 15) -> Double? {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        var last: Double?
        repeat {
            last = value(id)
            if last == expected { return last }
            usleep(50_000)
        } while monotonicNow() < deadline
        return last
    }

    /// The frame of `id` in screen pixels.
    func frame(_ id: String) -> [Double] {
        let controls = request("{\"cmd\":\"list\"}")?["controls"]?.arrayValue ?? []
        return (controls.first { $0["id"]?.stringValue == id }?["frame"]?.arrayValue ?? []).compactMap(\.numberValue)
    }

    /// A drag of dial `id` from its handle along its ring by `quarter` quarter turns, over `ms` milliseconds.
    func dragDial(_ id: String, quarter: Double, ms: Int) {
        let control = (request("{\"cmd\":\"list\"}")?["controls"]?.arrayValue ?? []).first {
            $0["id"]?.stringValue == id
        }
        let handle = (control?["points"]?["handle"]?.arrayValue ?? []).compactMap(\.numberValue)
        let center = (control?["points"]?["center"]?.arrayValue ?? []).compactMap(\.numberValue)
        guard handle.count == 2, center.count == 2 else { Issue.record("no handle for \(id)"); return }
        let r = hypot(handle[0] - center[0], handle[1] - center[1])
        let a = atan2(handle[1] - center[1], handle[0] - center[0]) + quarter * Double.pi / 2
        _ = request(
            "{\"cmd\":\"drag\",\"from\":[\(handle[0]),\(handle[1])],\"to\":[\(center[0] + r * cos(a)),\(center[1] + r * sin(a))],\"steps\":30,\"duration_ms\":\(ms)}"
        )
    }

    func tap(_ id: String) {
        let f = frame(id)
        guard f.count == 4 else { Issue.record("no frame for \(id)"); return }
        _ = request("{\"cmd\":\"tap\",\"x\":\(f[0] + f[2] / 2),\"y\":\(f[1] + f[3] / 2)}")
    }

    func screenshot() -> Bitmap? {
        guard let text = request("{\"cmd\":\"screenshot\"}")?["png"]?.stringValue, let png = Base64.decode(text) else {
            return nil
        }
        return try? PNGImage.decode(png)
    }

    /// Pixels of a refusal note's red (Widgets' `ElementNote.fill`) in `b`.
    static func notePixels(_ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let c = b.color(x: x, y: y)
                if c.r == 0xB3 && c.g == 0x26 && c.b == 0x1E { n += 1 }
            }
        }
        return n
    }

    /// The `homeassistant` section of `stats`.
    var stats: JSON? {
        guard let s = request("{\"cmd\":\"stats\"}") else { return nil }
        return s["adapters"]?["homeassistant"] ?? s["homeassistant"]
    }
}

/// Waits for `condition`, polling every 50 ms; whether it held within `timeout`.
func eventually(_ timeout: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + TestTiming.seconds(timeout)
    while !condition() {
        guard monotonicNow() < deadline else { return false }
        usleep(50_000)
    }
    return true
}

/// In the live suite (serialized: the last test kills the shared HA).
extension LiveHomeAssistantTests {
    @Test(
        "A panel bound to entities: taps call services, HA's changes move the elements, a refusal reverts, HA down veils them"
    )
    func boundPanel() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(
            server,
            entities: [
                "input_boolean.tw_panel_lamp", "input_boolean.tw_panel_pressed", "input_number.tw_panel_level",
                "input_select.tw_panel_mode",
            ])
        func haState(_ entity: String) -> String? { h.client.entities[entity]?.state }
        func waitHA(_ entity: String, _ state: String) -> Bool {
            turn(h.loop, timeout: 15) { haState(entity) == state }
        }
        // Back to the helpers' initial values, whatever an earlier run in this HA left.
        _ = h.call(ServiceCall(domain: "input_boolean", service: "turn_off", entity: "input_boolean.tw_panel_lamp"))
        _ = h.call(ServiceCall(domain: "input_boolean", service: "turn_off", entity: "input_boolean.tw_panel_pressed"))
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_panel_level",
                data: .object([("value", .number(10))])))
        _ = h.call(
            ServiceCall(
                domain: "input_select", service: "select_option", entity: "input_select.tw_panel_mode",
                data: .object([("option", .string("eco"))])))

        let panel = try BoundPanel(server: server)
        // HA's states at start, not the config's defaults (the dial's would be 0).
        #expect(panel.wait("level", for: 10) == 10, "log: \(panel.log)")
        #expect(panel.wait("lamp", for: 0) == 0)
        #expect(panel.wait("mode", for: 0) == 0)

        // Panel → HA.
        panel.tap("lamp")
        #expect(
            waitHA("input_boolean.tw_panel_lamp", "on"),
            "lamp in HA: \(haState("input_boolean.tw_panel_lamp") ?? "nil"); log: \(panel.log)")
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"level\",\"value\":30}")
        #expect(
            waitHA("input_number.tw_panel_level", "30.0"),
            "level in HA: \(haState("input_number.tw_panel_level") ?? "nil")")
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"mode\",\"value\":1}")
        #expect(waitHA("input_select.tw_panel_mode", "comfort"))
        panel.tap("go")
        #expect(
            waitHA("input_boolean.tw_panel_pressed", "on"),
            "the script ran: \(haState("input_boolean.tw_panel_pressed") ?? "nil")")

        // HA → panel, from the test's own client.
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_panel_level",
                data: .object([("value", .number(42))])))
        #expect(panel.wait("level", for: 42) == 42)
        _ = h.call(
            ServiceCall(
                domain: "input_select", service: "select_option", entity: "input_select.tw_panel_mode",
                data: .object([("option", .string("away"))])))
        #expect(panel.wait("mode", for: 2) == 2)
        _ = h.call(ServiceCall(domain: "input_boolean", service: "turn_off", entity: "input_boolean.tw_panel_lamp"))
        #expect(panel.wait("lamp", for: 0) == 0)

        // A drag: the finger is shown while it moves, calls go out at most every 200 ms (so a 1.2 s drag
        // makes a handful, not one per move), and HA ends on the value the finger left.
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_panel_level",
                data: .object([("value", .number(25))])))
        #expect(panel.wait("level", for: 25) == 25)
        let callsBefore = panel.stats?["calls"]?.numberValue ?? 0
        panel.dragDial("level", quarter: -0.5, ms: 1200)
        #expect(eventually { panel.value("level").map { abs($0 - 25) > 5 } == true }, "the drag moved the dial")
        usleep(1_500_000)
        let released = try #require(panel.value("level"))
        #expect(
            turn(h.loop, timeout: 15) { haState("input_number.tw_panel_level").flatMap(Double.init) == released },
            "HA \(haState("input_number.tw_panel_level") ?? "nil"), panel \(released)")
        let dragCalls = (panel.stats?["calls"]?.numberValue ?? 0) - callsBefore
        #expect(dragCalls >= 2 && dragCalls <= 9, "\(dragCalls) calls for a 1.2 s drag of 30 moves")
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_panel_level",
                data: .object([("value", .number(42))])))
        #expect(panel.wait("level", for: 42) == 42)

        // A value HA refuses (its range is 0–50): the dial takes it, HA says no, the dial goes back.
        let refusedBefore = panel.stats?["calls_refused"]?.numberValue ?? -1
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"level\",\"value\":80}")
        #expect(
            eventually { (panel.stats?["calls_refused"]?.numberValue ?? 0) > refusedBefore },
            "stats: \(String(describing: panel.stats))")
        #expect(panel.wait("level", for: 42) == 42)
        #expect(haState("input_number.tw_panel_level") == "42.0")
        #expect(panel.log.contains("input_number.set_value refused"))
        // And says why beside the dial, in HA's words, for a few seconds.
        let noted = try #require(panel.screenshot())
        try? FileIO.writeAtomically(try PNGImage.encode(noted), to: panel.dir + "/refused.png")
        #expect(BoundPanel.notePixels(noted) > 200, "the note is on screen: \(panel.dir)/refused.png")
        #expect(eventually(8) { panel.screenshot().map(BoundPanel.notePixels) == 0 }, "the note goes by itself")

        // HA killed: every bound element veiled; nothing else on the screen changes but the banner at
        // the top saying so (OfflinePanelTests looks at it).
        guard let live = panel.screenshot() else { Issue.record("no screenshot"); return }
        server.kill()
        #expect(
            eventually(40) { panel.stats?["state"]?.stringValue?.hasPrefix("down") == true },
            "stats: \(String(describing: panel.stats))")
        usleep(200_000)
        guard let down = panel.screenshot() else { Issue.record("no screenshot"); return }
        let frames = ["lamp", "go", "level", "mode"].map(panel.frame)
        var changed = 0, outside = 0
        for y in 0..<live.height {
            for x in 0..<live.width where live[x, y] != down[x, y] {
                changed += 1
                let inside = frames.contains { f in
                    f.count == 4 && Double(x) >= f[0] - 2 && Double(x) < f[0] + f[2] + 2 && Double(y) >= f[1] - 2
                        && Double(y) < f[1] + f[3] + 2
                }
                if !inside && y >= 40 { outside += 1 }
            }
        }
        #expect(changed > 1000, "the veil changed \(changed) pixels")
        #expect(outside == 0, "\(outside) pixels changed outside the bound elements")
        // A veiled element takes no touch.
        panel.tap("lamp")
        usleep(300_000)
        #expect(panel.value("lamp") == 0)

        // Restarted: live again with HA's values (the helpers' initial ones), drawn as before the kill.
        try server.restart()
        #expect(
            eventually(HAServer.startTimeout) { panel.stats?["state"]?.stringValue == "live" },
            "stats: \(String(describing: panel.stats))")
        #expect(panel.wait("level", for: 10) == 10)
        #expect(panel.wait("mode", for: 0) == 0)
        #expect(h.waitLive(HAServer.startTimeout))
        panel.tap("lamp")
        #expect(waitHA("input_boolean.tw_panel_lamp", "on"), "a touch reaches HA again")
        h.client.stop()
    }
}
