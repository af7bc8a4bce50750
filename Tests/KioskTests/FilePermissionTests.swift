import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import Persistence
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// The mode bits of `path` (permissions only).
private func mode(_ path: String) -> mode_t {
    var st = stat()
    return stat(path, &st) == 0 ? st.st_mode & 0o777 : 0o7777
}

@Suite("What the service leaves on disk: modes, and nothing replaced that is not its own", .serialized)
struct FilePermissionTests {
    @Test("The socket is 0660 even under umask 0: never world-writable, not even before its chmod")
    func socketUnderOpenUmask() throws {
        let path = makeTemporaryDirectory("perm") + "/control.sock"
        let previous = umask(0)
        defer { umask(previous) }
        let socket = try ControlSocket(path: path, group: nil, loop: EventLoop(), handler: PingHandler())
        #expect(mode(path) == 0o660)
        _ = socket
    }

    @Test("A socket path naming another file is refused and the file is left alone")
    func socketPathIsAFile() throws {
        let path = makeTemporaryDirectory("perm") + "/config.toml"
        try FileIO.writeAtomically(Array("keep me".utf8), to: path)
        #expect(throws: FileIO.Failure.self) {
            try ControlSocket(path: path, group: nil, loop: EventLoop(), handler: PingHandler())
        }
        #expect(ConfigLoader.readTextFile(path) == "keep me")
    }

    @Test("A socket path longer than an address holds is refused, not bound cut short")
    func socketPathTooLong() {
        let dir = makeTemporaryDirectory("perm")
        let path = dir + "/" + String(repeating: "s", count: ConfigLimits.socketPathBytes) + ".sock"
        do {
            _ = try ControlSocket(path: path, group: nil, loop: EventLoop(), handler: PingHandler())
            Issue.record("bound \(path)")
        } catch {
            #expect(error.code == ENAMETOOLONG)
        }
        // Nothing was bound under the truncated name either.
        #expect(
            opendir(dir).map { d in
                defer { closedir(d) }; var n = 0; while let e = readdir(d) { if e.pointee.d_name.0 != 0x2E { n += 1 } };
                return n
            } == 0)
    }

    @Test("The state file is 0640 and a directory it creates 0750: not readable by others")
    func stateModes() {
        let dir = makeTemporaryDirectory("perm") + "/state"
        let store = StateStore(path: dir + "/state.json")
        store.set("a", .single(1), now: 0, urgent: true)
        #expect(mode(dir + "/state.json") == 0o640)
        #expect(mode(dir) == 0o750)
    }
}

@Suite("A second kiosk on the same socket path")
struct SocketInUseTests {
    @Test("is refused while the first listens, and the first's socket stays")
    func secondKiosk() throws {
        let path = makeTemporaryDirectory("perm") + "/control.sock"
        let loop = EventLoop()
        let handler = PingHandler()  // the socket holds its handler weakly
        let first = try ControlSocket(path: path, group: nil, loop: loop, handler: handler)
        do {
            _ = try ControlSocket(path: path, group: nil, loop: EventLoop(), handler: PingHandler())
            Issue.record("a second socket was bound over a live one")
        } catch {
            #expect(error.code == EADDRINUSE)
        }
        let client = try #require(TestClient(path: path))
        client.send(ping(1) + "\n")
        #expect(reply(client, loop) == pong(1))
        _ = (first, handler)
    }
}
