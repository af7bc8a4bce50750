import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter

@Suite("The kiosk process: pages, presets and toggles end to end", .serialized)
struct KioskPanelProcessTests {
    /// A button and a toggle on the main screen, a second screen, and a navigation bar along the bottom.
    static let panel = """
          [[screens.controls]]
          kind = "button"
          id = "eco"
          frame = [220, 20, 160, 60]
          text = "Eco"
          actions = [{ set = "dial", value = 18 }, { screen = "second" }]

          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [220, 100, 170, 48]
          label = "Pump"

          [[screens.controls]]
          kind = "button"
          id = "fan-on"
          frame = [220, 160, 160, 48]
          text = "Fan on"
          actions = [{ set = "fan", value = 1 }]

        [[screens]]
        id = "second"
        title = "Second"

          [[screens.controls]]
          kind = "label"
          id = "caption"
          frame = [0, 0, 200, 40]
          text = "The second page"

          [[screens.controls]]
          kind = "arc-seeker"
          id = "seek"
          frame = [200, 40, 160, 160]
          start_angle = 150
          end_angle = 30
          value = 250

          [[screens.controls]]
          kind = "toggle"
          id = "fan"
          frame = [0, 200, 170, 48]
          label = "Fan"

        [navigation]
        bar = "bottom"
        """

    /// The `list` reply as JSON.
    func list(_ kiosk: KioskProcess) throws -> JSON {
        try #require(kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) })
    }

