import Core
import Glibc
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A `thumbwheel run --headless` child with its own config, state and socket in a temp folder.
final class KioskProcess {
    let dir: String
    let configPath: String
    let socketPath: String
    let statePath: String
    /// The kiosk's stderr (its log).
    let logPath: String
    let process: SpawnedProcess

    static func config(dir: String, extraControl: String = "", extraScreens: String = "") -> String {
        """
        [display]
        backend = "headless"
        size = "400x300"
        [state]
        path = "\(dir)/state.json"
        debounce_ms = 50
        [socket]
        path = "\(dir)/control.sock"
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [0, 0, 200, 200]
          min = 0
          max = 100
          value = 25
        \(extraControl)
        \(extraScreens)
        """
    }

    /// - Parameter stateFile: the state file the kiosk finds at start, if any.
    /// - Parameter folder: the folder of an earlier kiosk to start again in (its config, state and
    ///   records kept; a socket left by a killed one removed first), instead of a new one.
    /// - Parameter environment: `NAME=value` entries for the kiosk's environment.
    /// - Parameter wrapper: a command the kiosk is started through (`nsenter --net=…`), which must exec it.
    init?(
        name: String, extraScreens: String = "", stateFile: [UInt8]? = nil, reusing folder: String? = nil,
        environment: [String] = [], wrapper: [String] = []
    ) {
        dir = folder ?? makeTemporaryDirectory(name)
        if folder != nil { unlink(dir + "/control.sock") }
        configPath = dir + "/config.toml"
        socketPath = dir + "/control.sock"
        statePath = dir + "/state.json"
        logPath = dir + "/kiosk.log"
        if let stateFile,
            (try? FileIO.writeAtomically(stateFile, to: statePath, mode: ConfigLimits.stateFileMode)) == nil
        {
            return nil
        }
        guard
            (try? FileIO.writeAtomically(
                Array(KioskProcess.config(dir: dir, extraScreens: extraScreens).utf8), to: configPath)) != nil,
            let binary = thumbwheelBinary(),
            let p = SpawnedProcess(
                wrapper.first ?? binary,
                wrapper.dropFirst() + (wrapper.isEmpty ? [] : [binary]) + ["run", "--config", configPath],
                stderrPath: logPath, extraEnvironment: environment)
        else { return nil }
        process = p
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while access(socketPath, F_OK) != 0 {
            if monotonicNow() > deadline { return nil }
            usleep(20_000)
        }
    }

    deinit {
        kill(process.pid, SIGKILL)
        _ = process.readAcksUntilExit()
    }

    /// One request, one reply line.
    func request(_ line: String) -> String? { KioskProcess.request(line, socketPath: socketPath) }

    /// One request to the kiosk listening at `socketPath`, one reply line (nil after 5 s, scaled for this
    /// run: `TestTiming`).
    static func request(_ line: String, socketPath: String) -> String? {
        guard let c = TestClient(path: socketPath) else { return nil }
        c.send(line + "\n")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline {
            if let reply = c.nextLine() { return reply }
            usleep(5_000)
        }
        return nil
    }

