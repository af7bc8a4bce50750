import ConfigLoading
import CLISupport
import Core
import Formats
import Glibc
import Kiosk
import SocketAdapter
import Platform

/// `thumbwheel ctl [--socket PATH] get ID | set ID VALUE | list | screen ID | watch | screenshot FILE.png |
/// tap X Y | drag X1 Y1 X2 Y2 [MS] | reload | stats`: the control socket's client. Requests are
/// built as `SocketRequest`s, the type the kiosk decodes, so client and kiosk cannot drift apart.
enum CtlCommand {
    static let spec = CommandSpec(
        "ctl",
        abstract: "Talk to a running kiosk over its control socket.",
        discussion: """
            Prints the kiosk's JSON reply on one line (docs/socket.md); exits 1 when the reply is an error \
            or the kiosk cannot be reached. The socket is --socket PATH, else $THUMBWHEEL_SOCKET, else /run/thumbwheel/control.sock.
            """,
        arguments: [CtlConnection.socketOption],
        subcommands: [
            get, set, setVar, prop, screenPower, brightness, list, screen, watch, screenshot, tap, drag, reload, stats,
            version,
        ])
}

/// Where the kiosk's socket is; accepted before or after the verb.
struct CtlConnection {
    static let socketOption = ArgumentSpec.option(
        "socket", "PATH",
        "The kiosk's control socket (default: $THUMBWHEEL_SOCKET, else /run/thumbwheel/control.sock).",
        completion: .file)

    var socket: String?

    init(_ a: ParsedArguments) { socket = a.string("socket") }

    var path: String {
        socket ?? getenv("THUMBWHEEL_SOCKET").map { String(cString: $0) } ?? "/run/thumbwheel/control.sock"
    }

    /// Sends `request` and returns the connection and the first reply line; exits 1 when there is none.
    func exchange(_ request: SocketRequest) throws -> (SocketClient, String) {
        guard let connection = SocketClient(path: path) else {
            CommandLineTool.printError(
                "thumbwheel: ctl: cannot connect to \(path): \(String(cString: strerror(errno))) (is thumbwheel running? --socket PATH)"
            )
            throw ExitStatus.failure
        }
        connection.send(SocketWire.encode(request) + [0x0A])
        guard let reply = connection.readLine() else {
            CommandLineTool.printError("thumbwheel: ctl: no reply from \(path)")
            throw ExitStatus.failure
        }
        return (connection, reply)
    }

    /// Sends `request`, prints the reply and fails (exit 1) when it is an error.
    func run(_ request: SocketRequest) throws {
        let (_, reply) = try exchange(request)
        print(reply)
        try Self.failIfError(reply)
    }

    static func failIfError(_ reply: String) throws {
        let status = try? JSONCoding.decode(ReplyStatus.self, from: reply.utf8)
        if status?.error != nil || status?.ok != true { throw ExitStatus.failure }
    }
}

extension CtlCommand {
    /// A verb of `ctl`: its own arguments after `--socket`, and what it does with the connection.
    static func verb(
        _ name: String, _ abstract: String, discussion: String = "", hidden: Bool = false,
        _ arguments: [ArgumentSpec] = [],
        run: @escaping @Sendable (CtlConnection, ParsedArguments) throws -> Void
    ) -> CommandSpec {
        CommandSpec(
            name, abstract: abstract, discussion: discussion, hidden: hidden,
            arguments: [CtlConnection.socketOption] + arguments
        ) { a in
            try run(CtlConnection(a), a)
        }
    }

    static let get = verb(
        "get", "Print a control's value.", [.positional("id", "ID", "The control's id (see `ctl list`).")]
    ) { c, a in
        try c.run(.get(id: a.string("id")!))
    }

