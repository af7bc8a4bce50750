import Core
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite(
    "State file on a writer thread: the loop never waits for the disk, replies wait for the saves before them",
    .serialized)
struct StateWriterTests {
    /// Polls `store`'s writer until `condition` or two seconds.
    private func waitForSaves(_ store: StateStore, until condition: () -> Bool) -> Bool {
        let deadline = monotonicNow() + TestTiming.seconds(2)
        while !condition() {
            if monotonicNow() > deadline { return false }
            var p = pollfd(fd: store.writerFD ?? -1, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 10)
            store.collectSaves(now: monotonicNow())
        }
        return true
    }

    @Test("A flush is handed to the thread: generations count up, the newest values reach the file")
    func background() throws {
        let path = makeTemporaryDirectory("state-writer") + "/sub/state.json"
        let store = StateStore(path: path, background: true)
        #expect(store.writerFD != nil)
        for v in 1...50 { store.set("volume", .single(Double(v)), now: 0, urgent: true) }
        #expect(store.generation == 50)
        #expect(store.flushDeadline == nil, "handed over, nothing pending on the loop")
        #expect(waitForSaves(store) { store.savedGeneration == 50 }, "saved \(store.savedGeneration)")
        #expect(
            StateStore(path: path).values == ["volume": .single(50)],
            "the newest bytes win; older waiting ones are skipped")
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == ConfigLimits.stateFileMode)
    }

    @Test("flushAndWait returns with the values on disk (the exit path)")
    func flushAndWait() throws {
        let path = makeTemporaryDirectory("state-writer") + "/state.json"
        let store = StateStore(path: path, debounceSeconds: 10, background: true)
        store.set("pump", .single(1), now: 0, urgent: false)
        #expect(access(path, F_OK) != 0, "a debounced value waits")
        store.flushAndWait()
        #expect(store.savedGeneration == store.generation)
        #expect(StateStore(path: path).values == ["pump": .single(1)])
    }

    @Test("A write that fails is logged and tried again after the retry delay; nothing counts as saved")
    func failure() throws {
        let dir = makeTemporaryDirectory("state-writer")
        // A regular file where the state file's folder should be: the write cannot succeed.
        let blocker = dir + "/blocker"
        let fd = open(blocker, O_WRONLY | O_CREAT, 0o600); close(fd)
        let store = StateStore(path: blocker + "/state.json", background: true)
        store.set("volume", .single(3), now: 100, urgent: true)
        var p = pollfd(fd: store.writerFD ?? -1, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 2000) == 1, "the writer reports back")
        store.collectSaves(now: 500)
        #expect(store.flushDeadline == 500 + StateStore.retryDelay, "pending again, tried after the delay")
        #expect(store.savedGeneration == 0)
        #expect(store.settledGeneration == 1, "finished all the same: replies waiting for it go out")
    }

    @Test(
        "A failing episode: the failure is kept for replies and stats, the unsaved value is known as such, and it ends with a save"
    )
    func failingEpisode() throws {
        let dir = makeTemporaryDirectory("state-writer")
        let blocker = dir + "/blocker"
        close(open(blocker, O_WRONLY | O_CREAT, 0o600))
        let store = StateStore(path: blocker + "/state.json", background: true)
        #expect(store.isSaved("volume", .single(7)), "a value never set is the config's, which is in no file")
        for round in 1...3 {
            store.set("volume", .single(Double(round)), now: 0, urgent: true)
            #expect(waitForSaves(store) { store.settledGeneration == round })
        }
        #expect(store.saveFailure?.contains("Not a directory") == true && store.failedSaves == 3)
        #expect(store.progress == SaveProgress(asked: 3, settled: 3, saved: 0, failure: store.saveFailure))
        #expect(!store.isSaved("volume", .single(3)) && store.savedValues.isEmpty)
        #expect(store.stats == StateStats(saving: "failing", failedSaves: 3, lastError: store.saveFailure))

        unlink(blocker)
        store.flushPending()  // the retry, without waiting for its delay
        #expect(waitForSaves(store) { store.savedGeneration == 4 })
        #expect(
            store.saveFailure == nil && store.isSaved("volume", .single(3))
                && store.savedValues == ["volume": .single(3)])
        #expect(store.stats == StateStats(saving: "ok", failedSaves: 3))
    }
}

