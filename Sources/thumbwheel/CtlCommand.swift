import ArgumentParser
import CLISupport
import FoundationEssentials
import Glibc
import Kiosk

/// `thumbwheel ctl [--socket PATH] get ID | set ID VALUE | list | screen ID | watch | screenshot FILE.png |
/// tap X Y | drag X1 Y1 X2 Y2 [MS] | reload | stats`: the control socket's client. Requests are
/// built as `SocketRequest`s, the type the kiosk decodes, so client and kiosk cannot drift apart.
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Talk to a running kiosk over its control socket.",
        discussion: """
            Prints the kiosk's JSON reply on one line (README "Control socket"); exits 1 when the reply is an error \
            or the kiosk cannot be reached. The socket is --socket PATH, else $THUMBWHEEL_SOCKET, else /run/thumbwheel/control.sock.
            """,
        subcommands: [Get.self, Set.self, SetVar.self, List.self, Screen.self, Watch.self, Screenshot.self, Tap.self, Drag.self,
                      Reload.self, Stats.self, Version.self])

    @OptionGroup var connection: CtlConnection

    /// No verb given: the help, on stderr, and the usage-error status (as before ArgumentParser).
    func run() throws {
        CommandLineTool.printError(Thumbwheel.helpMessage(for: CtlCommand.self))
        throw ExitCode(CommandLineTool.usageError)
    }
}

/// Where the kiosk's socket is; accepted before or after the verb.
struct CtlConnection: ParsableArguments {
    @Option(help: ArgumentHelp("The kiosk's control socket (default: $THUMBWHEEL_SOCKET, else /run/thumbwheel/control.sock).",
                               valueName: "PATH"),
            completion: .file())
    var socket: String?

    var path: String { socket ?? getenv("THUMBWHEEL_SOCKET").map { String(cString: $0) } ?? "/run/thumbwheel/control.sock" }

    /// Sends `request` and returns the connection and the first reply line; exits 1 when there is none.
    func exchange(_ request: SocketRequest) throws -> (SocketClient, String) {
        guard let connection = SocketClient(path: path) else {
            CommandLineTool.printError("thumbwheel: ctl: cannot connect to \(path): \(String(cString: strerror(errno))) (is thumbwheel running? --socket PATH)")
            throw ExitCode.failure
        }
        connection.send(SocketWire.encode(request) + [0x0A])
        guard let reply = connection.readLine() else {
            CommandLineTool.printError("thumbwheel: ctl: no reply from \(path)")
            throw ExitCode.failure
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
        let status = try? JSONDecoder().decode(ReplyStatus.self, from: Data(reply.utf8))
        if status?.error != nil || status?.ok != true { throw ExitCode.failure }
    }
}

extension CtlCommand {
    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a control's value.")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The control's id (see `ctl list`).", valueName: "ID")) var id: String
        func run() throws { try connection.run(.get(id: id)) }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a control's value as a finger would; print the value it took.",
            discussion: "Give two values for a range-slider's two handles.")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The control's id.", valueName: "ID")) var id: String
        @Argument(help: ArgumentHelp("The value (two for a range); may be negative.", valueName: "VALUE"))
        var values: [Double]

        func validate() throws {
            guard (1...2).contains(values.count) else { throw ValidationError("set takes one VALUE, or two for a range") }
        }

