import Core
import Testing
@testable import Widgets

/// The confirm dialog's outcome with time passed in: it times out unanswered, and only Yes is Yes.
@Suite("The confirm dialog's outcome")
struct ConfirmDialogTests {
    func dialog(at time: MonotonicTime) -> ConfirmDialog {
        ConfirmDialog(question: "Start irrigation?", screenSize: Size(800, 480), scale: 1, time: time)
    }

    func tap(_ d: ConfirmDialog, _ p: Point, at time: MonotonicTime) {
        _ = d.touchBegan(at: p, time: time)
        d.touchEnded(at: p, time: time + 0.05)
    }

    @Test("Left alone, it waits until its timeout, then times out (no answer, so nothing runs)")
    func timeout() {
        let d = dialog(at: 100)
        #expect(d.outcome(at: 100) == nil)
        #expect(d.outcome(at: 100 + ConfirmDialog.timeout - 0.001) == nil)
        #expect(d.outcome(at: 100 + ConfirmDialog.timeout) == .timedOut)
        #expect(d.answer == nil)
        #expect(d.deadline == 100 + ConfirmDialog.timeout)
    }

    @Test("No is No before and after the deadline; Yes is Yes; a tap beside both answers nothing")
    func answers() {
        let no = dialog(at: 0)
        tap(no, no.targets.no.center, at: 1)
        #expect(no.outcome(at: 2) == .no)
        #expect(no.outcome(at: 60) == .no)
        let yes = dialog(at: 0)
        tap(yes, Point(5, 5), at: 1)
        #expect(yes.outcome(at: 2) == nil)
        tap(yes, yes.targets.yes.center, at: 3)
        #expect(yes.outcome(at: 3.1) == .yes)
        // A press that slides from Yes onto No before the lift answers nothing.
        let slid = dialog(at: 0)
        _ = slid.touchBegan(at: slid.targets.yes.center, time: 1)
        slid.touchMoved(to: slid.targets.no.center, time: 1.1)
        slid.touchEnded(at: slid.targets.no.center, time: 1.2)
        #expect(slid.outcome(at: 2) == nil)
        #expect(slid.outcome(at: 11) == .timedOut)
    }
}
