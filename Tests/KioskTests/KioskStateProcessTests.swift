import Controls
import Core
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A running kiosk given state files that are large, stale or wrong (issue 37: items 2 and 7).
@Suite("The kiosk process: state files that are large or wrong", .serialized)
struct KioskStateProcessTests {
    /// A state file holding `stale` ids no control has, besides `values`.
    static func stateFile(stale: Int, _ values: [String: StoredValue] = [:]) -> [UInt8] {
        var all = values
        for i in 0..<stale { all["stale_\(i)"] = .single(Double(i) / 4) }
        return StateFile.text(all)
    }

    static func set(_ value: Int) -> String { "{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\(value)}" }
    static func setReply(_ value: Int) -> String { "{\"id\":\"dial\",\"ok\":true,\"value\":\(value)}" }
    static let get = "{\"cmd\":\"get\",\"id\":\"dial\"}"

    /// The state file's values once `test` holds for them, or the last ones read when 5 s passed first.
    static func saved(_ kiosk: KioskProcess, until test: ([String: StoredValue]) -> Bool) -> [String: StoredValue]? {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var values: [String: StoredValue]?
        repeat {
            values = FileIO.read(kiosk.statePath).flatMap { try? StateFile.read($0).get().values }
            if let values, test(values) { return values }
            usleep(20_000)
        } while monotonicNow() < deadline
        return values
    }

    @Test(
        "5,000 saved ids: each set is saved with every id, and a second client is answered within the stall limit meanwhile"
    )
    func manyIDsDoNotStall() throws {
        let kiosk = try #require(
            KioskProcess(name: "state-many", stateFile: Self.stateFile(stale: 5_000, ["dial": .single(25)])))
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        for value in [10, 20, 30, 40, 50] { #expect(kiosk.request(Self.set(value)) == Self.setReply(value)) }
        let result = guardian.stop()
        #expect(result.responsive, "\(result)")
        let values = StateStore(path: kiosk.statePath).values
        #expect(values.count == 5_001 && values["dial"] == .single(50) && values["stale_4999"] == .single(4999.0 / 4))
    }

    @Test(
        "100,000 saved ids: the kiosk starts, answers every set, saves it with every id kept, and another client's get is never held"
    )
    func hundredThousandIDs() throws {
        let kiosk = try #require(
            KioskProcess(name: "state-huge", stateFile: Self.stateFile(stale: 100_000, ["dial": .single(25)])))
        // Only a set's reply waits for its save; the guard's gets are answered while the large file is written.
        let guardian = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        for value in [60, 70] { #expect(kiosk.request(Self.set(value)) == Self.setReply(value)) }
        let result = guardian.stop()
        #expect(result.responsive, "\(result)")
        let values = StateStore(path: kiosk.statePath).values
        #expect(
            values.count == 100_001 && values["dial"] == .single(70) && values["stale_99999"] == .single(99999.0 / 4))
    }

    @Test(
        "A saved value out of the control's range is clamped by the control at start, logged once and saved back; other ids are kept"
    )
    func clampedOnLoad() throws {
        let kiosk = try #require(
            KioskProcess(name: "state-clamp", stateFile: StateFile.text(["dial": .single(140), "gone": .single(7)])))
        #expect(kiosk.request(Self.get) == "{\"id\":\"dial\",\"ok\":true,\"value\":100}")
        #expect(Self.saved(kiosk) { $0["dial"] == .single(100) } == ["dial": .single(100), "gone": .single(7)])
        kill(kiosk.process.pid, SIGHUP)
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while !kiosk.log.contains("reload:") && monotonicNow() < deadline { usleep(20_000) }
        let lines = kiosk.log.split(separator: "\n").filter { $0.contains("saved value of dial") }
        #expect(
            lines.count == 1 && lines.first?.contains("140") == true && lines.first?.contains("starts at 100") == true,
            "\(kiosk.log)")
    }

    @Test(
        "A saved value the control refuses (two numbers for one handle) is dropped and logged; the control starts from its config"
    )
    func refusedByControl() throws {
        let kiosk = try #require(
            KioskProcess(name: "state-refused", stateFile: StateFile.text(["dial": .pair(1, 2), "gone": .single(7)])))
        #expect(kiosk.request(Self.get) == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        #expect(Self.saved(kiosk) { $0["dial"] == nil } == ["gone": .single(7)])
        #expect(
            kiosk.log.split(separator: "\n").filter { $0.contains("dropped the saved value of dial") }.count == 1,
            "\(kiosk.log)")
    }

    @Test("A mistyped value in the file is dropped and logged, the others kept; the file as it was is kept aside")
    func mistypedValue() throws {
        let file = Array("{\"version\": 1, \"values\": {\"dial\": 40, \"gone\": \"seven\", \"kept\": [1, 2]}}\n".utf8)
        let kiosk = try #require(KioskProcess(name: "state-mistyped", stateFile: file))
        #expect(kiosk.request(Self.get) == "{\"id\":\"dial\",\"ok\":true,\"value\":40}")
        #expect(Self.saved(kiosk) { $0["gone"] == nil } == ["dial": .single(40), "kept": .pair(1, 2)])
        #expect(FileIO.read(kiosk.statePath + ".corrupt-1") == file)
        #expect(
            kiosk.log.contains("dropped the saved value of \"gone\": expected a number or [a, b], found \"seven\""),
            "\(kiosk.log)")
    }

    @Test(
        "A state file of an unknown version is refused with a clear line and kept aside; the next save does not touch it"
    )
    func unknownVersion() throws {
        let file = Array("{\"version\": 2, \"values\": {\"dial\": 40}}\n".utf8)
        let kiosk = try #require(KioskProcess(name: "state-version", stateFile: file))
        #expect(kiosk.request(Self.get) == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        #expect(
            kiosk.log.contains(
                "its version is 2; this kiosk reads version 1 only; moved it to \(kiosk.statePath).unknown-version-1"),
            "\(kiosk.log)")
        #expect(kiosk.request(Self.set(30)) == Self.setReply(30))
        #expect(StateStore(path: kiosk.statePath).values == ["dial": .single(30)])
        #expect(FileIO.read(kiosk.statePath + ".unknown-version-1") == file)
    }
}
