import Core
import Glibc
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
import Platform

/// Watches a running kiosk's loop from a thread of its own while a test attacks it: a second client
/// asks `get ID` over and over, each on a connection of its own, and records how long each reply
/// took. The longest wait is the longest the loop was seen stalled.
///
/// The adversarial tests (issue 37) assert `longest < limit`: whatever one client, one
/// publisher or one config value does, another client is still answered promptly. The limit is
/// `quietLimit` scaled for this run (`TestTiming`: the sanitizer, the machine's load when the guard stops).
final class StallGuard: @unchecked Sendable {
    /// What an attacked kiosk must still answer within on a quiet machine without a sanitizer, in seconds.
    static let quietLimit = 0.1
    /// How long a single probe waits before it counts as unanswered.
    static var probeTimeout: Double { TestTiming.seconds(5) }

    struct Result: CustomStringConvertible {
        /// Replies received.
        var probes = 0
        /// Probes that got no reply within `probeTimeout`, or could not connect.
        var unanswered = 0
        /// The longest wait for a reply (seconds); a probe left unanswered counts as `probeTimeout`.
        var longest = 0.0
        /// The limit this run judged by: `quietLimit` scaled when the guard stopped.
        var limit = StallGuard.quietLimit
        /// True when every probe was answered within `limit` and at least one was made.
        var responsive: Bool { probes > 0 && unanswered == 0 && longest < limit }
        var description: String {
            "\(probes) probes, \(unanswered) unanswered, longest \(Int(longest * 1000)) ms (limit \(Int(limit * 1000)) ms)"
        }
    }

    private let socketPath: String
    private let request: String
    private let interval: Double
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    // Guarded by `mutex`:
    private var stopping = false
    private var result = Result()

    /// Starts probing the kiosk at `socketPath` with `get id` every `interval` seconds.
    init(socketPath: String, id: String, interval: Double = 0.02) {
        self.socketPath = socketPath
        request = "{\"cmd\":\"get\",\"id\":\"\(id)\"}\n"
        self.interval = interval
        pthread_mutex_init(mutex, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { context in
                let guardian = Unmanaged<StallGuard>.fromOpaque(context!).takeRetainedValue()
                guardian.run()
                return nil
            }, context)
    }

    deinit { mutex.deallocate() }

    /// Stops probing and says what was seen.
    func stop() -> Result {
        locked { stopping = true }
        pthread_join(thread, nil)
        let limit = TestTiming.seconds(StallGuard.quietLimit)
        return locked {
            result.limit = limit
            return result
        }
    }

    private func run() {
        while !locked({ stopping }) {
            let started = monotonicNow()
            let answered = probe()
            let waited = monotonicNow() - started
            locked {
                if answered { result.probes += 1 } else { result.unanswered += 1 }
                result.longest = max(result.longest, answered ? waited : StallGuard.probeTimeout)
            }
            usleep(useconds_t(interval * 1_000_000))
        }
    }

    /// One `get` on a fresh connection; true when a reply line arrived in time.
    private func probe() -> Bool {
        guard let client = TestClient(path: socketPath) else { return false }
        client.send(request)
        let deadline = monotonicNow() + StallGuard.probeTimeout
        while monotonicNow() < deadline {
            if client.nextLine() != nil { return true }
            var p = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 5)
        }
        return false
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

import Testing

@Suite("The stall guard itself", .serialized)
struct StallGuardTests {
    @Test("A kiosk left alone is responsive; one stopped for 300 ms is caught")
    func guardSeesAStoppedLoop() throws {
        let kiosk = try #require(KioskProcess(name: "stallguard"))
        let calm = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        usleep(200_000)
        let calmResult = calm.stop()
        #expect(calmResult.responsive, "\(calmResult)")

        // Stopped for three times this run's limit, so the guard must see it whatever the scale.
        let pause = 3 * TestTiming.seconds(StallGuard.quietLimit)
        let watched = StallGuard(socketPath: kiosk.socketPath, id: "dial")
        usleep(60_000)
        kill(kiosk.process.pid, SIGSTOP)
        usleep(useconds_t(pause * 1_000_000))
        kill(kiosk.process.pid, SIGCONT)
        usleep(60_000)
        let stopped = watched.stop()
        #expect(!stopped.responsive && stopped.longest >= 0.8 * pause, "\(stopped)")
    }
}
