import Core
import Glibc
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@_exported import TestSupport

/// A blocking-with-timeout Unix socket client for the control-socket tests.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init?(path: String) {
        // Close-on-exec: a kiosk another test spawns meanwhile must not keep this connection open.
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let rc = ControlSocket.withAddress(path) { connect(fd, $0, $1) }
        if rc != 0 { close(fd); return nil }
        var flags = fcntl(fd, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(fd, F_SETFL, flags)
    }
    deinit { close(fd) }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { bytes.removeFirst(n) } else if errno == EAGAIN { usleep(1000) } else { return }
        }
    }

    /// Reads whatever is available now; true when the server closed the connection.
    @discardableResult
    func poll() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { buffer += chunk[0..<n]; continue }
            return n == 0
        }
    }

    /// The next complete line, if one has arrived.
    func nextLine() -> String? {
        poll()
        guard let nl = buffer.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: buffer[..<nl], as: UTF8.self)
        buffer.removeSubrange(...nl)
        return line
    }
}

/// Runs `loop` until `condition` holds or two seconds (scaled for this run, `TestTiming`) pass; returns
/// whether it held.
@discardableResult
func pump(_ loop: EventLoop, until condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + TestTiming.seconds(2)
    while !condition() {
        if monotonicNow() > deadline { return false }
        loop.runOnce(timeout: 0.01)
    }
    return true
}

/// Reads a line from `client`, running the loop while waiting.
func reply(_ client: TestClient, _ loop: EventLoop) -> String? {
    var line: String?
    pump(loop) {
        line = client.nextLine(); return line != nil
    }
    return line
}

/// Every error `text` gives as a config called bad.toml, one line each (none for a good config).
func errors(_ text: String) -> [String] {
    do {
        _ = try ConfigLoader.parse(text: text, file: "bad.toml")
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

/// A minimal valid config: one screen with one dial (lines 1–7), so a bad case differs from a good file
/// in the one section or key it adds after it.
let minimalScreenConfig = """
    [[screens]]
    id = "main"

      [[screens.controls]]
      kind = "circular-slider"
      id = "dial"
      frame = [0, 0, 200, 200]

    """
