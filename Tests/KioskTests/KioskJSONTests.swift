import Controls
import Formats
import Glibc
import Platform
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter

/// The kiosk's JSON on Formats' reader and writer: the state file's and the socket's exact output,
/// and a Codable bridge as strict about types as JSONDecoder was.
@Suite("The state file's and the socket's JSON without Foundation")
struct KioskJSONTests {
    @Test("The state file is written exactly as JSONEncoder's pretty, sorted output was, and the old files load")
    func stateFileFormat() throws {
        let old = """
            {
              "values" : {
                "hours" : [
                  8,
                  18.5
                ],
                "volume" : 35
              },
              "version" : 1
            }

            """
        let dir = makeTemporaryDirectory("state-format")
        let path = dir + "/state.json"
        try FileIO.writeAtomically(Array(old.utf8), to: path, mode: 0o640)
        let store = StateStore(path: path)
        #expect(store.values == ["volume": .single(35), "hours": .pair(8, 18.5)])
        store.set("volume", .single(36), now: 0, urgent: true)
        store.set("volume", .single(35), now: 0, urgent: true)
        #expect(FileIO.read(path).map { String(decoding: $0, as: UTF8.self) } == old)
    }

    @Test("Decoding is as strict as JSONDecoder: a whole number for an Int, the right kinds, required keys present")
    func strictDecoding() throws {
        #expect(
            try JSONCoding.decode(QueuedReply.self, from: Array(#"{"ok":true,"queued":3}"#.utf8))
                == QueuedReply(queued: 3))
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(QueuedReply.self, from: Array(#"{"ok":true,"queued":2.5}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(QueuedReply.self, from: Array(#"{"ok":true,"queued":"3"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(QueuedReply.self, from: Array(#"{"ok":true}"#.utf8))
        }
        #expect(throws: DecodingError.self) { try JSONCoding.decode(QueuedReply.self, from: Array("not json".utf8)) }
        let mqtt = try JSONCoding.encode(MQTTStats(state: "connected", messagesIn: 4, messagesOut: 5, reconnects: 0))
        let stats = StatsReply(
            wakeups: 1, frames: 2, clients: 0,
            latency: LatencyStats(frames: 3, inputToSubmit: LatencySummary(count: 3, p50: 0.5, p99: 1.25, max: 2)),
            touches: TouchQueueStats(queuedFrames: 4, queuedSeconds: 1.5, limitSeconds: 10), adapters: [("mqtt", mqtt)])
        #expect(try JSONCoding.decode(StatsReply.self, from: SocketWire.encode(stats)) == stats)
        #expect(
            String(decoding: SocketWire.encode(StoredValue.pair(1, .nan)), as: UTF8.self)
                == #"{"error":"cannot encode the reply: non-finite number"}"#)
    }
}