        func run() throws {
            try connection.run(.set(id: id, value: values.count == 1 ? .single(values[0]) : .pair(values[0], values[1])))
        }
    }

    struct SetVar: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-var",
            abstract: "Set a [[variables]] value that labels and readouts show; print it.",
            discussion: "A value that reads as a number is sent as one (for a number variable); anything else as text.")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The variable's id.", valueName: "ID")) var id: String
        @Argument(help: ArgumentHelp("The value: a number, or text for a text variable.", valueName: "VALUE")) var value: String

        func run() throws {
            let json: JSON = Double(value).map { .number($0) } ?? .string(value)
            try connection.run(.setVariable(id: id, value: json))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the screen's controls: id, kind, value, frame and touch points.")
        @OptionGroup var connection: CtlConnection
        func run() throws { try connection.run(.list) }
    }

    struct Screen: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show another screen of the config.")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The screen's id.", valueName: "ID")) var id: String
        func run() throws { try connection.run(.screen(id: id)) }
    }

    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Subscribe and print every control event, one JSON line each, until the kiosk goes away.")
        @OptionGroup var connection: CtlConnection

        func run() throws {
            let (socket, reply) = try connection.exchange(.subscribe)
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
    }

    struct Screenshot: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the kiosk's current frame to a PNG file.")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The PNG file to write.", valueName: "FILE.png"), completion: .file(extensions: ["png"]))
        var file: String

        func run() throws {
            let (_, reply) = try connection.exchange(.screenshot)
            guard let shot = try? JSONDecoder().decode(ScreenshotReply.self, from: Data(reply.utf8)),
                  let png = Data(base64Encoded: shot.png) else {
                print(reply)
                throw ExitCode.failure
            }
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                CommandLineTool.printError("thumbwheel: ctl: cannot write \(file): \(String(cString: strerror(errno)))")
                throw ExitCode.failure
            }
            let written = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == png.count else {
                CommandLineTool.printError("thumbwheel: ctl: cannot write \(file): short write")
                throw ExitCode.failure
            }
            print("wrote \(file)")
        }
    }

    struct Tap: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Queue a tap at a point (screen pixels).")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("The point's x, in screen pixels.", valueName: "X")) var x: Double
        @Argument(help: ArgumentHelp("The point's y, in screen pixels.", valueName: "Y")) var y: Double
        func run() throws { try connection.run(.tap(x: x, y: y)) }
    }

    struct Drag: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Queue a drag from one point to another (screen pixels).")
        @OptionGroup var connection: CtlConnection
        @Argument(help: ArgumentHelp("Where the finger goes down, x (screen pixels).", valueName: "X1")) var x1: Double
        @Argument(help: ArgumentHelp("Where the finger goes down, y.", valueName: "Y1")) var y1: Double
        @Argument(help: ArgumentHelp("Where the finger lifts, x.", valueName: "X2")) var x2: Double
        @Argument(help: ArgumentHelp("Where the finger lifts, y.", valueName: "Y2")) var y2: Double
        @Argument(help: ArgumentHelp("How long the drag takes, in milliseconds (default 300).", valueName: "MS")) var duration: Double?

        func run() throws {
            try connection.run(.drag(from: SocketPoint(x1, y1), to: SocketPoint(x2, y2), durationMS: duration))
        }
    }

    struct Reload: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Re-read the config; an invalid one is refused with its errors and the running one kept.")
        @OptionGroup var connection: CtlConnection
        func run() throws { try connection.run(.reload) }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the loop's wake-ups, the frames drawn and the connected clients.")
        @OptionGroup var connection: CtlConnection
        /// The JSON line, then the latency figures as a table for people.
        func run() throws {
            let (_, reply) = try connection.exchange(.stats)
            print(reply)
            try CtlConnection.failIfError(reply)
            if let stats = try? JSONDecoder().decode(StatsReply.self, from: Data(reply.utf8)), let latency = stats.latency {
                for line in latency.lines { print(line) }
            }
        }
    }

    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the running kiosk's version.", shouldDisplay: false)
        @OptionGroup var connection: CtlConnection
        func run() throws { try connection.run(.version) }
    }
}

extension CtlCommand {
    /// `arguments` (without the program name) with a `--` put before a `ctl` verb's operands when
    /// one of them is a negative number (`ctl set temp -5`, `ctl tap -3 40`), so ArgumentParser
    /// reads it as a value rather than an unknown option; `--socket` and the help flags are moved
    /// in front of the `--`. Anything else is left as it is.
    static func negativeNumbersAsValues(_ arguments: [String]) -> [String] {
        guard arguments.first == "ctl" else { return arguments }
        func isNegativeNumber(_ a: String) -> Bool { a.hasPrefix("-") && a.count > 1 && Double(a) != nil }
        guard arguments.contains(where: isNegativeNumber), !arguments.contains("--") else { return arguments }
        var options: [String] = [], operands: [String] = []
        var verb: String?
        var i = 1
        while i < arguments.count {
            let a = arguments[i]
            if a == "--socket", i + 1 < arguments.count {
                options += [a, arguments[i + 1]]; i += 2; continue
            }
            if a.hasPrefix("-") && !isNegativeNumber(a) { options.append(a) }
            else if verb == nil { verb = a }
            else { operands.append(a) }
            i += 1
        }
        guard let verb else { return arguments }
        return ["ctl"] + options + [verb, "--"] + operands
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
