import Glibc

/// The wait before a client tries a lost peer again (Home Assistant, the MQTT broker): one rule for every
/// link, so panels that lost the same server do not come back in step and none waits longer than its cap.
public enum ReconnectBackoff {
    /// The wait after `failures` failures in a row (1: the first): `initial` doubled per failure, at most
    /// `maximum`, then spread by `jitter` (a fraction in 0..<1) over its upper half, so no wait exceeds
    /// `maximum` and none is shorter than half of it.
    public static func wait(failures: Int, initial: Double, maximum: Double, jitter: Double) -> Double {
        let doublings = Double(min(max(0, failures - 1), 40))
        let capped = min(maximum, initial * pow(2, doublings))
        let spread = jitter >= 0 ? min(jitter, 1) : 0  // NaN: none
        return capped * (0.5 + 0.5 * spread)
    }

    /// A jitter fraction in 0..<1 from the system's generator. A local one, not a stored one: the system
    /// generator has no state, and an empty stored property's accesses share one address, so clients on
    /// two threads would be reported as racing on it (ThreadSanitizer did).
    public static func jitter() -> Double {
        var random = SystemRandomNumberGenerator()
        return Double(random.next() >> 11) / Double(1 << 53)
    }
}
