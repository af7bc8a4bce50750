import Controls
import Core
import Testing

@testable import Kiosk

/// The values kept for an element a finger holds (`HeldSets`): shown after the lift, with the origin
/// of the set that sent them, so a device's own state is not sent back to it as a command and a kiosk's
/// preset still is.
@Suite("Held sets: kept while held, shown after the lift with their own origin")
struct HeldSetsTests {
    @Test("A kept value waits for the lift and the confirm timeout, then comes back with the origin it was set with")
    func keptThenShown() {
        var sets = HeldSets()
        sets.keep("dial", .single(40), cause: .command(.device))
        sets.keep("lamp", .single(1), cause: .kiosk)
        #expect(sets.follow(held: ["dial", "lamp"], now: 10).isEmpty, "nothing is shown while a finger holds it")
        #expect(sets.follow(held: [], now: 11).isEmpty, "the lift starts the wait")
        #expect(sets.nextDeadline == 11 + CommandPacer.confirmTimeout)
        let shown = sets.follow(held: [], now: 11 + CommandPacer.confirmTimeout)
        #expect(shown.map(\.id) == ["dial", "lamp"])
        #expect(shown.map(\.cause) == [.command(.device), .kiosk])
        #expect(shown.map(\.value) == [.single(40), .single(1)])
        #expect(sets.isEmpty)
    }

    @Test("The latest set wins, origin included; a set applied in the meantime drops what was kept")
    func latestWins() {
        var sets = HeldSets()
        sets.keep("dial", .single(40), cause: .command(.device))
        sets.keep("dial", .single(55), cause: .command(.socket))
        sets.keep("lamp", .single(1), cause: .command(.device))
        sets.settled("lamp")
        #expect(!sets.isKept("lamp"))
        _ = sets.follow(held: [], now: 0)
        let shown = sets.follow(held: [], now: CommandPacer.confirmTimeout)
        #expect(shown.count == 1)
        #expect(shown.first?.value == .single(55))
        #expect(shown.first?.cause == .command(.socket))
    }
}
