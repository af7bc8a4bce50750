import Glibc

/// How much longer than on a quiet machine, uninstrumented, a test may have to wait for a process or
/// a loop to answer in this run. Every timing limit of the tests (a stall guard's limit, a reply's
/// deadline) is its quiet figure times `scale`, so the same limits hold under the sanitizers and on a
/// machine busy with other work, and a real fault (a loop held for seconds) still fails them.
///
/// The scale is measured in the same run, not configured: the sanitizer the test binary was built
/// with (its runtime's symbols are in the process), times how far the machine is over its cores now.
public enum TestTiming {
    /// The slow-down of the sanitizer this process runs under: ThreadSanitizer 5, AddressSanitizer 3,
    /// none 1. The kiosk processes the tests start are built in the same folder, so they carry it too.
    public static let instrumentation: Double = {
        // RTLD_DEFAULT: every object loaded into the process.
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        if dlsym(everywhere, "__tsan_init") != nil { return 5 }
        if dlsym(everywhere, "__asan_init") != nil { return 3 }
        return 1
    }()

    /// The one-minute load average over the online cores, between 1 and `maximumLoadFactor`: read when
    /// asked, so a limit judged at the end of an attack sees the load the attack ran under.
    public static var load: Double {
        var averages = [Double](repeating: 0, count: 1)
        guard getloadavg(&averages, 1) == 1 else { return 1 }
        let cores = Double(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        return min(maximumLoadFactor, max(1, averages[0] / cores))
    }

    /// A busy machine stretches waits by at most this much in the limits (a loop held for seconds by
    /// a fault stays far above any limit scaled by it).
    public static let maximumLoadFactor = 4.0

    /// `instrumentation × load`.
    public static var scale: Double { instrumentation * load }

    /// `seconds` on a quiet machine without a sanitizer, as a limit for this run.
    public static func seconds(_ seconds: Double) -> Double { seconds * scale }

    /// The environment a child process whose memory a test measures runs with: under AddressSanitizer
    /// the child keeps freed memory in quarantine to catch uses after free, which grows RSS by design;
    /// with the quarantine off, RSS measures what a production build keeps. Without ASan it is ignored.
    public static var measuredMemoryEnvironment: [String] {
        let own = getenv("ASAN_OPTIONS").map { String(cString: $0) }
        return [
            "ASAN_OPTIONS=" + (own.map { $0 + ":" } ?? "") + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
        ]
    }
}