    static let set = verb(
        "set", "Set a control's value as a finger would; print the value it took.",
        discussion: "Give two values for a range-slider's two handles.",
        [
            .positional("id", "ID", "The control's id."),
            .positional("values", "VALUE", "The value (two for a range); may be negative.", .number, repeating: true),
        ]
    ) { c, a in
        let values = a.doubles("values")
        guard (1...2).contains(values.count) else { throw InvalidArguments("set takes one VALUE, or two for a range") }
        try c.run(
            .set(id: a.string("id")!, value: values.count == 1 ? .single(values[0]) : .pair(values[0], values[1])))
    }

    static let setVar = verb(
        "set-var", "Set a [[variables]] value that labels and readouts show; print it.",
        discussion: "A value that reads as a number is sent as one (for a number variable); anything else as text.",
        [
            .positional("id", "ID", "The variable's id."),
            .positional("value", "VALUE", "The value: a number, or text for a text variable."),
        ]
    ) { c, a in
        let value = a.string("value")!
        let json: JSON = NumberText.parse(value).map { .number($0) } ?? .string(value)
        try c.run(.setVariable(id: a.string("id")!, value: json))
    }

    static let prop = verb(
        "prop",
        "Change one of an element's keys while the kiosk runs (text, label, title, color, icon, hidden, enabled).",
        discussion:
            "true and false are sent as booleans and null puts back the config's value; anything else as text. Kept until the config is reloaded.",
        [
            .positional("id", "ID", "The element's id."),
            .positional("key", "KEY", "The key: text, label, title, color, icon, hidden or enabled."),
            .positional("value", "VALUE", "The new value, checked as the config's would be."),
        ]
    ) { c, a in
        let value = a.string("value")!
        let json: JSON =
            switch value {
            case "true": .bool(true)
            case "false": .bool(false)
            case "null": .null
            default: .string(value)
            }
        try c.run(.prop(id: a.string("id")!, key: a.string("key")!, value: json))
    }

    static let screenPower = verb(
        "screen-power", "Switch the screen on or off (a touch on it wakes it too).",
        [.positional("state", "on|off", "on or off.")]
    ) { c, a in
        let state = a.string("state")!
        guard state == "on" || state == "off" else {
            throw InvalidArguments("screen-power takes on or off, found \(state)")
        }
        try c.run(.screenPower(on: state == "on"))
    }

    static let brightness = verb(
        "brightness", "Set the screen's brightness when awake, from 0 to 1.",
        [.positional("value", "LEVEL", "A number from 0 (dark) to 1 (full).")]
    ) { c, a in
        let text = a.string("value")!
        guard let level = NumberText.parse(text) else {
            throw InvalidArguments("brightness takes a number from 0 to 1, found \(text)")
        }
        try c.run(.brightness(level))
    }

    static let list = verb("list", "List the screen's controls: id, kind, value, frame and touch points.") { c, _ in
        try c.run(.list)
    }

    static let screen = verb(
        "screen", "Show another screen of the config.", [.positional("id", "ID", "The screen's id.")]
    ) { c, a in
        try c.run(.screen(id: a.string("id")!))
    }

    static let watch = verb(
        "watch", "Subscribe and print every control event, one JSON line each, until the kiosk goes away."
    ) { c, _ in
        let (socket, reply) = try c.exchange(.subscribe)
        print(reply)
        try CtlConnection.failIfError(reply)
        fflush(nil)
        // The kiosk's own loop primitive: woken by the socket, one read per wake-up, until EOF.
        let loop = EventLoop()
        loop.add(fd: socket.descriptor) { _ in
            guard let lines = socket.readAvailableLines() else { return loop.stop() }
            for line in lines { print(line) }
            fflush(nil)
        }
        loop.run { nil }
    }

