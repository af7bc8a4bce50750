import CLinux
import Core
import Glibc
import Platform

/// The part of input → read that is not the kiosk's: how long this machine takes to wake a thread
/// sleeping in `epoll_wait` when another thread writes to a pipe it watches, measured the way
/// `bench-latency` feeds touches (a stamp taken just before the write, read back just after the
/// wake-up) with nothing else done in between. On a virtual machine most of it is the idle vCPU coming
/// out of its halt; on a board it is the core leaving its idle state.
enum WakeupFloor {
    /// Wake-up times in milliseconds, `count` of them, one every `interval` seconds (long enough that
    /// the reader is asleep each time, as the kiosk is between the frames of a drag).
    static func measure(count: Int = 200, interval: Double = 0.005) -> [Double] {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return [] }
        defer { close(fds[0]); close(fds[1]) }
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return [] }
        defer { close(epoll) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fds[0]
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, fds[0], &event) == 0 else { return [] }

        let writer = Writer(fd: fds[1], count: count, interval: interval)
        writer.start()
        var samples: [Double] = []
        var stamp = 0.0
        var ready = epoll_event()
        while samples.count < count {
            let n = epoll_wait(epoll, &ready, 1, 1000)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { break }  // the writer stopped (or a second passed without a write)
            guard read(fds[0], &stamp, MemoryLayout<Double>.size) == MemoryLayout<Double>.size else { break }
            samples.append((monotonicNow() - stamp) * 1000)
        }
        return samples
    }

    /// The writing thread: `count` stamps, `interval` apart.
    private final class Writer: @unchecked Sendable {
        let fd: Int32, count: Int, interval: Double
        init(fd: Int32, count: Int, interval: Double) { self.fd = fd; self.count = count; self.interval = interval }

        func start() {
            startDetachedThread {
                for _ in 0..<self.count {
                    var ts = timespec(tv_sec: 0, tv_nsec: Int(self.interval * 1e9)), rest = timespec()
                    while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
                    var now = monotonicNow()
                    guard write(self.fd, &now, MemoryLayout<Double>.size) == MemoryLayout<Double>.size else { break }
                }
            }
        }
    }
}
