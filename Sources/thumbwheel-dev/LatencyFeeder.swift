import Core
import Glibc
import Input

/// Where `bench-latency` writes the recorded touches: a uinput device (the kernel stamps each event,
/// and the kiosk reads it from /dev/input through libevdev like a panel), or, where /dev/uinput is
/// missing, a pipe the kiosk reads through `ReplayPipeSource` (stamped when written).
enum FeedTarget {
    case uinput(UinputDevice)
    case pipe(writeFD: Int32)

    /// Sends one event now; false when the target is gone.
    func send(_ event: InputEvent) -> Bool {
        switch self {
        case .uinput(let device):
            return device.write(event)
        case .pipe(let fd):
            var record = ReplayPipeRecord(time: monotonicNow(), type: event.type, code: event.code, value: event.value)
            return write(fd, &record, MemoryLayout<ReplayPipeRecord>.size) == MemoryLayout<ReplayPipeRecord>.size
        }
    }
}

/// One event on the replay pipe: small enough that every write is atomic (PIPE_BUF).
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

    init(path: String, readFD: Int32, capabilities: DeviceCapabilities) {
        self.path = path; fd = readFD; self.capabilities = capabilities
    }

    func readAvailable() -> DeviceReadResult {
        var result = DeviceReadResult()
        var record = ReplayPipeRecord(time: 0, type: 0, code: 0, value: 0)
        while true {
            let n = read(fd, &record, MemoryLayout<ReplayPipeRecord>.size)
            if n == MemoryLayout<ReplayPipeRecord>.size {
                result.items.append(.event(InputEvent(type: record.type, code: record.code, value: record.value, time: record.time)))
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

    init(events: [InputEvent], target: FeedTarget, repeats: Int, settle: Double) {
        self.events = events; self.target = target; self.repeats = repeats; self.settle = settle
    }

    /// Starts the thread (signals stay blocked in it: it inherits the kiosk's mask).
    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let feeder = Unmanaged<LatencyFeeder>.fromOpaque(context!).takeRetainedValue()
            feeder.play()
            return nil
        }, context)
        pthread_detach(thread)
    }

    private func play() {
        sleep(seconds: settle)
        guard let first = events.first?.time else { kill(getpid(), SIGTERM); return }
        for _ in 0..<repeats {
            let start = monotonicNow()
            for event in events {
                let due = start + (event.time - first)
                let wait = due - monotonicNow()
                if wait > 0 { sleep(seconds: wait) }
                if !target.send(event) { break }
            }
            sleep(seconds: 0.2)  // the lift's frame, then a pause between repeats
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
