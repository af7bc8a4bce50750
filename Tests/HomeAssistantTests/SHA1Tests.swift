import Glibc
import Testing
import TestSupport
import Platform
@testable import HomeAssistant

@Suite("SHA-1 and the handshake's accept value")
struct SHA1Tests {
    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("FIPS 180 examples: empty, abc, the two-block message, a million a's")
    func vectors() {
        #expect(hex(SHA1.digest([UInt8]())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("Every length around the padding's edges agrees with coreutils' sha1sum")
    func againstSha1sum() throws {
        let dir = makeTemporaryDirectory("sha1")
        defer { _ = runTool("/bin/rm", ["-rf", dir]) }
        var random = SeededRandom(seed: 6455)
        for length in [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let path = "\(dir)/m\(length)"
            try FileIO.writeAtomically(bytes, to: path)
            let run = try #require(runTool("/usr/bin/sha1sum", [path]))
            #expect(run.status == 0)
            #expect(run.out.split(separator: " ").first.map(String.init) == hex(SHA1.digest(bytes)), "length \(length)")
        }
    }

    @Test("RFC 6455's example key gives its example accept value")
    func acceptValue() {
        #expect(WebSocketHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(WebSocketHandshake.key(random: Array(repeating: 0, count: 16)) == "AAAAAAAAAAAAAAAAAAAAAA==")
    }
}

@Suite("Server addresses from URLs")
struct ServerAddressTests {
    @Test("Schemes, default ports and the default path")
    func parses() throws {
        #expect(
            try ServerAddress(url: "http://ha.local:8123") == ServerAddress(host: "ha.local", port: 8123, secure: false)
        )
        #expect(
            try ServerAddress(url: "https://ha.example/") == ServerAddress(host: "ha.example", port: 443, secure: true))
        #expect(
            try ServerAddress(url: "ws://10.0.0.2/api/websocket")
                == ServerAddress(host: "10.0.0.2", port: 80, secure: false))
        #expect(
            try ServerAddress(url: "WSS://[fe80::1]:9000/custom?x=1")
                == ServerAddress(host: "fe80::1", port: 9000, secure: true, path: "/custom?x=1"))
        #expect(try ServerAddress(url: "wss://[fe80::1]:9000").hostHeader == "[fe80::1]:9000")
        #expect(try ServerAddress(url: "https://ha.example").hostHeader == "ha.example")
    }

    @Test("Refused: other schemes, no host, bad ports, credentials, spaces")
    func refuses() {
        for url in [
            "ftp://ha", "ha.local:8123", "http://", "http://ha:0", "http://ha:70000", "http://ha:x",
            "http://user:pw@ha", "http://[fe80::1", "http://ha/a b", "http://h a/",
        ] {
            #expect(throws: ServerAddress.Invalid.self, "\(url)") { try ServerAddress(url: url) }
        }
    }
}
