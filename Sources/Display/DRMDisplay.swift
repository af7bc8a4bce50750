import Core
import CDRM
import Glibc
import Platform

/// What the config says about the DRM output.
public struct DRMOptions: Sendable {
    /// A card node such as "/dev/dri/card1", or nil for the first card with a connected display.
    public var cardPath: String?
    /// A connector name such as "HDMI-A-1" or "DSI-1", or nil for the first connected one.
    public var connectorName: String?
    /// The mode to set, or nil for the connector's preferred mode.
    public var mode: ModeRequest?
    public var format: ScanoutFormat
    /// 2 (double buffering) or 3 (the renderer never waits for a flip); 1 draws on screen and tears.
    public var bufferCount: Int
    public var rotation: DisplayRotation

    public init(
        cardPath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil,
        format: ScanoutFormat = .xrgb8888, bufferCount: Int = 3, rotation: DisplayRotation = .deg0
    ) {
        self.cardPath = cardPath; self.connectorName = connectorName; self.mode = mode
        self.format = format; self.bufferCount = bufferCount; self.rotation = rotation
    }
}

/// Collects page-flip completions while libdrm dispatches events.
private final class FlipEventSink {
    var completedSerials: [UInt64] = []
    /// The latest completion and the kernel's timestamp of it (the event's tv_sec/tv_usec).
    var latest: CompletedFlip?
}

/// The user data of one page flip: it travels through the kernel as a retained pointer and is
/// released by the event handler. The serial tells a current flip from a stale one (a flip
/// submitted before a pause whose event arrives after the resume).
private final class FlipToken {
    let sink: FlipEventSink
    let serial: UInt64
    init(sink: FlipEventSink, serial: UInt64) { self.sink = sink; self.serial = serial }
}

/// The DRM/KMS output: dumb buffers, a mode set for the first frame, then page flips with events.
public final class DRMDisplay: DisplayOutput {
    public let kind = DisplayKind.drm
    public let rotation: DisplayRotation
    public let physicalSizeMM: PixelSize?
    /// Whether the kiosk gave the panel up (VT switch) or lost DRM master; `resume()` takes it back.
    public var isPaused: Bool { phase == .paused }
    /// The card node, connector name and mode actually used.
    public let cardPath: String
    public let connectorName: String
    /// The mode in use: the one chosen at start, or the same size's mode the panel offered when it
    /// was plugged in again.
    public private(set) var mode: DisplayMode
    /// The config's mode, which a replugged panel's mode must still satisfy.
    private let requestedMode: ModeRequest?

    private let card: DRMCard
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var rawMode: drmModeModeInfo
    private let dumbBuffers: [DRMDumbBuffer]
    private var scanout: BufferedScanout
    private let savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    private let sink = FlipEventSink()
    /// Serial of the flip in flight, if any; serials grow with every flip submitted.
    private var pendingFlipSerial: UInt64?
    private var lastFlipSerial: UInt64 = 0
    /// Where the display stands.
    private enum Phase: Equatable {
        /// The next frame is shown by a full mode set rather than a flip: the first frame, after a
        /// resume, after the panel was plugged in again, or after a flip was refused.
        case needsModeSet
        /// The mode is set; frames go by page flips (`pendingFlipSerial` while one is in flight).
        case live
        /// Master given up or lost: frames are recorded, not shown, until `resume()`.
        case paused
        /// Closed for good.
        case closed
    }
    private var phase = Phase.needsModeSet
    /// False after a hotplug check found the connector disconnected.
    private var connectorPresent = true
    /// Cleared when the driver answers DirtyFB with ENOSYS/EINVAL: it does not need it (bochs).
    private var dirtyFBSupported = true
    /// Says when the configured format was replaced (empty otherwise), for the summary line.
    private let formatNote: String

    /// Opens the card from `options` (or the first that works), picks connector, CRTC and mode,
    /// and allocates the buffers. Nothing is shown until the first `present`.
    ///
    /// Throws `DisplayError.noConnectedDisplay` when cards exist but none has a display
    /// connected (the kiosk waits and retries), `.displayBusy` when another program holds DRM
    /// master, and other `DisplayError`s when no card can be used.
    public static func open(_ options: DRMOptions) throws -> DRMDisplay {
        let paths = options.cardPath.map { [$0] } ?? DRMCard.cardPaths()
        if paths.isEmpty { throw DisplayError.noDevice("no /dev/dri/card* (no KMS driver loaded?)") }
        var errors: [DisplayError] = []
        for path in paths {
            do { return try DRMDisplay(path: path, options: options) } catch let e as DisplayError { errors.append(e) }
        }
        if errors.count == 1 { throw errors[0] }
        if let transient = errors.first(where: \.isTransient) { throw transient }
        throw DisplayError.unsupported(device: "/dev/dri", reason: errors.map(\.description).joined(separator: "; "))
    }

