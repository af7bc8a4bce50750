import CLinux
import Core
import Glibc
import Input
import Kiosk
import Platform

/// Where `bench-latency` writes the recorded touches: a uinput device (the kernel stamps each event,
/// and the kiosk reads it from /dev/input through libevdev like a panel), or, where /dev/uinput is
/// missing, a pipe the kiosk reads through `ReplayPipeSource`.
enum FeedTarget {
    case uinput(UinputDevice)
    case pipe(writeFD: Int32)

    /// A pipe, and the kiosk input that reads it: a node `event0` in `directory/input` that the input
    /// hub finds and opens as a `ReplayPipeSource` of a device with `capabilities`. Nil when no pipe.
    static func pipe(in directory: String, capabilities: DeviceCapabilities) -> (FeedTarget, BenchInput)? {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let nodes = directory + "/input"
        mkdir(nodes, 0o755)
        close(open(nodes + "/event0", O_CREAT | O_WRONLY, 0o644))
        let readFD = fds[0]
        let input = BenchInput(directory: nodes) { path in
            ReplayPipeSource(path: path, readFD: readFD, capabilities: capabilities)
        }
        return (.pipe(writeFD: fds[1]), input)
    }

    /// Sends one frame of events (up to and including its SYN_REPORT) now; false when the target is gone.
    ///
    /// On the pipe the frame goes the way the kernel's evdev hands one to a reader: every event of it
    /// stamped with one time, taken when the frame is complete (the input core stamps a frame once and
    /// flushes it at SYN_REPORT), and written at once, since a reader is woken only at SYN_REPORT. Writing
    /// event by event would wake the kiosk on half a frame and stamp the frame at its first event.
    func send(_ frame: ArraySlice<InputEvent>) -> Bool {
        switch self {
        case .uinput(let device):
            return frame.allSatisfy { device.write($0) }
        case .pipe(let fd):
            var records = frame.map { ReplayPipeRecord(time: 0, type: $0.type, code: $0.code, value: $0.value) }
            let bytes = records.count * MemoryLayout<ReplayPipeRecord>.stride
            // Stamped after the records are built, just before the write: the kernel stamps a frame when
            // it is complete. (Stamped before, the first frame carried the feeder's own first-time work
            // into the kiosk's first-press latency.)
            let now = monotonicNow()
            for i in records.indices { records[i].time = now }
            return records.withUnsafeMutableBytes { write(fd, $0.baseAddress, bytes) } == bytes
        }
    }
}

/// One event on the replay pipe. A frame of them is written at once; up to PIPE_BUF bytes (256 of them)
/// a write is atomic, so the reader never sees part of one.
struct ReplayPipeRecord {
    var time: MonotonicTime
    var type: UInt16
    var code: UInt16
    var value: Int32
}

/// The kiosk's end of the replay pipe, opened by the input hub in place of a device node: every
/// record becomes an `InputEvent` with its write time, the way the kernel stamps evdev events.
final class ReplayPipeSource: InputSource {
    let path: String
    private(set) var fd: Int32
    let capabilities: DeviceCapabilities
    /// Room for 64 records per read (a larger frame takes more than one read of the same wake-up).
    private var buffer = [ReplayPipeRecord](repeating: ReplayPipeRecord(time: 0, type: 0, code: 0, value: 0), count: 64)

    init(path: String, readFD: Int32, capabilities: DeviceCapabilities) {
        self.path = path; fd = readFD; self.capabilities = capabilities
    }

    func readAvailable() -> DeviceReadResult {
        var result = DeviceReadResult()
        result.items.reserveCapacity(16)  // as EvdevDevice does
        let size = MemoryLayout<ReplayPipeRecord>.stride
        while true {
            // Whole frames at once, as libevdev reads a device: a few records per read call.
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                for i in 0..<(n / size) {
                    let r = buffer[i]
                    result.items.append(.event(InputEvent(type: r.type, code: r.code, value: r.value, time: r.time)))
                }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                if n == 0 { result.lostErrno = ENODEV }  // the writer closed its end
                return result
            }
        }
    }

    func snapshot() -> TouchSnapshot { TouchSnapshot(contacts: [:], currentSlot: 0, touchDown: nil) }
    func grab() throws(DeviceOpenError) {}
    func rumble(milliseconds: Int) -> Bool { false }
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}

/// Plays a recording into a `FeedTarget` on its own thread, at the recorded pace, `repeats` times,
/// then asks the kiosk to stop (SIGTERM to the process, which the kiosk's signalfd reads).
final class LatencyFeeder: @unchecked Sendable {
    private let events: [InputEvent]
    private let target: FeedTarget
    private let repeats: Int
    /// Time for the kiosk to find a new device (inotify, open) before the first event.
    private let settle: Double

    /// Time after each play before the next (or before the kiosk is stopped).
    private let pause: Double

    init(events: [InputEvent], target: FeedTarget, repeats: Int, settle: Double, pause: Double = 0.2) {
        self.events = events; self.target = target; self.repeats = repeats; self.settle = settle
        self.pause = pause
    }

    /// Starts the thread (signals stay blocked in it: it inherits the kiosk's mask).
    func start() { startDetachedThread { self.play() } }

    private func play() {
        sleep(seconds: settle)
        guard let first = events.first?.time else { kill(getpid(), SIGTERM); return }
        for _ in 0..<repeats {
            let start = monotonicNow()
            var frameStart = events.startIndex
            for (i, event) in events.enumerated() where event.type == UInt16(EV_SYN) && event.code == UInt16(SYN_REPORT)
            {
                let due = start + (event.time - first)
                let wait = due - monotonicNow()
                if wait > 0 { sleep(seconds: wait) }
                if !target.send(events[frameStart...i]) { break }
                frameStart = i + 1
            }
            sleep(seconds: pause)  // the lift's frame, then a pause between repeats
        }
        kill(getpid(), SIGTERM)
    }

    private func sleep(seconds: Double) {
        // An absolute deadline, so an interrupted sleep resumes without drifting.
        let until = monotonicNow() + seconds
        var ts = timespec(tv_sec: Int(until), tv_nsec: Int((until - Double(Int(until))) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
