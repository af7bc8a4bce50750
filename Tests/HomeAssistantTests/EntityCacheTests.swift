import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import HomeAssistant

@Suite("The entity cache and the token file")
struct EntityCacheTests {
    func json(_ text: String) throws -> JSON { try #require(JSON.parse(Array(text.utf8))) }

    @Test("Added, changed (+ and -), removed, as subscribe_entities sends them")
    func events() throws {
        var cache = EntityCache()
        var changed = cache.apply(
            try json(
                #"{"a":{"light.k":{"s":"on","a":{"brightness":200,"friendly_name":"K"},"c":"x","lc":100.5},"sensor.t":{"s":"21.5","a":{},"c":"y","lc":1,"lu":2}}}"#
            ), replacing: true)
        #expect(changed == ["light.k", "sensor.t"])
        // The `try`s before the `#expect`s: Swift 6.0.3 (Debian 13's) refuses one inside the operands.
        let attributes = try json(#"{"brightness":200,"friendly_name":"K"}"#)
        #expect(
            cache["light.k"] == EntityState(state: "on", attributes: attributes, lastChanged: 100.5, lastUpdated: 100.5)
        )
        #expect(cache["sensor.t"]?.lastUpdated == 2)

        changed = cache.apply(
            try json(
                #"{"c":{"light.k":{"+":{"s":"off","lc":200,"c":"z","a":{"color_mode":null}},"-":{"a":["brightness"]}}}}"#
            ))
        #expect(changed == ["light.k"])
        #expect(cache["light.k"]?.state == "off")
        let merged = try json(#"{"friendly_name":"K","color_mode":null}"#)
        #expect(cache["light.k"]?.attributes == merged)
        #expect(cache["light.k"]?.lastChanged == 200 && cache["light.k"]?.lastUpdated == 200)

        // Only an attribute: lu moves, lc stays.
        changed = cache.apply(try json(#"{"c":{"sensor.t":{"+":{"lu":3,"c":"w","a":{"unit_of_measurement":"°C"}}}}}"#))
        #expect(changed == ["sensor.t"])
        #expect(cache["sensor.t"]?.lastChanged == 1 && cache["sensor.t"]?.lastUpdated == 3)

        // A change for an unknown entity, or one that changes nothing, reports nothing.
        #expect(cache.apply(try json(#"{"c":{"switch.none":{"+":{"s":"on"}}}}"#)) == [])
        #expect(cache.apply(try json(#"{"c":{"light.k":{"+":{"s":"off"}}}}"#)) == [])

        #expect(cache.apply(try json(#"{"r":["sensor.t","sensor.never"]}"#)) == ["sensor.t"])
        #expect(cache["sensor.t"] == nil)
    }

    @Test("A snapshot after a reconnect drops entities it lacks")
    func snapshot() throws {
        var cache = EntityCache()
        _ = cache.apply(try json(#"{"a":{"a.one":{"s":"1"},"a.two":{"s":"2"}}}"#), replacing: true)
        #expect(cache.apply(try json(#"{"a":{"a.two":{"s":"2"}}}"#), replacing: true) == ["a.one"])
        #expect(cache.entities.keys.sorted() == ["a.two"])
    }

    @Test("A token file: read and trimmed; refused when world-readable, empty, or several lines")
    func tokenFile() throws {
        let dir = makeTemporaryDirectory("token")
        defer { _ = runTool("/bin/rm", ["-rf", dir]) }
        let path = "\(dir)/token"
        try FileIO.writeAtomically(Array("  eyJhbGciOi.abc-def_1\n".utf8), to: path, mode: 0o600)
        #expect(try TokenFile.read(path) == "eyJhbGciOi.abc-def_1")
        chmod(path, 0o640)
        #expect(try TokenFile.read(path) == "eyJhbGciOi.abc-def_1")
        chmod(path, 0o644)
        let text = (thrownError { _ = try TokenFile.read(path) } as? TokenFileError)?.description ?? ""
        #expect(text.contains("every user") && text.contains("644") && !text.contains("eyJ"))
        try FileIO.writeAtomically(Array("\n \n".utf8), to: path, mode: 0o600)
        #expect(throws: TokenFileError.self) { _ = try TokenFile.read(path) }
        try FileIO.writeAtomically(Array("one\ntwo\n".utf8), to: path, mode: 0o600)
        #expect(throws: TokenFileError.self) { _ = try TokenFile.read(path) }
        #expect(throws: TokenFileError.self) { _ = try TokenFile.read("\(dir)/missing") }
        #expect(throws: TokenFileError.self) { _ = try TokenFile.read(dir) }
    }

    @Test("Settings never print the token")
    func settingsDescription() throws {
        let s = try HomeAssistantSettings(url: "http://ha.local:8123", token: "secret-token-value")
        #expect(!s.description.contains("secret"))
        #expect(s.description.contains("ws://ha.local:8123/api/websocket"))
    }
}
