import Core
import Glibc

/// The system's CLOCK_MONOTONIC: the clock of evdev timestamps (after EVIOCSCLOCKID) and of the
/// kiosk's loop. Only the edges (Input, Kiosk, the command line) read it; the pure core gets time
/// passed in, which is why this lives here and not beside `Clock` in Core.
public final class MonotonicClock: Clock {
    public init() {}
    public var now: MonotonicTime { monotonicNow() }
}

/// Seconds on CLOCK_MONOTONIC.
public func monotonicNow() -> MonotonicTime {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