/// A handler whose every `get` makes a change that must be saved: the tests' stand-in for `set`.
private final class SavingHandler: ControlRequestHandler {
    var asked = 0
    var saved = 0
    func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
        switch request {
        case .get(let id):
            if id != "read" { asked += 1 }
            return ValueReply(id: id, value: .single(Double(asked)))
        case .set(let id, let value):
            asked += 1
            return ValueReply(id: id, value: value)
        default: return ErrorReply("not in this test")
        }
    }
}

@Suite("Control socket: a reply never overtakes a save asked for before it", .serialized)
struct ControlSocketSaveTests {
    @Test(
        "A set's reply is held until its save is on disk, the client's later requests wait behind it in order, and other clients are answered at once"
    )
    func heldInOrder() throws {
        let loop = EventLoop()
        let handler = SavingHandler()
        let path = makeTemporaryDirectory("sock-save") + "/control.sock"
        let socket = try ControlSocket(path: path, group: nil, loop: loop, handler: handler)
        socket.saveProgress = { SaveProgress(asked: handler.asked, settled: handler.saved, saved: handler.saved) }
        let c = try #require(TestClient(path: path))
        let other = try #require(TestClient(path: path))
        c.send("{\"cmd\":\"set\",\"id\":\"a\",\"value\":7}\n{\"cmd\":\"get\",\"id\":\"read\"}\n")
        _ = pump(loop) { handler.asked == 1 }
        for _ in 0..<20 { loop.runOnce(timeout: 0.005) }
        #expect(c.nextLine() == nil, "no reply before the save is on disk")
        #expect(handler.asked == 1, "the next request waits behind the held reply")
        // Another client's request that changes nothing is answered now: a large save elsewhere never
        // holds it (issue 37: a state file of 100,000 ids held every client's get for its write).
        other.send("{\"cmd\":\"get\",\"id\":\"read\"}\n")
        #expect(reply(other, loop) == "{\"id\":\"read\",\"ok\":true,\"value\":1}")
        #expect(c.nextLine() == nil, "still held")
        handler.saved = 1
        socket.savesReached(SaveProgress(asked: 1, settled: 1, saved: 1))
        #expect(reply(c, loop) == "{\"id\":\"a\",\"ok\":true,\"value\":7}")
        #expect(reply(c, loop) == "{\"id\":\"read\",\"ok\":true,\"value\":1}")
    }

    @Test(
        "A set whose save fails is answered with an error naming the failure; a request held behind it is answered as usual"
    )
    func failedSaveIsNotAcknowledged() throws {
        let loop = EventLoop()
        let handler = SavingHandler()
        let path = makeTemporaryDirectory("sock-save") + "/control.sock"
        let socket = try ControlSocket(path: path, group: nil, loop: loop, handler: handler)
        var progress = SaveProgress.idle
        socket.saveProgress = {
            SaveProgress(
                asked: handler.asked, settled: progress.settled, saved: progress.saved, failure: progress.failure)
        }
        let c = try #require(TestClient(path: path))
        c.send("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":40}\n{\"cmd\":\"get\",\"id\":\"read\"}\n")
        _ = pump(loop) { handler.asked == 1 }
        for _ in 0..<10 { loop.runOnce(timeout: 0.005) }
        #expect(c.nextLine() == nil, "held until the save finishes")
        progress = SaveProgress(
            asked: 1, settled: 1, saved: 0, failure: "create /x/state.json.tmp.1: Read-only file system")
        socket.savesReached(progress)
        let answer = reply(c, loop)
        #expect(
            answer?.hasPrefix("{\"error\":\"not saved: create /x/state.json.tmp.1: Read-only file system;") == true,
            "\(answer ?? "none")")
        #expect(
            reply(c, loop) == "{\"id\":\"read\",\"ok\":true,\"value\":1}", "a read is not a change: answered as usual")
        // Saving works again: the next set is acknowledged.
        c.send("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":41}\n")
        _ = pump(loop) { handler.asked == 2 }
        progress = SaveProgress(asked: 2, settled: 2, saved: 2)
        socket.savesReached(progress)
        #expect(reply(c, loop) == "{\"id\":\"dial\",\"ok\":true,\"value\":41}")
    }
}
