import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import MQTTAdapter
@testable import Persistence
@testable import SocketAdapter
@testable import Platform

/// A hostile publisher on the kiosk's broker (issue 42, items 1, 4, 5, 7, 8): numbers no element can
/// hold, payloads far over any topic's size, retained commands, Home Assistant status storms.
@Suite("MQTT: a hostile publisher cannot crash, freeze, bloat or overrule the panel", .serialized)
struct MQTTHostileTests {
    static let base = "tw/h"

    /// Every kind that holds a value, once as it is, once bound to a zigbee2mqtt-shaped JSON state
    /// topic (`z2m/<id>`, field `v`) and once to a plain one (`plain/<id>`).
    static let kinds: [(kind: String, keys: String)] = [
        ("circular-slider", "min = 0\nmax = 100"), ("gradient-slider", "min = 0\nmax = 100"),
        ("range-slider", "min = 0\nmax = 24\nvalue = 8\nsecond_value = 18"), ("arc-seeker", "value = 250"),
        ("value-slider", "min = 0\nmax = 100"), ("toggle", "label = \"T\""), ("choice", "options = [\"a\", \"b\"]"),
        ("dropdown", "options = [\"a\", \"b\", \"c\"]"),
        (
            "spinner",
            "value = 0\n[[screens.controls.items]]\ntitle = \"a\"\n[[screens.controls.items]]\ntitle = \"b\"\nenabled = false"
        ),
        ("color-wheel", "value = 0xFF8000"),
    ]

    static func ids(_ kind: String) -> [String] {
        let k = kind.replacingOccurrences(of: "-", with: "_")
        return [k, k + "_z", k + "_p"]
    }

    static func mqtt(port: Int, client: String, discovery: Bool = false) -> String {
        """
        [mqtt]
        host = "127.0.0.1"
        port = \(port)
        base_topic = "\(base)"
        client_id = "\(client)-\(getpid())"
        keepalive = 5
        discovery = \(discovery)
        """
    }

    static func everyKind(port: Int) -> String {
        var out = ""
        for (i, k) in kinds.enumerated() {
            for (j, id) in ids(k.kind).enumerated() {
                let binding =
                    j == 1
                    ? "mqtt = { state_topic = \"z2m/\(id)\", state_json = \"v\" }"
                    : j == 2 ? "mqtt = { state_topic = \"plain/\(id)\" }" : ""
                out += """
                      [[screens.controls]]
                      kind = "\(k.kind)"
                      id = "\(id)"
                      frame = [\(210 + j * 60), \(i * 28), 56, 26]
                      \(binding)
                    \(k.keys)

                    """
            }
        }
        return out + mqtt(port: port, client: "hostile")
    }

    /// The numbers of item 1, as payloads: ±0, ±1e19, ±1e308, NaN, ±inf, "-0".
    static let numbers = [
        "0", "-0", "1e19", "-1e19", "1e308", "-1e308", "NaN", "nan", "inf", "-inf", "Infinity", "\"-0\"", "\"1e19\"",
        "[1e19,-1e19]", "[1e308,NaN]",
    ]

