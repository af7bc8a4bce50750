import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// Offline mode against the real HA core (issue 43 item 3): HA killed, every text whose value comes
/// from HA is dimmed behind its marker and the banner says since when, within 2 s, on both themes; HA
/// back, the banner goes and the text is bright again. `THUMBWHEEL_RECORD_DOCS=1` writes the pictures
/// to docs/look/offline-{dark,light}.png.
enum OfflinePanel {
    static func config(light: Bool) -> (String, UInt16) -> String {
        { dir, port in
            """
            \(BoundPanel.header(dir: dir, port: port, size: "480x320"))
            \(light ? "[theme]\nbase = \"light\"" : "")
            [[variables]]
            id = "level_var"
            entity = "input_number.tw_panel_level"
            [[variables]]
            id = "ghost"
            entity = "sensor.tw_no_such_sensor"
            [[variables]]
            id = "unit"
            entity = "input_number.tw_panel_level"
            attribute = "unit_of_measurment"
            type = "text"
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "toggle"
              id = "lamp"
              frame = [10, 50, 120, 60]
              entity = "input_boolean.tw_panel_lamp"
              [[screens.controls]]
              kind = "label"
              id = "lamp_text"
              frame = [140, 50, 330, 40]
              text = "Lamp is {input_boolean.tw_panel_lamp}"
              [[screens.controls]]
              kind = "circular-slider"
              id = "level"
              frame = [10, 130, 170, 170]
              min = 0
              max = 100
              readout = "{value:.0} %"
              entity = "input_number.tw_panel_level"
              [[screens.controls]]
              kind = "label"
              id = "level_text"
              frame = [200, 110, 270, 40]
              text = "Level {level_var:.0}"
              [[screens.controls]]
              kind = "label"
              id = "mode_text"
              frame = [200, 160, 270, 40]
              text = "Mode: {input_select.tw_panel_mode}"
              [[screens.controls]]
              kind = "label"
              id = "plain"
              frame = [200, 260, 270, 40]
              text = "Kitchen"
            """
        }
    }

    /// The texts whose values come from HA.
    static let texts = ["lamp_text", "level_text", "mode_text"]

    /// Pixels of the banner's red dot in `b`.
    static func dotPixels(_ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<min(80, b.height) {
            for x in 0..<b.width {
                let c = b.color(x: x, y: y)
                if c.r == 0xE5 && c.g == 0x39 && c.b == 0x35 { n += 1 }
            }
        }
        return n
    }

    /// How far the strongest ink inside `frame` stands from the screen's background (sum of channels):
    /// a dimmed text stands nearer.
    static func contrast(_ b: Bitmap, _ frame: [Double]) -> Int {
        guard frame.count == 4 else { return -1 }
        let ground = b.color(x: b.width - 1, y: b.height - 1)
        var most = 0
        for y in Int(frame[1])..<Int(frame[1] + frame[3]) {
            for x in Int(frame[0])..<Int(frame[0] + frame[2]) {
                let c = b.color(x: x, y: y)
                most = max(
                    most, abs(Int(c.r) - Int(ground.r)) + abs(Int(c.g) - Int(ground.g)) + abs(Int(c.b) - Int(ground.b)))
            }
        }
        return most
    }
}

