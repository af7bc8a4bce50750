import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import Widgets

/// `confirm` and `confirm_pin` on an element (issue 43): a finger's change is held back until Yes or
/// the right PIN; No and a wrong PIN leave the element, the state file and the watchers as they were.
@Suite("Confirmation before an element's change", .serialized)
struct ElementConfirmProcessTests {
    static let toggles = """
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [210, 10, 180, 50]
          label = "Lamp"
          confirm = "Switch the lamp?"
          [[screens.controls]]
          kind = "toggle"
          id = "safe"
          frame = [210, 240, 180, 50]
          label = "Safe"
          confirm_pin = "2468"
        """
    static let screen = Size(400, 300)

    func value(_ kiosk: KioskProcess, _ id: String) -> Double? {
        kiosk.request(#"{"cmd":"get","id":"\#(id)"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    func tap(_ kiosk: KioskProcess, _ p: Point) {
        _ = kiosk.request(#"{"cmd":"tap","x":\#(p.x),"y":\#(p.y)}"#)
        usleep(300_000)
    }

    func type(_ kiosk: KioskProcess, _ digits: String) {
        let pad = PinDialog(question: "", screenSize: Self.screen, scale: 1, time: 0).pad
        for label in digits.map(String.init) + ["\u{2713}"] {
            guard let key = pad.keys.first(where: { $0.key.label == label }) else { continue }
            tap(kiosk, key.frame.center)
        }
    }

    @Test("confirm: a tap asks with the toggle unchanged; No keeps it off and unsaved; Yes switches it")
    func confirmOnElement() throws {
        let kiosk = try #require(KioskProcess(name: "element-confirm", extraScreens: Self.toggles))
        let idle = try #require(try kiosk.screenshotBitmap())
        let targets = ConfirmDialog(question: "", screenSize: Self.screen, scale: 1, time: 0).targets
        tap(kiosk, Point(300, 35))
        #expect(value(kiosk, "lamp") == 0, "asked: the toggle shows its value before the tap")
        #expect(try kiosk.screenshotBitmap()?.pixels != idle.pixels, "the question is drawn")
        tap(kiosk, targets.no.center)
        #expect(value(kiosk, "lamp") == 0, "No: nothing changed")
        #expect(try kiosk.screenshotBitmap()?.pixels == idle.pixels, "the screen as before")
        let saved = FileIO.read(kiosk.statePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!saved.contains("\"lamp\""), "nothing saved for No: \(saved)")
        tap(kiosk, Point(300, 35))
        tap(kiosk, targets.yes.center)
        #expect(value(kiosk, "lamp") == 1, "Yes: switched")
    }

    @Test("confirm_pin: a wrong PIN keeps asking and changes nothing; the right one switches; no PIN in the log")
    func pinOnElement() throws {
        let kiosk = try #require(KioskProcess(name: "element-pin", extraScreens: Self.toggles))
        tap(kiosk, Point(300, 265))
        #expect(value(kiosk, "safe") == 0)
        type(kiosk, "1111")
        #expect(value(kiosk, "safe") == 0, "a wrong PIN: nothing changed")
        type(kiosk, "2468")
        #expect(value(kiosk, "safe") == 1, "the right PIN: switched")
        let log = FileIO.read(kiosk.logPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(log.contains("a wrong PIN typed (1 of 3)"), "log: \(log)")
        #expect(!log.contains("2468") && !log.contains("1111"), "log: \(log)")
    }
}
