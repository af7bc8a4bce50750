import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant
@testable import HomeAssistantAdapter

/// A colour wheel bound to a demo light's colour (docs/home-assistant.md, "What fits what").
enum ColorWheelPanel {
    static let light = "light.entrance_color_white_lights"

    static func config(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "color-wheel"
          id = "wheel"
          frame = [50, 20, 260, 260]
          entity = "\(light)"
        """
    }
}

extension LiveHomeAssistantTests {
    @Test("A colour wheel on a light: HA's colour and brightness on the wheel, the wheel's colour in HA")
    func colorWheelOnLight() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: [ColorWheelPanel.light])
        let light = ColorWheelPanel.light
        func ha() -> EntityState? { h.client.entities[light] }
        func turnOn(_ data: [(String, JSON)]) { h.expectCall("light", "turn_on", light, data) }
        func rgb(_ r: Int, _ g: Int, _ b: Int) -> JSON { .array([r, g, b].map { .number(Double($0)) }) }
        turnOn([("rgb_color", rgb(255, 0, 0)), ("brightness", .number(255))])
        #expect(turn(h.loop, timeout: 15) { ha()?[attribute: "brightness"]?.numberValue == 255 })

        let panel = try BoundPanel(server: server, config: ColorWheelPanel.config)
        #expect(panel.wait("wheel", for: Double(0xFF_00_00)) == Double(0xFF_00_00), "log: \(panel.log)")

        /// HA → panel: the value arrives and the wheel's pixels change.
        func fromHA(_ value: Int, _ change: () -> Void) {
            let before = panel.screenshot()
            change()
            #expect(panel.wait("wheel", for: Double(value)) == Double(value), "the wheel follows HA to \(value)")
            #expect(
                eventually(5) {
                    guard let before, let after = panel.screenshot() else { return false }
                    return BoundPanel.changed(before, after, in: panel.frame("wheel")) > 0
                }, "the wheel reads \(value) but its pixels did not change")
        }
        // A blue at half brightness: HA keeps the colour at full strength, the wheel shows the output.
        fromHA(0x00_00_80) { turnOn([("rgb_color", rgb(0, 0, 255)), ("brightness", .number(128))]) }
        fromHA(0) { h.expectCall("light", "turn_off", light) }

        // Panel → HA: a green from the socket turns the light on, green, at full brightness.
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"wheel\",\"value\":\(0x00_FF_00)}")
        #expect(
            turn(h.loop, timeout: 15) {
                ha()?.state == "on" && ha()?[attribute: "rgb_color"] == rgb(0, 255, 0)
                    && ha()?[attribute: "brightness"]?.numberValue == 255
            }, "HA has \(String(describing: ha()))")
        // A finger on the wheel's hue ring (right of its centre): the hue it picks reaches HA.
        let f = panel.frame("wheel")
        _ = panel.request("{\"cmd\":\"tap\",\"x\":\(f[0] + f[2] / 2 + 115),\"y\":\(f[1] + f[3] / 2)}")
        #expect(eventually { panel.value("wheel").map { $0 != Double(0x00_FF_00) } == true }, "the tap picked a hue")
        let picked = try #require(panel.value("wheel"))
        let expected = try #require(EntityColor.sent(Int(picked)))
        #expect(
            turn(h.loop, timeout: 15) {
                ha()?[attribute: "brightness"]?.numberValue == Double(expected.brightness)
                    && closeColor(ha()?[attribute: "rgb_color"], expected.rgb)
            }, "a tap's \(String(Int(picked), radix: 16)) as HA has it: \(String(describing: ha()))")
        // Black turns the light off.
        _ = panel.request("{\"cmd\":\"set\",\"id\":\"wheel\",\"value\":0}")
        #expect(turn(h.loop, timeout: 15) { ha()?.state == "off" }, "HA has \(String(describing: ha()))")
        h.client.stop()
    }
}

/// Whether HA's `rgb_color` is `rgb` within two units: HA keeps a colour light's colour as hue and
/// saturation, so what it gives back may round apart.
func closeColor(_ json: JSON?, _ rgb: [Int]) -> Bool {
    let got = json?.arrayValue?.compactMap(\.numberValue) ?? []
    return got.count == 3 && zip(got, rgb).allSatisfy { abs($0 - Double($1)) <= 2 }
}
