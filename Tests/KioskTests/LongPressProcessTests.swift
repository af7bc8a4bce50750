import Core
import Glibc
import Platform
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter

/// Long presses on a running kiosk: held, the `on_long_press` actions run and the lift does not tap;
/// a ring fills while held; moving off cancels it.
@Suite("Long press", .serialized)
struct LongPressProcessTests {
    static let button = """
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [220, 200, 160, 70]
          text = "Go"
          actions = [{ set = "dial", value = 10 }]
          on_long_press = [{ set = "dial", value = 80 }]
          long_press_ms = 600
        """

    func dial(_ kiosk: KioskProcess) -> Double? {
        kiosk.request(#"{"cmd":"get","id":"dial"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    func waitDial(_ kiosk: KioskProcess, _ expected: Double) -> Double? {
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while dial(kiosk) != expected && monotonicNow() < deadline { usleep(30_000) }
        return dial(kiosk)
    }

    @Test(
        "Held: the long press's action, not the tap's; a tap: the tap's; held and moved off: neither; the ring fills while held"
    )
    func longPress() throws {
        let kiosk = try #require(KioskProcess(name: "long-press", extraScreens: Self.button))
        let idle = try #require(try kiosk.screenshotBitmap())
        // A finger held still for 1.2 s (a drag that goes nowhere).
        _ = kiosk.request(#"{"cmd":"drag","from":[300,235],"to":[300,235],"duration_ms":1200,"steps":1}"#)
        usleep(250_000)
        let held = try #require(try kiosk.screenshotBitmap())
        #expect(waitDial(kiosk, 80) == 80, "the long press's preset")
        usleep(1_200_000)
        #expect(dial(kiosk) == 80, "the lift after a long press does not tap")
        // The ring: pixels near the button's right end differ between idle and held.
        func patch(_ s: KioskProcess.Screenshot) -> [UInt32] {
            (215..<255).flatMap { y in (340..<380).map { s.pixels[y * s.width + $0] } }
        }
        #expect(patch(held) != patch(idle), "a ring is drawn while held")
        #expect(kiosk.request(#"{"cmd":"tap","x":300,"y":235}"#)?.contains("\"ok\":true") == true)
        #expect(waitDial(kiosk, 10) == 10, "a tap does the tap's action")
        // Held but moved 60 px (within the button): no long press; the lift inside still taps.
        #expect(kiosk.request(#"{"cmd":"set","id":"dial","value":50}"#)?.contains("\"ok\":true") == true)
        _ = kiosk.request(#"{"cmd":"drag","from":[260,235],"to":[320,235],"duration_ms":1200,"steps":12}"#)
        usleep(1_600_000)
        #expect(dial(kiosk) == 10, "moving cancels the long press; the lift inside taps")
    }

    static let card = """
          [[screens.controls]]
          kind = "card"
          id = "room"
          frame = [210, 20, 190, 270]
          title = "Room"
          on_long_press = [{ set = "dial", value = 80 }]
          long_press_ms = 600
          [[screens.controls]]
          kind = "button"
          id = "go"
          frame = [230, 200, 150, 70]
          text = "Go"
          actions = [{ set = "dial", value = 10 }]
        """

    @Test(
        "A card's long press on its background does its actions; held on a button on it, the button taps and the card does nothing; moved, nothing"
    )
    func card() throws {
        let kiosk = try #require(KioskProcess(name: "long-press-card", extraScreens: Self.card))
        let idle = try #require(try kiosk.screenshotBitmap())
        // Held on the card's background (between its title and the button).
        _ = kiosk.request(#"{"cmd":"drag","from":[300,120],"to":[300,120],"duration_ms":1200,"steps":1}"#)
        usleep(250_000)
        let held = try #require(try kiosk.screenshotBitmap())
        #expect(waitDial(kiosk, 80) == 80, "the card's long press")
        // The ring in the card's top right corner.
        func corner(_ s: KioskProcess.Screenshot) -> [UInt32] {
            (28..<60).flatMap { y in (360..<396).map { s.pixels[y * s.width + $0] } }
        }
        #expect(corner(held) != corner(idle), "a ring is drawn while held")
        usleep(1_200_000)
        #expect(corner(try #require(try kiosk.screenshotBitmap())) == corner(idle), "the ring is gone after the lift")
        // Held on the button on the card: the button's tap on the lift, not the card's long press.
        #expect(kiosk.request(#"{"cmd":"set","id":"dial","value":50}"#)?.contains("\"ok\":true") == true)
        _ = kiosk.request(#"{"cmd":"drag","from":[300,235],"to":[300,235],"duration_ms":1200,"steps":1}"#)
        usleep(1_600_000)
        #expect(dial(kiosk) == 10, "the button tapped; the card did not long-press")
        // Held on the background but moved 40 px: no long press.
        _ = kiosk.request(#"{"cmd":"drag","from":[260,120],"to":[300,120],"duration_ms":1200,"steps":12}"#)
        usleep(1_600_000)
        #expect(dial(kiosk) == 10, "moving cancels the card's long press")
    }
}
