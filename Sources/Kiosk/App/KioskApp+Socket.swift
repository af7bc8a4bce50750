import Core
import FoundationEssentials
import Raster

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
    public func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
        let now = monotonicNow()
        switch request {
        case .list:
            return ListReply(controls: screen.bindings.map { b in
                ControlListing(id: b.id, kind: b.kind, value: b.value, details: b.describe(time: now))
            }, screen: screen.config.id, screens: config.screens.map(\.id))
        case .get(let id):
            guard let b = screen.binding(id: id) else { return unknownControl(id) }
            return ValueReply(id: b.id, value: b.value)
        case .set(let id, let value):
            guard let b = screen.binding(id: id) else { return unknownControl(id) }
            do {
                let taken = try b.setValue(value, time: now)
                deliverEvents(now: now)
                return ValueReply(id: b.id, value: taken)
            } catch {
                return ErrorReply("\(b.id): \(error)")
            }
        case .screen(let id):
            guard let index = config.screens.firstIndex(where: { $0.id == id }) else {
                return ErrorReply("no screen \"\(id)\": the screens are " + config.screens.map(\.id).joined(separator: ", "))
            }
            state.flushPending()
            screenIndex = index
            buildScreen(time: now)
            return ScreenReply(screen: id)
        case .subscribe:
            socket?.subscribe(client)
            return SubscribeReply()
        case .screenshot:
            return screenshot()
        case .reload:
            let errors = reload()
            return errors.isEmpty ? OKReply() : ErrorReply("config invalid; kept the running one", errors: errors)
        case .tap(let x, let y):
            return inject([Point(x, y)], duration: 0.05, now: now)
        case .drag(let from, let to, let durationMS, let steps):
            // Bounded so a request cannot queue minutes of touches or a million moves.
            let n = max(1, min(1000, steps ?? 10))
            let duration = max(0, min(60, (durationMS ?? 300) / 1000))
            let path = (0...n).map { i in
                Point(from.x + (to.x - from.x) * Double(i) / Double(n), from.y + (to.y - from.y) * Double(i) / Double(n))
            }
            return inject(path, duration: duration, now: now)
        case .version:
            return VersionReply(version: thumbwheelVersion)
        case .stats:
            return StatsReply(wakeups: loop.wakeups, frames: framesRendered, clients: socket?.clientCount ?? 0)
        }
    }

    private func unknownControl(_ id: String) -> ErrorReply {
        ErrorReply("no control \"\(id)\" on screen \(screen.config.id); \"list\" shows the ids")
    }

    /// The current frame as a base64 PNG, encoded in memory.
    private func screenshot() -> any SocketReply {
        do {
            let png = try PNGImage.encode(bitmap)
            return ScreenshotReply(width: bitmap.width, height: bitmap.height, png: Data(png).base64EncodedString())
        } catch {
            return ErrorReply("screenshot: \(error)")
        }
    }

    /// Queues touches as if a finger did them (screen pixels): down at the first point, a move to
    /// each further point spread evenly over `duration`, up at the last. A tap is one point: down,
    /// then up `duration` later.
    private func inject(_ points: [Point], duration: Double, now: MonotonicTime) -> QueuedReply {
        nextInjectedID += 1
        let id = nextInjectedID
        func frame(_ t: Double, _ p: Point, _ phase: TouchPhase) -> (MonotonicTime, TouchFrame) {
            (t, TouchFrame(time: t, touches: [TouchPoint(slot: 0, trackingID: id, position: p, phase: phase, deviceID: -1)]))
        }
        let start = max(now, injected.last?.time ?? now)
        let first = points[0], last = points[points.count - 1]
        injected.append(frame(start, first, .began))
        let moves = points.count - 1
        for (i, p) in points.dropFirst().enumerated() {
            injected.append(frame(start + duration * Double(i + 1) / Double(moves), p, .moved))
        }
        injected.append(frame(start + duration, last, .ended))
        return QueuedReply(queued: points.count + 1)
    }
}
