import Core
import Glibc
import Platform
import Testing
@testable import Formats
@testable import Kiosk

/// Issue 43: a choice, dropdown or spinner taking its options from its entity, on a page not shown.
/// The Home Assistant adapter sets the options (`setProperty`) and then the state (`set`, from the
/// device); here the socket does both the same way, the kiosk running without HA (no token file), so
/// the runtime's part is tested alone: the options reach an element off screen before its value, a
/// `set` from another page is checked against them, and the value is shown whenever the page is,
/// after a reload too (once the options are set again, as the adapter does).
@Suite("Options set from outside reach elements on pages not shown", .serialized)
struct OffscreenOptionsProcessTests {
    static let page = """
        [homeassistant]
        url = "http://127.0.0.1:9"
        token_file = "/nonexistent/thumbwheel-token"
        [[screens]]
        id = "climate"
          [[screens.controls]]
          kind = "dropdown"
          id = "dd"
          frame = [20, 20, 160, 150]
          entity = "climate.ecobee"
          [[screens.controls]]
          kind = "choice"
          id = "c"
          frame = [20, 200, 360, 60]
          entity = "climate.ecobee"
          [[screens.controls]]
          kind = "spinner"
          id = "s"
          frame = [200, 20, 120, 120]
          mode = "picker"
          entity = "climate.ecobee"
        """

    static let ids = ["dd", "c", "s"]

    func options(_ kiosk: KioskProcess) {
        for id in Self.ids {
            let reply = kiosk.request(
                #"{"cmd":"prop","id":"\#(id)","key":"options","value":["off","heat","cool","heat_cool"]}"#)
            #expect(reply?.contains("\"ok\":true") == true, "\(id): \(String(describing: reply))")
        }
    }

    func value(_ kiosk: KioskProcess, _ id: String) -> Double? {
        kiosk.request(#"{"cmd":"get","id":"\#(id)"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    @Test("Options then a value for elements on page 2 from page 1: taken, and shown on every showing and reload")
    func offscreen() throws {
        let kiosk = try #require(KioskProcess(name: "offscreen-options", extraScreens: Self.page))
        options(kiosk)
        for id in Self.ids {
            let reply = kiosk.request(#"{"cmd":"set","id":"\#(id)","value":3}"#)
            #expect(reply == #"{"id":"\#(id)","ok":true,"value":3}"#, "\(id) set from page 1")
            #expect(value(kiosk, id) == 3)
        }
        for round in 1...2 {
            #expect(kiosk.request(#"{"cmd":"screen","id":"climate"}"#)?.contains("\"ok\":true") == true)
            for id in Self.ids { #expect(value(kiosk, id) == 3, "\(id) shown, showing \(round)") }
            #expect(kiosk.request(#"{"cmd":"screen","id":"main"}"#)?.contains("\"ok\":true") == true)
        }
        // A reload drops keys set from outside; the adapter sets them again, then the page shows.
        #expect(kiosk.request(#"{"cmd":"reload"}"#)?.contains("\"ok\":true") == true)
        options(kiosk)
        #expect(kiosk.request(#"{"cmd":"screen","id":"climate"}"#)?.contains("\"ok\":true") == true)
        for id in Self.ids { #expect(value(kiosk, id) == 3, "\(id) after the reload") }
    }
}
