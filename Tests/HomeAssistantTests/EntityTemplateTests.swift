import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// In the live suite (serialized with the tests that restart the shared HA).
extension LiveHomeAssistantTests {
    static func templatePanel(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "label"
          id = "level"
          frame = [10, 10, 380, 60]
          text = "{input_number.tw_level:.1} {input_number.tw_level.unit_of_measurement}"
          [[screens.controls]]
          kind = "button"
          id = "name"
          frame = [10, 100, 380, 60]
          text = "{input_number.tw_level.friendly_name}"
        """
    }

    @Test("Templates naming an entity and an attribute show HA's values and follow HA's changes")
    func entityTemplates() throws {
        let server = try HAServer.shared()
        let h = try Harness.live(server, entities: ["input_number.tw_level"])
        func set(_ value: Double) {
            _ = h.call(
                ServiceCall(
                    domain: "input_number", service: "set_value", entity: "input_number.tw_level",
                    data: .object([("value", .number(value))])))
        }
        set(40)
        let panel = try BoundPanel(server: server, config: LiveHomeAssistantTests.templatePanel)
        func variable(_ id: String) -> JSON? {
            panel.request("{\"cmd\":\"list\"}")?["variables"]?.arrayValue?.first { $0["id"]?.stringValue == id }?[
                "value"]
        }
        #expect(eventually { variable("input_number.tw_level") == .number(40) }, "log: \(panel.log)")
        #expect(variable("input_number.tw_level.unit_of_measurement") == .string("%"))
        #expect(variable("input_number.tw_level.friendly_name") == .string("TW level"))
        let before = try #require(panel.screenshot())

        set(72.5)
        #expect(eventually { variable("input_number.tw_level") == .number(72.5) }, "log: \(panel.log)")
        let after = try #require(panel.screenshot())
        // The label's text changed on screen, and nothing but the label's area did.
        let frame = panel.frame("level")
        try #require(frame.count == 4)
        var inside = 0, outside = 0
        for y in 0..<after.height {
            for x in 0..<after.width where after[x, y] != before[x, y] {
                let within =
                    Double(x) >= frame[0] && Double(x) < frame[0] + frame[2] && Double(y) >= frame[1]
                    && Double(y) < frame[1] + frame[3]
                if within { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 50 && outside == 0, "changed pixels: \(inside) inside the label, \(outside) outside")
        if let dir = getenv("THUMBWHEEL_TEST_PNG").map({ String(cString: $0) }) {
            _ = try? FileIO.writeAtomically(PNGImage.encode(before), to: dir + "/entity-template-40.png")
            _ = try? FileIO.writeAtomically(PNGImage.encode(after), to: dir + "/entity-template-72.5.png")
        }
        #expect(panel.stats?["entities"]?.numberValue == 1, "one entity subscribed for three names")
        h.client.stop()
    }
}
