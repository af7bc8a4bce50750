import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// A panel bound to HA's `demo` entities: every row of the mapping that the `tw_panel_` test does not
/// cover (docs/home-assistant.md, "What fits what").
enum DemoPanel {
    static func config(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port, size: "800x480"))
        [[variables]]
        id = "outdoor"
        entity = "sensor.outside_temperature"
        [[variables]]
        id = "track"
        type = "text"
        entity = "media_player.walkman"
        attribute = "media_title"
        [[screens]]
        id = "main"
        \(toggles)
        \(numbers)
        \(choices)
        \(buttons)
          [[screens.controls]]
          kind = "gauge"
          id = "g_outside"
          frame = [540, 410, 250, 64]
          style = "bar"
          source = "outdoor"
          min = -10
          max = 30
          readout = "{value:.1} °C"
          [[screens.controls]]
          kind = "label"
          id = "outside"
          frame = [10, 420, 300, 40]
          text = "Outside {outdoor:.1} °C"
        """
    }

    static let toggles = [
        ("t_light", "light.bed_light"), ("t_switch", "switch.ac"), ("t_fan", "fan.ceiling_fan"),
        ("t_cover", "cover.kitchen_window"), ("t_auto", "automation.tw_demo_auto"),
    ].enumerated().map { i, pair in
        """
          [[screens.controls]]
          kind = "toggle"
          id = "\(pair.0)"
          frame = [\(10 + i * 100), 10, 90, 44]
          entity = "\(pair.1)"
        """
    }.joined(separator: "\n")

    static let numbers = """
          [[screens.controls]]
          kind = "circular-slider"
          id = "d_light"
          frame = [10, 70, 150, 150]
          entity = "light.ceiling_lights"
          [[screens.controls]]
          kind = "circular-slider"
          id = "d_fan"
          frame = [170, 70, 150, 150]
          entity = "fan.living_room_fan"
          [[screens.controls]]
          kind = "circular-slider"
          id = "d_climate"
          frame = [330, 70, 150, 150]
          entity = "climate.heatpump"
          [[screens.controls]]
          kind = "range-slider"
          id = "r_ecobee"
          frame = [490, 70, 150, 150]
          min = 7
          max = 35
          entity = "climate.ecobee"
          [[screens.controls]]
          kind = "value-slider"
          id = "d_cover"
          frame = [650, 70, 140, 50]
          entity = "cover.living_room_window"
          [[screens.controls]]
          kind = "value-slider"
          id = "d_volume"
          frame = [650, 125, 140, 50]
          entity = "media_player.walkman"
        """

    static let choices = """
          [[screens.controls]]
          kind = "choice"
          id = "c_hvac"
          frame = [10, 240, 380, 44]
          options = ["off", "heat", "cool", "auto", "dry", "fan_only"]
          entity = "climate.hvac"
          [[screens.controls]]
          kind = "choice"
          id = "c_preset"
          frame = [400, 240, 200, 44]
          options = ["home", "eco", "away"]
          entity = "climate.ecobee"
          attribute = "preset_mode"
          [[screens.controls]]
          kind = "choice"
          id = "c_source"
          frame = [610, 240, 180, 44]
          entity = "media_player.lounge_room"
          [[screens.controls]]
          kind = "choice"
          id = "c_pick"
          frame = [400, 290, 390, 44]
          entity = "input_select.tw_demo_pick"
          [[screens.controls]]
          kind = "value-slider"
          id = "d_pwm"
          frame = [330, 420, 200, 50]
          entity = "number.pwm_1"
          [[screens.controls]]
          kind = "value-slider"
          id = "d_large"
          frame = [650, 180, 140, 50]
          entity = "number.large_range"
          [[screens.controls]]
          kind = "choice"
          id = "c_fan"
          frame = [10, 290, 380, 44]
          options = ["auto", "smart", "sleep", "on"]
          entity = "fan.percentage_full_fan"
          attribute = "preset_mode"
        """

    static let buttons = """
          [[screens.controls]]
          kind = "button"
          id = "b_scene"
          frame = [10, 350, 120, 50]
          text = "Evening"
          entity = "scene.tw_demo_evening"
          [[screens.controls]]
          kind = "button"
          id = "b_push"
          frame = [140, 350, 120, 50]
          text = "Push"
          entity = "button.push"
          [[screens.controls]]
          kind = "button"
          id = "b_play"
          frame = [270, 350, 120, 50]
          text = "Play"
          entity = "media_player.walkman"
          [[screens.controls]]
          kind = "button"
          id = "b_next"
          frame = [400, 350, 120, 50]
          text = "Next"
          entity = "media_player.walkman"
          service = "media_player.media_next_track"
          [[screens.controls]]
          kind = "button"
          id = "b_previous"
          frame = [530, 350, 120, 50]
          text = "Previous"
          entity = "media_player.walkman"
          service = "media_player.media_previous_track"
        """

    static let entities = [
        "light.bed_light", "switch.ac", "fan.ceiling_fan", "cover.kitchen_window", "automation.tw_demo_auto",
        "light.ceiling_lights", "fan.living_room_fan", "climate.heatpump", "climate.ecobee",
        "cover.living_room_window", "media_player.walkman", "climate.hvac", "media_player.lounge_room",
        "fan.percentage_full_fan", "input_boolean.tw_demo_scene_lamp", "button.push", "sensor.outside_temperature",
        "input_select.tw_demo_pick", "number.large_range", "number.pwm_1",
    ]
}

extension BoundPanel {
    /// A pair element's value (`[low, high]`).
    func pair(_ id: String) -> [Double]? {
        request("{\"cmd\":\"get\",\"id\":\"\(id)\"}")?["value"]?.arrayValue?.compactMap(\.numberValue)
    }

    /// A variable's value as `list` gives it.
    func variable(_ id: String) -> JSON? {
        (request("{\"cmd\":\"list\"}")?["variables"]?.arrayValue ?? []).first { $0["id"]?.stringValue == id }?["value"]
    }

    func set(_ id: String, _ value: String) -> JSON? {
        request("{\"cmd\":\"set\",\"id\":\"\(id)\",\"value\":\(value)}")
    }

    /// How many pixels inside `id`'s frame differ between two screenshots.
    static func changed(_ a: Bitmap, _ b: Bitmap, in f: [Double]) -> Int {
        guard f.count == 4 else { return -1 }
        var n = 0
        for y in max(0, Int(f[1]))..<min(a.height, Int(f[1] + f[3])) {
            for x in max(0, Int(f[0]))..<min(a.width, Int(f[0] + f[2])) where a[x, y] != b[x, y] { n += 1 }
        }
        return n
    }
}

/// Sets an entity's state the way an integration would (REST `POST /api/states/<id>`): for a demo
/// sensor, which has no service that changes it.
func postState(_ server: HAServer, _ entity: String, _ body: String) -> Bool {
    let run = runTool(
        "/usr/bin/curl",
        [
            "-sf", "-o", "/dev/null", "-X", "POST", "-H", "Authorization: Bearer \(server.token)",
            "-H", "Content-Type: application/json", "-d", body,
            "http://127.0.0.1:\(server.port)/api/states/\(entity)",
        ])
    return run?.status == 0
}

extension LiveHomeAssistantTests {
    @Test("Demo entities: every remaining row of the mapping, HA → panel and panel → HA")
    func demoRows() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: DemoPanel.entities)
        func ha(_ entity: String) -> EntityState? { h.client.entities[entity] }
        func waitHA(_ entity: String, _ what: String, _ holds: @escaping (EntityState) -> Bool) {
            let ok = turn(h.loop, timeout: 15) { ha(entity).map(holds) == true }
            #expect(ok, "\(what): HA has \(ha(entity).map { "\($0.state) \($0.attributes)" } ?? "nil")")
        }
        func call(_ domain: String, _ service: String, _ entity: String, _ data: [(String, JSON)] = []) {
            h.expectCall(domain, service, entity, data)
        }
        // Known starting states, whatever an earlier test left.
        call("light", "turn_off", "light.bed_light")
        call("switch", "turn_off", "switch.ac")
        call("fan", "turn_off", "fan.ceiling_fan")
        call("cover", "close_cover", "cover.kitchen_window")
        call("automation", "turn_off", "automation.tw_demo_auto")
        call("input_boolean", "turn_off", "input_boolean.tw_demo_scene_lamp")
        call("light", "turn_on", "light.ceiling_lights", [("brightness_pct", .number(40))])
        call("climate", "set_temperature", "climate.heatpump", [("temperature", .number(20))])
        call("climate", "set_hvac_mode", "climate.hvac", [("hvac_mode", .string("cool"))])
        call("climate", "set_preset_mode", "climate.ecobee", [("preset_mode", .string("home"))])
        call(
            "climate", "set_temperature", "climate.ecobee",
            [("target_temp_low", .number(21)), ("target_temp_high", .number(24))])
        call("media_player", "select_source", "media_player.lounge_room", [("source", .string("dvd"))])
        call("media_player", "volume_set", "media_player.walkman", [("volume_level", .number(0.5))])
        call("fan", "set_preset_mode", "fan.percentage_full_fan", [("preset_mode", .string("auto"))])
        waitHA("light.bed_light", "bed light off") { $0.state == "off" }
        waitHA("media_player.walkman", "volume 0.5") { $0[attribute: "volume_level"]?.numberValue == 0.5 }

        let panel = try BoundPanel(server: server, config: DemoPanel.config)
        /// HA → panel as a person sees it: `change` (a call in HA) brings `id` to `value`, and the
        /// screen changes inside the element's frame.
        func fromHA(
            _ id: String, _ value: Double, timeout: Double = 15, _ why: String = "", _ change: () -> Void
        ) {
            let before = panel.screenshot()
            change()
            #expect(panel.wait(id, for: value, timeout: timeout) == value, "\(id) follows HA \(why)")
            let frame = panel.frame(id)
            let drawn = eventually(5) {
                guard let before, let after = panel.screenshot() else { return false }
                return BoundPanel.changed(before, after, in: frame) > 0
            }
            #expect(drawn, "\(id) reads \(value) but its pixels did not change")
        }
        // HA's states at start.
        #expect(panel.wait("t_light", for: 0) == 0, "log: \(panel.log)")
        #expect(panel.wait("d_light", for: 40) == 40)
        #expect(panel.wait("d_climate", for: 20) == 20)
        #expect(panel.wait("c_hvac", for: 2) == 2)
        #expect(panel.wait("c_preset", for: 0) == 0)
        #expect(panel.wait("c_source", for: 0) == 0)
        #expect(panel.wait("c_fan", for: 0) == 0)
        #expect(panel.wait("d_volume", for: 50) == 50, "0–1 onto the slider's 0–100")
        #expect(
            eventually { panel.pair("r_ecobee") == [21, 24] }, "range: \(String(describing: panel.pair("r_ecobee")))")
        #expect(
            eventually { panel.variable("outdoor")?.numberValue != nil },
            "outdoor: \(String(describing: panel.variable("outdoor")))")

        // Toggles, panel → HA (a tap) and HA → panel (a service call).
        let toggles: [(String, String, String, String)] = [
            ("t_light", "light.bed_light", "on", "off"), ("t_switch", "switch.ac", "on", "off"),
            ("t_fan", "fan.ceiling_fan", "on", "off"), ("t_cover", "cover.kitchen_window", "open", "closed"),
            ("t_auto", "automation.tw_demo_auto", "on", "off"),
        ]
        for (id, entity, on, off) in toggles {
            #expect(panel.wait(id, for: 0) == 0, "\(id) starts off")
            panel.tap(id)
            waitHA(entity, "\(id) tapped on") { $0.state == on }
            let domain = String(entity.prefix { $0 != "." })
            fromHA(id, 0, "off") {
                if domain == "cover" { call("cover", "close_cover", entity) } else { call(domain, "turn_off", entity) }
            }
            fromHA(id, 1, "on") {
                if domain == "cover" { call("cover", "open_cover", entity) } else { call(domain, "turn_on", entity) }
            }
        }

        // Numbers.
        _ = panel.set("d_light", "70")
        waitHA("light.ceiling_lights", "brightness 70 %") {
            $0.state == "on" && abs(($0[attribute: "brightness"]?.numberValue ?? 0) - 178.5) <= 1
        }
        fromHA("d_light", 25) { call("light", "turn_on", "light.ceiling_lights", [("brightness_pct", .number(25))]) }
        fromHA("d_light", 0, "a light off reads 0 %") { call("light", "turn_off", "light.ceiling_lights") }

        _ = panel.set("d_fan", "66")
        waitHA("fan.living_room_fan", "percentage 66") { $0[attribute: "percentage"]?.numberValue == 66 }
        fromHA("d_fan", 33) { call("fan", "set_percentage", "fan.living_room_fan", [("percentage", .number(33))]) }

        _ = panel.set("d_climate", "23.5")
        waitHA("climate.heatpump", "temperature 23.5") { $0[attribute: "temperature"]?.numberValue == 23.5 }
        fromHA("d_climate", 18) {
            call("climate", "set_temperature", "climate.heatpump", [("temperature", .number(18))])
        }

        _ = panel.set("d_volume", "30")
        waitHA("media_player.walkman", "volume 0.3") {
            abs(($0[attribute: "volume_level"]?.numberValue ?? 0) - 0.3) < 1e-9
        }
        fromHA("d_volume", 80) {
            call("media_player", "volume_set", "media_player.walkman", [("volume_level", .number(0.8))])
        }

        // A demo cover moves 10 % a second towards the position asked.
        _ = panel.set("d_cover", "40")
        waitHA("cover.living_room_window", "position 40") { $0[attribute: "current_position"]?.numberValue == 40 }
        fromHA("d_cover", 60, timeout: 20) {
            call("cover", "set_cover_position", "cover.living_room_window", [("position", .number(60))])
        }

        // The range slider: both ends.
        _ = panel.set("r_ecobee", "[19, 25]")
        waitHA("climate.ecobee", "low 19, high 25") {
            $0[attribute: "target_temp_low"]?.numberValue == 19 && $0[attribute: "target_temp_high"]?.numberValue == 25
        }
        let rangeBefore = panel.screenshot()
        call(
            "climate", "set_temperature", "climate.ecobee",
            [("target_temp_low", .number(20)), ("target_temp_high", .number(26))])
        #expect(
            eventually { panel.pair("r_ecobee") == [20, 26] }, "range: \(String(describing: panel.pair("r_ecobee")))")
        #expect(
            eventually(5) {
                guard let rangeBefore, let after = panel.screenshot() else { return false }
                return BoundPanel.changed(rangeBefore, after, in: panel.frame("r_ecobee")) > 0
            }, "the range slider's pixels did not follow HA")

        // Choices.
        _ = panel.set("c_hvac", "1")
        waitHA("climate.hvac", "hvac heat") { $0.state == "heat" }
        fromHA("c_hvac", 5) { call("climate", "set_hvac_mode", "climate.hvac", [("hvac_mode", .string("fan_only"))]) }
        _ = panel.set("c_preset", "2")
        waitHA("climate.ecobee", "preset away") { $0[attribute: "preset_mode"]?.stringValue == "away" }
        fromHA("c_preset", 1) {
            call("climate", "set_preset_mode", "climate.ecobee", [("preset_mode", .string("eco"))])
        }
        _ = panel.set("c_source", "1")
        waitHA("media_player.lounge_room", "source youtube") { $0[attribute: "source"]?.stringValue == "youtube" }
        fromHA("c_source", 0) {
            call("media_player", "select_source", "media_player.lounge_room", [("source", .string("dvd"))])
        }
        _ = panel.set("c_fan", "2")
        waitHA("fan.percentage_full_fan", "preset sleep") { $0[attribute: "preset_mode"]?.stringValue == "sleep" }
        fromHA("c_fan", 1) {
            call("fan", "set_preset_mode", "fan.percentage_full_fan", [("preset_mode", .string("smart"))])
        }

        // Buttons: a scene, button.press, play/pause, next and previous track.
        panel.tap("b_scene")
        waitHA("input_boolean.tw_demo_scene_lamp", "the scene set its lamp") { $0.state == "on" }
        let pushedBefore = ha("button.push")?.state
        panel.tap("b_push")
        waitHA("button.push", "button.press stamps the button") { $0.state != pushedBefore && $0.state != "unknown" }
        let playing = ha("media_player.walkman")?.state
        panel.tap("b_play")
        waitHA("media_player.walkman", "play/pause") {
            $0.state != playing && ["playing", "paused"].contains($0.state)
        }
        let track = ha("media_player.walkman")?[attribute: "media_track"]?.numberValue ?? 0
        panel.tap("b_next")
        waitHA("media_player.walkman", "next track") { $0[attribute: "media_track"]?.numberValue == track + 1 }
        panel.tap("b_previous")
        waitHA("media_player.walkman", "previous track") { $0[attribute: "media_track"]?.numberValue == track }
        // The text variable follows the track's title.
        let title = ha("media_player.walkman")?[attribute: "media_title"]?.stringValue
        #expect(
            eventually { panel.variable("track")?.stringValue == title },
            "track: \(String(describing: panel.variable("track")))")

        // Ranges and options from the entity at run time, where the config leaves them out.
        #expect(panel.wait("d_large", for: 500) == 500, "number.large_range's own 1–1000, not mapped onto 0–100")
        _ = panel.set("d_large", "750")
        waitHA("number.large_range", "750") { $0.state == "750" || $0.state == "750.0" }
        _ = panel.set("d_large", "1200")
        #expect(panel.wait("d_large", for: 1000) == 1000, "clamped to the entity's max")
        waitHA("number.large_range", "1000") { Double($0.state) == 1000 }
        // number.pwm_1 runs 0–1 in steps of 0.01: the slider takes two decimals from it.
        // (The demo's PWM 1 starts at 0.42: the panel moves it first, so HA's change is one.)
        _ = panel.set("d_pwm", "0.57")
        waitHA("number.pwm_1", "0.57") { Double($0.state) == 0.57 }
        fromHA("d_pwm", 0.42) { call("number", "set_value", "number.pwm_1", [("value", .number(0.42))]) }
        call(
            "input_select", "set_options", "input_select.tw_demo_pick",
            [("options", .array([.string("red"), .string("green"), .string("blue")]))])
        fromHA("c_pick", 1) {
            call("input_select", "select_option", "input_select.tw_demo_pick", [("option", .string("green"))])
        }
        let threeOptions = try #require(panel.screenshot())
        call(
            "input_select", "set_options", "input_select.tw_demo_pick",
            [("options", .array(["one", "two", "three", "four"].map(JSON.string)))])
        waitHA("input_select.tw_demo_pick", "new options") { $0.state == "one" }
        #expect(panel.wait("c_pick", for: 0) == 0)
        _ = panel.set("c_pick", "3")
        waitHA("input_select.tw_demo_pick", "the fourth new option") { $0.state == "four" }
        // A reload drops keys set from outside: the adapter sets the entity's again.
        #expect(panel.request("{\"cmd\":\"reload\"}")?["ok"] == .bool(true))
        #expect(panel.wait("d_large", for: 1000) == 1000, "number.large_range's range again after a reload")
        _ = panel.set("c_pick", "2")
        waitHA("input_select.tw_demo_pick", "the entity's options again after a reload") { $0.state == "three" }
        _ = panel.set("c_pick", "3")
        waitHA("input_select.tw_demo_pick", "back to four") { $0.state == "four" }
        usleep(200_000)
        let fourOptions = try #require(panel.screenshot())
        #expect(
            BoundPanel.changed(threeOptions, fourOptions, in: panel.frame("c_pick")) > 500,
            "the choice shows the new options")
        try? FileIO.writeAtomically(try PNGImage.encode(fourOptions), to: panel.dir + "/demo.png")
        defer {
            try? FileIO.writeAtomically(
                try PNGImage.encode(panel.screenshot() ?? fourOptions), to: panel.dir + "/end.png")
        }

        // HA → panel seen on screen: a sensor's new state redraws the label, a service call the dial.
        let before = try #require(panel.screenshot())
        #expect(
            postState(
                server, "sensor.outside_temperature",
                "{\"state\": \"-3.25\", \"attributes\": {\"unit_of_measurement\": \"°C\"}}"))
        #expect(eventually { panel.variable("outdoor")?.numberValue == -3.25 })
        fromHA("d_climate", 30) {
            call("climate", "set_temperature", "climate.heatpump", [("temperature", .number(30))])
        }
        usleep(200_000)
        let after = try #require(panel.screenshot())
        #expect(
            BoundPanel.changed(before, after, in: panel.frame("outside")) > 50, "the label shows the new temperature")
        #expect(BoundPanel.changed(before, after, in: panel.frame("g_outside")) > 100, "the gauge too")
        #expect(BoundPanel.changed(before, after, in: panel.frame("d_climate")) > 200, "the dial moved")
        #expect(BoundPanel.changed(before, after, in: panel.frame("t_light")) == 0, "nothing else moved")
        h.client.stop()
    }
}