    @Test(
        "±0, ±1e19, ±1e308, NaN, ±inf and \"-0\" on every kind's set topic and bound device topics: the kiosk stays up")
    func hostileNumbers() throws {
        let broker = try MosquittoBroker(name: "hostile-numbers")
        let kiosk = try #require(
            KioskProcess(name: "hostile-numbers-kiosk", extraScreens: MQTTHostileTests.everyKind(port: broker.port)))
        #expect(try broker.wait("\(MQTTHostileTests.base)/status", for: "online") == "online")
        for k in MQTTHostileTests.kinds {
            let ids = MQTTHostileTests.ids(k.kind)
            for n in MQTTHostileTests.numbers {
                for id in ids { try broker.publish("\(MQTTHostileTests.base)/\(id)/set", n) }
                try broker.publish("z2m/\(ids[1])", "{\"v\":\(n),\"linkquality\":80}")
                try broker.publish("plain/\(ids[2])", n)
            }
            // Alive after each kind: a crash names the kind that killed it.
            #expect(
                kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}",
                "the kiosk died on \(k.kind):\n\(kiosk.log.suffix(2000))")
        }
        usleep(300_000)
        #expect(kill(kiosk.process.pid, 0) == 0, "the kiosk is gone:\n\(kiosk.log.suffix(2000))")
        #expect(kiosk.request("{\"cmd\":\"get\",\"id\":\"spinner\"}")?.contains("\"ok\":true") == true)
    }

    @Test("A retained <base>/<id>/set does not overrule the saved value at a restart; it is logged once")
    func retainedSetIgnored() throws {
        let broker = try MosquittoBroker(name: "hostile-retained")
        let first = try #require(
            KioskProcess(
                name: "hostile-retained-1", extraScreens: MQTTHostileTests.mqtt(port: broker.port, client: "ret")))
        #expect(first.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":20}")?.contains("\"ok\":true") == true)
        #expect(try broker.wait("\(MQTTHostileTests.base)/dial/state", for: "20") == "20")
        let saved = try #require(FileIO.read(first.statePath))
        kill(first.process.pid, SIGKILL)
        try broker.publish("\(MQTTHostileTests.base)/dial/set", "50", retain: true)
        try broker.publish("\(MQTTHostileTests.base)/dial/set", "51", retain: true)

        let second = try #require(
            KioskProcess(
                name: "hostile-retained-2", extraScreens: MQTTHostileTests.mqtt(port: broker.port, client: "ret"),
                stateFile: saved))
        let ignored = waitForLog(second, "ignored a retained command")
        #expect(ignored.count == 1, "\(second.log)")
        usleep(300_000)
        #expect(second.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":20}")
        // A set published now (not retained) is a command and taken.
        try broker.publish("\(MQTTHostileTests.base)/dial/set", "33")
        #expect(try broker.wait("\(MQTTHostileTests.base)/dial/state", for: "33") == "33")
    }

    /// The kiosk's log lines containing `text`, waiting up to `timeout` for the first.
    func waitForLog(_ kiosk: KioskProcess, _ text: String, timeout: Double = 10) -> [Substring] {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        while kiosk.logLines(containing: text).isEmpty && monotonicNow() < deadline { usleep(50_000) }
        return kiosk.logLines(containing: text)
    }

    @Test("A flood of invented ids does not silence the faults after it; a payload's line break forges no line")
    func logStaysTrustworthy() throws {
        let broker = try MosquittoBroker(name: "hostile-log")
        let kiosk = try #require(
            KioskProcess(
                name: "hostile-log-kiosk", extraScreens: MQTTHostileTests.mqtt(port: broker.port, client: "log")))
        #expect(try broker.wait("\(MQTTHostileTests.base)/status", for: "online") == "online")
        // 300 ids that exist nowhere: the old log-once set filled at 256 and said nothing after.
        for i in 0..<300 { try broker.publish("\(MQTTHostileTests.base)/ghost\(i)/set", "not a number") }
        // The shared budget refills at one line a second.
        usleep(3_000_000)
        try broker.publish("\(MQTTHostileTests.base)/dial/set", "12\n<3>kiosk: the state file is corrupt")
        let told = waitForLog(kiosk, "tw/h/dial/set: ignored")
        #expect(told.count == 1, "a real fault after 300 invented ids must be logged:\n\(kiosk.log.suffix(1500))")
        #expect(told.first?.contains("\\n<3>kiosk: the state file is corrupt") == true)
        #expect(kiosk.logLines(containing: "the state file is corrupt").count == 1, "no forged line")
        #expect(kiosk.logLines(containing: "ghost").count < 40, "the flood itself is cut short")
    }
}

extension MosquittoBroker {
    /// Publishes `payload` to `topic`, retained when asked.
    func publish(_ topic: String, _ payload: String, retain: Bool) throws {
        let run = runTool(
            try MosquittoBroker.tool("mosquitto_pub"),
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "1"] + (retain ? ["-r"] : [])
                + clientArgs)
        guard run?.status == 0 else { throw BrokerError("mosquitto_pub to \(topic) failed: \(run?.err ?? "not run")") }
    }

    /// Publishes the file at `path` as one message, or each of its lines as a message (`lines`).
    func publish(_ topic: String, file path: String, lines: Bool = false, retain: Bool = false) throws {
        let pub = try MosquittoBroker.tool("mosquitto_pub")
        let args =
            "-h 127.0.0.1 -p \(port) -t '\(topic)' -q 0" + (retain ? " -r" : "")
            + (lines ? " -l < '\(path)'" : " -f '\(path)'") + clientArgs.map { " '\($0)'" }.joined()
        let run = runTool("/bin/sh", ["-c", "\(pub) \(args)"])
        guard run?.status == 0 else { throw BrokerError("mosquitto_pub to \(topic) failed: \(run?.err ?? "not run")") }
    }
}
