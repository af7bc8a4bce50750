import AssetFiles
import Core
import Raster
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import HomeAssistant
@testable import HomeAssistantAdapter
@testable import Kiosk
@testable import Widgets

/// Offline mode in the kiosk (issue 43 items 3 and 6), with time passed in: which elements are veiled
/// for an unavailable value they read, the link banner's words and place, and the adapter's rules for
/// variables, a wrong attribute and entities HA does not know.
@Suite("Offline mode: veils, the link banner, unavailable variables")
struct OfflineModeTests {
    static let panel = """
        [[variables]]
        id = "outdoor"
        [[variables]]
        id = "mode"
        type = "text"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "button"
          id = "templated"
          frame = [0, 0, 120, 60]
          text = "Out {outdoor}"
          [[screens.controls]]
          kind = "button"
          id = "conditional"
          frame = [130, 0, 120, 60]
          text = "Heat"
          color_when = [{ when = "mode == 'heat'", color = "#FF0000" }]
          [[screens.controls]]
          kind = "gauge"
          id = "gauge"
          frame = [0, 70, 120, 120]
          source = "outdoor"
          [[screens.controls]]
          kind = "chart"
          id = "chart"
          frame = [130, 70, 200, 120]
          sources = ["outdoor"]
          [[screens.controls]]
          kind = "label"
          id = "label"
          frame = [0, 200, 200, 40]
          text = "{outdoor} °C"
          [[screens.controls]]
          kind = "button"
          id = "plain"
          frame = [210, 200, 120, 60]
          text = "Plain"
        """

    @Test("Elements reading an unavailable value through a template, condition, source or series are veiled")
    func veiledReaders() throws {
        let config = try ConfigLoader.parse(text: Self.panel, file: "c.toml")
        let screen = KioskScreen(
            config: config, index: 0, canvasSize: PixelSize(width: 480, height: 320), scale: 1, time: 0)
        #expect(screen.readingUnavailable.isEmpty)
        screen.board.setAvailable("outdoor", false)
        #expect(screen.readingUnavailable == ["templated", "gauge", "chart"], "the label dims itself instead")
        screen.board.setAvailable("mode", false)
        #expect(screen.readingUnavailable == ["templated", "gauge", "chart", "conditional"])
        screen.board.setAvailable("outdoor", true)
        screen.board.setAvailable("mode", true)
        #expect(screen.readingUnavailable.isEmpty)
    }

    @Test("The banner's words: unreachable since the loss in local time, the token refused, nothing when live")
    func lines() {
        let names = WallClockText.Names.of(locale: "en")
        // 14:05 local now; lost 180 s ago.
        let local = 14 * 3600.0 + 5 * 60 + 20
        let down = LinkStatus(name: "Home Assistant", state: .unreachable(since: 820))
        #expect(down.line(now: 1000, localNow: local, names: names) == "Home Assistant unreachable since 14:02")
        let refused = LinkStatus(name: "Home Assistant", state: .refused(credential: "token"))
        #expect(refused.line(now: 0, localNow: local, names: names) == "Home Assistant refused the token")
        #expect(LinkStatus(name: "MQTT broker", state: .live).line(now: 0, localNow: local, names: names) == nil)
    }

    @Test("A link stays unreachable since its first loss through retries; live and refused are news once")
    func watch() {
        var w = LinkWatch(name: "Home Assistant")
        #expect(w.connected() == nil, "live from the start: nothing to say")
        #expect(w.lost(now: 5) == LinkStatus(name: "Home Assistant", state: .unreachable(since: 5)))
        #expect(w.lost(now: 9) == nil, "a failed retry keeps the first loss")
        #expect(w.connected()?.state == .live)
        #expect(w.refused(credential: "token")?.state == .refused(credential: "token"))
        #expect(w.refused(credential: "token") == nil)
    }

