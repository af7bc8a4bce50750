import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// A label showing two variables, the number one going stale a second after it is set.
private let panel = """
      [[screens.controls]]
      kind = "label"
      id = "outside"
      frame = [0, 200, 400, 40]
      text = "Outside {outdoor:.1} °C, {note}, dial {dial}"
    [[variables]]
    id = "outdoor"
    stale_after = 1
    [[variables]]
    id = "note"
    type = "text"
    """

@Suite("The kiosk process: variables over the socket", .serialized)
struct KioskVariablesProcessTests {
    /// The frames drawn so far, from `stats`.
    private func frames(_ kiosk: KioskProcess) -> Double? {
        kiosk.request("{\"cmd\":\"stats\"}").flatMap { JSON.parse(Array($0.utf8)) }?["frames"]?.numberValue
    }

    @Test(
        "set-var sets a declared variable, tells subscribers, and lists it; bad values are refused and change nothing; a stale value wakes the kiosk to dim it"
    )
    func setVariables() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-vars", extraScreens: panel))
        #expect(
            kiosk.request("{\"cmd\":\"list\"}")?.contains(
                "\"variables\":[{\"id\":\"outdoor\",\"stale\":false,\"value\":null},{\"id\":\"note\",\"stale\":false,\"value\":null}]"
            ) == true)
        let label = kiosk.request("{\"cmd\":\"list\"}")
        #expect(label?.contains("{\"frame\":[0,200,400,40],\"id\":\"outside\",\"kind\":\"label\"") == true)

        let watcher = try #require(TestClient(path: kiosk.socketPath))
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":4.5}")
                == "{\"id\":\"outdoor\",\"ok\":true,\"value\":4.5}")
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"note\",\"value\":\"Filter due – ±2 µm\"}")
                == "{\"id\":\"note\",\"ok\":true,\"value\":\"Filter due – ±2 µm\"}")
        var events: [String] = []
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline && events.count < 3 {
            if let l = watcher.nextLine() { events.append(l) } else { usleep(10_000) }
        }
        #expect(
            events == [
                "{\"ok\":true,\"subscribed\":true}", "{\"event\":\"variable\",\"id\":\"outdoor\",\"value\":4.5}",
                "{\"event\":\"variable\",\"id\":\"note\",\"value\":\"Filter due – ±2 µm\"}",
            ])

        let refused: [(String, String)] = [
            (
                "{\"cmd\":\"set-var\",\"id\":\"nope\",\"value\":1}",
                "{\"error\":\"no variable \\\"nope\\\"; declared: outdoor, note\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":\"warm\"}",
                "{\"error\":\"outdoor: expected a finite number (a number variable), found the string \\\"warm\\\"\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":null}",
                "{\"error\":\"outdoor: expected a finite number (a number variable), found null\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":[1,2]}",
                "{\"error\":\"outdoor: expected a finite number (a number variable), found an array\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"note\",\"value\":3}",
                "{\"error\":\"note: expected a string (a text variable), found the number 3\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"note\",\"value\":\"\(String(repeating: "x", count: 1025))\"}",
                "{\"error\":\"note: expected a string of at most 1024 bytes, found 1025 bytes\"}"
            ),
            (
                "{\"cmd\":\"set-var\",\"id\":\"outdoor\"}",
                "{\"error\":\"set-var needs \\\"value\\\": a number or a string\"}"
            ),
        ]
        for (request, reply) in refused { #expect(kiosk.request(request) == reply, "\(request)") }
        // Not a finite number: refused whether the JSON reader takes it as infinity or not at all.
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":1e999}")?.hasPrefix("{\"error\":") == true)
        // A string of exactly 1024 bytes (512 two-byte characters) is taken.
        let longest = String(repeating: "ü", count: 512)
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"note\",\"value\":\"\(longest)\"}")?.contains("\"ok\":true")
                == true)
        let listed = kiosk.request("{\"cmd\":\"list\"}") ?? ""
        #expect(
            listed.contains("{\"id\":\"outdoor\",\"stale\":false,\"value\":4.5}"),
            "refused values changed nothing: \(listed.suffix(200))")
        #expect(watcher.nextLine()?.contains(longest) == true, "only the accepted set was broadcast")
        #expect(watcher.nextLine() == nil)

        // A second after a set the value is stale: the kiosk wakes by itself and redraws the label,
        // once. Refreshing with the same value right before counting draws nothing (same text).
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":4.5}")?.contains("\"ok\":true") == true)
        let before = try #require(frames(kiosk))
        var stale = false
        let staleDeadline = monotonicNow() + TestTiming.seconds(5)
        while !stale && monotonicNow() < staleDeadline {
            usleep(50_000)
            stale =
                kiosk.request("{\"cmd\":\"list\"}")?.contains("{\"id\":\"outdoor\",\"stale\":true,\"value\":4.5}")
                == true
        }
        #expect(stale)
        usleep(100_000)
        let after = try #require(frames(kiosk))
        #expect(after == before + 1, "one frame to dim the stale label (frames \(before) → \(after))")
        // Setting it again makes it current.
        #expect(
            kiosk.request("{\"cmd\":\"set-var\",\"id\":\"outdoor\",\"value\":5}")
                == "{\"id\":\"outdoor\",\"ok\":true,\"value\":5}")
        #expect(
            kiosk.request("{\"cmd\":\"list\"}")?.contains("{\"id\":\"outdoor\",\"stale\":false,\"value\":5}") == true)
    }
}
