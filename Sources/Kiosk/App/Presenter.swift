import ConfigLoading
import AssetFiles
import Core
import Display
import Glibc
import Platform
import Raster
import Widgets

/// The output side of the kiosk: the display, the frame the screen is drawn into, and what has to
/// reach the panel. It redraws only when asked (`invalidate`), copies only damage, keeps a frame the
/// display could not take yet, and takes the panel back after a VT switch, a lost DRM master or an
/// unplugged connector.
final class Presenter {
    /// Where the panel stands.
    enum State: Equatable {
        /// Frames go to the panel.
        case live
        /// Away (VT switched, master lost, present failed): nothing is shown; `retryAt` is when the
        /// panel is tried again (nil while a VT switch of ours holds it, which signals its return).
        case away(retryAt: MonotonicTime?)
    }

    /// What the next turn has to draw.
    enum Redraw: Equatable { case nothing, damage, everything }

    let display: any DisplayOutput
    /// The frame the screen is drawn into (XRGB8888, the canvas size); the display copies from it.
    let bitmap: Bitmap
    private(set) var state = State.live
    private(set) var redraw = Redraw.everything
    /// Damage not yet shown because the display had no free buffer.
    private var pendingDamage: [PixelRect] = []
    /// Frames drawn since start (for `stats`).
    private(set) var framesRendered = 0
    /// How long inputs and sets take to reach the panel, over the last frames (for `stats`).
    private(set) var latency = LatencyRecorder()
    private let terminal: VirtualTerminal?
    /// DRM hotplug events (DRM outputs only).
    let hotplug: HotplugMonitor?

    init(display: any DisplayOutput, terminal: VirtualTerminal?, hotplug: HotplugMonitor? = nil) {
        self.display = display
        self.terminal = terminal
        self.hotplug = hotplug
        bitmap = Bitmap(width: display.canvasSize.width, height: display.canvasSize.height, format: .xrgb8888)
    }

    /// The last frame's rectangles, and how long drawing them took (the last rehearsal's time once
    /// there was one): what a rehearsal repeats and how early it has to start.
    private var lastDrawn: [PixelRect] = []
    private var lastDrawTime: Double = 0
    /// The longest drawing worth rehearsing: a drag frame is well under it; a new page, much longer,
    /// is not rehearsed (it is not repeated while a finger moves either).
    static let rehearsalLimit = 0.001

    /// Drawing the last frame again into the frame, unchanged, with the time it takes: the loop runs it
    /// before the touch panel's next report is due (`[input] report_wait = "anticipate"`), so the frame
    /// that report brings finds the widgets' code, their data and the damaged rows in the caches.
    /// Nil when there is nothing to rehearse (no frame yet, a redraw pending, the panel away).
    func rehearsal(of screen: KioskScreen) -> EventLoop.Preparation? {
        guard state == .live, redraw == .nothing, !lastDrawn.isEmpty, lastDrawTime <= Presenter.rehearsalLimit else {
            return nil
        }
        return EventLoop.Preparation(lead: lastDrawTime) { [unowned self] in
            let started = monotonicNow()
            screen.rehearse(lastDrawn, canvas: bitmap.canvas)
            if showsSaveWarning, let badge = saveWarningBadge,
                lastDrawn.contains(where: { !$0.intersection(badge.rect).isEmpty })
            {
                badge.draw(on: bitmap.canvas)
            }
            if let banner = linkBanner, lastDrawn.contains(where: { !$0.intersection(banner.rect).isEmpty }) {
                banner.draw(on: bitmap.canvas)
            }
            lastDrawTime = monotonicNow() - started
        }
    }

    /// Whether the badge saying values are not being saved is shown (`SaveWarningBadge`).
    var showsSaveWarning = false {
        didSet { if showsSaveWarning != oldValue { invalidate(.everything) } }
    }
    /// The face the badge's words are drawn with (the theme's).
    var warningFontPath = DefaultFonts.regular
    private var saveWarningBadge: SaveWarningBadge?

    /// The link banner's line of each link that is not live, by link name (`LinkStatusBanner`).
    var linkLines: [String: String] = [:] {
        didSet {
            guard linkLines != oldValue else { return }
            linkBanner = nil
            invalidate(.everything)
        }
    }
    /// The theme the link banner takes its colours from (a reload may change it).
    var linkTheme = Theme.dark {
        didSet {
            guard linkTheme != oldValue else { return }
            linkBanner = nil
            if !linkLines.isEmpty { invalidate(.everything) }
        }
    }
    private var linkBanner: LinkStatusBanner?

