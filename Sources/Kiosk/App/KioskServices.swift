import Persistence
import ConfigLoading
import Core
import Platform

/// The service side of the kiosk: the state file, the hooks, the variables and
/// systemd's notifications and watchdog — what the rest of the system sees of it and sets in it.
final class KioskServices {
    var state: StateStore
    let hooks: HookRunner
    let notify = SystemdNotify()
    /// The variables other programs set (`set-var`) for labels, readouts and gauges to show.
    let variables: Variables
    private var lastWatchdog = 0.0

    init(config: KioskConfig, loop: EventLoop) {
        // Written on a thread of its own: an fsync behind other writes can stall (docs/soak.md).
        state = StateStore(
            path: config.state.path, debounceSeconds: Double(config.state.debounceMS) / 1000, background: true)
        hooks = HookRunner(loop: loop)
        variables = Variables(config: config, time: monotonicNow())
    }

    /// Pets the watchdog at half its interval. (The state file is saved and the hooks
    /// are started by the loop after the frame: `KioskRuntime.turn`.)
    func tick(now: MonotonicTime) {
        if let interval = notify.watchdogInterval, now - lastWatchdog >= interval / 2 {
            notify.watchdog(); lastWatchdog = now
        }
    }

    /// The earliest moment one of the services needs the loop again.
    var nextDeadline: MonotonicTime? {
        [
            state.flushDeadline, hooks.nextDeadline, notify.watchdogInterval.map { lastWatchdog + $0 / 2 },
        ].compactMap { $0 }.min()
    }
}
