import ConfigLoading
import Controls
import Core
import Formats
import Glibc
import Kiosk
import Platform

/// The control socket as an adapter of the kiosk: each request becomes a `KioskCommand`, each result
/// a reply line, and each `KioskEvent` an event line for the subscribers.
public final class SocketAdapter: KioskAdapter, ControlRequestHandler {
    public let name = "socket"
    /// The socket path (`--socket`, else the config's `[socket] path`).
    let path: String
    let group: String?
    private weak var kiosk: (any KioskAPI)?
    private(set) var socket: ControlSocket?

    /// The adapter for a config: none when `[socket] path` is empty.
    public static func make(config: KioskConfig, options: RunOptions) -> SocketAdapter? {
        let path = options.socketPath ?? config.socket.path
        return path.isEmpty ? nil : SocketAdapter(path: path, group: config.socket.group)
    }

    init(path: String, group: String?) { self.path = path; self.group = group }

    public var summary: String { socket == nil ? "socket off" : "socket \(path)" }

    public func start(_ kiosk: any KioskAPI, now: MonotonicTime) {
        self.kiosk = kiosk
        do {
            let socket = try ControlSocket(path: path, group: group, loop: kiosk.eventLoop, handler: self)
            socket.saveProgress = { [unowned kiosk] in kiosk.saveProgress }
            self.socket = socket
        } catch {
            Log.error("socket: \(error); the kiosk runs without its control socket")
            return
        }
        if kiosk.isHeadless {
            let ctl =
                SocketAdapter.commandName(
                    argv0: CommandLine.arguments.first ?? "thumbwheel", directory: SocketAdapter.currentDirectory())
                + " ctl"
            Log.write(
                .notice,
                lines: [
                    "headless: no panel, so drive the kiosk through its socket, for example",
                    "\(ctl) --socket \(path) list",
                    "\(ctl) --socket \(path) tap X Y          (screen pixels)",
                    "\(ctl) --socket \(path) drag X1 Y1 X2 Y2 300",
                    "\(ctl) --socket \(path) screenshot shot.png",
                ])
        }
    }

    public func stop() { socket = nil }

    /// The command that runs this binary again from any shell: the name it was started by when that
    /// was found on the PATH (no slash in it), else that path made absolute from `directory`, the
    /// working directory it was started in. `scripts/demo` runs the binary from the build folder,
    /// which is not on the PATH, so "thumbwheel ctl" would not be found there.
    static func commandName(argv0: String, directory: String?) -> String {
        if !argv0.contains("/") || argv0.hasPrefix("/") { return argv0 }
        guard let directory, directory.hasPrefix("/") else { return argv0 }
        let relative = argv0.hasPrefix("./") ? String(argv0.dropFirst(2)) : argv0
        return (directory.hasSuffix("/") ? directory : directory + "/") + relative
    }

    /// The working directory; nil when it cannot be read.
    static func currentDirectory() -> String? {
        guard let cwd = getcwd(nil, 0) else { return nil }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    public var statsSection: JSON? { nil }

    /// Answers one request (newline-delimited JSON; docs/socket.md).
    public func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
        guard let kiosk else { return ErrorReply("the kiosk is stopping") }
        let command: KioskCommand
        switch request {
        case .subscribe:
            socket?.subscribe(client)
            return SubscribeReply()
        case .list: command = .list
        case .get(let id): command = .get(id: id)
        case .set(let id, let value): command = .set(id: id, value: value)
        case .setVariable(let id, let value): command = .setVariable(id: id, value: value)
        case .screen(let id): command = .showScreen(id: id)
        case .screenshot: command = .screenshot
        case .reload: command = .reload
        case .tap(let x, let y): command = .tap(Point(x, y))
        case .drag(let from, let to, let durationMS, let steps):
            command = .drag(
                from: Point(from.x, from.y), to: Point(to.x, to.y), duration: (durationMS ?? 300) / 1000,
                steps: steps ?? 10)
        case .version: command = .version
        case .stats: command = .stats
        case .prop(let id, let key, let value): command = .setProperty(id: id, key: key, value: value)
        case .screenPower(let on): command = .screenPower(on: on, brightness: nil)
        case .brightness(let value): command = .screenPower(on: nil, brightness: value)
        }
        switch kiosk.perform(command, from: .socket) {
        case .failure(let refused):
            return ErrorReply(refused.description, errors: refused.errors.isEmpty ? nil : refused.errors)
        case .success(let result): return reply(result)
        }
    }

    private func reply(_ result: KioskResult) -> any SocketReply {
        switch result {
        case .listing(let l):
            return ListReply(
                controls: l.elements.map {
                    ControlListing(id: $0.id, kind: $0.kind, value: $0.value, details: $0.details)
                },
                screen: l.screen, screens: l.screens, variables: l.variables)
        case .value(let id, let value): return ValueReply(id: id, value: value)
        case .variable(let id, let value): return VariableReply(id: id, value: value)
        case .screen(let id): return ScreenReply(screen: id)
        case .queued(let n): return QueuedReply(queued: n)
        case .screenshot(let width, let height, let png):
            return ScreenshotReply(width: width, height: height, png: Base64.encode(png))
        case .stats(let s):
            return StatsReply(
                wakeups: s.wakeups, frames: s.frames, clients: socket?.clientCount ?? 0, state: s.state,
                latency: s.latency, touches: s.touches, adapters: s.adapters)
        case .version(let v): return VersionReply(version: v)
        case .screenPower(let p): return ScreenPowerReply(on: p.on, brightness: p.brightness)
        case .done: return OKReply()
        }
    }

    public func receive(_ event: KioskEvent, now: MonotonicTime) {
        guard let socket else { return }
        switch event {
        case .control(let id, let e, let value): socket.broadcast(SocketAdapter.eventJSON(id: id, e, value: value))
        case .screen(let id): socket.broadcast(.object([("event", .string("screen")), ("screen", .string(id))]))
        case .action(let id, let name):
            socket.broadcast(.object([("event", .string("action")), ("id", .string(id)), ("name", .string(name))]))
        case .variable(let id, let value):
            socket.broadcast(
                .object([("event", .string("variable")), ("id", .string(id)), ("value", Optional(value).json)]))
        case .saved(let progress): socket.savesReached(progress)
        case .screenPower(let p):
            socket.broadcast(
                .object([
                    ("event", .string("screen-power")), ("on", .bool(p.on)), ("brightness", .number(p.brightness)),
                ]))
        case .valueChanged, .publish: break
        }
    }
}
