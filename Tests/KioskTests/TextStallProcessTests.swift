import Core
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Long text in labels must not stall the loop (issue 37, item 2): a label cut to one line with "…"
/// or wrapped, showing text variables at their longest, while a second client's `get` is watched.
@Suite("The kiosk process: long text does not stall the loop", .serialized)
struct TextStallProcessTests {
    /// A text variable at its longest: words, so both wrapping and cutting have work to do.
    static let longest = String(
        String(repeating: "Filter 42 ", count: ConfigLimits.variableTextBytes / 10 + 1)
            .prefix(ConfigLimits.variableTextBytes))

    /// A one-line label and a wrapped one, each showing `note` `copies` times, and the variable.
    static func panel(copies: Int, initial: String? = nil, extra: String = "") -> String {
        let text = String(repeating: "{note} ", count: copies)
        return """
              [[screens.controls]]
              kind = "label"
              id = "line"
              frame = [0, 200, 400, 40]
              text = "\(text)"
              [[screens.controls]]
              kind = "label"
              id = "block"
              frame = [200, 0, 200, 120]
              wrap = true
              text = "\(text)"
            \(extra)
            [[variables]]
            id = "note"
            type = "text"
            \(initial.map { "initial = \"\($0)\"" } ?? "")
            """
    }

    @Test("set-var of a label's text variable to its longest (four copies: 4 KB of text) leaves the loop responsive")
    func longVariable() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-longtext", extraScreens: Self.panel(copies: 4)))
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        usleep(100_000)
        for text in [Self.longest, String(Self.longest.dropLast(7)), Self.longest] {
            let reply = kiosk.request("{\"cmd\":\"set-var\",\"id\":\"note\",\"value\":\"\(text)\"}")
            #expect(reply?.contains("\"ok\":true") == true, "\(reply ?? "no reply")")
            usleep(150_000)
        }
        let result = guardian.stop()
        #expect(result.responsive, "\(result)")
    }

    @Test("Reloading a config whose labels show ten placeholders of a 1 KB text leaves the loop responsive")
    func reloadTenPlaceholders() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-longreload"))
        let second = """
              [[screens.controls]]
              kind = "circular-slider"
              id = "second"
              frame = [200, 0, 100, 100]
              value = 7
            """
        try kiosk.writeConfig(
            KioskProcess.config(dir: kiosk.dir) + Self.panel(copies: 10, initial: Self.longest, extra: second))
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        usleep(100_000)
        kill(kiosk.process.pid, SIGHUP)
        var loaded = false
        for _ in 0..<100 where !loaded {
            loaded =
                kiosk.request("{\"cmd\":\"get\",\"id\":\"second\"}") == "{\"id\":\"second\",\"ok\":true,\"value\":7}"
            if !loaded { usleep(20_000) }
        }
        usleep(300_000)  // the frames after the reload, with the labels drawn
        let result = guardian.stop()
        #expect(loaded, "the reload took: \(kiosk.log)")
        #expect(result.responsive, "\(result)")
    }
}