    private init(path: String, options: DRMOptions) throws {
        precondition((1...3).contains(options.bufferCount), "DRMOptions.bufferCount must be 1, 2 or 3")
        let card = try DRMCard(path: path)
        guard card.supportsDumbBuffers else { throw DisplayError.unsupported(device: path, reason: "no dumb buffers") }
        let (connectors, crtcIDs) = try card.probe()
        var candidates = connectors
        if let wanted = options.connectorName {
            candidates = connectors.filter { $0.name == wanted }
            if candidates.isEmpty {
                throw DisplayError.badConfiguration(
                    "\(path): no connector \"\(wanted)\"; it has \(connectors.map(\.name).joined(separator: ", "))")
            }
        }
        guard let connector = candidates.first(where: \.connected) ?? candidates.first(where: \.possiblyConnected)
        else {
            throw DisplayError.noConnectedDisplay(device: "\(path) (\(candidates.map(\.name).joined(separator: ", ")))")
        }
        guard let mode = ModeChooser.choose(from: connector.modes, request: options.mode) else {
            throw DisplayError.badConfiguration(
                "\(path) \(connector.name): mode \(options.mode.map(\.description) ?? "") not offered; it offers \(connector.modes.map(\.description).joined(separator: ", "))"
            )
        }
        let busy = Set(
            connectors.filter { $0.id != connector.id && $0.connected }.flatMap { c in
                c.encoders.filter { $0.id == c.currentEncoder }.map(\.currentCRTC)
            })
        guard
            let route = DRMTopology.chooseCRTC(
                currentEncoder: connector.currentEncoder, encoders: connector.encoders,
                crtcIDs: crtcIDs, busyCRTCs: busy)
        else {
            throw DisplayError.unsupported(device: path, reason: "no CRTC can drive \(connector.name)")
        }
        // Opening the node makes us master when nobody else is; otherwise ask once.
        if !card.isMaster && drmSetMaster(card.fd) != 0 {
            throw DisplayError.displayBusy(device: path)
        }
        var format = options.format
        var buffers: [DRMDumbBuffer] = []
        do {
            for _ in 0..<options.bufferCount {
                do {
                    buffers.append(try card.createDumbBuffer(width: mode.width, height: mode.height, format: format))
                } catch DisplayError.systemCall(_, _, EINVAL) where format == .rgb565 && buffers.isEmpty {
                    // Some drivers only make 32 bpp dumb buffers (virtio-gpu): a wider format
                    // beats no picture; the summary says so.
                    format = .xrgb8888
                    buffers.append(try card.createDumbBuffer(width: mode.width, height: mode.height, format: format))
                }
            }
        } catch {
            for b in buffers { card.destroy(b) }
            throw error
        }
        formatNote = format == options.format ? "" : " (\(options.format) refused by the driver)"
        self.card = card
        cardPath = path
        connectorName = connector.name
        connectorID = connector.id
        crtcID = route.crtc
        self.mode = mode
        requestedMode = options.mode
        rawMode = connector.rawModes[mode.index]
        rotation = options.rotation
        physicalSizeMM = connector.physicalSizeMM.map { options.rotation.swapsAxes ? $0.transposed : $0 }
        dumbBuffers = buffers
        scanout = BufferedScanout(
            buffers: buffers.map {
                ScanoutBuffer(
                    base: $0.memory, width: mode.width, height: mode.height,
                    strideBytes: $0.pitch, format: format)
            },
            rotation: options.rotation)
        savedCRTC = drmModeGetCrtc(card.fd, route.crtc)
    }

    deinit { close() }

    public var canvasSize: PixelSize { scanout.canvasSize }
    public var flipsSubmitted: UInt64 { lastFlipSerial }
    public var lastCompletedFlip: CompletedFlip? { sink.latest }
    public var pollDescriptor: Int32? { phase == .closed ? nil : card.fd }
    public var summary: String {
        "DRM \(cardPath) \(connectorName) \(mode) \(scanout.buffers[0].format)\(formatNote) \(dumbBuffers.count) buffers rotation \(rotation)"
    }

