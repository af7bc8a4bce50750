import Controls
import Glibc
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// The state file's reader and writer (`StateFile`) and what `StateStore` does with a file that is
/// not all good (issue 37, item 7), and the writer at the sizes that used to stall (item 2).
@Suite("State file: value by value, versions, size")
struct StateFileTests {
    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// `count` ids of the kind a long-lived panel leaves behind, with one and two numbers.
    static func values(_ count: Int) -> [String: StoredValue] {
        var values: [String: StoredValue] = [:]
        for i in 0..<count {
            values["control_\(i)"] = i % 3 == 0 ? .pair(Double(i), Double(i) + 0.5) : .single(Double(i) / 8)
        }
        return values
    }

    @Test("Values of the wrong kind are dropped one by one and reported; the others are read")
    func readsValueByValue() throws {
        let file = StateFileTests.text(
            """
            {"version": 1, "values": {"dial": 35, "hours": [8, 18.5], "mode": "heat", "pump": null, "big": 1e999,
             "three": [1, 2, 3], "half": [1, "2"], "nested": {"a": 1}, "flag": true, "pair": [0, -0.5]}}
            """)
        let contents = try StateFile.read(file).get()
        #expect(contents.values == ["dial": .single(35), "hours": .pair(8, 18.5), "pair": .pair(0, -0.5)])
        #expect(contents.dropped.map(\.id) == ["mode", "pump", "big", "three", "half", "nested", "flag"])
        #expect(
            contents.dropped.first?.found == "\"heat\""
                && contents.dropped[2].found == "a number too large for a Double")
    }

    @Test(
        "A file that is no state file is refused as corrupt; an unknown version as such, before its values are judged",
        arguments: [
            ("not json", StateFile.Refusal.corrupt("not valid JSON")),
            ("[1, 2]", .corrupt("expected an object with \"version\" and \"values\"")),
            ("{\"values\": {}}", .corrupt("no \"version\"")),
            ("{\"version\": 1}", .corrupt("no \"values\"")),
            ("{\"version\": 1, \"values\": [1]}", .corrupt("\"values\" is not an object")),
            ("{\"version\": 2, \"values\": {\"dial\": \"x\"}}", .unknownVersion("2")),
            ("{\"version\": \"1\", \"values\": {}}", .unknownVersion("\"1\"")),
            ("{\"version\": 1.5, \"values\": {}}", .unknownVersion("1.5")),
            ("{\"version\": null, \"values\": {}}", .unknownVersion("null")),
        ])
    func refuses(file: String, refusal: StateFile.Refusal) {
        guard case .failure(let found) = StateFile.read(StateFileTests.text(file)) else {
            Issue.record("\(file) was read")
            return
        }
        #expect(found == refusal)
    }

    @Test("Extra keys are ignored and version 1.0 is version 1, as the Codable reader had it")
    func lenientWhereItWas() throws {
        let contents = try StateFile.read(
            StateFileTests.text("{\"version\": 1.0, \"values\": {\"a\": 2}, \"note\": \"x\"}")
        ).get()
        #expect(contents.values == ["a": .single(2)] && contents.dropped.isEmpty)
    }

    @Test("100,000 ids round-trip through the file and through the Codable bridge, with the same bytes")
    func largeRoundTrip() throws {
        let values = StateFileTests.values(100_000)
        let text = StateFile.text(values)
        let contents = try StateFile.read(text).get()
        #expect(contents.values == values && contents.dropped.isEmpty)
        // What the Codable bridge makes of the same values is the same file: one format, two paths.
        struct Format: Codable, Equatable { var version: Int; var values: [String: StoredValue] }
        let coded =
            try JSONCoding.encode(Format(version: StateFile.version, values: values)).text(pretty: true) + [0x0A]
        #expect(coded == text)
        #expect(try JSONCoding.decode(Format.self, from: coded) == Format(version: 1, values: values))
    }

    @Test("A mistyped value: the others are kept, the file is copied aside as it was and rewritten without it")
    func mistypedValue() throws {
        let path = makeTemporaryDirectory("state-mistyped") + "/state.json"
        let original = StateFileTests.text(
            "{\"version\": 1, \"values\": {\"volume\": 35, \"dial\": \"high\", \"hours\": [8, 18]}}")
        try FileIO.writeAtomically(original, to: path)
        let store = StateStore(path: path)
        #expect(store.values == ["volume": .single(35), "hours": .pair(8, 18)])
        #expect(FileIO.read(path + ".corrupt-1") == original, "the evidence is kept")
        #expect(
            FileIO.read(path) == original,
            "the file stays until the rewrite, so the good values are never only in memory")
        #expect(store.flushDeadline == 0, "a rewrite is due at once")
        store.flushIfDue(now: 0)
        #expect(try StateFile.read(#require(FileIO.read(path))).get().dropped.isEmpty)
        #expect(StateStore(path: path).values == store.values)
        #expect(access(path + ".corrupt-2", F_OK) != 0, "the next start finds nothing to drop")
    }

    @Test("An unknown version is moved aside, not read and not overwritten; the state starts empty")
    func unknownVersion() throws {
        let path = makeTemporaryDirectory("state-version") + "/state.json"
        let newer = StateFileTests.text("{\"version\": 2, \"values\": {\"volume\": {\"value\": 35, \"unit\": \"%\"}}}")
        try FileIO.writeAtomically(newer, to: path)
        let store = StateStore(path: path)
        #expect(store.values.isEmpty && store.flushDeadline == nil)
        #expect(FileIO.read(path + ".unknown-version-1") == newer && access(path, F_OK) != 0)
        store.set("volume", .single(40), now: 0, urgent: true)
        #expect(StateStore(path: path).values == ["volume": .single(40)])
        #expect(FileIO.read(path + ".unknown-version-1") == newer, "the next save writes a new file beside it")
    }

    @Test(
        "Not a state file, or over the size limit: moved aside as corrupt",
        arguments: ["{\"values\": {\"a\": 1}}", "[]", "size"])
    func corrupt(file: String) throws {
        let path = makeTemporaryDirectory("state-corrupt") + "/state.json"
        let bytes =
            file == "size" ? [UInt8](repeating: 0x20, count: StateStore.maxFileBytes + 1) : StateFileTests.text(file)
        try FileIO.writeAtomically(bytes, to: path)
        #expect(StateStore(path: path).values.isEmpty)
        #expect(FileIO.read(path + ".corrupt-1") == bytes && access(path, F_OK) != 0)
    }
}