extension LiveHomeAssistantTests {
    @Test("HA killed: every HA-derived text dimmed and the banner within 2 s, both themes; HA back: bright, no banner")
    func offlinePanel() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(
            server,
            entities: ["input_number.tw_panel_level", "input_boolean.tw_panel_lamp", "input_select.tw_panel_mode"])
        _ = h.call(ServiceCall(domain: "input_boolean", service: "turn_off", entity: "input_boolean.tw_panel_lamp"))
        _ = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_panel_level",
                data: .object([("value", .number(10))])))
        h.client.stop()
        let panels = [
            ("dark", try BoundPanel(server: server, config: OfflinePanel.config(light: false))),
            ("light", try BoundPanel(server: server, config: OfflinePanel.config(light: true))),
        ]
        for (_, panel) in panels {
            #expect(eventually { panel.stats?["state"]?.stringValue == "live" }, "log: \(panel.log)")
            #expect(panel.wait("level", for: 10) == 10)
        }
        usleep(300_000)
        var live: [String: Bitmap] = [:]
        for (name, panel) in panels {
            let shot = try #require(panel.screenshot())
            live[name] = shot
            #expect(OfflinePanel.dotPixels(shot) == 0, "no banner while live")
            // A mistyped entity and a wrong attribute are named, in stats and the log.
            let stats = panel.stats
            #expect(
                stats?["unknown_entities"] == .array([.string("sensor.tw_no_such_sensor")]),
                "\(String(describing: stats))")
            #expect(stats?["problems"]?["unit"]?.stringValue?.contains("unit_of_measurment") == true)
            #expect(panel.log.contains("HA has no sensor.tw_no_such_sensor"), "\(panel.log)")
        }

        server.kill()
        let killed = monotonicNow()
        var down: [String: Bitmap] = [:]
        for (name, panel) in panels {
            var shot: Bitmap?
            #expect(
                eventually(10) {
                    shot = panel.screenshot()
                    return shot.map(OfflinePanel.dotPixels) ?? 0 > 10
                }, "the banner: \(panel.dir)")
            let took = monotonicNow() - killed
            // The promise is 2 s on a quiet machine; a sanitizer's or a busy machine's kiosk gets it scaled.
            #expect(took <= TestTiming.seconds(2), "\(name): the banner came \(took) s after HA was killed")
            print("offline (\(name)): the banner on screen \(took) s after HA was killed")
            usleep(200_000)
            down[name] = try #require(panel.screenshot())
        }
        for (name, panel) in panels {
            let (before, after) = (try #require(live[name]), try #require(down[name]))
            try? FileIO.writeAtomically(try PNGImage.encode(after), to: panel.dir + "/offline.png")
            if getenv("THUMBWHEEL_RECORD_DOCS") != nil {
                try FileIO.writeAtomically(try PNGImage.encode(after), to: repoPath("docs/look/offline-\(name).png"))
                try FileIO.writeAtomically(try PNGImage.encode(before), to: repoPath("docs/look/online-\(name).png"))
            }
            for id in OfflinePanel.texts + ["level"] {
                let f = panel.frame(id)
                #expect(
                    OfflinePanel.contrast(after, f) < OfflinePanel.contrast(before, f),
                    "\(name): \(id) is dimmed: \(panel.dir)/offline.png")
            }
            #expect(
                OfflinePanel.contrast(after, panel.frame("plain"))
                    == OfflinePanel.contrast(before, panel.frame("plain")),
                "\(name): the text HA does not feed stays as it was")
            let variables = panel.request("{\"cmd\":\"list\"}")?["variables"]?.arrayValue ?? []
            #expect(variables.first { $0["id"]?.stringValue == "level_var" }?["stale"] == .bool(true))
        }

        // THUMBWHEEL_HA_OUTAGE=65 keeps HA away that many seconds from its kill (the figure in
        // docs/home-assistant-client.md); by default the outage is as long as the checks above take.
        if let wanted = getenv("THUMBWHEEL_HA_OUTAGE").flatMap({ Double(String(cString: $0)) }) {
            let rest = wanted - (monotonicNow() - killed)
            if rest > 0 { usleep(UInt32(rest * 1e6)) }
        }
        let outage = monotonicNow()
        try server.restart()
        // HA answers once its HTTP server listens (its WebSocket API with it): from then on the panels'
        // backoff, capped at 5 s by default, is all that stands between HA and the panel.
        #expect(eventually(HAServer.startTimeout) { server.accepts() }, "HA came back")
        let answering = monotonicNow()
        for (name, panel) in panels {
            #expect(
                eventually(HAServer.startTimeout) { panel.stats?["state"]?.stringValue == "live" },
                "stats: \(String(describing: panel.stats))")
            let took = monotonicNow() - answering
            print(
                "offline (\(name)): live \(took) s after HA answered again, \(answering - outage) s after it was started, "
                    + "\(answering - killed) s after it was killed")
            #expect(
                took <= HomeAssistantClient.Timing.defaultMaximumBackoff + TestTiming.seconds(1),
                "\(name): live \(took) s after HA answered again")
            #expect(eventually(5) { panel.screenshot().map(OfflinePanel.dotPixels) == 0 }, "\(name): the banner goes")
            let back = try #require(panel.screenshot())
            let before = try #require(live[name])
            for id in OfflinePanel.texts {
                let f = panel.frame(id)
                #expect(
                    OfflinePanel.contrast(back, f) == OfflinePanel.contrast(before, f), "\(name): \(id) bright again")
            }
        }
    }
}

extension LiveHomeAssistantTests {
    @Test("A refused token: its elements veiled and the banner says so, in the log as well")
    func refusedTokenBanner() throws {
        let server = try HAServer.shared()
        let panel = try BoundPanel(server: server) { dir, port in
            // The panel's own token file holds a token HA never issued.
            try? FileIO.writeAtomically(Array("not-a-token".utf8), to: dir + "/bad-token", mode: 0o600)
            return OfflinePanel.config(light: false)(dir, port)
                .replacingPlaceholder("token_file = \"\(dir)/token\"", with: "token_file = \"\(dir)/bad-token\"")
        }
        #expect(
            eventually(30) { panel.screenshot().map(OfflinePanel.dotPixels) ?? 0 > 10 },
            "the banner: \(panel.dir), log: \(panel.log)")
        #expect(panel.stats?["state"]?.stringValue?.hasPrefix("refused") == true)
        let variables = panel.request("{\"cmd\":\"list\"}")?["variables"]?.arrayValue ?? []
        #expect(variables.first { $0["id"]?.stringValue == "level_var" }?["stale"] == .bool(true))
        if getenv("THUMBWHEEL_RECORD_DOCS") != nil, let shot = panel.screenshot() {
            try FileIO.writeAtomically(try PNGImage.encode(shot), to: repoPath("docs/look/offline-refused.png"))
        }
    }
}
