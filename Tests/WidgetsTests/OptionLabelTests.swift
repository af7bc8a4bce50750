import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Issue 43: `option_labels` show a text for an option value (HA's `heat_cool`), and a text wider
/// than its segment shrinks, then ends in "…", instead of being cut at the segment's edge.
@Suite("Option labels and texts that fit their segment")
struct OptionLabelTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(480, 100), theme: .dark, time: 0)

    func render(_ keys: [String: ConfigValue], kind: String = "choice") throws -> Bitmap {
        let k = try #require(ElementKinds.named(kind))
        let element = k.make(
            ControlConfig(
                kind: kind, id: "mode", frame: Rect(x: 10, y: 10, width: 460, height: 56),
                properties: ConfigTable(values: keys)), in: context)
        let resources = Fixture.resources()
        let view = ScreenView(
            controls: [element.model] + element.decorations + element.overlays,
            background: resources.theme.background, resources: resources, scale: 1)
        let bitmap = Bitmap(width: 480, height: 100, format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        return bitmap
    }

    /// Pixels of the theme's text colour (within a small tolerance) in columns `xs` of rows 20…56.
    static func textPixels(_ b: Bitmap, columns xs: ClosedRange<Int>) -> Int {
        let text = Theme.dark.text
        var n = 0
        for y in 20...56 {
            for x in xs {
                let c = b.color(x: x, y: y)
                if abs(Int(c.r) - Int(text.r)) < 40 && abs(Int(c.g) - Int(text.g)) < 40
                    && abs(Int(c.b) - Int(text.b)) < 40
                {
                    n += 1
                }
            }
        }
        return n
    }

    static let hvac: [String] = ["off", "heat", "cool", "heat_cool", "fan_only", "dry"]

    @Test("A text wider than its segment stays inside it: shrunk, then ellipsized")
    func fits() throws {
        let b = try render(["options": .strings(Self.hvac), "value": .int(0)])
        // Segment 3 ("heat_cool") spans 240…316.7 (six of 460 from x 10); its face is inset by 3 and
        // outlined 2 wide: nothing of the text within the 6 px inside each edge.
        #expect(Self.textPixels(b, columns: 243...249) == 0)
        #expect(Self.textPixels(b, columns: 307...313) == 0)
        #expect(Self.textPixels(b, columns: 250...306) > 20, "the text is still drawn")
    }

    @Test("option_labels change what a choice shows, not its options")
    func labels() throws {
        let labelled: [String: ConfigValue] = [
            "options": .strings(Self.hvac), "value": .int(0),
            "option_labels": .table(ConfigTable(values: ["heat_cool": .string("Auto"), "FAN_ONLY": .string("Fan")])),
        ]
        let plainAuto = try render([
            "options": .strings(["off", "heat", "cool", "Auto", "Fan", "dry"]), "value": .int(0),
        ])
        let shown = try render(labelled)
        #expect((0..<(480 * 100)).allSatisfy { shown.pixels[$0] == plainAuto.pixels[$0] })
        // The element's value names stay the options (what an adapter matches and sends).
        let k = try #require(ElementKinds.named("choice"))
        #expect(k.exposure(ConfigTable(values: labelled)) == .select(options: Self.hvac))
        for kind in ["dropdown", "spinner"] {
            let spec = try #require(ElementKinds.named(kind)?.schema.field("option_labels"), "\(kind)")
            #expect(spec.name == "option_labels")
        }
    }
}
