import FoundationEssentials
import Glibc
import Kiosk

/// `thumbwheel ctl [--socket PATH] get ID | set ID VALUE | list | screen ID | watch | screenshot FILE.png |
/// tap X Y | drag X1 Y1 X2 Y2 [MS] | reload`: the control socket's client.
enum CtlCommand {
    static let usage = "usage: thumbwheel ctl [--socket PATH] get ID | set ID VALUE | list | screen ID | watch | screenshot FILE.png | tap X Y | drag X1 Y1 X2 Y2 [MS] | reload"

    static func run(_ argsIn: [String]) -> Int32 {
        var args = argsIn
        var path = ProcessEnv.value("THUMBWHEEL_SOCKET") ?? "/run/thumbwheel/control.sock"
        if args.first == "--socket" {
            guard args.count >= 2 else { return CLI.fail(usage) }
            path = args[1]; args.removeFirst(2)
        }
        guard let verb = args.first else { return CLI.fail(usage) }
        let rest = Array(args.dropFirst())
        let request: String
        func number(_ s: String) -> String? { Double(s).map { JSON.number($0).description } }
        switch (verb, rest.count) {
        case ("list", 0), ("reload", 0), ("version", 0): request = "{\"cmd\":\"\(verb)\"}"
        case ("watch", 0): request = "{\"cmd\":\"subscribe\"}"
        case ("get", 1): request = "{\"cmd\":\"get\",\"id\":\(JSON.string(rest[0]))}"
        case ("screen", 1): request = "{\"cmd\":\"screen\",\"id\":\(JSON.string(rest[0]))}"
        case ("set", 2), ("set", 3):
            let values = rest.dropFirst().compactMap(number)
            guard values.count == rest.count - 1 else { return CLI.fail("ctl set: VALUE must be a number") }
            let v = values.count == 1 ? values[0] : "[\(values.joined(separator: ","))]"
            request = "{\"cmd\":\"set\",\"id\":\(JSON.string(rest[0])),\"value\":\(v)}"
        case ("screenshot", 1): request = "{\"cmd\":\"screenshot\"}"
        case ("tap", 2):
            guard let x = number(rest[0]), let y = number(rest[1]) else { return CLI.fail("ctl tap: X and Y must be numbers") }
            request = "{\"cmd\":\"tap\",\"x\":\(x),\"y\":\(y)}"
        case ("drag", 4), ("drag", 5):
            let n = rest.compactMap(number)
            guard n.count == rest.count else { return CLI.fail("ctl drag: coordinates must be numbers") }
            request = "{\"cmd\":\"drag\",\"from\":[\(n[0]),\(n[1])],\"to\":[\(n[2]),\(n[3])]" + (n.count == 5 ? ",\"duration_ms\":\(n[4])}" : "}")
        default: return CLI.fail(usage)
        }
        guard let connection = SocketClient(path: path) else {
            return CLI.fail("ctl: cannot connect to \(path): \(String(cString: strerror(errno))) (is thumbwheel running? --socket PATH)", code: 1)
        }
        connection.send(request + "\n")
        guard let reply = connection.readLine() else { return CLI.fail("ctl: no reply from \(path)", code: 1) }
        if verb == "screenshot", let json = JSON.parse(Array(reply.utf8)), let b64 = json["png"]?.stringValue,
           let data = Data(base64Encoded: b64) {
            let fd = open(rest[0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { return CLI.fail("ctl: cannot write \(rest[0]): \(String(cString: strerror(errno)))", code: 1) }
            _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            print("wrote \(rest[0])")
            return 0
        }
        print(reply)
        if reply.hasPrefix("{\"error\"") { return 1 }
        if verb == "watch" {
            while let line = connection.readLine() { print(line); fflush(nil) }
        }
        return 0
    }
}

/// The process environment (Swift 6: no global `environ` reads scattered around).
enum ProcessEnv {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// A blocking Unix-socket client that reads line by line.
final class SocketClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let rc = ControlSocket.withAddress(path) { connect(fd, $0, $1) }
        if rc != 0 { let e = errno; close(fd); errno = e; return nil }
    }
    deinit { close(fd) }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    func readLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
    }
}
