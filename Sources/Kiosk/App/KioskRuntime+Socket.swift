import Controls
import Core
import FoundationEssentials
import Raster
import Widgets

extension KioskRuntime: ControlRequestHandler {
    func openSocket() {
        guard !config.socket.path.isEmpty else { return }
        do {
            services.socket = try ControlSocket(path: config.socket.path, group: config.socket.group, loop: loop, handler: self)
        } catch {
            Log.error("socket: \(error); the kiosk runs without its control socket")
        }
    }

    /// Answers one socket request (newline-delimited JSON; see README "Control socket").
    public func handle(request: JSON, client: ControlSocket.ClientID) -> JSON {
        guard let cmd = request["cmd"]?.stringValue else {
            return error("missing \"cmd\": one of get, set, list, screen, subscribe, screenshot, reload, tap, drag, stats")
        }
        let now = monotonicNow()
        switch cmd {
        case "list":
            return ok([("controls", .array(screen.elements.map { e in
                .object([("id", .string(e.id)), ("kind", .string(e.kind)), ("value", e.value.json)] + e.describe(time: now).jsonPairs)
            })), ("screen", .string(screen.config.id)), ("screens", .array(config.screens.map { .string($0.id) })),
                       ("variables", variables.json(now: now))])
        case "get":
            guard let b = element(request) else { return unknownControl(request) }
            return ok([("id", .string(b.id)), ("value", b.value.json)])
        case "set":
            guard let b = element(request) else { return unknownControl(request) }
            guard let raw = request["value"], let value = StoredValue(json: raw) else {
                return error("\"value\" must be a number (or [a, b] for a range-slider)")
            }
            do {
                let taken = try b.setValue(value, time: now)
                deliverEvents(now: now)
                return ok([("id", .string(b.id)), ("value", taken.json)])
            } catch {
                return self.error("\(b.id): \(error)")
            }
        case "screen":
            guard let id = request["id"]?.stringValue, let index = config.screens.firstIndex(where: { $0.id == id }) else {
                return error("\"screen\" needs the \"id\" of one of: " + config.screens.map(\.id).joined(separator: ", "))
            }
            services.state.flushPending()
            show(screenIndex: index, time: now)
            return ok([("screen", .string(id))])
        case "subscribe":
            services.socket?.subscribe(client)
            return ok([("subscribed", .bool(true))])
        case "screenshot":
            return screenshot()
        case "reload":
            let errors = reload()
            return errors.isEmpty ? ok([]) : .object([("error", .string("config invalid; kept the running one")),
                                                     ("errors", .array(errors.map { .string($0) }))])
        case "set-var": return setVariable(request, now: now)
        case "tap", "drag":
            return inject(cmd, request, now: now)
        case "version":
            return ok([("version", .string(thumbwheelVersion))])
        case "stats":
            return ok([("wakeups", .number(Double(loop.wakeups))), ("frames", .number(Double(presenter.framesRendered))),
                       ("clients", .number(Double(services.socket?.clientCount ?? 0)))])
        default:
            return error("unknown cmd \"\(cmd)\": expected get, set, list, screen, subscribe, screenshot, reload, tap, drag, stats or version")
        }
    }

    private func element(_ request: JSON) -> Element? {
        request["id"]?.stringValue.flatMap { screen.element(id: $0) }
    }

    private func unknownControl(_ request: JSON) -> JSON {
        guard let id = request["id"]?.stringValue else { return error("missing \"id\"") }
        return error("no control \"\(id)\" on screen \(screen.config.id); \"list\" shows the ids")
    }

    private func ok(_ pairs: [(String, JSON)]) -> JSON { .object([("ok", .bool(true))] + pairs) }
    private func error(_ message: String) -> JSON { .object([("error", .string(message))]) }

    /// The current frame as a base64 PNG.
    private func screenshot() -> JSON {
        let path = FileIO.directory(of: config.socket.path) + "/.screenshot.png"
        do {
            try PNGImage.write(presenter.bitmap, to: path)
            guard let bytes = FileIO.read(path) else { return error("screenshot: cannot read back \(path)") }
            return ok([("width", .number(Double(presenter.bitmap.width))), ("height", .number(Double(presenter.bitmap.height))),
                       ("png", .string(Data(bytes).base64EncodedString()))])
        } catch {
            return self.error("screenshot: \(error)")
        }
    }

    /// Queues touches as if a finger did them: `tap` at x,y; `drag` from [x,y] to [x,y] over
    /// `duration_ms` (default 300) in `steps` moves (default 10). Coordinates are screen pixels.
    private func inject(_ cmd: String, _ request: JSON, now: MonotonicTime) -> JSON {
        func point(_ j: JSON?) -> Point? {
            guard let a = j?.arrayValue, a.count == 2, let x = a[0].numberValue, let y = a[1].numberValue else { return nil }
            return Point(x, y)
        }
        if cmd == "tap" {
            guard let x = request["x"]?.numberValue, let y = request["y"]?.numberValue else { return error("tap needs \"x\" and \"y\"") }
            return ok([("queued", .number(Double(touches.queueTap(at: Point(x, y), now: now))))])
        }
        guard let from = point(request["from"]), let to = point(request["to"]) else {
            return error("drag needs \"from\": [x, y] and \"to\": [x, y]")
        }
        let steps = max(1, min(1000, Int(request["steps"]?.numberValue ?? 10)))
        let duration = max(0, min(60, (request["duration_ms"]?.numberValue ?? 300) / 1000))
        return ok([("queued", .number(Double(touches.queueDrag(from: from, to: to, duration: duration, steps: steps, now: now))))])
    }
}
