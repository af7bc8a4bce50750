import Controls
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import HomeAssistant
@testable import HomeAssistantAdapter
@testable import Kiosk

/// How entity states become element values and values become service calls, and the honest-state
/// rules of `EntityLinks`, with time passed in (no clock, no HA: the live suite has the real one).
@Suite("Home Assistant: entity values and honest state")
struct EntityLinksTests {
    func loaded(_ controls: String) throws -> KioskConfig {
        try ConfigLoader.parse(
            text: HomeAssistantConfigTests.section + "[[screens]]\nid = \"main\"\n" + controls, file: "c.toml")
    }

    func control(_ id: String, _ kind: String, _ entity: String, _ more: String = "") -> String {
        "  [[screens.controls]]\n  id = \"\(id)\"\n  frame = [0, 0, 100, 60]\n  kind = \"\(kind)\"\n  entity = \"\(entity)\"\n"
            + more
    }

    func link(_ kind: String, _ entity: String, _ more: String = "") throws -> EntityLink {
        let config = try loaded(control("c", kind, entity, more))
        let links = EntityLinks(
            try #require(config.homeAssistant), controls: config.allControls, variables: config.variables)
        return try #require(links.links["c"])
    }

    func state(_ s: String, _ attributes: [(String, JSON)] = []) -> EntityState {
        EntityState(state: s, attributes: .object(attributes))
    }

    @Test(
        "Numbers: a light's brightness as %, a climate's range mapped onto a dial's unless the config sets it, a volume"
    )
    func numbers() throws {
        let light = try link("circular-slider", "light.kitchen")
        #expect(
            try EntityValues.value(of: state("on", [("brightness", .number(128))]), for: light).get() == .single(50))
        #expect(try EntityValues.value(of: state("off"), for: light).get() == .single(0))
        #expect(
            EntityValues.call(.single(75), for: light, state: nil)
                == ServiceCall(
                    domain: "light", service: "turn_on", entity: "light.kitchen",
                    data: .object([("brightness_pct", .number(75))])))
        let climate = try link("circular-slider", "climate.lounge")
        let warm = state("heat", [("temperature", .number(20)), ("min_temp", .number(10)), ("max_temp", .number(30))])
        #expect(try EntityValues.value(of: warm, for: climate).get() == .single(50))
        #expect(EntityValues.call(.single(75), for: climate, state: warm)?.data?["temperature"]?.numberValue == 25)
        let own = try link("circular-slider", "climate.lounge", "  min = 10\n  max = 30\n")
        #expect(try EntityValues.value(of: warm, for: own).get() == .single(20))
        #expect(EntityValues.call(.single(22.5), for: own, state: warm)?.data?["temperature"]?.numberValue == 22.5)
        let volume = try link("value-slider", "media_player.lounge")
        #expect(
            try EntityValues.value(of: state("playing", [("volume_level", .number(0.4))]), for: volume).get()
                == .single(40))
        #expect(EntityValues.call(.single(40), for: volume, state: nil)?.service == "volume_set")
        let pair = try link("range-slider", "climate.lounge", "  min = 10\n  max = 30\n")
        #expect(
            try EntityValues.value(
                of: state("heat_cool", [("target_temp_low", .number(18)), ("target_temp_high", .number(24))]), for: pair
            ).get() == .pair(18, 24))
        #expect(EntityValues.call(.pair(17, 25), for: pair, state: nil)?.data?["target_temp_high"]?.numberValue == 25)
    }

    @Test("On/off, options and presses per domain")
    func togglesChoicesPresses() throws {
        let cover = try link("toggle", "cover.garage")
        #expect(try EntityValues.value(of: state("open"), for: cover).get() == .single(1))
        #expect(EntityValues.call(.single(0), for: cover, state: nil)?.service == "close_cover")
        let hvac = try link("choice", "climate.lounge", "  options = [\"off\", \"heat\", \"cool\"]\n")
        #expect(try EntityValues.value(of: state("heat"), for: hvac).get() == .single(1))
        #expect(
            EntityValues.call(.single(2), for: hvac, state: nil)
                == ServiceCall(
                    domain: "climate", service: "set_hvac_mode", entity: "climate.lounge",
                    data: .object([("hvac_mode", .string("cool"))])))
        let preset = try link("choice", "fan.attic", "  options = [\"auto\", \"sleep\"]\n")
        #expect(
            try EntityValues.value(of: state("on", [("preset_mode", .string("Sleep"))]), for: preset).get()
                == .single(1))
        #expect(EntityValues.call(.single(0), for: preset, state: nil)?.service == "set_preset_mode")
        #expect(throws: EntityValueProblem.self) {
            try EntityValues.value(of: state("on", [("preset_mode", .string("turbo"))]), for: preset).get()
        }
        let scene = try link("button", "scene.evening", "  text = \"Evening\"\n")
        #expect(
            EntityValues.call(nil, for: scene, state: nil)
                == ServiceCall(domain: "scene", service: "turn_on", entity: "scene.evening"))
    }

    @Test("A colour wheel on a light: rgb_color scaled by brightness; black turns it off")
    func colour() throws {
        let wheel = try link("color-wheel", "light.strip")
        let dimRed = state("on", [("rgb_color", .array([255, 0, 0].map(JSON.number))), ("brightness", .number(128))])
        #expect(try EntityValues.value(of: dimRed, for: wheel).get() == .single(Double(0x80_00_00)))
        let full = state("on", [("rgb_color", .array([0, 128, 255].map(JSON.number)))])
        #expect(
            try EntityValues.value(of: full, for: wheel).get() == .single(Double(0x00_80_FF)), "no brightness: full")
        #expect(try EntityValues.value(of: state("off"), for: wheel).get() == .single(0), "off shows black")
        #expect(throws: EntityValueProblem.self) {
            try EntityValues.value(of: state("on", [("color_temp", .number(300))]), for: wheel).get()
        }
        #expect(
            EntityValues.call(.single(Double(0x33_66_99)), for: wheel, state: nil)
                == ServiceCall(
                    domain: "light", service: "turn_on", entity: "light.strip",
                    data: .object([
                        ("rgb_color", .array([85, 170, 255].map(JSON.number))), ("brightness", .number(153)),
                    ])))
        #expect(
            EntityValues.call(.single(0), for: wheel, state: nil)
                == ServiceCall(domain: "light", service: "turn_off", entity: "light.strip"))
        // What the panel sends, HA's state gives back.
        let sent = try #require(EntityValues.call(.single(Double(0x33_66_99)), for: wheel, state: nil)?.data)
        let echoed = state(
            "on", [("rgb_color", try #require(sent["rgb_color"])), ("brightness", try #require(sent["brightness"]))])
        #expect(try EntityValues.value(of: echoed, for: wheel).get() == .single(Double(0x33_66_99)))
    }

    /// Links over a dial bound to an input_number, recording what they do.
    final class Recorder {
        var calls: [(ServiceCall, (ServiceResult) -> Void)] = []
        var applied: [StoredValue] = []
        var available: [Bool] = []
        let links: EntityLinks

        init(_ config: KioskConfig) throws {
            links = EntityLinks(
                try #require(config.homeAssistant), controls: config.allControls, variables: config.variables)
            links.call = { [unowned self] in self.calls.append(($0, $1)) }
            links.apply = { [unowned self] in
                self.applied.append($1); return nil
            }
            links.setAvailable = { [unowned self] in self.available.append($1) }
            links.setProperty = { [unowned self] in
                self.properties.append(($0, $1, $2)); return nil
            }
        }
        var properties: [(String, String, JSON)] = []

        var values: [Double] { calls.compactMap { $0.0.data?["value"]?.numberValue } }
    }

    func dial() throws -> Recorder {
        let r = try Recorder(
            try loaded(control("c", "circular-slider", "input_number.level", "  min = 0\n  max = 100\n")))
        var cache = EntityCache()
        _ = cache.apply(
            .object([("a", .object([("input_number.level", .object([("s", .string("10")), ("a", .object([]))]))]))]))
        r.links.connectionChanged(live: true, entities: cache, now: 0)
        return r
    }

    @Test("While a finger drags: one call per 200 ms, the last value on release; HA's state waits for the release")
    func rateLimit() throws {
        let r = try dial()
        #expect(r.applied == [.single(10)] && r.available == [true])
        r.links.receive(.control(id: "c", event: .startedTracking(value: 10), value: .single(10)), now: 1)
        r.links.receive(.valueChanged(id: "c", value: .single(20), urgent: false, origin: .finger), now: 1)
        r.links.receive(.valueChanged(id: "c", value: .single(30), urgent: false, origin: .finger), now: 1.05)
        r.links.receive(.valueChanged(id: "c", value: .single(40), urgent: false, origin: .finger), now: 1.1)
        #expect(r.values == [20])
        r.links.tick(now: 1.19)
        #expect(r.values == [20])
        #expect(r.links.nextDeadline == 1.2)
        r.links.tick(now: 1.2)
        #expect(r.values == [20, 40])
        // HA confirms the first value while the finger still holds the dial: the finger is shown.
        r.links.entityChanged("input_number.level", state("20.0"), now: 1.3)
        #expect(r.applied == [.single(10)])
        r.links.receive(.valueChanged(id: "c", value: .single(55), urgent: true, origin: .finger), now: 1.35)
        r.links.receive(.control(id: "c", event: .endedTracking(value: 55), value: .single(55)), now: 1.35)
        #expect(r.values == [20, 40, 55])
        r.links.entityChanged("input_number.level", state("55.0"), now: 1.5)
        #expect(r.applied == [.single(10), .single(55)])
        // HA's own state is never sent back.
        r.links.receive(.valueChanged(id: "c", value: .single(55), urgent: true, origin: .command(.device)), now: 2)
        #expect(r.values == [20, 40, 55])
    }

    @Test("A refused call puts the element back at once; an unconfirmed one after the timeout")
    func refusedAndUnconfirmed() throws {
        let r = try dial()
        r.links.receive(.valueChanged(id: "c", value: .single(80), urgent: true, origin: .command(.socket)), now: 1)
        try #require(r.calls.count == 1)
        r.calls[0].1(.failure(code: "invalid_format", message: "out of range"))
        #expect(r.applied == [.single(10), .single(10)])
        r.links.receive(.valueChanged(id: "c", value: .single(30), urgent: true, origin: .command(.socket)), now: 2)
        r.links.tick(now: 4.9)
        #expect(r.applied.count == 2)
        r.links.tick(now: 5)
        #expect(r.applied == [.single(10), .single(10), .single(10)])
    }

    @Test("A reload's links show HA's last known state at once, not a call still unconfirmed; counts go on")
    func reloadShowsHAState() throws {
        let r = try dial()
        r.links.receive(.valueChanged(id: "c", value: .single(80), urgent: true, origin: .command(.socket)), now: 1)
        try #require(r.calls.count == 1)
        let reloaded = try Recorder(
            try loaded(control("c", "circular-slider", "input_number.level", "  min = 0\n  max = 100\n")))
        reloaded.links.takeOver(from: r.links)
        var cache = EntityCache()
        _ = cache.apply(
            .object([("a", .object([("input_number.level", .object([("s", .string("10")), ("a", .object([]))]))]))]))
        reloaded.links.connectionChanged(live: true, entities: cache, now: 1.5)
        #expect(reloaded.applied == [.single(10)], "HA still says 10: the element shows 10, not the 80 sent")
        #expect(reloaded.links.callsSent == 1)
        // HA confirms the call in flight: the element follows.
        reloaded.links.entityChanged("input_number.level", state("80"), now: 2)
        #expect(reloaded.applied == [.single(10), .single(80)])
    }

    @Test("Keys from the entity: range, decimals and unit of a number, a choice's options; the config's win")
    func entityKeys() throws {
        let r = try Recorder(
            try loaded(
                control("s", "value-slider", "input_number.power")
                    + control("p", "choice", "select.mode")
                    + control("q", "choice", "select.mode", "  options = [\"A\"]\n")))
        var cache = EntityCache()
        _ = cache.apply(
            .object([
                (
                    "a",
                    .object([
                        (
                            "input_number.power",
                            .object([
                                ("s", .string("500")),
                                (
                                    "a",
                                    .object([
                                        ("min", .number(200)), ("max", .number(1000)), ("step", .number(0.5)),
                                        ("unit_of_measurement", .string("W")),
                                    ])
                                ),
                            ])
                        ),
                        (
                            "select.mode",
                            .object([
                                ("s", .string("b")),
                                ("a", .object([("options", .array([.string("a"), .string("b")]))])),
                            ])
                        ),
                    ])
                )
            ]))
        r.links.connectionChanged(live: true, entities: cache, now: 0)
        let set = r.properties.map { "\($0.0).\($0.1)=\($0.2)" }
        // min 200 is above the slider's max 100: max goes first, so the ends never meet or cross.
        #expect(
            set == ["s.max=1000", "s.min=200", "s.decimals=1", "s.unit=\"W\"", "p.options=[\"a\",\"b\"]"], "\(set)")
        #expect(r.applied.contains(.single(500)), "HA's own number, not mapped: \(r.applied)")
        #expect(r.applied.contains(.single(1)), "b is the second of the entity's options")
        // Nothing set again while the attributes stay the same.
        r.links.entityChanged(
            "input_number.power",
            EntityState(state: "600", attributes: cache.entities["input_number.power"]!.attributes), now: 1)
        #expect(r.properties.count == 5)
        #expect(
            EntityKeys.decimals(of: 0.01) == 2 && EntityKeys.decimals(of: 1) == 0 && EntityKeys.decimals(of: 0.25) == 2)
    }

    @Test("A button calling a service at no entity is veiled while HA is down and live with it")
    func serviceWithoutEntity() throws {
        let r = try Recorder(
            try loaded(
                "  [[screens.controls]]\n  id = \"off\"\n  frame = [0, 0, 100, 60]\n  kind = \"button\"\n  text = \"Off\"\n"
                    + "  service = \"light.turn_off\"\n  data = '{\"entity_id\": \"all\"}'\n"))
        r.links.connectionChanged(live: false, entities: EntityCache(), now: 0)
        #expect(r.available == [false])
        var cache = EntityCache()
        _ = cache.apply(.object([("a", .object([]))]))
        r.links.connectionChanged(live: true, entities: cache, now: 1)
        #expect(r.available == [false, true])
        r.links.receive(.control(id: "off", event: .touchUpInside, value: nil), now: 2)
        #expect(r.calls.map(\.0.service) == ["turn_off"])
    }

    @Test("Unavailable or unknown entities and a lost connection veil the element; nothing is sent while down")
    func unavailable() throws {
        let r = try dial()
        r.links.entityChanged("input_number.level", state("unavailable"), now: 1)
        #expect(r.available == [true, false])
        r.links.entityChanged("input_number.level", state("12"), now: 2)
        #expect(r.available == [true, false, true] && r.applied.last == .single(12))
        r.links.connectionChanged(live: false, entities: EntityCache(), now: 3)
        #expect(r.available.last == false)
        r.links.receive(.valueChanged(id: "c", value: .single(30), urgent: true, origin: .command(.socket)), now: 4)
        #expect(r.calls.isEmpty)
    }
}
