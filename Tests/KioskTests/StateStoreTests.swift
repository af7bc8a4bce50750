import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("State file: atomic, debounced, never fatal")
struct StateStoreTests {
    @Test("Values survive a reload; urgent sets write at once, drags wait for the debounce")
    func roundTrip() throws {
        let path = makeTemporaryDirectory("state") + "/sub/state.json"
        let store = StateStore(path: path, debounceSeconds: 0.5)
        store.set("volume", .single(35), now: 10, urgent: false)
        #expect(access(path, F_OK) != 0, "a drag sample must not write at once")
        #expect(store.flushDeadline == 10.5)
        store.flushIfDue(now: 10.4)
        #expect(access(path, F_OK) != 0)
        store.flushIfDue(now: 10.5)
        #expect(access(path, F_OK) == 0)
        store.set("hours", .pair(8, 18), now: 11, urgent: true)
        let again = StateStore(path: path)
        #expect(again.values == ["volume": .single(35), "hours": .pair(8, 18)])
    }

    @Test("A value due now waits for the loop's flush after the frame, and pulls a later debounce forward")
    func dueAfterFrame() throws {
        let path = makeTemporaryDirectory("state") + "/state.json"
        let store = StateStore(path: path, debounceSeconds: 0.5)
        store.set("volume", .single(35), now: 10, urgent: false)
        store.set("pump", .single(1), dueAt: 10.1)
        #expect(access(path, F_OK) != 0, "set(dueAt:) must not write by itself: the frame comes first")
        #expect(store.flushDeadline == 10.1)
        store.flushIfDue(now: 10.1)
        #expect(StateStore(path: path).values == ["volume": .single(35), "pump": .single(1)])
        #expect(store.flushDeadline == nil)
    }

    @Test("A corrupt state file is moved aside and the store starts empty")
    func corrupt() throws {
        let dir = makeTemporaryDirectory("state")
        let path = dir + "/state.json"
        let garbage = Array("{\"version\":1,\"values\":{\"a\":".utf8)
        try FileIO.writeAtomically(garbage, to: path)
        let store = StateStore(path: path)
        #expect(store.values.isEmpty)
        #expect(FileIO.read(path + ".corrupt-1") == garbage)
        #expect(access(path, F_OK) != 0)
    }

    @Test("SIGKILL at 200 random moments: the file always parses and holds an acknowledged value")
    func killTorture() throws {
        let binary = try #require(
            builtExecutable("thumbwheel-dev"), "the thumbwheel-dev executable is built beside the tests")
        let path = makeTemporaryDirectory("torture") + "/state.json"
        var lastAck = 0
        var generator = SeededRandom(seed: 0x5747E)
        for round in 0..<200 {
            let child = try #require(SpawnedProcess(binary, ["state-torture", "--path", path]))
            // Let it make progress for a random moment (0–15 ms after its first ack of this round).
            let acks = child.readAcks(atLeast: 1)
            usleep(UInt32.random(in: 0...15_000, using: &generator))
            kill(child.pid, SIGKILL)
            let more = child.readAcksUntilExit()
            let acked = (acks + more).max() ?? lastAck
            let saved = StateStore(path: path).values["torture"]
            guard case .single(let value)? = saved else {
                Issue.record(
                    "round \(round): the state file did not parse or lost the value (\(String(describing: saved)))")
                return
            }
            // The last acknowledged value, or the one being written when the kill came: never older.
            #expect(
                Int(value) >= acked && Int(value) <= acked + 1, "round \(round): saved \(value), acknowledged \(acked)")
            #expect(FileIO.read(path + ".corrupt-1") == nil)
            lastAck = Int(value)
        }
        #expect(lastAck > 200)
    }
}

/// The `thumbwheel` executable built beside the test bundle.
func thumbwheelBinary() -> String? { builtExecutable("thumbwheel") }

/// An executable of this package (`thumbwheel`, `thumbwheel-dev`) built beside the test bundle.
func builtExecutable(_ name: String) -> String? {
    var buf = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buf, buf.count - 1)
    guard n > 0 else { return nil }
    let exe = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var dir = FileIO.directory(of: exe)
    if dir.hasSuffix(".xctest") || exe.contains(".xctest/") { dir = FileIO.directory(of: dir) }
    for candidate in [dir + "/" + name, FileIO.directory(of: dir) + "/" + name] where access(candidate, X_OK) == 0 {
        return candidate
    }
    return nil
}

/// A child process with its stdout on a pipe.
final class SpawnedProcess {
    let pid: pid_t
    private let out: Int32
    private var buffer: [UInt8] = []

    /// - Parameter stderrPath: a file the process's stderr is appended to; nil leaves it on the test's.
    /// - Parameter extraEnvironment: `NAME=value` entries added to (or replacing) this process's own.
    init?(_ path: String, _ args: [String], stderrPath: String? = nil, extraEnvironment: [String] = []) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if let stderrPath {
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var p: pid_t = 0
        let argv = ([path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = unblockedSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        var inherited: [String] = []
        var e = environ
        while let entry = e.pointee { inherited.append(String(cString: entry)); e += 1 }
        let names = Set(extraEnvironment.map { $0.prefix { $0 != "=" } })
        let envp =
            (inherited.filter { !names.contains($0.prefix { $0 != "=" }) } + extraEnvironment).map { strdup($0) } + [
                nil
            ]
        defer { envp.forEach { free($0) } }
        let rc = posix_spawn(&p, path, &actions, &attributes, argv, envp)
        posix_spawn_file_actions_destroy(&actions)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); return nil }
        pid = p; out = fds[0]
    }
    deinit { close(out) }

    /// Blocks until at least `n` ack lines arrived; returns the acknowledged numbers.
    func readAcks(atLeast n: Int) -> [Int] {
        var acks: [Int] = []
        while acks.count < n {
            guard readChunk() else { break }
            acks += takeAcks()
        }
        return acks
    }

    /// Reads to EOF and reaps the process; returns the acks read on the way.
    func readAcksUntilExit() -> [Int] {
        while readChunk() {}
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return takeAcks()
    }

    /// The next line of output, blocking until it is complete; nil at EOF.
    func readLine() -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                defer { buffer.removeSubrange(...nl) }
                return String(decoding: buffer[..<nl], as: UTF8.self)
            }
            guard readChunk() else { return nil }
        }
    }

    /// Reads to EOF and reaps the process; returns the exit status.
    func waitForExit() -> Int32 {
        while readChunk() {}
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }

    private func readChunk() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(out, $0.baseAddress, $0.count) }
        if n > 0 { buffer += chunk[0..<n]; return true }
        return false
    }

    private func takeAcks() -> [Int] {
        var acks: [Int] = []
        while let nl = buffer.firstIndex(of: 0x0A) {
            let line = String(decoding: buffer[..<nl], as: UTF8.self)
            buffer.removeSubrange(...nl)
            if line.hasPrefix("ack "), let v = Int(line.dropFirst(4)) { acks.append(v) }
        }
        return acks
    }
}