    public func present(_ frame: SourceFrame, damage: [PixelRect]) throws -> PresentOutcome {
        if phase == .paused || phase == .closed { scanout.record(damage); return .paused }
        guard let written = scanout.render(frame, damage: damage) else { return .deferred }
        if phase == .needsModeSet {
            try setCRTC(buffer: written.index)
            if isPaused { return .paused }
            markDirty(buffer: written.index, rects: [PixelRect(size: scanout.buffers[0].size)])
            return .shown
        }
        if dumbBuffers.count == 1 {
            // Drawn straight into the buffer on screen: virtio-gpu only shows it after DirtyFB.
            markDirty(buffer: written.index, rects: written.scanoutRects)
            scanout.update { $0.shownImmediately(written.index) }
            return .shown
        }
        return try submitReadyFlip() ? .shown : (isPaused ? .paused : .queued)
    }

    public func handleEvents() throws -> Bool {
        guard phase != .closed else { return false }
        let serials = try dispatchEvents()
        var freed = false
        if let pending = pendingFlipSerial, serials.contains(pending) {
            pendingFlipSerial = nil
            scanout.update { $0.flipCompleted() }
            freed = true
        }
        // A frame that waited (behind this flip, or refused with EBUSY behind a stale one) goes now.
        if phase == .live && pendingFlipSerial == nil { _ = try submitReadyFlip() }
        return freed
    }

    public func pause() throws {
        guard phase != .paused, phase != .closed else { return }
        phase = .paused
        if drmDropMaster(card.fd) != 0 {
            // Already lost (another program took over): nothing to give up.
            let e = currentErrno
            if e != EACCES && e != EINVAL && e != EPERM {
                throw DisplayError.systemCall(device: cardPath, call: "drmDropMaster", errno: e)
            }
        }
    }

    /// Takes DRM master back. Throws `.displayBusy` while another program still holds it: retry
    /// later (the kiosk does so on a timer and on VT re-acquire).
    public func resume() throws {
        guard phase == .paused else { return }
        if !card.isMaster && drmSetMaster(card.fd) != 0 { throw DisplayError.displayBusy(device: cardPath) }
        phase = .needsModeSet
        pendingFlipSerial = nil  // an event still on its way is stale now
        scanout.update { $0.resetAfterPause() }
    }

    public func checkConnector() throws -> ConnectorChange {
        guard phase != .closed else { return .unchanged }
        var connector = try card.probe(detect: false).connectors.first { $0.id == connectorID }
        // The same size keeps the buffers and the layout; the timings, even the refresh a little, may
        // differ (a kernel may list the panel's modes anew after a replug).
        func sameLayout(_ c: DRMConnector?) -> DisplayMode? {
            c.flatMap { ModeChooser.sameLayout(as: mode, request: requestedMode, in: $0.modes) }
        }
        var present = connector.map { $0.connected || $0.possiblyConnected } ?? false
        if present && sameLayout(connector) == nil {
            // The current state is the kernel's last probe, which may be older than the plug: the
            // panel's modes can be missing from it. Probe once before taking it for another panel.
            connector = try card.probe(detect: true).connectors.first { $0.id == connectorID }
            present = connector.map { $0.connected || $0.possiblyConnected } ?? false
        }
        let same = sameLayout(connector)
        let change = ConnectorChange.after(
            wasPresent: connectorPresent, isPresent: present, offersModeInUse: same != nil,
            offered: (connector?.modes.map(\.description).joined(separator: ", ") ?? "") + "; in use: \(mode)")
        switch change {
        case .disconnected: connectorPresent = false
        case .reconnected:
            connectorPresent = true
            if let same, let connector {
                mode = same
                rawMode = connector.rawModes[same.index]
            }
            // A panel plugged in again may come up blank until its mode is set, so set it again
            // (a paused display sets it on resume anyway).
            if phase == .live { phase = .needsModeSet }
        case .unchanged, .modeGone: break
        }
        return change
    }

