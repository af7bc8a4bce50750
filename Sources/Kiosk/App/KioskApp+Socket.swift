import Controls
import Core
import FoundationEssentials
import Raster
import Widgets

extension KioskApp: ControlRequestHandler {
    func openSocket() {
        guard !config.socket.path.isEmpty else { return }
        do {
            socket = try ControlSocket(path: config.socket.path, group: config.socket.group, loop: loop, handler: self)
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
            })), ("screen", .string(screen.config.id)), ("screens", .array(config.screens.map { .string($0.id) }))])
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
            state.flushPending()
            screenIndex = index
            buildScreen(time: now)
            return ok([("screen", .string(id))])
        case "subscribe":
            socket?.subscribe(client)
            return ok([("subscribed", .bool(true))])
        case "screenshot":
            return screenshot()
        case "reload":
            let errors = reload()
            return errors.isEmpty ? ok([]) : .object([("error", .string("config invalid; kept the running one")),
                                                     ("errors", .array(errors.map { .string($0) }))])
        case "tap", "drag":
            return inject(cmd, request, now: now)
        case "version":
            return ok([("version", .string(thumbwheelVersion))])
        case "stats":
            return ok([("wakeups", .number(Double(loop.wakeups))), ("frames", .number(Double(framesRendered))),
                       ("clients", .number(Double(socket?.clientCount ?? 0)))])
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
            try PNGImage.write(bitmap, to: path)
            guard let bytes = FileIO.read(path) else { return error("screenshot: cannot read back \(path)") }
            return ok([("width", .number(Double(bitmap.width))), ("height", .number(Double(bitmap.height))),
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
        nextInjectedID += 1
        let id = nextInjectedID
        func frame(_ t: Double, _ p: Point, _ phase: TouchPhase) -> (MonotonicTime, TouchFrame) {
            (t, TouchFrame(time: t, touches: [TouchPoint(slot: 0, trackingID: id, position: p, phase: phase, deviceID: -1)]))
        }
        let start = max(now, injected.last?.time ?? now)
        if cmd == "tap" {
            guard let x = request["x"]?.numberValue, let y = request["y"]?.numberValue else { return error("tap needs \"x\" and \"y\"") }
            let p = Point(x, y)
            injected += [frame(start, p, .began), frame(start + 0.05, p, .ended)]
            return ok([("queued", .number(2))])
        }
        guard let from = point(request["from"]), let to = point(request["to"]) else {
            return error("drag needs \"from\": [x, y] and \"to\": [x, y]")
        }
        let steps = max(1, min(1000, Int(request["steps"]?.numberValue ?? 10)))
        let duration = max(0, min(60, (request["duration_ms"]?.numberValue ?? 300) / 1000))
        injected.append(frame(start, from, .began))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            injected.append(frame(start + duration * f, Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f), .moved))
        }
        injected.append(frame(start + duration, to, .ended))
        return ok([("queued", .number(Double(steps + 2)))])
    }
}
