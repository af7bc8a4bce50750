import ConfigLoading
import CLinux
import Glibc

/// A timerfd that wakes the loop 60 times a second while something moves (physics, animation) and
/// is disarmed otherwise, so an idle kiosk gets no wake-ups from it.
final class TickTimer {
    let fd: Int32
    private var armed = false
    static let interval = 1.0 / 60

    init() {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
    }
    deinit { close(fd) }

    /// Arms the periodic tick when `running`, disarms it otherwise (only on a change).
    func set(running: Bool) {
        guard running != armed else { return }
        armed = running
        let ns = running ? Int(TickTimer.interval * 1e9) : 0
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: 0, tv_nsec: ns)
        spec.it_interval = timespec(tv_sec: 0, tv_nsec: ns)
        timerfd_settime(fd, 0, &spec, nil)
    }

    /// Reads the expiry count so the fd stops being readable.
    func acknowledge() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }
}
