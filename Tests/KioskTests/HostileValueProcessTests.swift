import ConfigModel
import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
@testable import Kiosk
import Widgets

/// Values from outside that no element can take, against the release path of a running kiosk
/// (issue 42 items 1 and 6): every value-holding kind of the registry, set over the socket to numbers
/// past `Int.max`, the ends of `Double`, non-finite numbers and `-0`; and a device that sends a value
/// the panel refuses, which marks its element instead of leaving the old value shown as live.
@Suite("Hostile values, end to end", .serialized)
struct HostileValueProcessTests {
    /// One element of every value-holding kind, with what each kind requires, laid out in a grid.
    static func everyKind() -> (toml: String, ids: [String]) {
        var toml = "", ids: [String] = []
        for (i, kind) in ElementKinds.kinds.enumerated() where kind.valueShape != .nothing {
            let id = "k\(i)"
            ids.append(id)
            toml += "  [[screens.controls]]\n  kind = \"\(kind.name)\"\n  id = \"\(id)\"\n"
            toml += "  frame = [\(ids.count % 4 * 100), \(ids.count / 4 * 75), 90, 70]\n"
            for line in requiredKeys(kind.schema) { toml += "  \(line)\n" }
        }
        return (toml, ids)
    }

    /// `key = value` for each key `schema` requires (as `minimalTable` gives them).
    static func requiredKeys(_ schema: Schema) -> [String] {
        schema.fields.compactMap { f in
            guard f.required || f.defaultText?.hasPrefix("required unless") == true,
                !["kind", "id", "frame"].contains(f.name)
            else { return nil }
            switch f.type {
            case .string: return "\(f.name) = \"x\""
            case .strings: return "\(f.name) = [\"A\", \"B\", \"C\"]"
            case .tables(let rows):
                let inner = requiredKeys(rows).joined(separator: ", ")
                return "\(f.name) = [{ \(inner) }, { \(inner) }, { \(inner) }]"
            default: return nil
            }
        }
    }

    /// The numbers as the socket's JSON writes them (`NaN` and `Infinity` are not JSON: refused as such).
    static let written = [
        "0", "-0", "1e19", "-1e19", "9223372036854775808", "1e308", "-1e308", "1e400", "-1e400", "NaN",
        "Infinity", "\"-0\"", "\"1e19\"", "\"NaN\"",
    ]

