import Core
import Glibc
import Testing
@testable import Kiosk
@testable import Persistence
import Platform

@Suite("The crash-loop guard: two early deaths quarantine the third start")
struct CrashLoopGuardTests {
    @Test("Unproven starts within the memory count; older, future and unreadable lines do not")
    func decision() {
        let now = 10_000.0
        #expect(CrashLoopGuard.decide(record: "", now: now).start == .init(recentCrashes: 0))
        let one = CrashLoopGuard.decide(record: "9990\n", now: now)
        #expect(one.start.recentCrashes == 1 && !one.start.quarantined)
        let two = CrashLoopGuard.decide(record: "9980\n9995\n", now: now)
        #expect(two.start.quarantined && two.kept == [9980, 9995])
        let old = CrashLoopGuard.decide(
            record: "\(now - CrashLoopGuard.memory - 1)\n9995\nnan\nrubbish\n20000\n", now: now)
        #expect(old.start.recentCrashes == 1 && old.kept == [9995])
    }

    @Test("A start is recorded in a file beside the state file; a stable or clean start removes it")
    func record() throws {
        let dir = makeTemporaryDirectory("crashguard")
        let guardian = CrashLoopGuard(statePath: dir + "/state.json")
        #expect(guardian.path == dir + "/state.json.starts")
        #expect(!guardian.recordStart(now: 100).quarantined)
        #expect(!guardian.recordStart(now: 110).quarantined)
        #expect(guardian.recordStart(now: 120) == .init(recentCrashes: 2))
        guardian.markStable()
        #expect(access(guardian.path, F_OK) != 0)
        #expect(guardian.recordStart(now: 130) == .init(recentCrashes: 0))
    }

    @Test("A quarantined run refuses values from devices and MQTT, never the socket's or a tap")
    func refusals() throws {
        let dir = makeTemporaryDirectory("crashguard-run")
        let state = dir + "/state.json"
        for t in [1.0, 2.0] { _ = CrashLoopGuard(statePath: state).recordStart(now: WallClock.utcSeconds() - 10 + t) }
        let held = StartQuarantine(statePath: state, now: 0)
        #expect(held.isActive && held.deadline == CrashLoopGuard.stableAfter)
        let set = KioskCommand.set(id: "dial", value: .single(1))
        #expect(held.refusal(of: set, from: .mqtt) != nil)
        #expect(held.refusal(of: set, from: .device) != nil)
        #expect(held.refusal(of: .setAvailable(id: "dial", available: true), from: .device) != nil)
        #expect(held.refusal(of: .setAvailable(id: "dial", available: false), from: .device) == nil)
        #expect(held.refusal(of: set, from: .socket) == nil)
        #expect(held.refusal(of: .tap(Point(1, 1)), from: .mqtt) == nil)
        var trusted = StartQuarantine(statePath: dir + "/other.json", now: 0)
        #expect(!trusted.isActive && trusted.refusal(of: set, from: .mqtt) == nil)
        trusted.tick(now: CrashLoopGuard.stableAfter)
        #expect(trusted.deadline == nil && access(dir + "/other.json.starts", F_OK) != 0)
    }
}

@Suite("The crash-loop guard end to end: a kiosk killed twice at start, a real broker", .serialized)
struct CrashLoopProcessTests {
    @Test("Killed twice within a minute of starting, the kiosk starts a third time with MQTT's sets held back")
    func thirdStartQuarantined() throws {
        let broker = try MosquittoBroker(name: "crashloop")
        let section = MQTTProcessTests.section(port: broker.port)
        let base = MQTTProcessTests.base
        var first: KioskProcess? = try #require(KioskProcess(name: "crashloop", extraScreens: section))
        let dir = first!.dir
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
        try broker.publish("\(base)/dial/set", "60")
        #expect(try broker.wait("\(base)/dial/state", for: "60") == "60", "a trusted start applies MQTT's set")
        #expect(
            OfflineMQTTProcessTests.dots(try #require(try first!.screenshotBitmap())) == 0, "no banner when trusted")
        let saved = monotonicNow() + TestTiming.seconds(5)
        while StateStore(path: dir + "/state.json").values["dial"] != .single(60) && monotonicNow() < saved {
            usleep(20_000)
        }
        kill(first!.process.pid, SIGKILL)
        first = nil
        var second: KioskProcess? = try #require(KioskProcess(name: "crashloop", extraScreens: section, reusing: dir))
        kill(second!.process.pid, SIGKILL)
        second = nil
        let third = try #require(KioskProcess(name: "crashloop", extraScreens: section, reusing: dir))
        #expect(third.log.contains("crash-loop guard: the last 2 starts ended within a minute"), "\(third.log)")
        #expect(OfflineMQTTProcessTests.dots(try #require(try third.screenshotBitmap())) > 0, "the banner says why")
        try broker.publish("\(base)/dial/set", "70")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while !third.log.contains("not applied: the kiosk restarted") && monotonicNow() < deadline {
            usleep(50_000)
        }
        #expect(third.log.contains("not applied: the kiosk restarted after 2 crashes"), "\(third.log)")
        #expect(third.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":60}")
        #expect(
            third.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":30}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":30}",
            "the socket is trusted")
    }
}
