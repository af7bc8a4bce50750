import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
@testable import ConfigLoading
@testable import Kiosk
import ConfigModel
import Widgets

/// Text that reaches an element from outside or through a template, treated as the config's own
/// (issue 42 item 10, issue 43 item 6): `prop` checks inline icons, a button's text set from outside
/// is a template, a card's title and a value slider's title draw icons and values, a QR code too
/// long for a symbol says so.
@Suite("Text from outside, as the config's own")
struct OutsideTextTests {
    static let config = """
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [0, 0, 100, 100]
          value = 25
          [[screens.controls]]
          kind = "button"
          id = "b"
          frame = [120, 0, 160, 60]
          text = "{mdi:lightbulb} Go"
          [[screens.controls]]
          kind = "card"
          id = "c"
          frame = [0, 120, 200, 100]
          title = "{mdi:sofa} Living"
          [[screens.controls]]
          kind = "value-slider"
          id = "v"
          frame = [0, 240, 300, 60]
          title = "{mdi:volume-high} Level {dial}"

        """

    func screen() throws -> (KioskConfig, KioskScreen) {
        let config = try ConfigLoader.parse(text: Self.config, file: "t.toml")
        return (
            config,
            KioskScreen(config: config, index: 0, canvasSize: PixelSize(width: 400, height: 320), scale: 1, time: 0)
        )
    }

    @Test("prop refuses an unknown {mdi:…} name in a template key and an unknown mdi: icon, as the config does")
    func propChecksIcons() throws {
        let (config, _) = try screen()
        let button = try #require(config.allControls.first { $0.id == "b" })
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.string("{mdi:lightbulb-outlin} On"), key: "text", of: button, in: config)
        }
        do {
            _ = try PropertyEdits.value(.string("{mdi:lightbulb-outlin} On"), key: "text", of: button, in: config)
        } catch {
            #expect(error.description.contains("did you mean \"mdi:lightbulb-outline\"?"), "\(error)")
        }
        #expect(throws: PropertyError.self) {
            try PropertyEdits.value(.string("mdi:no-such-icon"), key: "icon", of: button, in: config)
        }
        #expect(
            try PropertyEdits.value(.string("{mdi:lightbulb-outline} On"), key: "text", of: button, in: config)
                == .string("{mdi:lightbulb-outline} On"))
        #expect(try PropertyEdits.value(.string("mdi:lightbulb"), key: "icon", of: button, in: config) != nil)
    }

    @Test(
        "A button's text set from outside is rendered as a template; a card's and a value slider's titles draw their icons and values"
    )
    func templatesApplied() throws {
        let (_, screen) = try screen()
        let icon = Unicode.Scalar(0xFFF9)!
        // Built from the config: the card's title holds the icon, the slider's title the dial's value.
        let card = try #require(screen.element(id: "c")?.config.properties.string("title"))
        #expect(card.unicodeScalars.contains(icon) && !card.contains("{mdi:"), "\(card)")
        // The screen's own board reads the dial once the screen is built: the titles follow it.
        _ = screen.refresh(overrides: [:], time: 0.5)
        let slider = try #require(screen.element(id: "v")?.config.properties.string("title"))
        #expect(slider.hasSuffix(" Level 25") && slider.unicodeScalars.contains(icon), "\(slider.debugDescription)")
        // Set from outside: rendered, and rendered again when the value changes.
        #expect(screen.refresh(overrides: ["b": ["text": .string("Set {dial}")]], time: 1))
        #expect(screen.element(id: "b")?.config.properties.string("text") == "Set 25")
        _ = try screen.element(id: "dial")?.setValue(.single(40), time: 2)
        _ = screen.refresh(overrides: ["b": ["text": .string("Set {dial}")]], time: 2)
        #expect(screen.element(id: "b")?.config.properties.string("text") == "Set 40")
        let bitmap = Bitmap(width: 400, height: 320, format: .xrgb8888)
        _ = screen.render(into: bitmap.canvas, full: true, time: 2)
        // For a person to look at: THUMBWHEEL_LOOK_DIR=/tmp swift test --filter OutsideTextTests
        if let dir = getenv("THUMBWHEEL_LOOK_DIR").map({ String(cString: $0) }) {
            try FileIO.writeAtomically(try PNGImage.encode(bitmap), to: dir + "/outside-text.png")
        }
    }

    @Test("A QR code whose fixed text is longer than the largest symbol holds is a located config error")
    func qrCapacityAtLoad() {
        let long = String(repeating: "x", count: 2400)
        let text =
            minimalScreenConfig
            + "  [[screens.controls]]\n  kind = \"qrcode\"\n  id = \"q\"\n  frame = [210, 0, 150, 150]\n  text = \"\(long)\"\n"
        let found = errors(text)
        #expect(found.count == 1)
        #expect(
            found.first?.hasSuffix(
                "screens[id=main].controls[id=q].text: expected at most 2331 bytes (all a QR code holds at level M), found 2400 bytes"
            ) == true, "\(found)")
        #expect(errors(text.replacingOccurrences(of: "\(long)", with: "\(long)\"\n  level = \"L")).isEmpty)
    }

    @Test(
        "A QR code whose values make it too long for a symbol shows why in its frame and logs it once; a text that fits brings the code back"
    )
    func qrCapacityAtRunTime() throws {
        let extra = """
              [[screens.controls]]
              kind = "qrcode"
              id = "q"
              frame = [210, 0, 150, 150]
              text = "{a}{b}{c}"
            [[variables]]
            id = "a"
            type = "text"
            [[variables]]
            id = "b"
            type = "text"
            [[variables]]
            id = "c"
            type = "text"
            """
        let kiosk = try #require(KioskProcess(name: "qr-capacity", extraScreens: extra))
        func setAll(_ text: String) {
            for v in ["a", "b", "c"] {
                #expect(
                    kiosk.request("{\"cmd\":\"set-var\",\"id\":\"\(v)\",\"value\":\"\(text)\"}")?.contains(
                        "\"ok\":true")
                        == true)
            }
        }
        setAll(String(repeating: "y", count: 1000))
        // Drawn in its place: the light square with the reason, not the screen's background.
        let shot = try #require(try kiosk.screenshotBitmap())
        if let dir = getenv("THUMBWHEEL_LOOK_DIR").map({ String(cString: $0) }),
            let reply = kiosk.request("{\"cmd\":\"screenshot\"}"), let json = JSON.parse(Array(reply.utf8)),
            let png = json["png"]?.stringValue.flatMap({ Base64.decode($0) })
        {
            try FileIO.writeAtomically(png, to: dir + "/qr-too-long.png")
        }
        let background = shot.pixels[(shot.height - 1) * shot.width + shot.width - 1]
        var light = 0, other = 0
        for y in 10..<140 {
            for x in 220..<350 {
                let p = shot.pixels[y * shot.width + x]
                if p & 0xFFFFFF == 0xFFFFFF { light += 1 } else if p != background { other += 1 }
            }
        }
        #expect(light > 10_000 && other > 100, "light \(light), text \(other)")
        let said = { kiosk.log.split(separator: "\n").filter { $0.contains("q: text too long for a QR code") }.count }
        #expect(said() == 1, "\(kiosk.log.suffix(400))")
        // Another frame of the same episode logs nothing more.
        _ = kiosk.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":60}")
        _ = try kiosk.screenshotBitmap()
        #expect(said() == 1)
        setAll("ok")
        _ = try kiosk.screenshotBitmap()
        setAll(String(repeating: "z", count: 1000))
        _ = try kiosk.screenshotBitmap()
        #expect(said() == 2, "a new episode is logged again")
    }
}
