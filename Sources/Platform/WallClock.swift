import Glibc

/// The wall time in the machine's time zone (`/etc/localtime`, or `TZ`), for clocks on the panel.
/// Everything else in the kiosk runs on the monotonic clock; only what is shown as a time of day
/// reads this.
public enum WallClock {
    /// Seconds since 1970-01-01 00:00 UTC: what the state file stores a chart's samples at, so they
    /// keep their moment across a restart (the monotonic clock starts again at boot).
    public static func utcSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds since 1970-01-01 00:00 in local time: UTC plus the zone's offset now (summer time included).
    public static func localSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = time_t(ts.tv_sec)
        var broken = tm()
        localtime_r(&seconds, &broken)
        return Double(ts.tv_sec) + Double(broken.tm_gmtoff) + Double(ts.tv_nsec) / 1e9
    }
}