    /// Asks for a redraw of what changed, or of everything (a new screen, the panel back).
    func invalidate(_ what: Redraw = .damage) {
        if what == .everything || redraw == .nothing { redraw = what }
    }

    /// When the panel is to be tried again, if it is away.
    var retryDeadline: MonotonicTime? { if case .away(let at) = state { return at }; return nil }

    /// A touch frame (its kernel timestamp), a socket `set` or an MQTT `set` (the moment it was
    /// handled) that the next frame shows: the start of that frame's latency.
    func noteChange(_ origin: LatencyOrigin, at time: MonotonicTime) {
        latency.note(origin, at: time, handled: monotonicNow())
    }

    /// Draws `screen` if a redraw was asked for or something moves, and presents the damage.
    func renderIfNeeded(_ screen: KioskScreen, moving: Bool, now: MonotonicTime) {
        // Nothing to draw: the touches and sets noted since the last frame changed nothing on screen (a set
        // of a control on another page), so no frame will show them; they must not be timed against a
        // later, unrelated frame (the soak's set → submit p99 was once inflated by exactly that).
        guard redraw != .nothing || moving else { latency.discardPending(); return }
        let started = monotonicNow()
        let damage = overlayLinkStatus(
            overlaySaveWarning(
                screen.render(into: bitmap.canvas, full: redraw == .everything, time: now), screen: screen),
            screen: screen)
        redraw = .nothing
        guard !damage.isEmpty else { latency.discardPending(); return }
        let drawn = monotonicNow()
        latency.drawn(at: drawn)
        lastDrawn = damage
        lastDrawTime = drawn - started
        framesRendered += 1
        present(damage: damage)
    }

    /// Forgets the changes noted for the next frame: a turn that shows nothing new (a sliding page
    /// that did not move) must not count their wait into the frame that comes later.
    func discardPendingLatency() { latency.discardPending() }

    /// Presents a frame made by `compose` into the whole canvas instead of by the screen (a sliding
    /// page's: copies of pages drawn before). The screen's frame is drawn whole again afterwards.
    func presentComposed(_ compose: (Bitmap) -> Void) {
        guard state == .live else { return }
        compose(bitmap)
        latency.drawn(at: monotonicNow())
        // Nothing of the screen's last frame is left to rehearse, and the next frame of it is whole.
        lastDrawn = []
        redraw = .everything
        framesRendered += 1
        present(damage: [bitmap.canvas.bounds])
    }

    /// Draws the save warning badge again where the frame was repainted over it; the damage grows by
    /// the badge.
    private func overlaySaveWarning(_ damage: [PixelRect], screen: KioskScreen) -> [PixelRect] {
        guard showsSaveWarning, !damage.isEmpty else { return damage }
        let badge = saveWarningBadge ?? SaveWarningBadge(canvas: display.canvasSize, fontPath: warningFontPath)
        saveWarningBadge = badge
        guard damage.contains(where: { !$0.intersection(badge.rect).isEmpty }) else { return damage }
        // The screen under the whole badge first: drawn again over part of an old badge, its
        // anti-aliased edges would darken.
        screen.rehearse([badge.rect], canvas: bitmap.canvas)
        badge.draw(on: bitmap.canvas)
        return DamageRegion.merged(damage + [badge.rect], within: bitmap.canvas.bounds)
    }

    /// Draws the link banner again where the frame was repainted over it, as the save badge is.
    private func overlayLinkStatus(_ damage: [PixelRect], screen: KioskScreen) -> [PixelRect] {
        guard !linkLines.isEmpty, !damage.isEmpty else { return damage }
        let badge = saveWarningBadge ?? SaveWarningBadge(canvas: display.canvasSize, fontPath: warningFontPath)
        saveWarningBadge = badge
        let banner =
            linkBanner
            ?? LinkStatusBanner(
                lines: linkLines.sorted { $0.key < $1.key }.map(\.value), canvas: display.canvasSize,
                fontPath: warningFontPath, theme: linkTheme, badge: badge.rect, top: screen.topBarPixels)
        linkBanner = banner
        guard damage.contains(where: { !$0.intersection(banner.rect).isEmpty }) else { return damage }
        screen.rehearse([banner.rect], canvas: bitmap.canvas)
        banner.draw(on: bitmap.canvas)
        return DamageRegion.merged(damage + [banner.rect], within: bitmap.canvas.bounds)
    }

