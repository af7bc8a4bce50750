import Core
import Glibc
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// End to end against a real broker: the kiosk publishes retained values and its status, takes `set`s
/// as the socket does, ignores malformed ones, and survives the broker going away.
@Suite("MQTT: a real mosquitto broker and the kiosk process", .serialized)
struct MQTTProcessTests {
    static let base = "tw/test"

    static func section(port: Int) -> String {
        "[mqtt]\nhost = \"127.0.0.1\"\nport = \(port)\nbase_topic = \"\(base)\"\nclient_id = \"thumbwheel-test-\(getpid())\"\nkeepalive = 5\n"
    }

    func value(_ kiosk: KioskProcess) -> Double? {
        kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}").flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    @Test(
        "Retained state and status after start; a set over MQTT is applied like the socket's; malformed ones change nothing"
    )
    func publishAndSet() throws {
        let broker = try MosquittoBroker(name: "mqtt-set")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-set-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        #expect(try broker.wait("\(base)/status", for: "online") == "online")

        try broker.publish("\(base)/dial/set", "60")
        #expect(try broker.wait("\(base)/dial/state", for: "60") == "60")
        #expect(value(kiosk) == 60)

        // Clamped exactly as the socket's set would be.
        try broker.publish("\(base)/dial/set", "140")
        #expect(try broker.wait("\(base)/dial/state", for: "100") == "100")
        #expect(value(kiosk) == 100)

        for bad in ["abc", "NaN", "[1]", "{\"v\":3}", "", String(repeating: "1", count: 2000)] {
            try broker.publish("\(base)/dial/set", bad)
        }
        try broker.publish("\(base)/nope/set", "5")
        usleep(500_000)
        #expect(value(kiosk) == 100, "a malformed payload must change nothing")
        #expect(try broker.retained("\(base)/dial/state") == "100")
        #expect(try broker.retained("\(base)/nope/state", seconds: 1) == nil)
        // The kiosk is still listening after the rubbish.
        try broker.publish("\(base)/dial/set", " 50 ")
        #expect(try broker.wait("\(base)/dial/state", for: "50") == "50")
        // Ten sets arrived (three taken, seven refused): every one is counted in.
        let stats = try #require(kiosk.mqttStats)
        #expect(
            stats.state == "connected" && stats.messagesIn >= 10 && stats.messagesOut >= 5 && stats.reconnects == 0
                && stats.lastError == nil)
        // Three sets changed the dial (60, 100, 50): each frame showing one has its set → submit latency.
        let latency = try #require(kiosk.stats?.latency?.mqttSetToSubmit)
        #expect(latency.count == 3 && latency.p50 >= 0 && latency.p50 <= latency.max)
    }

    @Test("The broker killed and restarted: the kiosk reconnects and republishes every value and its status")
    func reconnects() throws {
        let broker = try MosquittoBroker(name: "mqtt-restart")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-restart-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        // A value set through the socket while the broker is away still reaches the fresh broker.
        broker.kill()
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":70}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":70}")
        try broker.start()
        #expect(try broker.wait("\(base)/dial/state", for: "70", timeout: 30) == "70")
        #expect(try broker.wait("\(base)/status", for: "online") == "online")
    }

    /// A quarter-turn drag of the dial from its handle (the points `list` reports), queued on the socket.
    func dragDial(_ kiosk: KioskProcess, quarter: Double) throws {
        let dial = try #require(
            kiosk.request("{\"cmd\":\"list\"}").flatMap { JSON.parse(Array($0.utf8)) }?["controls"]?.arrayValue?.first)
        let handle = (dial["points"]?["handle"]?.arrayValue ?? []).compactMap(\.numberValue)
        let center = (dial["points"]?["center"]?.arrayValue ?? []).compactMap(\.numberValue)
        try #require(handle.count == 2 && center.count == 2)
        let r = hypot(handle[0] - center[0], handle[1] - center[1])
        let a = atan2(handle[1] - center[1], handle[0] - center[0]) + quarter * Double.pi / 2
        let drag =
            "{\"cmd\":\"drag\",\"from\":[\(handle[0]),\(handle[1])],\"to\":[\(center[0] + r * cos(a)),\(center[1] + r * sin(a))],\"steps\":20,\"duration_ms\":400}"
        #expect(kiosk.request(drag)?.hasPrefix("{\"ok\":true") == true)
    }

    @Test(
        "The broker killed mid-drag and restarted: the retained state is the kiosk's last value; stats count the reconnect"
    )
    func brokerDiesMidDrag() throws {
        let broker = try MosquittoBroker(name: "mqtt-middrag")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-middrag-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        try dragDial(kiosk, quarter: 1)
        usleep(150_000)
        broker.kill()  // while the finger is still moving
        usleep(600_000)
        try dragDial(kiosk, quarter: 0.5)
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":3}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":3}")
        try dragDial(kiosk, quarter: 1)
        usleep(700_000)
        let final = try #require(value(kiosk))
        #expect(final != 3 && final != 25, "the last drag moved the dial")
        try broker.start()
        #expect(
            try broker.wait("\(base)/dial/state", for: MQTTBridge.payload(.single(final)), timeout: 30)
                == MQTTBridge.payload(.single(final)))
        #expect(kiosk.mqttStats?.reconnects == 1 && kiosk.mqttStats?.state == "connected")
        // A drag with the broker back ends on the same value on both sides.
        try dragDial(kiosk, quarter: -1)
        usleep(700_000)
        let after = try #require(value(kiosk))
        #expect(
            try broker.wait("\(base)/dial/state", for: MQTTBridge.payload(.single(after)))
                == MQTTBridge.payload(.single(after)))
    }

    @Test("A broker that takes the connection but never answers is given up on after the keepalive, once in the log")
    func silentBroker() throws {
        // A listening socket nobody accepts from: the kernel completes the TCP handshake, CONNECT gets no answer.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, len) }
        }
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &len) }
        }
        try #require(listen(listener, 8) == 0)
        let port = Int(UInt16(bigEndian: addr.sin_port))
        let kiosk = try #require(
            KioskProcess(name: "mqtt-silent-kiosk", extraScreens: MQTTProcessTests.section(port: port)))
        #expect(kiosk.mqttStats?.state == "connecting")
        usleep(6_000_000)  // keepalive 5 s
        #expect(kiosk.logLines(containing: "no answer within 5 s").count == 1, "\(kiosk.log)")
        #expect(kiosk.mqttStats?.lastError == "no answer within 5 s")
        #expect(value(kiosk) == 25, "the kiosk answers while its broker hangs")
    }

    @Test("States sent into a hung broker are not replayed after the reconnect: no stale value overwrites a newer one")
    func noStaleReplay() throws {
        let broker = try MosquittoBroker(name: "mqtt-stale")
        let kiosk = try #require(
            KioskProcess(name: "mqtt-stale-kiosk", extraScreens: MQTTProcessTests.section(port: broker.port)))
        let base = MQTTProcessTests.base
        #expect(try broker.wait("\(base)/dial/state", for: "25") == "25")
        broker.freeze()
        // Published into the hung broker's socket, never acknowledged: libmosquitto keeps them in flight.
        for v in [80, 60, 40] {
            #expect(
                kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\(v)}")
                    == "{\"id\":\"dial\",\"ok\":true,\"value\":\(v)}")
        }
        usleep(200_000)
        broker.kill()
        #expect(
            kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":12}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":12}")
        try broker.start()
        #expect(try broker.wait("\(base)/dial/state", for: "12", timeout: 30) == "12")
        usleep(1_000_000)  // time for a replay to arrive, if there were one
        #expect(try broker.retained("\(base)/dial/state") == "12")
    }

    @Test("A broker absent at start is retried until it appears")
    func brokerLate() throws {
        let port = MosquittoBroker.freePort()
        let kiosk = try #require(
            KioskProcess(name: "mqtt-late-kiosk", extraScreens: MQTTProcessTests.section(port: port)))
        usleep(1_500_000)
        #expect(value(kiosk) == 25, "the kiosk runs without its broker")
        let broker = try MosquittoBroker(name: "mqtt-late", port: port)
        #expect(try broker.wait("\(MQTTProcessTests.base)/dial/state", for: "25", timeout: 40) == "25")
    }
}
