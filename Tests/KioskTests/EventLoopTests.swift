import Glibc
import Testing
@testable import Kiosk

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
