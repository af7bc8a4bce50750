import Core

extension KioskApp {
    /// Starts reading touch devices. Until the evdev hub is wired, touches come only from the socket.
    func startInput() {
        Log.notice("input: no evdev input in this build; use the control socket's tap and drag")
    }

    /// Routes one frame of real or injected touches, letting the idle controller swallow a wake tap.
    func route(_ frame: TouchFrame) {
        let now = frame.time
        if frame.touches.contains(where: { $0.phase == .began }), idle.touched(now: now) { return }
        screen.router.route(frame)
        needsRender = true
    }
}
