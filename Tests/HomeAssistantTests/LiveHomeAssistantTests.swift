import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// Turns `loop` until `condition` holds or `timeout` seconds (a quiet machine's figure, scaled by
/// `TestTiming` for this run) pass; whether it held.
func turn(_ loop: EventLoop, timeout: Double, until condition: () -> Bool) -> Bool {
    let end = monotonicNow() + TestTiming.seconds(timeout)
    while !condition() {
        guard monotonicNow() < end else { return false }
        loop.runOnce(timeout: 0.05)
    }
    return true
}

/// Turns `loop` for `seconds` of the clock, unscaled: time the client under test must see pass.
func turn(_ loop: EventLoop, for seconds: Double) {
    let end = monotonicNow() + seconds
    while monotonicNow() < end { loop.runOnce(timeout: min(0.05, max(0, end - monotonicNow()))) }
}

/// A client and its loop, recording what the callbacks said.
final class Harness {
    let loop = EventLoop()
    let client: HomeAssistantClient
    var states: [ConnectionState] = []
    var deliveries: [(String, EntityState?)] = []

    static let quick = HomeAssistantClient.Timing(
        pingInterval: 1, pongTimeout: 1, connectTimeout: 10, initialBackoff: 0.2, maximumBackoff: 1)

    convenience init(server: HAServer, token: String? = nil) throws {
        try self.init(
            settings: try HomeAssistantSettings(url: "http://127.0.0.1:\(server.port)", token: token ?? server.token))
    }

    init(
        settings: HomeAssistantSettings, entities: [String]? = Harness.entities,
        timing: HomeAssistantClient.Timing = Harness.quick
    ) throws {
        client = HomeAssistantClient(settings: settings, entityIDs: entities, loop: loop, timing: timing)
        client.onState = { [unowned self] in self.states.append($0) }
        client.onEntity = { [unowned self] in self.deliveries.append(($0, $1)) }
    }

    static let entities = ["input_boolean.tw_lamp", "input_number.tw_level", "input_select.tw_mode"]

    /// A client of `server`'s HA following `entities`, started; an issue is recorded unless it goes live.
    static func live(_ server: HAServer, entities: [String]) throws -> Harness {
        let h = try Harness(
            settings: try HomeAssistantSettings(url: "http://127.0.0.1:\(server.port)", token: server.token),
            entities: entities)
        h.client.start()
        #expect(h.waitLive(HAServer.startTimeout), "state: \(h.client.state)")
        return h
    }

    /// Calls `domain.service` on `entity` with `data`; an issue is recorded unless HA accepts it.
    func expectCall(_ domain: String, _ service: String, _ entity: String, _ data: [(String, JSON)] = []) {
        let r = call(
            ServiceCall(domain: domain, service: service, entity: entity, data: data.isEmpty ? nil : .object(data)))
        guard case .success? = r else {
            Issue.record("\(domain).\(service) \(entity): \(String(describing: r))")
            return
        }
    }

    func waitLive(_ timeout: Double = 30) -> Bool { turn(loop, timeout: timeout) { client.state == .live } }

    /// Calls a service and turns the loop until HA answers.
    func call(_ call: ServiceCall, timeout: Double = 10) -> ServiceResult? {
        var result: ServiceResult?
        client.call(call) { result = $0 }
        _ = turn(loop, timeout: timeout) { result != nil }
        return result
    }
}

@Suite("Against a real Home Assistant core", .serialized)
struct LiveHomeAssistantTests {
    @Test("The token is accepted: connecting, authenticating, live")
    func authOK() throws {
        let h = try Harness(server: try HAServer.shared())
        h.client.start()
        #expect(h.waitLive(), "state: \(h.client.state)")
        #expect(Array(h.states.prefix(3)) == [.connecting, .authenticating, .live])
        h.client.stop()
    }

