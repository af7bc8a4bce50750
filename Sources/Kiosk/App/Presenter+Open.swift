import ConfigLoading
import Core
import Display
import Glibc
import Platform
import Raster

extension Presenter {
    /// Opens the display the config asks for: DRM, then fbdev, then headless (or the forced one),
    /// and logs which and why. A DRM card with nothing connected yet is waited for, with a log line
    /// every retry, instead of exiting. Returns nil when a signal asked to stop while waiting.
    static func open(_ config: KioskConfig, forceHeadless: Bool, signals: SignalSource) -> Presenter? {
        let selector = DisplaySelector()
        var attempt = 0
        var display: any DisplayOutput
        while true {
            do {
                let selection = try selector.select(config.displayOptions(forceHeadless: forceHeadless))
                display = selection.output
                selection.log()
                break
            } catch let error as DisplayError where error.isTransient {
                attempt += 1
                Log.warning("display: \(error); retrying in 2 s (attempt \(attempt))")
                if waitForStop(signals, seconds: 2) { return nil }
            } catch {
                Log.error("display: \(error); falling back to the headless display")
                display = HeadlessDisplay(canvas: config.display.headlessSize)
                break
            }
        }
        var terminal: VirtualTerminal?
        if display.kind != .headless, let path = config.display.terminal, !path.isEmpty {
            do { terminal = try VirtualTerminal(path: path) } catch {
                Log.warning(
                    "display: cannot take \(path) into graphics mode (\(error)); VT switches will not pause the kiosk")
            }
        }
        var hotplug: HotplugMonitor?
        if display.kind == .drm {
            do { hotplug = try HotplugMonitor() } catch {
                Log.warning(
                    "display: cannot listen for hotplug events (\(error)); a panel unplugged and plugged in again may stay blank"
                )
            }
        }
        return Presenter(display: display, terminal: terminal, hotplug: hotplug)
    }

    /// Puts the display's page-flip events and the hotplug monitor into `loop`; `onNewPanel` runs
    /// when a panel that no longer offers the mode in use was plugged in.
    func watch(in loop: EventLoop, onNewPanel: @escaping () -> Void) {
        if let fd = display.pollDescriptor {
            loop.add(fd: fd) { [weak self] _ in self?.handleDisplayEvents() }
        }
        if let hotplug {
            loop.add(fd: hotplug.fd) { [weak self] _ in
                guard let self, hotplug.drainHotplugs() else { return }
                if self.connectorChanged() == .exitForNewPanel { onNewPanel() }
            }
        }
    }

    /// Sleeps up to `seconds` unless SIGTERM/SIGINT arrives; true when one did.
    static func waitForStop(_ signals: SignalSource, seconds: Double) -> Bool {
        var p = pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, Int32(seconds * 1000))
        let got = signals.drain()
        return got.contains(SIGTERM) || got.contains(SIGINT)
    }
}
