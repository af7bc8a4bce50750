import Core
import Formats
import Platform
import Testing
@testable import HomeAssistant

extension FakeHomeAssistantTests {
    /// Turns the loop until the client has sent `count` text frames; their JSON.
    func messages(_ count: Int, _ server: FakeServer, _ loop: EventLoop) -> [JSON] {
        var out: [JSON] = []
        _ = turn(loop, timeout: 5) {
            server.drain()
            out += server.clientFrames().compactMap { JSON.parse($0.payload) }
            return out.count >= count
        }
        return out
    }

    @Test("A new set of entities: the old subscription ends, the new one's snapshot replaces the states")
    func resubscribeMessages() throws {
        let loop = EventLoop(), server = try FakeServer()
        let settings = try HomeAssistantSettings(url: "ws://127.0.0.1:\(server.port)", token: "tok")
        let client = HomeAssistantClient(settings: settings, entityIDs: ["light.a"], loop: loop, timing: Harness.quick)
        var delivered: [String] = []
        client.onEntity = { id, _ in delivered.append(id) }
        client.start()
        #expect(server.accept(loop))
        #expect(server.upgrade(loop, piece: 1000))
        send(server, #"{"type":"auth_required"}"#)
        _ = nextMessage(server, loop)
        send(server, #"{"type":"auth_ok"}"#)
        let old = Int(try #require(nextMessage(server, loop)?["id"]?.numberValue))
        send(server, #"{"id":\#(old),"type":"event","event":{"a":{"light.a":{"s":"on"}}}}"#)
        #expect(turn(loop, timeout: 5) { client.state == .live })

        client.resubscribe(["light.a"])
        loop.runOnce(timeout: 0.05)
        server.drain()
        #expect(server.clientFrames().isEmpty, "the same set asks nothing")
        client.resubscribe(["light.a", "sensor.b"])
        let sent = messages(2, server, loop)
        #expect(sent.count == 2)
        #expect(sent.first?["type"] == .string("unsubscribe_events"))
        #expect(sent.first?["subscription"]?.numberValue == Double(old))
        #expect(sent.last?["type"] == .string("subscribe_entities"))
        #expect(sent.last?["entity_ids"] == .array([.string("light.a"), .string("sensor.b")]))
        let new = Int(try #require(sent.last?["id"]?.numberValue))
        // A late event of the old subscription is ignored; the new snapshot replaces the states.
        send(server, #"{"id":\#(old),"type":"event","event":{"a":{"light.z":{"s":"on"}}}}"#)
        send(server, #"{"id":\#(new),"type":"event","event":{"a":{"light.a":{"s":"on"},"sensor.b":{"s":"4"}}}}"#)
        #expect(turn(loop, timeout: 5) { client.entities["sensor.b"]?.state == "4" })
        #expect(client.entities.entities.keys.sorted() == ["light.a", "sensor.b"])
        #expect(delivered == ["light.a", "sensor.b"], "light.a unchanged is not delivered again")
        #expect(client.state == .live && client.attempts == 1)
        client.stop()
    }
}