    @Test("A wrong token is refused with HA's message, and not retried before refusedRetry")
    func wrongToken() throws {
        let h = try Harness(server: try HAServer.shared(), token: "not-a-token")
        h.client.start()
        #expect(
            turn(h.loop, timeout: 30) {
                if case .refused = h.client.state { return true }; return false
            })
        guard case .refused(let why) = h.client.state else { Issue.record("state \(h.client.state)"); return }
        #expect(!why.isEmpty && !why.contains("not-a-token"))
        // Three times the longest backoff: a client retrying a refusal as a loss would have tried again by then.
        turn(h.loop, for: 3)
        #expect(h.client.attempts == 1)
        if case .refused = h.client.state {} else { Issue.record("left refused: \(h.client.state)") }
    }

    @Test("Subscribing delivers the states and attributes of the entities asked for, and only those")
    func subscribe() throws {
        let h = try Harness(server: try HAServer.shared())
        h.client.start()
        #expect(h.waitLive())
        #expect(h.client.entities.entities.keys.sorted() == Harness.entities.sorted())
        let level = try #require(h.client.entities["input_number.tw_level"])
        #expect(Double(level.state) != nil)
        #expect(level[attribute: "min"] == .number(0) && level[attribute: "max"] == .number(100))
        #expect(level[attribute: "unit_of_measurement"] == .string("%"))
        #expect(["on", "off"].contains(h.client.entities["input_boolean.tw_lamp"]?.state ?? ""))
        #expect(
            h.client.entities["input_select.tw_mode"]?[attribute: "options"]
                == .array([.string("eco"), .string("comfort"), .string("away")]))
        #expect(Set(h.deliveries.map(\.0)) == Set(Harness.entities))
        h.client.stop()
    }

    @Test("call_service changes the state, and the change event arrives")
    func callService() throws {
        let h = try Harness(server: try HAServer.shared())
        h.client.start()
        #expect(h.waitLive())
        for (service, expected) in [("turn_on", "on"), ("turn_off", "off")] {
            h.deliveries = []
            let result = h.call(ServiceCall(domain: "input_boolean", service: service, entity: "input_boolean.tw_lamp"))
            guard case .success? = result else { Issue.record("\(service): \(String(describing: result))"); continue }
            #expect(turn(h.loop, timeout: 10) { h.client.entities["input_boolean.tw_lamp"]?.state == expected })
            #expect(h.deliveries.contains { $0.0 == "input_boolean.tw_lamp" && $0.1?.state == expected })
        }
        let set = h.call(
            ServiceCall(
                domain: "input_number", service: "set_value", entity: "input_number.tw_level",
                data: .object([("value", .number(55))])))
        #expect(set.map { if case .success = $0 { true } else { false } } == true)
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_number.tw_level"]?.state == "55.0" })
        h.client.stop()
    }

    @Test("A call HA refuses comes back with HA's error code and message")
    func unknownService() throws {
        let h = try Harness(server: try HAServer.shared())
        h.client.start()
        #expect(h.waitLive())
        let result = h.call(ServiceCall(domain: "input_boolean", service: "explode", entity: "input_boolean.tw_lamp"))
        guard case .failure(let code, let message)? = result else {
            Issue.record("answer: \(String(describing: result))"); return
        }
        #expect(code == "not_found", "message: \(message)")
        #expect(!message.isEmpty)
        // And a call while not live fails at once, without reaching HA.
        h.client.stop()
        #expect(
            h.call(ServiceCall(domain: "input_boolean", service: "turn_on", entity: "input_boolean.tw_lamp"))
                == .failure(code: "not_connected", message: "not connected to Home Assistant (down(\"stopped\"))"))
    }

    @Test("A silent peer (HA stopped with SIGSTOP) is found dead within the heartbeat bound")
    func heartbeat() throws {
        let server = try HAServer.shared()
        let h = try Harness(server: server)
        h.client.start()
        #expect(h.waitLive())
        turn(h.loop, for: 0.3)
        Glibc.kill(server.pid, SIGSTOP)
        defer { Glibc.kill(server.pid, SIGCONT) }
        let stopped = monotonicNow()
        let bound = h.client.timing.heartbeatBound
        #expect(
            turn(h.loop, timeout: bound + 3) {
                if case .down = h.client.state { return true }; return false
            })
        let took = monotonicNow() - stopped
        // The timer fires at the bound; the slack is for a test thread starved by the parallel suite.
        #expect(took <= bound + TestTiming.seconds(1), "down after \(took) s; the bound is \(bound) s")
        Glibc.kill(server.pid, SIGCONT)
        #expect(h.waitLive(30), "live again after SIGCONT: \(h.client.state)")
        h.client.stop()
    }

    @Test("HA killed: down at once; restarted: live again with every state delivered again")
    func restart() throws {
        let server = try HAServer.shared()
        let h = try Harness(server: server)
        h.client.start()
        #expect(h.waitLive())
        guard
            case .success? = h.call(
                ServiceCall(domain: "input_boolean", service: "turn_on", entity: "input_boolean.tw_lamp"))
        else {
            Issue.record("turn_on failed"); return
        }
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_boolean.tw_lamp"]?.state == "on" })
        server.kill()
        let killed = monotonicNow()
        #expect(
            turn(h.loop, timeout: h.client.timing.heartbeatBound + 1) {
                if case .down = h.client.state { return true }; return false
            })
        #expect(monotonicNow() - killed <= h.client.timing.heartbeatBound)
        let before = h.client.attempts
        h.deliveries = []
        try server.restart()
        #expect(h.waitLive(HAServer.startTimeout), "state: \(h.client.state)")
        #expect(h.client.attempts > before)
        // input_boolean comes back with its `initial` (off): the cache and the callback both say so.
        #expect(h.client.entities["input_boolean.tw_lamp"]?.state == "off")
        #expect(Set(h.deliveries.map(\.0)).isSuperset(of: ["input_boolean.tw_lamp"]))
        #expect(h.client.entities.entities.keys.sorted() == Harness.entities.sorted())
        h.client.stop()
    }
}