    /// What the kiosk has logged so far.
    var log: String { FileIO.read(logPath).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    func writeConfig(_ text: String) throws { try FileIO.writeAtomically(Array(text.utf8), to: configPath) }
}

@Suite("The kiosk process: socket, state and reload end to end", .serialized)
struct KioskProcessTests {
    @Test("set is validated and clamped as the control would; get and list report it; state is saved")
    func setAndGet() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-set"))
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":140}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":100}")
        #expect(kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\"high\"}")?.hasPrefix("{\"error\":") == true)
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"nope\",\"value\":1}")?.contains("no control \\\"nope\\\"") == true)
        #expect(kiosk.request("{\"cmd\":\"frobnicate\"}")?.contains("unknown cmd") == true)
        let listed = kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["controls"]?
            .arrayValue?.first
        #expect(
            listed?["id"] == .string("dial") && listed?["kind"] == .string("circular-slider")
                && listed?["value"] == .number(100))
        #expect(listed?["frame"] == .array([.number(0), .number(0), .number(200), .number(200)]))
        let saved = StateStore(path: kiosk.statePath).values["dial"]
        #expect(saved == .single(100))
    }

    @Test("SIGHUP with a bad config keeps the running one; a good one is then taken")
    func reloadBadThenGood() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-hup"))
        try kiosk.writeConfig(KioskProcess.config(dir: kiosk.dir) + "\n  colour = \"red\"\n")
        kill(kiosk.process.pid, SIGHUP)
        usleep(300_000)
        #expect(
            kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}",
            "the running config must survive a bad reload")
        let extra = """
              [[screens.controls]]
              kind = "circular-slider"
              id = "second"
              frame = [200, 0, 200, 200]
              value = 7
            """
        try kiosk.writeConfig(KioskProcess.config(dir: kiosk.dir, extraControl: extra))
        kill(kiosk.process.pid, SIGHUP)
        usleep(300_000)
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"second\"}") == "{\"id\":\"second\",\"ok\":true,\"value\":7}")
        // The socket's reload refuses a bad file with its located errors.
        try kiosk.writeConfig("[[screens]]\nid = 3\n")
        let reply = kiosk.request("{\"cmd\":\"reload\"}")
        #expect(reply?.contains("config invalid; kept the running one") == true)
        #expect(reply?.contains("config.toml:2:1: screens[0].id: expected a string, found the integer 3") == true)
    }

    @Test("A drag injected at the handle point `list` reports moves the value; subscribers see fromUser events")
    func dragFromReportedHandle() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-drag"))
        let listing = try #require(kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) })
        let dial = try #require(listing["controls"]?.arrayValue?.first)
        let handleJSON = dial["points"]?["handle"]?.arrayValue ?? []
        let centerJSON = dial["points"]?["center"]?.arrayValue ?? []
        let handle = handleJSON.compactMap { $0.numberValue }, center = centerJSON.compactMap { $0.numberValue }
        try #require(handle.count == 2 && center.count == 2)
        // The value starts at 25 (90° clockwise from north); drag a quarter turn further, to the bottom.
        let watcher = try #require(TestClient(path: kiosk.socketPath))
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        let r = hypot(handle[0] - center[0], handle[1] - center[1])
        let drag =
            "{\"cmd\":\"drag\",\"from\":[\(handle[0]),\(handle[1])],\"to\":[\(center[0]),\(center[1] + r)],\"steps\":12,\"duration_ms\":200}"
        #expect(kiosk.request(drag)?.hasPrefix("{\"ok\":true") == true)
        var lines: [String] = []
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline && !lines.contains(where: { $0.contains("\"event\":\"ended\"") }) {
            if let l = watcher.nextLine() { lines.append(l) } else { usleep(10_000) }
        }
        #expect(lines.contains { $0.contains("\"event\":\"changed\"") && $0.contains("\"fromUser\":true") })
        let value = kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}").flatMap { JSON.parse(Array($0.utf8)) }?["value"]?
            .numberValue
        #expect(value.map { abs($0 - 50) < 2 } == true, "value after a quarter-turn drag: \(String(describing: value))")
    }

    @Test(
        "Injected touches queue at most 10 s ahead: the next drag is refused with an error, the kiosk keeps answering")
    func touchQueueIsBounded() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-touch-queue"))
        // Off the dial (so nothing changes): six 2-s drags fill 12 s, past the 10-s limit.
        let drag = "{\"cmd\":\"drag\",\"from\":[390,290],\"to\":[380,280],\"duration_ms\":2000,\"steps\":4}"
        var replies: [String] = []
        for _ in 0..<7 { replies.append(kiosk.request(drag) ?? "no reply") }
        #expect(replies.prefix(6).allSatisfy { $0 == "{\"ok\":true,\"queued\":6}" }, "the first 10 s queue: \(replies)")
        #expect(
            replies[6].hasPrefix("{\"error\":\"touch queue full: ") && replies[6].contains("at most 10 s"),
            "\(replies[6])")
        #expect(kiosk.request("{\"cmd\":\"tap\",\"x\":1,\"y\":1}")?.contains("touch queue full") == true)
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        // `stats` says what is still to play (of the 36 frames over 12 s, against the 10-s limit), and
        // it falls to none as they play.
        func queued() -> (frames: Double, seconds: Double)? {
            let touches = kiosk.request("{\"cmd\":\"stats\"}").flatMap { JSON.parse(Array($0.utf8)) }?["touches"]
            #expect(touches?["limitSeconds"]?.numberValue == 10)
            guard let f = touches?["queuedFrames"]?.numberValue, let s = touches?["queuedSeconds"]?.numberValue else {
                return nil
            }
            return (f, s)
        }
        let first = try #require(queued())
        #expect(first.frames > 0 && first.frames <= 36 && first.seconds > 0 && first.seconds <= 12, "\(first)")
        let deadline = monotonicNow() + TestTiming.seconds(20)
        var last = first
        while last.frames > 0 && monotonicNow() < deadline {
            usleep(200_000)
            last = try #require(queued())
        }
        #expect(last.frames == 0 && last.seconds == 0, "still queued after the touches' 12 s: \(last)")
        #expect(kiosk.request("{\"cmd\":\"tap\",\"x\":1,\"y\":1}") == "{\"ok\":true,\"queued\":2}")
    }

    @Test("An idle kiosk does not wake up: no timers, no polling, nothing drawn while nobody touches it")
    func idleMakesNoWakeups() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-idle"))
        // One connection for every request, so each costs one wake-up (its line arriving).
        let client = try #require(TestClient(path: kiosk.socketPath))
        func stats() -> (wakeups: Double, frames: Double)? {
            client.send("{\"cmd\":\"stats\"}\n")
            let deadline = monotonicNow() + TestTiming.seconds(5)
            var line: String?
            while line == nil && monotonicNow() < deadline {
                line = client.nextLine(); if line == nil { usleep(2_000) }
            }
            guard let j = line.flatMap({ JSON.parse(Array($0.utf8)) }),
                let w = j["wakeups"]?.numberValue, let f = j["frames"]?.numberValue
            else { return nil }
            return (w, f)
        }
        usleep(200_000)  // let start-up settle
        let a = try #require(stats()), b = try #require(stats())
        usleep(1_500_000)
        let c = try #require(stats())
        // At most one: a kiosk slowed down (AddressSanitizer) may still be reading the socket when the
        // second request arrives and answer both in one wake-up.
        #expect(b.wakeups - a.wakeups <= 1)
        #expect(c.wakeups - b.wakeups == 1, "the idle 1.5 s woke the loop \(c.wakeups - b.wakeups - 1) times")
        #expect(c.frames == a.frames)
    }

    @Test("The socket switches screens; each screen's controls keep their own values")
    func screens() throws {
        let second = """
            [[screens]]
            id = "setup"
              [[screens.controls]]
              kind = "value-slider"
              id = "brightness"
              frame = [0, 0, 300, 80]
              value = 70
            """
        let kiosk = try #require(KioskProcess(name: "kiosk-screens", extraScreens: second))
        #expect(kiosk.request("{\"cmd\":\"list\"}")?.contains("\"screens\":[\"main\",\"setup\"]") == true)
        #expect(kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":40}")?.contains("\"ok\":true") == true)
        #expect(kiosk.request("{\"cmd\":\"screen\",\"id\":\"setup\"}") == "{\"ok\":true,\"screen\":\"setup\"}")
        #expect(
            kiosk.request("{\"cmd\":\"get\",\"id\":\"brightness\"}")
                == "{\"id\":\"brightness\",\"ok\":true,\"value\":70}")
        // A control of a screen not shown is still reachable, with the value it keeps.
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":40}")
        #expect(kiosk.request("{\"cmd\":\"screen\",\"id\":\"nope\"}")?.contains("main, setup") == true)
        #expect(kiosk.request("{\"cmd\":\"screen\",\"id\":\"main\"}") == "{\"ok\":true,\"screen\":\"main\"}")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":40}")
    }

    @Test("SIGTERM saves and exits with status 0")
    func sigterm() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-term"))
        _ = kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":60}")
        kill(kiosk.process.pid, SIGTERM)
        var status: Int32 = 0
        waitpid(kiosk.process.pid, &status, 0)
        #expect(status == 0)
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(60))
    }

    @Test(
        "ctl watch prints the subscription and then each event as it happens, and ends with status 0 when the kiosk goes away"
    )
    func ctlWatch() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-watch"))
        let binary = try #require(thumbwheelBinary())
        let watch = try #require(SpawnedProcess(binary, ["ctl", "--socket", kiosk.socketPath, "watch"]))
        let subscribed = try #require(watch.readLine())
        #expect(subscribed.contains("\"subscribed\":true"))
        _ = kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":60}")
        let event = try #require(watch.readLine())
        #expect(event.contains("\"event\":\"changed\"") && event.contains("\"value\":60"), "\(event)")
        kill(kiosk.process.pid, SIGTERM)
        #expect(watch.waitForExit() == 0)
    }
}
