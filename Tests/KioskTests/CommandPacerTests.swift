import Controls
import Testing
@testable import Kiosk

/// The honest-state rules adapters share: paced commands while a finger drags, confirmation after.
@Suite("Command pacing and confirmation")
struct CommandPacerTests {
    @Test("While a finger drags: one command per interval, the newest value waiting; the rest on the next due")
    func pacing() {
        var p = CommandPacer()
        p.fingerDown("d")
        let first = p.change("d", .single(1), urgent: false, now: 0)
        #expect(first)
        p.sent("d", now: 0, confirms: true)
        let second = p.change("d", .single(2), urgent: false, now: 0.05)
        let third = p.change("d", .single(3), urgent: false, now: 0.1)
        #expect(!second && !third)
        #expect(p.nextDeadline == CommandPacer.interval)
        let early = p.due(now: 0.15)
        #expect(early.send.isEmpty)
        let due = p.due(now: 0.2)
        #expect(due.send.map(\.value) == [.single(3)] && due.putBack.isEmpty, "only the newest value goes")
        // An urgent change (the release) goes at once.
        let release = p.change("d", .single(4), urgent: true, now: 0.21)
        #expect(release)
    }

    @Test("After the lift the device must confirm; a confirmation or a held finger keeps the element")
    func confirmation() {
        var p = CommandPacer()
        p.fingerDown("d")
        p.sent("d", now: 0, confirms: true)
        let whileHeld = p.due(now: 10)
        #expect(whileHeld.putBack.isEmpty, "nothing to confirm while held")
        p.fingerUp("d", now: 1, confirms: true)
        let early = p.due(now: 1 + CommandPacer.confirmTimeout - 0.01)
        #expect(early.putBack.isEmpty)
        let late = p.due(now: 1 + CommandPacer.confirmTimeout)
        #expect(late.putBack == ["d"])
        p.sent("t", now: 5, confirms: true)
        p.confirmed("t")
        let confirmed = p.due(now: 100)
        #expect(confirmed.putBack.isEmpty)
        p.sent("x", now: 5, confirms: false)
        let press = p.due(now: 100)
        #expect(press.putBack.isEmpty, "a press is not confirmed")
    }
}
