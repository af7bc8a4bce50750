import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// Payloads far over any topic's size, and Home Assistant status storms (issue 42, items 4 and 7):
/// refused unread with one line, memory and the loop unharmed, one republish per burst.
@Suite("MQTT: oversized payloads and status storms", .serialized)
struct MQTTFloodTests {
    static let base = MQTTHostileTests.base

    static func screens(port: Int, discovery: Bool) -> String {
        """
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [210, 0, 120, 60]
          label = "Lamp"
          mqtt = { state_topic = "z2m/lamp", state_json = "state", availability_topic = "z2m/lamp/availability", availability_json = "state" }
        [[variables]]
        id = "outdoor"
        topic = "sensors/outdoor"
        json = "temperature"
        """ + "\n" + MQTTHostileTests.mqtt(port: port, client: "flood", discovery: discovery)
    }

    /// The kiosk's peak resident memory so far (VmHWM), in bytes.
    static func peakRSS(_ pid: pid_t) -> Int {
        let status = FileIO.read("/proc/\(pid)/status").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    @Test("4 MiB on every kind of topic: refused unread, one line per topic, memory flat, other clients answered")
    func oversizedPayloads() throws {
        let broker = try MosquittoBroker(name: "flood-size")
        let kiosk = try #require(
            KioskProcess(
                name: "flood-size-kiosk", extraScreens: MQTTFloodTests.screens(port: broker.port, discovery: true),
                environment: TestTiming.measuredMemoryEnvironment))
        #expect(try broker.wait("\(MQTTFloodTests.base)/status", for: "online") == "online")
        let size = 4 << 20
        let file = makeTemporaryDirectory("flood-size-payload") + "/big.json"
        // JSON all the way: the old code parsed a backlight or availability payload whole on the loop.
        let body = "{\"state\":\"ON\",\"brightness\":40,\"x\":[" + String(repeating: "1,", count: size / 2 - 32) + "1]}"
        try FileIO.writeAtomically(Array(body.utf8), to: file)
        let topics = [
            "\(MQTTFloodTests.base)/dial/set", "\(MQTTFloodTests.base)/backlight/set",
            "\(MQTTFloodTests.base)/dial/readout/set", "z2m/lamp", "z2m/lamp/availability", "sensors/outdoor",
            "\(MQTTFloodTests.base)/discovery", "homeassistant/status",
        ]
        let before = MQTTFloodTests.peakRSS(kiosk.process.pid)
        let watch = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        for topic in topics {
            for _ in 0..<2 { try broker.publish(topic, file: file) }
        }
        // The last one read: the kiosk has had them all.
        _ = waitForLines(kiosk, "homeassistant/status: ignored")
        let stalls = watch.stop()
        let grown = MQTTFloodTests.peakRSS(kiosk.process.pid) - before
        #expect(stalls.responsive, "\(stalls)")
        // libmosquitto holds one payload while it reads it; nothing of the kiosk's own copies or parses it.
        #expect(grown < size * 4, "peak RSS grew by \(grown >> 20) MiB for \(size >> 20) MiB payloads")
        for topic in topics {
            let lines = kiosk.logLines(containing: "\(topic): ignored")
            #expect(lines.count == 1, "\(topic): \(lines)")
            #expect(lines.first?.contains("bytes unread") == true, "\(topic): \(lines)")
        }
        print("oversized payloads: \(stalls); peak RSS +\(grown >> 20) MiB")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
    }

    func waitForLines(_ kiosk: KioskProcess, _ text: String, timeout: Double = 30) -> [Substring] {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        while kiosk.logLines(containing: text).isEmpty && monotonicNow() < deadline { usleep(50_000) }
        return kiosk.logLines(containing: text)
    }