    @Test("The banner is clear of the 'not saved' badge on every panel size, in both themes' colours")
    func placement() throws {
        let font = DefaultFonts.regular
        for (w, h) in [(800, 480), (480, 320), (320, 240), (240, 320), (1280, 800)] {
            let canvas = PixelSize(width: w, height: h)
            let badge = SaveWarningBadge(canvas: canvas, fontPath: font).rect
            for lines in [
                ["Home Assistant unreachable since 14:02"],
                ["Home Assistant refused the token", "MQTT broker unreachable since 09:41"],
            ] {
                let banner = LinkStatusBanner(lines: lines, canvas: canvas, fontPath: font, theme: .dark, badge: badge)
                #expect(banner.rect.intersection(badge).isEmpty, "\(w)x\(h)")
                #expect(banner.rect.x >= 0 && banner.rect.x + banner.rect.width <= w, "\(w)x\(h) on screen")
            }
        }
        let canvas = PixelSize(width: 800, height: 480)
        let badge = SaveWarningBadge(canvas: canvas, fontPath: font).rect
        func drawn(_ theme: Theme) -> Bitmap {
            let b = Bitmap(width: 800, height: 480, format: .xrgb8888)
            let banner = LinkStatusBanner(lines: ["x"], canvas: canvas, fontPath: font, theme: theme, badge: badge)
            banner.draw(on: b.canvas)
            return b
        }
        let dark = drawn(.dark), light = drawn(.light)
        let r = LinkStatusBanner(lines: ["x"], canvas: canvas, fontPath: font, theme: .dark, badge: badge).rect
        let middle = (r.x + r.width - 4, r.y + r.height / 2)
        #expect(dark[middle.0, middle.1] & 0xFF > 0xC0, "a light pill on the dark theme")
        #expect(light[middle.0, middle.1] & 0xFF < 0x40, "a dark pill on the light theme")
    }

    func links(_ controls: String, variables: String = "") throws -> (EntityLinks, KioskConfig) {
        let config = try ConfigLoader.parse(
            text: HomeAssistantConfigTests.section + variables + "[[screens]]\nid = \"main\"\n" + controls,
            file: "c.toml")
        let ha = try #require(config.homeAssistant)
        return (EntityLinks(ha, controls: config.allControls, variables: config.variables), config)
    }

    func state(_ s: String, _ attributes: [(String, JSON)] = []) -> EntityState {
        EntityState(state: s, attributes: .object(attributes))
    }

    /// A cache holding `id` in state `s` with `attributes`, as HA's snapshot brings it.
    func cache(_ id: String, _ s: String, _ attributes: [(String, JSON)] = []) -> EntityCache {
        var cache = EntityCache()
        _ = cache.apply(.object([("a", .object([(id, .object([("s", .string(s)), ("a", .object(attributes))]))]))]))
        return cache
    }

    @Test("Variables bound to entities are unavailable while the link is down or the entity is unavailable")
    func variables() throws {
        let (links, _) = try links(
            "", variables: "[[variables]]\nid = \"outdoor\"\nentity = \"sensor.outdoor\"\n")
        var available: [String: Bool] = [:]
        var values: [String: JSON] = [:]
        links.setAvailable = { available[$0] = $1 }
        links.setVariable = { values[$0] = $1 }
        let cache = cache("sensor.outdoor", "4.5")
        links.connectionChanged(live: true, entities: cache, now: 0)
        #expect(available["outdoor"] == true && values["outdoor"] == .number(4.5))
        links.connectionChanged(live: false, entities: cache, now: 1)
        #expect(available["outdoor"] == false, "the link went down")
        links.connectionChanged(live: true, entities: cache, now: 2)
        links.entityChanged("sensor.outdoor", state("unavailable"), now: 3)
        #expect(available["outdoor"] == false, "HA lost the sensor")
        #expect(values["outdoor"] == .number(4.5), "its last value is kept, dimmed")
    }

    @Test("A wrong attribute veils its element and variable and is named in stats, once in the log")
    func wrongAttribute() throws {
        let control =
            "  [[screens.controls]]\n  id = \"dial\"\n  frame = [0, 0, 100, 100]\n  kind = \"circular-slider\"\n"
            + "  entity = \"climate.lounge\"\n  attribute = \"temprature\"\n"
        let (links, _) = try links(
            control, variables: "[[variables]]\nid = \"hum\"\nentity = \"climate.lounge\"\nattribute = \"humidty\"\n")
        var available: [String: Bool] = [:]
        var applied: [String] = []
        links.setAvailable = { available[$0] = $1 }
        links.apply = { id, _ in
            applied.append(id); return nil
        }
        let cache = cache("climate.lounge", "heat", [("temperature", .number(21))])
        links.connectionChanged(live: true, entities: cache, now: 0)
        #expect(available["dial"] == false && available["hum"] == false)
        #expect(applied.isEmpty, "no 0 shown as if HA said it")
        #expect(links.problems["dial"] == "climate.lounge has no attribute \"temprature\"")
        #expect(links.problems["hum"] == "climate.lounge has no attribute \"humidty\"")
    }
}
