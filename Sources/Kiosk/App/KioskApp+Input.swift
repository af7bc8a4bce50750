import Core
import Input

extension KioskApp {
    /// Starts reading touch devices through the evdev hub: every device fd and the hotplug watch go
    /// into the loop; frames go to the router; devices that go away have their touches cancelled.
    func startInput() {
        let hub = InputHub(configuration: config.inputConfiguration(canvas: display.canvasSize))
        inputHub = hub
        apply(hub.start())
    }

    /// Applies what the hub reported: new and closed fds, frames, log lines.
    func apply(_ update: InputUpdate) {
        for line in update.messages { Log.info("input: \(line)") }
        for fd in update.removedFDs { loop.remove(fd: fd) }
        for fd in update.addedFDs {
            loop.add(fd: fd) { [weak self] _ in
                guard let self, let hub = self.inputHub else { return }
                self.apply(hub.handleReadable(fd: fd))
            }
        }
        for frame in update.frames { route(frame) }
    }

    /// Routes one frame of real or injected touches, letting the idle controller swallow a wake tap.
    func route(_ frame: TouchFrame) {
        let now = frame.time
        if frame.touches.contains(where: { $0.phase == .began }), idle.touched(now: now) { return }
        screen.router.route(frame)
        needsRender = true
    }
}
