import Core
import Glibc
import Raster
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter

/// Makes a running kiosk's state saves fail, and lets them work again.
///
/// The tests run as root, and root ignores a folder's mode (chmod 0555 stops nothing); a read-only
/// mount needs a mount namespace, and `chattr +i` needs CAP_LINUX_IMMUTABLE and a file system that
/// supports it, neither of which every test machine has. What fails for every user: a directory
/// where the writer creates its temporary file (`PATH.tmp.PID`, see `FileIO.writeAtomically`). The
/// create fails there (EISDIR) at the same step as in a read-only folder (EROFS, EACCES), and the
/// state file itself is left as it was.
struct SaveBlocker {
    let path: String

    init(statePath: String, pid: pid_t) { path = "\(statePath).tmp.\(pid)" }

    func block() -> Bool { mkdir(path, 0o700) == 0 }
    func unblock() -> Bool { rmdir(path) == 0 }
}

/// The number of amber pixels (the save warning badge's colour) in the frame's top-right corner.
func badgePixels(_ kiosk: KioskProcess) throws -> Int {
    let reply = try #require(kiosk.request("{\"cmd\":\"screenshot\"}").flatMap { JSON.parse(Array($0.utf8)) })
    let png = try #require(reply["png"]?.stringValue.flatMap(Base64.decode))
    let frame = try PNGImage.decode(png).canvas
    var amber = 0
    for y in 0..<min(48, frame.height) {
        for x in max(0, frame.width - 160)..<frame.width {
            let p = frame.pixel(x: x, y: y)
            let (r, g, b) = ((p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF)
            if r > 220 && g > 150 && g < 200 && b < 60 { amber += 1 }
        }
    }
    return amber
}

@Suite("Never acknowledge what is not saved: a kiosk whose state file cannot be written", .serialized)
struct UnsavedValueTests {
    func set(_ kiosk: KioskProcess, _ value: Int) -> String? {
        kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\(value)}")
    }

    @Test(
        "A set whose save fails gets an error; the file keeps the last saved value; stats, the panel and one log line say so; saving again is acknowledged"
    )
    func failedSaveIsAnError() throws {
        let kiosk = try #require(KioskProcess(name: "unsaved"))
        #expect(set(kiosk, 30) == "{\"id\":\"dial\",\"ok\":true,\"value\":30}")
        #expect(try badgePixels(kiosk) == 0, "no badge while saving works")
        let blocker = SaveBlocker(statePath: kiosk.statePath, pid: kiosk.process.pid)
        try #require(blocker.block())
        defer { _ = blocker.unblock() }

        for value in [40, 50, 60] {
            let reply = set(kiosk, value) ?? "no reply"
            #expect(
                reply.hasPrefix("{\"error\":\"not saved: create \(kiosk.statePath).tmp.")
                    && reply.contains("Is a directory"), "\(reply)")
        }
        #expect(
            kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":60}",
            "the panel keeps the value it shows")
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(30), "the file keeps the last saved value")
        let state = try #require(kiosk.stats?.state)
        #expect(
            state.saving == "failing" && state.failedSaves >= 3 && state.lastError?.contains("Is a directory") == true,
            "\(state)")
        #expect(try badgePixels(kiosk) > 50, "the panel shows values are not being saved")
        #expect(
            kiosk.logLines(containing: "state: cannot save").count == 1,
            "once per episode, not per failure:\n\(kiosk.log)")

        try #require(blocker.unblock())
        #expect(set(kiosk, 70) == "{\"id\":\"dial\",\"ok\":true,\"value\":70}")
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(70))
        let after = try #require(kiosk.stats?.state)
        #expect(after.saving == "ok" && after.lastError == nil && after.failedSaves >= state.failedSaves, "\(after)")
        #expect(kiosk.logLines(containing: "state: saving works again").count == 1, "\(kiosk.log)")
        #expect(kiosk.logLines(containing: "state: cannot save").count == 1)
        #expect(try badgePixels(kiosk) == 0, "the badge goes once saving works")
    }

    @Test("Over MQTT, a value that could not be saved is not confirmed on its state topic until it is saved")
    func mqttStateWaitsForTheSave() throws {
        let broker = try MosquittoBroker(name: "mqtt-unsaved")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-unsaved-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        try broker.publish("\(base)/dial/set", "60")
        #expect(try broker.wait("\(base)/dial/state", for: "60") == "60", "saved, so confirmed")

        let blocker = SaveBlocker(statePath: kiosk.statePath, pid: kiosk.process.pid)
        try #require(blocker.block())
        defer { _ = blocker.unblock() }
        try broker.publish("\(base)/dial/set", "70")
        // Taken by the panel (a `get` is answered after the failed save it waits for)…
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":70}")
        #expect(kiosk.stats?.state?.saving == "failing")
        // …but the retained state still says what is on disk.
        #expect(try broker.retained("\(base)/dial/state") == "60")

        try #require(blocker.unblock())
        #expect(
            try broker.wait("\(base)/dial/state", for: "70", timeout: 10) == "70", "confirmed once a retry saved it")
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(70))
    }
}