    @Test("5,000 \"online\" on homeassistant/status: the configs go out once, not 5,000 times")
    func statusStorm() throws {
        let broker = try MosquittoBroker(name: "flood-status")
        let kiosk = try #require(
            KioskProcess(
                name: "flood-status-kiosk", extraScreens: MQTTFloodTests.screens(port: broker.port, discovery: true)))
        #expect(try broker.wait("\(MQTTFloodTests.base)/status", for: "online") == "online")
        // The configs follow the status: wait for them (a sanitizer's kiosk is slower to send them).
        func retainedConfigs() throws -> Int {
            try broker.retainedMessages("homeassistant/#").filter { $0.key.hasSuffix("/config") }.count
        }
        let published = monotonicNow() + TestTiming.seconds(5)
        var configs = try retainedConfigs()
        while configs == 0 && monotonicNow() < published { usleep(100_000); configs = try retainedConfigs() }
        try #require(configs > 0)
        let listener = try MosquittoListener(broker, topics: ["homeassistant/#"])
        usleep(500_000)
        let retained = listener.lines.filter { $0.contains("/config ") }.count
        let file = makeTemporaryDirectory("flood-status-lines") + "/online"
        try FileIO.writeAtomically(Array(String(repeating: "online\n", count: 5000).utf8), to: file)
        let watch = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        let stormStarted = monotonicNow()
        try broker.publish("homeassistant/status", file: file, lines: true)
        func republished() -> Int { listener.lines.filter { $0.contains("/config ") }.count - retained }
        // Until the configs are out again (a sanitizer's kiosk reads the storm slower), then the
        // debounce's window once more: a second round would come within it.
        let deadline = monotonicNow() + TestTiming.seconds(2.5)
        while republished() < configs && monotonicNow() < deadline { usleep(50_000) }
        usleep(1_500_000)
        let stalls = watch.stop()
        let republished = republished()
        // Once per storm; a storm read for longer than the longest put-off (a sanitizer's) earns one more.
        let rounds = 1 + Int((monotonicNow() - stormStarted) / MQTTBridge.discoveryMaximumWait)
        #expect(
            republished >= configs && republished % configs == 0 && republished <= configs * rounds,
            "\(republished) config messages for \(configs) configs (at most \(rounds) rounds)")
        #expect(stalls.responsive, "\(stalls)")
        print("status storm: \(republished) config messages for \(configs) configs; \(stalls)")
    }

    @Test(
        "A retained 20 MB discovery list: refused unread, no entity cleared; a list of one entity 4,000 times clears it once"
    )
    func discoveryList() throws {
        let broker = try MosquittoBroker(name: "flood-list")
        let kiosk = try #require(
            KioskProcess(
                name: "flood-list-kiosk", extraScreens: MQTTFloodTests.screens(port: broker.port, discovery: true)))
        #expect(try broker.wait("\(MQTTFloodTests.base)/status", for: "online") == "online")
        let mine = try #require(try broker.retainedMessages("homeassistant/#").keys.first { $0.hasSuffix("/config") })
        let levels = mine.split(separator: "/")
        let node = levels[levels.count - 3]
        let gone = "homeassistant/number/\(node)/gone/config"
        let listener = try MosquittoListener(broker, topics: ["homeassistant/+/\(node)/+/config"])
        let dir = makeTemporaryDirectory("flood-list-files")
        let huge =
            "[" + (0..<400_000).map { "\"homeassistant/number/\(node)/x\($0)/config\"" }.joined(separator: ",") + "]"
        try FileIO.writeAtomically(Array(huge.utf8), to: dir + "/huge")
        let watch = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        try broker.publish("\(MQTTFloodTests.base)/discovery", file: dir + "/huge")
        _ = waitForLines(kiosk, "/discovery: ignored")
        usleep(500_000)
        // mosquitto_sub -v shows an empty payload (a cleared config) as "(null)".
        let cleared = listener.lines.filter { $0.hasSuffix(" (null)") || $0.hasSuffix(" ") }
        #expect(cleared.isEmpty, "\(cleared.count) configs cleared")
        let repeated = "[" + Array(repeating: "\"\(gone)\"", count: 4_000).joined(separator: ",") + "]"
        try FileIO.writeAtomically(Array(repeated.utf8), to: dir + "/repeated")
        try broker.publish("\(MQTTFloodTests.base)/discovery", file: dir + "/repeated")
        usleep(1_000_000)
        let stalls = watch.stop()
        #expect(listener.messages(on: gone).count == 1, "\(listener.lines.count) clears")
        #expect(stalls.responsive, "\(stalls)")
        print("discovery list: \(stalls)")
    }
}
