import Core
import Glibc
import Raster
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// Issue 37 item 9: a config that does not load never leaves a dead panel. The kiosk runs the last
/// config that started it (or a blank screen), shows the located errors over it, answers its
/// socket, and takes the file once it is fixed, without a restart.
@Suite("An invalid config at start or reload keeps the panel up and shows why", .serialized)
struct ConfigRecoveryProcessTests {
    /// A config that passes TOML but not check-config: one unknown key in the dial's table.
    static func broken(_ dir: String) -> String { KioskProcess.config(dir: dir) + "\n  colour = \"red\"\n" }

    /// Starts `thumbwheel run` on the config already in `dir` and waits until its socket answers.
    static func start(_ dir: String) -> SpawnedProcess? {
        guard let binary = thumbwheelBinary(),
            let p = SpawnedProcess(binary, ["run", "--config", dir + "/config.toml"], stderrPath: dir + "/kiosk.log")
        else { return nil }
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while monotonicNow() < deadline {
            if request(dir, "{\"cmd\":\"version\"}") != nil { return p }
            usleep(20_000)
        }
        kill(p.pid, SIGKILL)
        return nil
    }

    static func request(_ dir: String, _ line: String) -> String? {
        KioskProcess.request(line, socketPath: dir + "/control.sock")
    }

    /// The shown screen's id and its controls' ids, from `list`.
    static func shown(_ dir: String) -> (screen: String, ids: [String])? {
        guard let reply = request(dir, "{\"cmd\":\"list\"}"), let json = JSON.parse(Array(reply.utf8)),
            case .string(let screen)? = json["screen"]
        else { return nil }
        return (screen, json["controls"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
    }

    /// Whether the top-left of the current frame is the notice's dark red (`NoticeBanner.background`).
    static func bannerShown(_ dir: String) throws -> Bool {
        let reply = try #require(request(dir, "{\"cmd\":\"screenshot\"}"))
        let json = try #require(JSON.parse(Array(reply.utf8)))
        let png = try #require(json["png"]?.stringValue.flatMap { Base64.decode($0) })
        let bitmap = try PNGImage.decode(png)
        let pixel = bitmap.color(x: 3, y: 3)
        return pixel.r > 0x30 && pixel.g < 0x20 && pixel.b < 0x20
    }

    static func waitFor(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return false
    }

    @Test(
        "A config broken while the kiosk was down runs the last good one with its errors shown; saving the fix loads it in place"
    )
    func lastGoodAtStartThenFixed() throws {
        var kiosk: KioskProcess? = try #require(KioskProcess(name: "recovery-lastgood"))
        let dir = kiosk!.dir
        #expect(kiosk!.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":40}") != nil)
        let kept = FileIO.read(dir + "/" + ConfigRecovery.lastGoodName).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            kept == KioskProcess.config(dir: dir), "the config that started the kiosk is kept beside the state file")
        kill(kiosk!.process.pid, SIGTERM)
        _ = kiosk!.process.readAcksUntilExit()
        kiosk = nil

        try FileIO.writeAtomically(Array(ConfigRecoveryProcessTests.broken(dir).utf8), to: dir + "/config.toml")
        let process = try #require(ConfigRecoveryProcessTests.start(dir), "an invalid config must not stop the kiosk")
        defer { kill(process.pid, SIGKILL); _ = process.readAcksUntilExit() }
        #expect(ConfigRecoveryProcessTests.shown(dir)?.ids == ["dial"])
        #expect(
            ConfigRecoveryProcessTests.request(dir, "{\"cmd\":\"get\",\"id\":\"dial\"}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":40}")
        #expect(try ConfigRecoveryProcessTests.bannerShown(dir))
        let log = FileIO.read(dir + "/kiosk.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(log.contains("config.toml:20:3: screens[id=main].controls[id=dial].colour: unknown key"), "\(log)")
        #expect(
            FileIO.read(dir + "/" + ConfigRecovery.lastGoodName).map { String(decoding: $0, as: UTF8.self) }
                == KioskProcess.config(dir: dir),
            "an invalid file never replaces the last good one")

        // The fix, saved as editors do (a new file renamed over the old): taken without a restart.
        let fixed = KioskProcess.config(
            dir: dir,
            extraControl: """
                  [[screens.controls]]
                  kind = "toggle"
                  id = "lamp"
                  label = "Lamp"
                  frame = [210, 20, 180, 60]
                """)
        try FileIO.writeAtomically(Array(fixed.utf8), to: dir + "/config.toml")
        #expect(ConfigRecoveryProcessTests.waitFor { ConfigRecoveryProcessTests.shown(dir)?.ids == ["dial", "lamp"] })
        #expect(try !ConfigRecoveryProcessTests.bannerShown(dir))
        #expect(kill(process.pid, 0) == 0, "the same process")
        #expect(
            ConfigRecoveryProcessTests.waitFor {
                FileIO.read(dir + "/" + ConfigRecovery.lastGoodName).map { String(decoding: $0, as: UTF8.self) }
                    == fixed
            })
    }

    @Test(
        "With no good config ever, the errors fill a blank screen and the socket answers where the file says; a fix loads"
    )
    func blankThenFixed() throws {
        let dir = makeTemporaryDirectory("recovery-blank")
        try FileIO.writeAtomically(Array(ConfigRecoveryProcessTests.broken(dir).utf8), to: dir + "/config.toml")
        let process = try #require(ConfigRecoveryProcessTests.start(dir))
        defer { kill(process.pid, SIGKILL); _ = process.readAcksUntilExit() }
        #expect(ConfigRecoveryProcessTests.shown(dir)?.screen == ConfigRecovery.blankScreenID)
        #expect(try ConfigRecoveryProcessTests.bannerShown(dir))
        try FileIO.writeAtomically(Array(KioskProcess.config(dir: dir).utf8), to: dir + "/config.toml")
        #expect(ConfigRecoveryProcessTests.waitFor { ConfigRecoveryProcessTests.shown(dir)?.ids == ["dial"] })
        #expect(try !ConfigRecoveryProcessTests.bannerShown(dir))
    }

    @Test("A bad SIGHUP reload shows its errors over the running panel until a good one loads")
    func badReloadShown() throws {
        let kiosk = try #require(KioskProcess(name: "recovery-hup"))
        #expect(try !ConfigRecoveryProcessTests.bannerShown(kiosk.dir))
        try kiosk.writeConfig(ConfigRecoveryProcessTests.broken(kiosk.dir))
        kill(kiosk.process.pid, SIGHUP)
        #expect(try ConfigRecoveryProcessTests.waitFor { try ConfigRecoveryProcessTests.bannerShown(kiosk.dir) })
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        try kiosk.writeConfig(KioskProcess.config(dir: kiosk.dir))
        #expect(try ConfigRecoveryProcessTests.waitFor { try !ConfigRecoveryProcessTests.bannerShown(kiosk.dir) })
    }
}
