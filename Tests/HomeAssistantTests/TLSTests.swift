import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

/// wss:// against a second Home Assistant serving HTTPS with a certificate for `localhost` from a CA
/// of its own. In the serialized suite, so two HA instances never start at the same moment as a
/// timing test runs.
extension LiveHomeAssistantTests {
    func tlsClient(_ url: String, caFile: String?) throws -> Harness {
        let server = try HAServer.sharedTLS()
        return try Harness(settings: try HomeAssistantSettings(url: url, token: server.token, caFile: caFile))
    }

    @Test("wss with the server's CA: live, states delivered, services called")
    func tlsLive() throws {
        let server = try HAServer.sharedTLS()
        let h = try tlsClient("wss://localhost:\(server.port)", caFile: server.caFile)
        h.client.start()
        #expect(h.waitLive(), "state: \(h.client.state)")
        #expect(h.client.entities.entities.keys.sorted() == Harness.entities.sorted())
        let result = h.call(
            ServiceCall(
                domain: "input_select", service: "select_option", entity: "input_select.tw_mode",
                data: .object([("option", .string("away"))])))
        #expect(result.map { if case .success = $0 { true } else { false } } == true, "\(String(describing: result))")
        #expect(turn(h.loop, timeout: 10) { h.client.entities["input_select.tw_mode"]?.state == "away" })
        h.client.stop()
    }

    @Test("wss refuses a certificate no trusted CA signed, and one for another host name")
    func tlsVerification() throws {
        let server = try HAServer.sharedTLS()
        for (url, caFile, words) in [
            ("https://localhost:\(server.port)", nil as String?, "certificate"),
            ("wss://127.0.0.1:\(server.port)", server.caFile, "mismatch"),
        ] {
            let h = try tlsClient(url, caFile: caFile)
            h.client.start()
            #expect(
                turn(h.loop, timeout: 10) {
                    if case .down(let why) = h.client.state, why != "not started" { return true }; return false
                })
            guard case .down(let why) = h.client.state else { Issue.record("\(url): \(h.client.state)"); continue }
            #expect(why.contains(words), "\(url): \(why)")
            #expect(
                !h.states.contains(.authenticating), "\(url): the token must not be sent over an unverified connection")
            h.client.stop()
        }
    }
}
