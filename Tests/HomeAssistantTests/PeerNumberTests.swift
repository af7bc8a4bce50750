import Controls
import Core
import Formats
import Testing
@testable import ConfigLoading
@testable import HomeAssistant
@testable import HomeAssistantAdapter

/// Numbers from a hostile Home Assistant (issue 42, 1b): every state and range attribute a bound
/// element reads, fed ±0, ±1e19, ±1e308, ±infinity, NaN and texts like "-0" and "NaN", through the
/// links the adapter drives from the client's cache. Nothing traps (an inverted `ClosedRange` did),
/// nothing reaches an element that is not finite, and a good state afterwards is shown again.
@Suite("Numbers from a hostile Home Assistant")
struct PeerNumberTests {
    static let config = """
        [display]
        backend = "headless"
        size = "400x300"
        [homeassistant]
        url = "ws://127.0.0.1:1"
        token_file = "/nonexistent/token"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "thermostat"
          frame = [0, 0, 180, 180]
          entity = "climate.hostile"
          [[screens.controls]]
          kind = "circular-slider"
          id = "level"
          frame = [200, 0, 180, 180]
          entity = "input_number.hostile"
          [[screens.controls]]
          kind = "value-slider"
          id = "lamp"
          frame = [0, 200, 180, 40]
          entity = "light.hostile"
          [[screens.controls]]
          kind = "value-slider"
          id = "volume"
          frame = [200, 200, 180, 40]
          entity = "media_player.hostile"
          [[screens.controls]]
          kind = "choice"
          id = "mode"
          frame = [0, 250, 380, 40]
          entity = "input_select.hostile"
        """

    static let numbers: [Double] = [0, -0.0, 1e19, -1e19, 1e308, -1e308, .infinity, -.infinity, .nan, 40, 1e16]
    static let texts = ["-0", "NaN", "nan", "inf", "-inf", "1e19", "1e400", "0x10", ""]

    /// The links for the config above, recording what they set on elements.
    final class Recorder {
        let feed: EntityFeed
        var values: [(id: String, value: StoredValue)] { feed.values }
        var properties: [(id: String, key: String, value: JSON)] { feed.properties }

        init() throws {
            feed = try #require(
                EntityFeed(config: try ConfigLoader.parse(text: PeerNumberTests.config, file: "h.toml")))
        }

        func feed(_ entity: String, _ state: String, _ attributes: [(String, JSON)]) {
            feed.set(entity, EntityState(state: state, attributes: .object(attributes)))
        }

        /// Every value and range end set so far is finite.
        func checkFinite(_ context: String) {
            for (id, value) in values {
                switch value {
                case .single(let d): #expect(d.isFinite, "\(context): \(id) set to \(d)")
                case .pair(let a, let b): #expect(a.isFinite && b.isFinite, "\(context): \(id) set to \(a), \(b)")
                default: break
                }
            }
            for (id, key, value) in properties where key == "min" || key == "max" {
                #expect(value.numberValue?.isFinite == true, "\(context): \(id).\(key) set to \(value)")
            }
        }
    }

    @Test("A climate with min_temp 40 and no max_temp, or min_temp 1e16, is refused; the dial keeps working")
    func invertedClimateRange() throws {
        let r = try Recorder()
        for low in [40.0, 1e16, 35, .infinity] {
            r.feed("climate.hostile", "heat", [("min_temp", .number(low)), ("temperature", .number(21))])
            #expect(
                !r.values.contains { $0.id == "thermostat" }, "min_temp \(low) and no max_temp: nothing to map onto")
        }
        r.feed(
            "climate.hostile", "heat",
            [("min_temp", .number(40)), ("max_temp", .number(30)), ("temperature", .number(35))])
        #expect(!r.values.contains { $0.id == "thermostat" })
        #expect(!r.properties.contains { $0.id == "thermostat" && ($0.key == "min" || $0.key == "max") })
        // A usable range afterwards: the element follows it again.
        r.feed(
            "climate.hostile", "heat",
            [("min_temp", .number(10)), ("max_temp", .number(30)), ("temperature", .number(21))])
        #expect(r.properties.contains { $0.id == "thermostat" && $0.key == "min" && $0.value == .number(10) })
        #expect(r.values.last?.id == "thermostat" && r.values.last?.value == .single(21))
    }

    @Test("±0, ±1e19, ±1e308, ±inf and NaN as states and range attributes: nothing traps, nothing infinite is shown")
    func everyNumberEverywhere() throws {
        let r = try Recorder()
        let attributes: [(entity: String, keys: [String])] = [
            ("climate.hostile", ["min_temp", "max_temp", "temperature", "target_temp_step"]),
            ("input_number.hostile", ["min", "max", "step"]),
            ("light.hostile", ["brightness"]),
            ("media_player.hostile", ["volume_level"]),
        ]
        for (entity, keys) in attributes {
            for key in keys {
                for n in Self.numbers {
                    r.feed(entity, "on", [(key, .number(n))])
                    for m in Self.numbers { r.feed(entity, "on", [(key, .number(n)), (keys[0], .number(m))]) }
                }
                for t in Self.texts { r.feed(entity, "on", [(key, .string(t))]) }
            }
            for t in Self.texts + Self.numbers.map(String.init(describing:)) { r.feed(entity, t, []) }
        }
        for t in Self.texts { r.feed("input_select.hostile", t, [("options", .array([.string(t), .number(1e19)]))]) }
        r.checkFinite("after every number")
        // Still working: a good state is shown.
        r.feed("input_number.hostile", "50", [("min", .number(0)), ("max", .number(100))])
        #expect(r.values.last?.id == "level" && r.values.last?.value == .single(50))
    }

    @Test("The usable range check")
    func usableRange() {
        #expect(EntityValues.usableRange(7, 35) == 7...35)
        for (lo, hi) in [(40.0, 35.0), (5, 5), (-.infinity, 1), (0, .nan), (-1e308, 1e308)] {
            #expect(EntityValues.usableRange(lo, hi) == nil, "\(lo)…\(hi)")
        }
    }
}