    public func close() {
        guard phase != .closed else { return }
        phase = .closed
        if pendingFlipSerial != nil { drainPendingFlip() }
        if let saved = savedCRTC {
            var connector = connectorID
            if saved.pointee.mode_valid != 0 && saved.pointee.buffer_id != 0 {
                _ = drmModeSetCrtc(
                    card.fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x,
                    saved.pointee.y, &connector, 1, &saved.pointee.mode)
            } else {
                _ = drmModeSetCrtc(card.fd, crtcID, 0, 0, 0, nil, 0, nil)  // it was off: switch it off again
            }
            drmModeFreeCrtc(saved)
        }
        for b in dumbBuffers { card.destroy(b) }
        _ = drmDropMaster(card.fd)  // let the console or the next program in at once
    }

    // MARK: - Kernel calls

    /// Shows `buffer` by a full mode set (first frame, after resume, or when a flip is refused).
    private func setCRTC(buffer: Int) throws {
        var connector = connectorID
        let r = drmModeSetCrtc(card.fd, crtcID, dumbBuffers[buffer].framebufferID, 0, 0, &connector, 1, &rawMode)
        if r != 0 {
            if lostMaster(-r) { return }
            throw DisplayError.systemCall(device: cardPath, call: "drmModeSetCrtc \(mode)", errno: -r)
        }
        phase = .live
        scanout.update { $0.shownImmediately(buffer) }
    }

    /// Hands the ready buffer to a page flip with an event. False when there was none to hand
    /// over, a flip is still in flight, or the display was lost.
    private func submitReadyFlip() throws -> Bool {
        guard let index = scanout.chain.bufferToShow else { return false }
        lastFlipSerial += 1
        let token = Unmanaged.passRetained(FlipToken(sink: sink, serial: lastFlipSerial))
        let r = drmModePageFlip(
            card.fd, crtcID, dumbBuffers[index].framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
            token.toOpaque())
        if r == 0 {
            pendingFlipSerial = lastFlipSerial
            scanout.update { $0.flipSubmitted(index) }
            return true
        }
        token.release()  // refused: no event will carry it back
        if lostMaster(-r) { return false }
        if -r == EINVAL || -r == ENOSPC {
            // The CRTC was switched off or reconfigured behind our back: set the mode again.
            try setCRTC(buffer: index)
            return !isPaused
        }
        if -r == EBUSY { return false }  // the kernel still has a flip queued: the event will come
        throw DisplayError.systemCall(device: cardPath, call: "drmModePageFlip", errno: -r)
    }

    /// Tells the driver what changed in a buffer that is on screen (virtio-gpu copies only then).
    private func markDirty(buffer: Int, rects: [PixelRect]) {
        guard dirtyFBSupported, !rects.isEmpty else { return }
        var clips = rects.map {
            drmModeClip(
                x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y),
                x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
        }
        let r = drmModeDirtyFB(card.fd, dumbBuffers[buffer].framebufferID, &clips, UInt32(clips.count))
        if r == -ENOSYS || r == -EINVAL || r == -EOPNOTSUPP { dirtyFBSupported = false }
    }

    /// Recognises "not master any more" errors and pauses; the kiosk then retries `resume()`.
    private func lostMaster(_ e: Int32) -> Bool {
        guard e == EACCES || e == EPERM else { return false }
        phase = .paused
        return true
    }

    /// Waits up to 100 ms for an outstanding flip so the buffers are not freed under the scan-out
    /// (and the flip's token is released).
    private func drainPendingFlip() {
        var pfd = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 100) > 0 else { return }
        do { _ = try dispatchEvents() } catch { Log.warning("display: \(error) while closing") }
    }

    /// Lets libdrm read and dispatch every queued event; returns the serials of completed flips.
    private func dispatchEvents() throws -> [UInt64] {
        var context = drmEventContext()
        context.version = 2  // version 2: page_flip_handler without the CRTC id
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let token = Unmanaged<FlipToken>.fromOpaque(userData).takeRetainedValue()
            token.sink.completedSerials.append(token.serial)
            token.sink.latest = CompletedFlip(
                serial: token.serial, time: Double(seconds) + Double(microseconds) / 1_000_000)
        }
        sink.completedSerials.removeAll()
        if drmHandleEvent(card.fd, &context) != 0 {
            let e = currentErrno
            if e != EAGAIN && e != EINTR {
                throw DisplayError.systemCall(device: cardPath, call: "drmHandleEvent", errno: e)
            }
        }
        return sink.completedSerials
    }
}