    static let screenshot = verb(
        "screenshot", "Write the kiosk's current frame to a PNG file.",
        [.positional("file", "FILE.png", "The PNG file to write.", completion: .file)]
    ) { c, a in
        let file = a.string("file")!
        let (_, reply) = try c.exchange(.screenshot)
        guard let shot = try? JSONCoding.decode(ScreenshotReply.self, from: reply.utf8),
            let png = Base64.decode(shot.png)
        else {
            print(reply)
            throw ExitStatus.failure
        }
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            CommandLineTool.printError("thumbwheel: ctl: cannot write \(file): \(String(cString: strerror(errno)))")
            throw ExitStatus.failure
        }
        let written = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == png.count else {
            CommandLineTool.printError("thumbwheel: ctl: cannot write \(file): short write")
            throw ExitStatus.failure
        }
        print("wrote \(file)")
    }

    static let tap = verb(
        "tap", "Queue a tap at a point (screen pixels).",
        [
            .positional("x", "X", "The point's x, in screen pixels.", .number),
            .positional("y", "Y", "The point's y, in screen pixels.", .number),
        ]
    ) { c, a in
        try c.run(.tap(x: a.double("x")!, y: a.double("y")!))
    }

    static let drag = verb(
        "drag", "Queue a drag from one point to another (screen pixels).",
        [
            .positional("x1", "X1", "Where the finger goes down, x (screen pixels).", .number),
            .positional("y1", "Y1", "Where the finger goes down, y.", .number),
            .positional("x2", "X2", "Where the finger lifts, x.", .number),
            .positional("y2", "Y2", "Where the finger lifts, y.", .number),
            .positional("ms", "MS", "How long the drag takes, in milliseconds (default 300).", .number, optional: true),
        ]
    ) { c, a in
        try c.run(
            .drag(
                from: SocketPoint(a.double("x1")!, a.double("y1")!), to: SocketPoint(a.double("x2")!, a.double("y2")!),
                durationMS: a.double("ms")))
    }

    static let reload = verb(
        "reload", "Re-read the config; an invalid one is refused with its errors and the running one kept."
    ) { c, _ in
        try c.run(.reload)
    }

    /// The JSON line (for programs), or with `--table` for people: whether values are being saved, and
    /// the latency figures as a table. Never both, so a program can parse what it prints.
    static let stats = verb(
        "stats", "Print the loop's wake-ups, the frames drawn, the connected clients and whether values are saved.",
        discussion:
            "Prints the kiosk's JSON reply; --table prints the save state and latency figures for people instead.",
        [.flag("table", "Print the save state and the latency figures as a table instead of the JSON reply.")]
    ) { c, a in
        let (_, reply) = try c.exchange(.stats)
        guard a.flag("table") else {
            print(reply)
            try CtlConnection.failIfError(reply)
            return
        }
        try CtlConnection.failIfError(reply)
        guard let stats = try? JSONCoding.decode(StatsReply.self, from: reply.utf8) else {
            print(reply)
            return
        }
        if let state = stats.state, state.saving != "ok" {
            print(
                "state file: values are NOT being saved (\(state.failedSaves) failed saves): \(state.lastError ?? "unknown error")"
            )
        }
        for line in stats.latency?.lines ?? [] { print(line) }
    }

    static let version = verb("version", "Print the running kiosk's version.", hidden: true) { c, _ in
        try c.run(.version)
    }
}

/// A blocking Unix-socket client that reads line by line.
final class SocketClient {
    private var fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `path`; nil with errno saying why.
    init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let rc = ControlSocket.withAddress(path) { [fd] in connect(fd, $0, $1) }
        if rc != 0 {
            // deinit runs for a failed init too: close here once and keep connect's errno for the message.
            let e = errno; close(fd); fd = -1; errno = e
            return nil
        }
    }
    deinit { if fd >= 0 { close(fd) } }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// The connected socket, for an event loop.
    var descriptor: Int32 { fd }

    /// The next whole line, reading (and blocking) as needed; nil at EOF.
    func readLine() -> String? {
        while true {
            if let line = takeLine() { return line }
            guard readChunk() else { return nil }
        }
    }

    /// One read of what is available, as the whole lines it completes; nil at EOF.
    func readAvailableLines() -> [String]? {
        guard readChunk() else { return nil }
        var lines: [String] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    private func takeLine() -> String? {
        guard let nl = buffer.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: buffer[..<nl], as: UTF8.self)
        buffer.removeSubrange(...nl)
        return line
    }

    private func readChunk() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        buffer += chunk[0..<n]
        return true
    }
}
