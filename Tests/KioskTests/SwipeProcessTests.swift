import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter

/// Page swipes: a horizontal swipe that starts on no control turns the page; one that starts on a
/// control moves the control and never the page.
@Suite("Swiping between pages", .serialized)
struct SwipeProcessTests {
    static let second = """
        [[screens]]
        id = "second"
          [[screens.controls]]
          kind = "toggle"
          id = "pump"
          frame = [20, 20, 160, 60]
        """

    func screen(_ kiosk: KioskProcess) -> String? {
        kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["screen"]?.stringValue
    }

    func dial(_ kiosk: KioskProcess) -> Double? {
        kiosk.request(#"{"cmd":"get","id":"dial"}"#).flatMap { JSON.parse(Array($0.utf8)) }?["value"]?.numberValue
    }

    /// Drags and waits for the touches to play out.
    func drag(_ kiosk: KioskProcess, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        _ = kiosk.request(#"{"cmd":"drag","from":[\#(x1),\#(y1)],"to":[\#(x2),\#(y2)],"duration_ms":250,"steps":10}"#)
        usleep(600_000)
    }

    @Test("A swipe on empty space turns the page both ways; one starting on the dial moves the dial, not the page")
    func swipes() throws {
        let kiosk = try #require(KioskProcess(name: "swipe", extraScreens: Self.second))
        #expect(screen(kiosk) == "main")
        drag(kiosk, 380, 260, 150, 255)
        #expect(screen(kiosk) == "second", "a leftward swipe shows the next screen")
        drag(kiosk, 150, 260, 380, 265)
        #expect(screen(kiosk) == "main", "a rightward swipe shows the previous one")
        // Too short, or too steep: no page turn.
        drag(kiosk, 380, 260, 340, 260)
        drag(kiosk, 380, 290, 250, 150)
        #expect(screen(kiosk) == "main")
        // Starting on the dial's ring (its handle is at the top): the dial turns, the page stays.
        let before = try #require(dial(kiosk))
        let list = kiosk.request(#"{"cmd":"list"}"#).flatMap { JSON.parse(Array($0.utf8)) }
        let points = list?["controls"]?.arrayValue?.first?["points"]?["handle"]?.arrayValue ?? []
        let handle = points.compactMap(\.numberValue)
        try #require(handle.count == 2)
        drag(kiosk, Int(handle[0]), Int(handle[1]), Int(handle[0]) + 150, Int(handle[1]) + 40)
        #expect(screen(kiosk) == "main")
        #expect(dial(kiosk) != before, "the drag moved the dial")
    }

    /// The bytes of one frame of `KioskProcess`'s 400x300 panel.
    static let frameBytes = 400 * 300 * 4

    /// The kiosk's anonymous resident memory (`RssAnon`), once it has answered a request.
    func anonymousBytes(_ kiosk: KioskProcess) throws -> Int {
        _ = screen(kiosk)
        return try #require(ReloadMemoryTests.statusBytes(kiosk.process.pid, "RssAnon"))
    }

    @Test("A panel not swiping holds no swipe bitmaps, and swipes leave none behind")
    func swipeMemory() throws {
        let on = try #require(
            KioskProcess(
                name: "swipe-memory", extraScreens: Self.second, environment: TestTiming.measuredMemoryEnvironment))
        let off = try #require(
            KioskProcess(
                name: "swipe-memory-off", extraScreens: Self.second + "\n[navigation]\nswipe = false\n",
                environment: TestTiming.measuredMemoryEnvironment))
        let idle = try anonymousBytes(on), without = try anonymousBytes(off)
        #expect(
            idle < without + Self.frameBytes,
            "swiping on: \(idle / 1024) KiB anonymous, off: \(without / 1024) KiB (a frame is \(Self.frameBytes / 1024))"
        )
        // A first round builds what stays (the second screen's glyphs and icons); the rounds after it
        // must add no frame-sized step.
        drag(on, 380, 260, 150, 255)
        drag(on, 150, 260, 380, 265)
        let warm = try anonymousBytes(on)
        for _ in 0..<3 {
            drag(on, 380, 260, 150, 255)
            drag(on, 150, 260, 380, 265)
        }
        #expect(screen(on) == "main", "the swipes turned the page there and back")
        let after = try anonymousBytes(on)
        #expect(
            after < warm + Self.frameBytes,
            "\(warm / 1024) KiB anonymous after a first pair of swipes, \(after / 1024) KiB after six more")
    }

    @Test("[navigation] swipe = false: no page turns")
    func off() throws {
        let kiosk = try #require(
            KioskProcess(name: "swipe-off", extraScreens: Self.second + "\n[navigation]\nswipe = false\n"))
        drag(kiosk, 380, 260, 150, 255)
        #expect(screen(kiosk) == "main")
    }
}
