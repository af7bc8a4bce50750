import Core
import Display
import Glibc
import Raster

extension KioskApp {
    /// Opens the display the config asks for: DRM, then fbdev, then headless (or the forced one),
    /// and logs which and why. A DRM card with nothing connected yet is waited for, with a log line
    /// every retry, instead of exiting. Returns false when a signal asked to stop while waiting.
    func openDisplay() -> Bool {
        let selector = DisplaySelector()
        var attempt = 0
        while true {
            do {
                let selection = try selector.select(config.displayOptions(forceHeadless: options.forceHeadless))
                display = selection.output
                Log.notice(selection.logLine)
                break
            } catch let error as DisplayError where error.isTransient {
                attempt += 1
                Log.warning("display: \(error); retrying in 2 s (attempt \(attempt))")
                if waitForSignal(seconds: 2) { return false }
            } catch {
                Log.error("display: \(error); falling back to the headless display")
                display = HeadlessDisplay(canvas: config.display.headlessSize)
                break
            }
        }
        if display.kind != .headless, let path = config.display.terminal, !path.isEmpty {
            do { terminal = try VirtualTerminal(path: path) } catch {
                Log.warning("display: cannot take \(path) into graphics mode (\(error)); VT switches will not pause the kiosk")
            }
        }
        if display.kind == .drm {
            do {
                let monitor = try HotplugMonitor()
                hotplug = monitor
                loop.add(fd: monitor.fd) { [weak self] _ in self?.handleHotplug() }
            } catch {
                Log.warning("display: cannot listen for hotplug events (\(error)); a panel unplugged and plugged in again may stay blank")
            }
        }
        bitmap = Bitmap(width: display.canvasSize.width, height: display.canvasSize.height, format: .xrgb8888)
        if let fd = display.pollDescriptor {
            loop.add(fd: fd) { [weak self] _ in self?.handleDisplayEvents() }
        }
        return true
    }

    /// Copies the damaged rectangles to the display; a frame the display could not take yet is
    /// presented again when a page flip frees a buffer.
    func present(damage: [PixelRect]) {
        pendingDamage += damage
        let frame = SourceFrame(bitmap)
        do {
            let outcome = try display.present(frame, damage: pendingDamage)
            if outcome == .paused && terminal == nil && displayRetryAt == nil {
                // Not a VT switch of ours: another program took the panel; try to take it back.
                Log.warning("display: the panel was taken by another program; retrying every second")
                displayRetryAt = monotonicNow() + 1
            }
            if outcome != .deferred && outcome != .paused { pendingDamage.removeAll() }
            if !firstFrameShown, outcome == .shown || outcome == .queued { firstFrameShown = true }
        } catch {
            Log.error("display: present failed: \(error); pausing until the panel is back")
            try? display.pause()
            displayRetryAt = monotonicNow() + 1
        }
    }

    /// Page-flip events: a freed buffer lets a deferred frame through.
    func handleDisplayEvents() {
        do {
            if try display.handleEvents(), !pendingDamage.isEmpty { present(damage: []) }
        } catch {
            Log.error("display: \(error)")
        }
    }

    /// A DRM hotplug event: a panel pulled out is logged (the kiosk runs on: touch, values, socket);
    /// one plugged in again gets its mode set and a full repaint; one that no longer offers the mode
    /// in use (another panel) makes the kiosk save and exit with status 1, so that systemd restarts
    /// it to lay out for the new size.
    func handleHotplug() {
        guard let hotplug, hotplug.drainHotplugs() else { return }
        let name = display.summary
        do {
            switch try display.checkConnector() {
            case .unchanged: break
            case .disconnected:
                Log.warning("display: panel disconnected (\(name)); running on, the picture returns when it is plugged in again")
            case .reconnected:
                Log.notice("display: panel connected again; mode set again and the screen repainted")
                needsFullRedraw = true
                needsRender = true
            case .modeGone(let offered):
                Log.error("display: the panel now offers \(offered), not the mode in use; exiting so the service restarts for it")
                exitCode = 1
                loop.stop()
            }
        } catch {
            Log.error("display: checking the panel after a hotplug event failed: \(error)")
        }
    }

    /// Tries to take the panel back after a failure (DRM master lost, VT switched away).
    func retryDisplayIfDue(now: Double) {
        guard let at = displayRetryAt, now >= at else { return }
        do {
            try display.resume()
            displayRetryAt = nil
            needsFullRedraw = true
            needsRender = true
            Log.notice("display: resumed")
        } catch {
            displayRetryAt = now + 1
        }
    }

    /// A VT switch away: stop drawing, then let the switch happen.
    func releaseTerminal() {
        try? display.pause()
        terminal?.acknowledgeRelease()
        Log.info("display: VT switched away; paused")
    }

    /// Back on our VT: take the panel again and repaint everything.
    func acquireTerminal() {
        terminal?.acknowledgeAcquire()
        do { try display.resume() } catch {
            Log.warning("display: resume after VT switch failed: \(error); retrying")
            displayRetryAt = monotonicNow() + 1
        }
        needsFullRedraw = true
        needsRender = true
    }

    /// Sleeps up to `seconds` unless SIGTERM/SIGINT arrives; true when one did.
    func waitForSignal(seconds: Double) -> Bool {
        var p = pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, Int32(seconds * 1000))
        let got = signals.drain()
        return got.contains(SIGTERM) || got.contains(SIGINT)
    }
}
