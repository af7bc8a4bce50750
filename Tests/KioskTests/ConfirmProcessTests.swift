import Core
import Glibc
import Platform
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter
import Widgets

/// `confirm` on an action: a modal question; the action runs only on Yes.
@Suite("Confirmation before an action", .serialized)
struct ConfirmProcessTests {
    static let button = """
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [220, 210, 160, 70]
          text = "Start"
          actions = [{ set = "dial", value = 80, confirm = "Start irrigation?" }]
        """

    func dial(_ kiosk: KioskProcess) -> Double? {
        kiosk.request(#"{"cmd":"get","id":"dial"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    func tap(_ kiosk: KioskProcess, _ x: Int, _ y: Int) {
        _ = kiosk.request(#"{"cmd":"tap","x":\#(x),"y":\#(y)}"#)
        usleep(300_000)
    }

    @Test("A tap asks; No (or a tap beside the targets) does nothing; Yes runs the action")
    func confirm() throws {
        let kiosk = try #require(KioskProcess(name: "confirm", extraScreens: Self.button))
        let idle = try #require(try kiosk.screenshotBitmap())
        tap(kiosk, 300, 245)
        #expect(dial(kiosk) == 25, "asked, not done")
        let asked = try #require(try kiosk.screenshotBitmap())
        #expect(asked.pixels != idle.pixels, "the dialog is drawn")
        // Modal: a tap on the dial's ring (under the dialog, beside its targets) does nothing.
        tap(kiosk, 100, 20)
        #expect(dial(kiosk) == 25)
        tap(kiosk, 108, 209)
        #expect(dial(kiosk) == 25, "No: nothing done")
        let after = try #require(try kiosk.screenshotBitmap())
        #expect(after.pixels == idle.pixels, "the dialog is gone, the screen as before")
        tap(kiosk, 300, 245)
        tap(kiosk, 292, 209)
        #expect(dial(kiosk) == 80, "Yes: the action ran")
    }

    @Test("Left alone, the dialog closes after its timeout and the action does not run")
    func timeout() throws {
        let kiosk = try #require(KioskProcess(name: "confirm-timeout", extraScreens: Self.button))
        let idle = try #require(try kiosk.screenshotBitmap())
        tap(kiosk, 300, 245)
        let asked = try #require(try kiosk.screenshotBitmap())
        #expect(asked.pixels != idle.pixels, "the dialog is drawn")
        // Still asked shortly before the timeout…
        usleep(UInt32((ConfirmDialog.timeout - 2) * 1_000_000))
        let waiting = try #require(try kiosk.screenshotBitmap())
        #expect(waiting.pixels == asked.pixels, "still shown before the timeout")
        // …and gone after it, with nothing done.
        usleep(2_700_000)
        let after = try #require(try kiosk.screenshotBitmap())
        #expect(after.pixels == idle.pixels, "the dialog closed by itself")
        #expect(dial(kiosk) == 25, "a question timed out: the action did not run")
        // The screen takes touches again: the same button asks again.
        tap(kiosk, 300, 245)
        let again = try #require(try kiosk.screenshotBitmap())
        #expect(again.pixels == asked.pixels, "asked again after the timeout")
    }
}
