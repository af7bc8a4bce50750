import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// libmosquitto is opened at run time, only for `[mqtt]`: a machine without it gets a warning from
/// `check-config` and a kiosk that says so once and runs on without MQTT. `THUMBWHEEL_MOSQUITTO`
/// points the child at a library that does not exist.
@Suite("MQTT: libmosquitto opened at run time")
struct MQTTLibraryTests {
    static let missing = "THUMBWHEEL_MOSQUITTO=/nonexistent/libmosquitto.so.1"
    static let section = "[mqtt]\nhost = \"127.0.0.1\"\nport = 1\n"

    @Test(
        "This machine has libmosquitto (scripts/setup installs it): an [mqtt] config loads without a warning about it")
    func presentHere() throws {
        if case .failure(let why) = MosquittoLibrary.shared { Issue.record("libmosquitto: \(why)") }
        let config = try ConfigLoader.parse(text: MQTTLibraryTests.section + MQTTConfigTests.screens, file: "c.toml")
        #expect(!config.warnings.contains { $0.description.contains("libmosquitto") })
    }

    @Test("check-config warns, naming the library and the package, and still exits 0")
    func checkConfigWarns() throws {
        let dir = makeTemporaryDirectory("mqtt-library-check")
        let path = dir + "/config.toml"
        try FileIO.writeAtomically(Array((MQTTLibraryTests.section + MQTTConfigTests.screens).utf8), to: path)
        let binary = try #require(thumbwheelBinary())
        let run = try #require(runTool(binary, ["check-config", path], environment: [MQTTLibraryTests.missing]))
        #expect(run.status == 0)
        #expect(
            run.err.contains(
                "warning: \(path):2:1: mqtt.host: expected libmosquitto.so.1 to reach the broker, found none on this machine"
            ))
        #expect(run.err.contains("apt install libmosquitto1"))
        #expect(run.out.contains("OK") && run.out.contains("1 warning"))
    }

    @Test("The kiosk logs the missing library once, as an error, and serves its panel without MQTT")
    func kioskRunsWithout() throws {
        let dir = makeTemporaryDirectory("mqtt-library-run")
        let path = dir + "/config.toml", socket = dir + "/control.sock", log = dir + "/kiosk.log"
        try FileIO.writeAtomically(
            Array(KioskProcess.config(dir: dir, extraScreens: MQTTLibraryTests.section).utf8), to: path)
        let binary = try #require(thumbwheelBinary())
        let kiosk = try #require(
            SpawnedProcess(
                "/usr/bin/env", [MQTTLibraryTests.missing, binary, "run", "--config", path], stderrPath: log))
        defer { kill(kiosk.pid, SIGKILL); _ = kiosk.readAcksUntilExit() }
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while access(socket, F_OK) != 0 && monotonicNow() < deadline { usleep(20_000) }
        let client = try #require(TestClient(path: socket))
        client.send("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":60}\n")
        var reply: String?
        while reply == nil && monotonicNow() < deadline { reply = client.nextLine(); usleep(5_000) }
        #expect(reply == "{\"id\":\"dial\",\"ok\":true,\"value\":60}")
        let text = FileIO.read(log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let errors = text.split(separator: "\n").filter { $0.contains("mqtt: cannot open libmosquitto.so.1") }
        #expect(errors.count == 1, "\(text)")
        #expect(
            errors.first?.contains("apt install libmosquitto1") == true
                && errors.first?.contains("runs without MQTT") == true)
    }
}
