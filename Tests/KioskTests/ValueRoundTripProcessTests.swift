import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter

/// Issue 37 item 5 end to end: what a client sets is what it reads back, saves and would publish.
@Suite("Values set over the socket come back, and are saved, exactly", .serialized)
struct ValueRoundTripProcessTests {
    @Test("Every whole number 0…100 set on the dial is replied, read and saved as itself")
    func wholeNumbersRoundTrip() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-roundtrip"))
        var wrong: [String] = []
        for k in 0...100 {
            let set = kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":\(k)}")
            let get = kiosk.request("{\"cmd\":\"get\",\"id\":\"dial\"}")
            let want = "{\"id\":\"dial\",\"ok\":true,\"value\":\(k)}"
            if set != want || get != want { wrong.append("\(k): \(set ?? "no reply") / \(get ?? "no reply")") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":42}") != nil)
        #expect(StateStore(path: kiosk.statePath).values["dial"] == .single(42))
    }
}