    @Test(
        "Every value-holding kind set over the socket to ±0, ±1e19, 2^63, ±1e308, ±1e400, NaN, inf and \"-0\": the kiosk answers each with a value or a clear error and stays alive"
    )
    func socketSetsNeverKill() throws {
        let (toml, ids) = Self.everyKind()
        let kiosk = try #require(KioskProcess(name: "hostile-set", extraScreens: toml))
        for id in ids {
            for number in Self.written {
                for value in [number, "[\(number), 1]", "[0, \(number)]"] {
                    let reply = try #require(
                        kiosk.request("{\"cmd\":\"set\",\"id\":\"\(id)\",\"value\":\(value)}"),
                        "\(id) = \(value): no reply (log: \(kiosk.log.suffix(300)))")
                    let json = try #require(JSON.parse(Array(reply.utf8)), "\(reply)")
                    if json["ok"] == .bool(true) {
                        #expect(json["value"] != nil, "\(id) = \(value): \(reply)")
                    } else {
                        #expect(json["error"]?.stringValue?.isEmpty == false, "\(id) = \(value): \(reply)")
                    }
                }
            }
        }
        // Touches from outside: points, durations and step counts of the same numbers.
        for number in Self.written {
            for request in [
                "{\"cmd\":\"tap\",\"x\":\(number),\"y\":\(number)}",
                "{\"cmd\":\"drag\",\"from\":[\(number),0],\"to\":[0,\(number)],\"duration_ms\":\(number),\"steps\":\(number)}",
                "{\"cmd\":\"brightness\",\"value\":\(number)}",
            ] {
                let reply = try #require(kiosk.request(request), "\(request): no reply (log: \(kiosk.log.suffix(300)))")
                #expect(JSON.parse(Array(reply.utf8)) != nil, "\(request): \(reply)")
            }
        }
        usleep(300_000)
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}")?.contains("\"ok\":true") == true)
        #expect(kill(kiosk.process.pid, 0) == 0, "the kiosk is alive")
    }

    /// How far the pixels inside `box` are from the screen's background colour, on average.
    static func contrast(_ shot: KioskProcess.Screenshot, _ box: PixelRect) -> Double {
        let background = shot.pixels[(shot.height - 1) * shot.width + shot.width - 1]
        func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }
        let b = channels(background)
        var sum = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                sum += zip(channels(shot.pixels[y * shot.width + x]), b).map { abs($0 - $1) }.reduce(0, +)
            }
        }
        return Double(sum) / Double(box.width * box.height)
    }

    @Test(
        "A device value the panel refuses marks its element \"invalid value from its MQTT device\": dimmed, said in list and logged once; the next value it takes clears it"
    )
    func refusedDeviceValueIsMarked() throws {
        let broker = try MosquittoBroker(name: "hostile-device")
        let extra = """
              [[screens.controls]]
              kind = "choice"
              id = "mode"
              frame = [200, 0, 200, 60]
              options = ["Heat", "Cool", "Off"]
              mqtt = { state_topic = "dev/mode" }
            [mqtt]
            host = "127.0.0.1"
            port = \(broker.port)
            base_topic = "tw/hostile"
            client_id = "tw-hostile-\(getpid())"
            discovery = false
            """
        let kiosk = try #require(KioskProcess(name: "hostile-device-kiosk", extraScreens: extra))
        #expect(try broker.wait("tw/hostile/status", for: "online") == "online")
        func mode() -> JSON? {
            kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["controls"]?.arrayValue?
                .first { $0["id"]?.stringValue == "mode" }
        }
        func waitFor(_ condition: () -> Bool) -> Bool {
            let deadline = monotonicNow() + TestTiming.seconds(10)
            while !condition() {
                if monotonicNow() > deadline { return false }
                usleep(50_000)
            }
            return true
        }
        try broker.publish("dev/mode", "1")
        #expect(waitFor { mode()?["value"] == .number(1) })
        let box = PixelRect(x: 200, y: 0, width: 200, height: 60)
        let live = try #require(try kiosk.screenshotBitmap())
        // 7 is no option, 1e19 no index: refused, and the element says so instead of looking live.
        for payload in ["7", "1e19", "7"] { try broker.publish("dev/mode", payload) }
        #expect(
            waitFor { mode()?["invalid"] == .string("invalid value from its MQTT device") },
            "\(String(describing: mode()))")
        #expect(mode()?["value"] == .number(1))
        // The note beside it goes after a while; the dimming stays while the mark does.
        let marked = try #require(try kiosk.screenshotBitmap())
        #expect(
            Self.contrast(marked, box) < Self.contrast(live, box) * 0.6,
            "dimmed: \(Self.contrast(marked, box)) against \(Self.contrast(live, box)) live")
        #expect(waitFor { kiosk.log.contains("mode: invalid value from its MQTT device") })
        let lines = kiosk.log.split(separator: "\n").filter { $0.contains("mode: invalid value from") }
        #expect(lines.count == 1, "logged once per episode: \(lines)")
        // A value it takes clears the mark: drawn at full strength again.
        try broker.publish("dev/mode", "2")
        #expect(waitFor { mode()?["value"] == .number(2) && mode()?["invalid"] == nil })
        let cleared = try #require(try kiosk.screenshotBitmap())
        #expect(Self.contrast(cleared, box) > Self.contrast(marked, box) * 1.5)
        #expect(kiosk.log.contains("mode: its MQTT device sends values the panel takes again"))
        // A new episode is logged again.
        try broker.publish("dev/mode", "9")
        #expect(waitFor { mode()?["invalid"] != nil })
        #expect(
            waitFor { kiosk.log.split(separator: "\n").filter { $0.contains("mode: invalid value from") }.count == 2 })
    }
}
