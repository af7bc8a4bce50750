import Core
import Foundation
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("Event loop: a handler that holds the loop over one tick is counted")
struct EventLoopTests {
    @Test("A 40 ms handler counts as slow, a quick one does not")
    func slowHandler() throws {
        let loop = EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var slow = false
        loop.add(fd: fds[0]) { _ in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            if slow { usleep(40_000) }
        }
        var one: UInt8 = 1
        _ = write(fds[1], &one, 1)
        loop.runOnce(timeout: 1)
        #expect(loop.slowRuns == 0, "a read of one byte is far under a tick")
        slow = true
        _ = write(fds[1], &one, 1)
        loop.runOnce(timeout: 1)
        #expect(loop.slowRuns == 1)
    }
}

@Suite("Event loop: waiting with a poll window (a touch panel's next report awaited awake)")
struct EventLoopPollWindowTests {
    /// A pipe whose read end the loop watches; the handler counts the bytes it reads.
    final class Pipe: @unchecked Sendable {
        var fds: [Int32] = [0, 0]
        var received = 0
        init(_ loop: EventLoop) {
            precondition(pipe(&fds) == 0)
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            loop.add(fd: fds[0]) { [unowned self] _ in
                var byte: UInt8 = 0
                while read(fds[0], &byte, 1) == 1 { received += 1 }
            }
        }
        func send() { var one: UInt8 = 1; _ = write(fds[1], &one, 1) }
        deinit { close(fds[0]); close(fds[1]) }
    }

    @Test("With nothing ready, the loop returns once the window has passed, not at the timeout")
    func windowPassesEmpty() {
        let loop = EventLoop()
        let pipe = Pipe(loop)
        let start = monotonicNow()
        let ok = loop.runOnce(EventLoop.Wait(timeout: 30, poll: (start + 0.002)...(start + 0.004)))
        let took = monotonicNow() - start
        #expect(ok)
        #expect(took >= 0.004, "it polled until the window's end")
        #expect(took < 10, "it did not sleep to the 30 s timeout")
        #expect(pipe.received == 0)
        #expect(loop.wakeups == 1)
    }

    @Test("A descriptor ready before the window opens is handled at once")
    func readyBeforeWindow() {
        let loop = EventLoop()
        let pipe = Pipe(loop)
        pipe.send()
        let start = monotonicNow()
        loop.runOnce(EventLoop.Wait(timeout: 30, poll: (start + 20)...(start + 21)))
        #expect(pipe.received == 1)
        #expect(monotonicNow() - start < 10, "it did not wait for the window")
    }

    /// The writer sends inside the window; the loop, polling, handles it and returns.
    @Test("A descriptor that becomes ready inside the window is handled")
    func readyInsideWindow() {
        let loop = EventLoop()
        let pipe = Pipe(loop)
        let start = monotonicNow()
        let writer = Thread {
            usleep(30_000); pipe.send()
        }
        writer.start()
        loop.runOnce(EventLoop.Wait(timeout: 30, poll: (start + 0.010)...(start + 25)))
        #expect(pipe.received == 1)
        #expect(monotonicNow() - start >= 0.03, "it returned for the write, not before it")
    }

    @Test("A timeout before the window ends the wait at the timeout")
    func timeoutBeforeWindow() {
        let loop = EventLoop()
        let pipe = Pipe(loop)
        let start = monotonicNow()
        loop.runOnce(EventLoop.Wait(timeout: 0.005, poll: (start + 20)...(start + 21)))
        let took = monotonicNow() - start
        #expect(took >= 0.004 && took < 10)
        #expect(pipe.received == 0)
    }

    /// The kiosk's rehearsal: run `lead` before the window, so it is done when the report is due.
    @Test("A preparation runs once, its lead before the window, and is skipped when an event is ready")
    func preparation() {
        let loop = EventLoop()
        let pipe = Pipe(loop)
        let start = monotonicNow()
        var ranAt: [MonotonicTime] = []
        let prepare = EventLoop.Preparation(lead: 0.020) { ranAt.append(monotonicNow()) }
        loop.runOnce(EventLoop.Wait(timeout: 30, poll: (start + 0.040)...(start + 0.045), prepare: prepare))
        #expect(ranAt.count == 1)
        if let at = ranAt.first {
            #expect(at - start >= 0.020, "it slept until the lead before the window")
            #expect(at - start < 0.040 + 5, "it ran before the window's end, not at the timeout")
        }
        #expect(monotonicNow() - start >= 0.045, "after it, the loop polled through the window")

        ranAt = []
        pipe.send()
        loop.runOnce(EventLoop.Wait(timeout: 30, poll: (start + 20)...(start + 21), prepare: prepare))
        #expect(pipe.received == 1)
        #expect(ranAt.isEmpty, "an event already there goes first")
    }
}
