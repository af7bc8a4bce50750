import Glibc
import TestSupport
import Testing
@testable import Platform

/// Host names looked up off the loop: the answer always comes on a later turn, through the loop.
@Suite("HostLookup: getaddrinfo on a thread, answered through the loop")
struct HostLookupTests {
    /// Turns `loop` until `done` or 10 s.
    func turn(_ loop: EventLoop, until done: () -> Bool) {
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while !done() && monotonicNow() < deadline { _ = loop.runOnce(timeout: 0.05) }
    }

    @Test("A numeric address, a name from /etc/hosts, and a name that does not exist")
    func answers() {
        let loop = EventLoop()
        var numeric: Result<[HostLookup.Candidate], HostLookup.Failure>?
        var named: Result<[HostLookup.Candidate], HostLookup.Failure>?
        var missing: Result<[HostLookup.Candidate], HostLookup.Failure>?
        let a = HostLookup(host: "127.0.0.1", port: 8123, loop: loop) { numeric = $0 }
        let b = HostLookup(host: "localhost", port: 8123, loop: loop) { named = $0 }
        let c = HostLookup(host: "no-such-host.invalid", port: 1, loop: loop) { missing = $0 }
        #expect(numeric == nil && named == nil && missing == nil, "never answered inside the initializer")
        turn(loop) { numeric != nil && named != nil && missing != nil }
        guard case .success(let n)? = numeric, case .success(let l)? = named else {
            Issue.record("numeric \(String(describing: numeric)), localhost \(String(describing: named))"); return
        }
        #expect(n.count == 1 && n[0].family == AF_INET && n[0].address.count == MemoryLayout<sockaddr_in>.size)
        // Port 8123 in network order at bytes 2–3 of the sockaddr.
        #expect(n[0].address[2] == 0x1F && n[0].address[3] == 0xBB)
        #expect(!l.isEmpty && l.allSatisfy { $0.family == AF_INET || $0.family == AF_INET6 })
        if case .failure(let why)? = missing {
            #expect(why.message.hasPrefix("cannot resolve no-such-host.invalid: "), "\(why.message)")
        } else {
            Issue.record("a .invalid name resolved: \(String(describing: missing))")
        }
        #expect(!a.isPending && !b.isPending && !c.isPending)
    }

    @Test("A cancelled lookup never answers")
    func cancelled() {
        let loop = EventLoop()
        var called = false
        let lookup = HostLookup(host: "localhost", port: 80, loop: loop) { _ in called = true }
        lookup.cancel()
        var other = false
        let witness = HostLookup(host: "localhost", port: 80, loop: loop) { _ in other = true }
        turn(loop) { other }
        _ = loop.runOnce(timeout: 0.2)
        #expect(other && !called && !witness.isPending)
    }
}

/// The broker named by a host name: looked up off the loop, and libmosquitto given the address.
@Suite("MQTT: a broker's host name is looked up off the loop", .serialized)
struct BrokerHostNameTests {
    @Test("`host = \"localhost\"` reaches the broker and publishes online")
    func localhost() throws {
        let broker = try MosquittoBroker(name: "mqtt-hostname")
        let kiosk = try #require(
            KioskProcess(
                name: "mqtt-hostname-kiosk",
                extraScreens: """
                    [mqtt]
                    host = "localhost"
                    port = \(broker.port)
                    base_topic = "tw/hostname"
                    client_id = "thumbwheel-hostname-\(getpid())"

                    """))
        #expect(try broker.wait("tw/hostname/status", for: "online") == "online", "\(kiosk.log)")
    }
}