    /// Copies the damaged rectangles to the display; a frame the display could not take yet is
    /// presented again when a page flip frees a buffer.
    private func present(damage: [PixelRect]) {
        pendingDamage += damage
        let frame = SourceFrame(bitmap)
        let flipsBefore = display.flipsSubmitted
        do {
            let outcome = try display.present(frame, damage: pendingDamage)
            recordSubmit(outcome, flipsBefore: flipsBefore)
            if outcome == .paused && terminal == nil && state == .live {
                // Not a VT switch of ours: another program took the panel; try to take it back.
                Log.warning("display: the panel was taken by another program; retrying every second")
                state = .away(retryAt: monotonicNow() + 1)
            }
            if outcome != .deferred && outcome != .paused { pendingDamage.removeAll() }
        } catch {
            latency.discardPending()
            Log.error("display: present failed: \(error); pausing until the panel is back")
            try? display.pause()
            state = .away(retryAt: monotonicNow() + 1)
        }
    }

    /// The latency ring's side of a present: which page flip will show the frame, if any.
    private func recordSubmit(_ outcome: PresentOutcome, flipsBefore: UInt64) {
        switch outcome {
        case .deferred: return  // still waiting for a buffer: recorded when it is taken
        case .paused: latency.discardPending()
        case .shown:
            // A flip submitted now shows it; a mode set or a copy showed it already.
            let flips = display.flipsSubmitted
            latency.submitted(at: monotonicNow(), flipSerial: flips > flipsBefore ? flips : nil)
        case .queued:
            // In a buffer that the flip after the pending one shows.
            latency.submitted(at: monotonicNow(), flipSerial: display.flipsSubmitted + 1)
        }
    }

    /// Page-flip events: a freed buffer lets a deferred frame through.
    func handleDisplayEvents() {
        do {
            let freed = try display.handleEvents()
            if let flip = display.lastCompletedFlip { latency.flipCompleted(serial: flip.serial, at: flip.time) }
            if freed, !pendingDamage.isEmpty { present(damage: []) }
        } catch {
            Log.error("display: \(error)")
        }
    }

    /// What a DRM hotplug event means for the kiosk.
    enum HotplugOutcome { case runOn, exitForNewPanel }

    /// A panel pulled out is logged (the kiosk runs on: touch, values, socket); one plugged in again
    /// gets its mode set and a full repaint; one that no longer offers the mode in use asks the kiosk
    /// to save and exit with status 1, so that systemd restarts it to lay out for the new size.
    func connectorChanged() -> HotplugOutcome {
        let name = display.summary
        do {
            switch try display.checkConnector() {
            case .unchanged: break
            case .disconnected:
                Log.warning(
                    "display: panel disconnected (\(name)); running on, the picture returns when it is plugged in again"
                )
            case .reconnected:
                Log.notice(
                    "display: panel connected again (\(display.summary)); mode set again and the screen repainted")
                invalidate(.everything)
            case .modeGone(let offered):
                Log.error(
                    "display: the panel now offers \(offered), not the mode in use; exiting so the service restarts for it"
                )
                return .exitForNewPanel
            }
        } catch {
            Log.error("display: checking the panel after a hotplug event failed: \(error)")
        }
        return .runOn
    }

    /// Tries to take the panel back when its retry is due (DRM master lost, another program on it).
    func retryIfDue(now: MonotonicTime) {
        guard case .away(let at?) = state, now >= at else { return }
        do {
            try display.resume()
            state = .live
            invalidate(.everything)
            Log.notice("display: resumed")
        } catch {
            state = .away(retryAt: now + 1)
        }
    }

    /// A VT switch away: stop drawing, then let the switch happen.
    func releaseTerminal() {
        try? display.pause()
        state = .away(retryAt: nil)
        terminal?.acknowledgeRelease()
        Log.info("display: VT switched away; paused")
    }

    /// Back on our VT: take the panel again and repaint everything.
    func acquireTerminal() {
        terminal?.acknowledgeAcquire()
        do {
            try display.resume()
            state = .live
        } catch {
            Log.warning("display: resume after VT switch failed: \(error); retrying")
            state = .away(retryAt: monotonicNow() + 1)
        }
        invalidate(.everything)
    }

    /// Gives the panel and the VT back.
    func close() {
        display.close()
        terminal?.restore()
    }
}
