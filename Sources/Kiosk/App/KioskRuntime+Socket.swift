import ConfigLoading
import Core
import Formats
import Platform
import Raster
import Widgets

extension KioskRuntime: ControlRequestHandler {
    func openSocket() {
        let path = options.socketPath ?? config.socket.path
        guard !path.isEmpty else { return }
        do {
            let socket = try ControlSocket(path: path, group: config.socket.group, loop: loop, handler: self)
            socket.saveProgress = { [unowned self] in services.state.progress }
            services.socket = socket
        } catch {
            Log.error("socket: \(error); the kiosk runs without its control socket")
        }
    }

    /// Answers one socket request (newline-delimited JSON; see README "Control socket").
    public func handle(_ request: SocketRequest, client: ControlSocket.ClientID) -> any SocketReply {
        let now = monotonicNow()
        switch request {
        case .list:
            return ListReply(controls: screen.elements.map { e in
                ControlListing(id: e.id, kind: e.kind, value: e.value, details: e.describe(time: now).jsonPairs)
            }, screen: screen.config.id, screens: config.screens.map(\.id), variables: variables.json(now: now))
        case .get(let id):
            do { return ValueReply(id: id, value: try controlValue(id, now: now)) } catch { return ErrorReply(error.description) }
        case .set(let id, let value):
            do {
                let taken = try setControl(id, value, now: now)
                presenter.noteChange(.socketSet, at: now)
                // The frame first, as a turn would draw it (it never waits for the disk: the soak saw
                // set → submit p99 at 40 ms when the fsync came first), then the save is handed to the
                // writer thread; the socket holds the reply until it is on disk (`saveProgress`), and
                // answers with an error instead if the save fails.
                deliverEvents(now: now)
                presenter.renderIfNeeded(screen, moving: false, now: now)
                services.state.flushPending()
                return ValueReply(id: id, value: taken)
            } catch {
                return ErrorReply(error.description)
            }
        case .screen(let id):
            guard let index = config.screens.firstIndex(where: { $0.id == id }) else {
                return ErrorReply("no screen \"\(id)\": the screens are " + config.screens.map(\.id).joined(separator: ", "))
            }
            services.state.flushPending()
            show(screenIndex: index, time: now)
            return ScreenReply(screen: id)
        case .subscribe:
            services.socket?.subscribe(client)
            return SubscribeReply()
        case .screenshot:
            return screenshot()
        case .reload:
            let errors = reload()
            return errors.isEmpty ? OKReply() : ErrorReply("config invalid; kept the running one", errors: errors)
        case .setVariable(let id, let value):
            return setVariable(id, value, now: now)
        case .tap(let x, let y):
            do throws(TouchInput.QueueFull) {
                return QueuedReply(queued: try touches.queueTap(at: Point(x, y), now: now))
            } catch { return ErrorReply(error.description) }
        case .drag(let from, let to, let durationMS, let steps):
            // Bounded so a request cannot queue minutes of touches or a million moves.
            let n = max(1, min(1000, steps ?? 10))
            let duration = max(0, min(60, (durationMS ?? 300) / 1000))
            do throws(TouchInput.QueueFull) {
                return QueuedReply(queued: try touches.queueDrag(from: Point(from.x, from.y), to: Point(to.x, to.y),
                                                                 duration: duration, steps: n, now: now))
            } catch { return ErrorReply(error.description) }
        case .version:
            return VersionReply(version: thumbwheelVersion)
        case .stats:
            return StatsReply(wakeups: loop.wakeups, frames: presenter.framesRendered, clients: services.socket?.clientCount ?? 0,
                              state: services.state.stats, mqtt: services.mqtt?.stats, latency: presenter.latency.stats)
        }
    }

    /// The current frame as a base64 PNG, encoded in memory (once per frame: a client asking again
    /// and again must not cost an encoding each time).
    private func screenshot() -> any SocketReply {
        if let last = lastScreenshot, last.frame == presenter.framesRendered { return last.reply }
        do {
            let bitmap = presenter.bitmap
            let png = try PNGImage.encode(bitmap)
            let reply = ScreenshotReply(width: bitmap.width, height: bitmap.height, png: Base64.encode(png))
            lastScreenshot = (presenter.framesRendered, reply)
            return reply
        } catch {
            return ErrorReply("screenshot: \(error)")
        }
    }
}