    /// A point `list` reports for `id`.
    func point(_ listing: JSON, _ id: String, _ name: String) throws -> (Double, Double) {
        let control = try #require(
            listing["controls"]?.arrayValue?.first { $0["id"]?.stringValue == id }, "no \(id) in the list")
        let p = try #require(control["points"]?[name]?.arrayValue, "\(id) has no point \(name)")
        return (p[0].numberValue ?? -1, p[1].numberValue ?? -1)
    }

    /// Taps at `p` through the socket and waits until `list` shows screen `expected`.
    func tap(_ kiosk: KioskProcess, _ p: (Double, Double), untilScreen expected: String) throws {
        _ = kiosk.request("{\"cmd\":\"tap\",\"x\":\(p.0),\"y\":\(p.1)}")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline {
            if try list(kiosk)["screen"]?.stringValue == expected { return }
            usleep(20_000)
        }
        Issue.record("the screen did not become \(expected) after a tap at \(p)")
    }

    @Test(
        "A tap on the bar switches pages; a button's preset sets a control and its screen action switches; a toggle flipped by touch is saved at once"
    )
    func pagesPresetsToggles() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-pages", extraScreens: KioskPanelProcessTests.panel))
        var listing = try list(kiosk)
        #expect(listing["screen"]?.stringValue == "main")
        let watcher = try #require(TestClient(path: kiosk.socketPath))
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        try tap(kiosk, point(listing, "nav-bar", "second"), untilScreen: "second")
        // Subscribers are told which page is shown.
        var lines: [String] = []
        let until = monotonicNow() + TestTiming.seconds(5)
        while !lines.contains("{\"event\":\"screen\",\"screen\":\"second\"}") && monotonicNow() < until {
            if let l = watcher.nextLine() { lines.append(l) } else { usleep(10_000) }
        }
        #expect(lines.contains("{\"event\":\"screen\",\"screen\":\"second\"}"), "\(lines)")
        listing = try list(kiosk)
        try tap(kiosk, point(listing, "nav-bar", "main"), untilScreen: "main")

        // The preset, then the page switch, from one tap on Eco.
        listing = try list(kiosk)
        try tap(kiosk, point(listing, "eco", "center"), untilScreen: "second")
        _ = kiosk.request("{\"cmd\":\"screen\",\"id\":\"main\"}")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":18}")

        // The toggle: flipped by a finger, in the state file before any debounce, still there after SIGKILL.
        listing = try list(kiosk)
        let (x, y) = try point(listing, "pump", "switch")
        _ = kiosk.request("{\"cmd\":\"tap\",\"x\":\(x),\"y\":\(y)}")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while kiosk.request("{\"cmd\":\"get\",\"id\":\"pump\"}") != "{\"id\":\"pump\",\"ok\":true,\"value\":1}"
            && monotonicNow() < deadline
        {
            usleep(20_000)
        }
        // Saved at once means handed to the writer thread in the turn of the release; under a sanitizer
        // the write itself may take longer than the `get`, so the file is awaited (scaled) before the kill.
        let written = monotonicNow() + TestTiming.seconds(2)
        while StateStore(path: kiosk.statePath).values["pump"] != .single(1) && monotonicNow() < written {
            usleep(10_000)
        }
        kill(kiosk.process.pid, SIGKILL)
        #expect(StateStore(path: kiosk.statePath).values["pump"] == .single(1))
    }

    @Test("A preset of a control on another page goes the way of a set: its event is raised and it is saved")
    func presetOffScreen() throws {
        let kiosk = try #require(
            KioskProcess(name: "kiosk-preset-offscreen", extraScreens: KioskPanelProcessTests.panel))
        let watcher = try #require(TestClient(path: kiosk.socketPath))
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        let button = try point(try list(kiosk), "fan-on", "center")
        _ = kiosk.request("{\"cmd\":\"tap\",\"x\":\(button.0),\"y\":\(button.1)}")
        var lines: [String] = []
        let until = monotonicNow() + TestTiming.seconds(5)
        while !lines.contains(where: { $0.contains("\"id\":\"fan\"") }) && monotonicNow() < until {
            if let l = watcher.nextLine() { lines.append(l) } else { usleep(10_000) }
        }
        #expect(
            lines.contains { $0.contains("\"id\":\"fan\"") && $0.contains("\"value\":1") },
            "subscribers hear of the fan: \(lines)")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"fan\"}") == "{\"id\":\"fan\",\"ok\":true,\"value\":1}")
        #expect(try list(kiosk)["screen"]?.stringValue == "main", "a preset alone does not switch pages")
        // As for the toggle above: the save starts at once, its write may outlast the `get` on a busy machine.
        let written = monotonicNow() + TestTiming.seconds(2)
        while StateStore(path: kiosk.statePath).values["fan"] != .single(1) && monotonicNow() < written {
            usleep(10_000)
        }
        kill(kiosk.process.pid, SIGKILL)
        #expect(StateStore(path: kiosk.statePath).values["fan"] == .single(1), "saved at once, like a set")
    }

    @Test(
        "set and get reach a control whose screen is not shown: clamped and refused as on screen, saved, and shown when its page is"
    )
    func setOffScreen() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-offscreen", extraScreens: KioskPanelProcessTests.panel))
        _ = kiosk.request("{\"cmd\":\"screen\",\"id\":\"second\"}")
        #expect(try list(kiosk)["screen"]?.stringValue == "second")
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":250}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":100}")
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"pump\",\"value\":1}")
                == "{\"id\":\"pump\",\"ok\":true,\"value\":1}")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"pump\"}") == "{\"id\":\"pump\",\"ok\":true,\"value\":1}")
        let refused = try #require(kiosk.request("{\"cmd\":\"set\",\"id\":\"pump\",\"value\":0.5}"))
        #expect(refused.contains("\"error\":\"pump: "), "\(refused)")
        let unknown = try #require(kiosk.request("{\"cmd\":\"set\",\"id\":\"nothing\",\"value\":1}"))
        #expect(unknown.contains("no control \\\"nothing\\\" on any screen"), "\(unknown)")
        // A seeker's set raises no event (CS-3) and is saved all the same, on screen and off.
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"seek\",\"value\":200}")
                == "{\"id\":\"seek\",\"ok\":true,\"value\":200}")
        _ = kiosk.request("{\"cmd\":\"screen\",\"id\":\"main\"}")
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"seek\",\"value\":210}")
                == "{\"id\":\"seek\",\"ok\":true,\"value\":210}")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"seek\"}") == "{\"id\":\"seek\",\"ok\":true,\"value\":210}")
        #expect(StateStore(path: kiosk.statePath).values["seek"] == .single(210))
        // A programmatic change is saved at once, as on screen.
        #expect(StateStore(path: kiosk.statePath).values["pump"] == .single(1))
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(100))
        _ = kiosk.request("{\"cmd\":\"screen\",\"id\":\"main\"}")
        let shown = try list(kiosk)["controls"]?.arrayValue ?? []
        #expect(shown.first { $0["id"]?.stringValue == "pump" }?["value"]?.numberValue == 1)
        #expect(shown.first { $0["id"]?.stringValue == "dial" }?["value"]?.numberValue == 100)
    }

    @Test("With return_home_after, a kiosk left on another page goes home by itself once nobody touched it that long")
    func returnsHome() throws {
        let kiosk = try #require(
            KioskProcess(name: "kiosk-home", extraScreens: KioskPanelProcessTests.panel + "\nreturn_home_after = 0.6\n")
        )
        _ = kiosk.request("{\"cmd\":\"screen\",\"id\":\"second\"}")
        #expect(try list(kiosk)["screen"]?.stringValue == "second")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var screen = "second"
        while screen != "main" && monotonicNow() < deadline {
            usleep(50_000)
            screen = try list(kiosk)["screen"]?.stringValue ?? ""
        }
        #expect(screen == "main", "still on \(screen) 5 s after the last touch")
    }
}
