import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Issue 43: the veil of an unavailable element is the element dimmed in place: its own pixels faded
/// towards what it stands on, inside its own bounds, never a box of the background, never over a
/// neighbour. A card holding an element of every value-holding and passive kind, all veiled but one
/// unbound button beside the value slider.
@Suite("The veil: the element dimmed in place")
struct VeilLookTests {
    static let size = Size(800, 480)
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: VeilLookTests.size, theme: .dark, time: 0)

    /// Kind, id, frame, keys: every kind a config may veil (bound to a device or disabled).
    static let elements: [(String, String, Rect, [String: ConfigValue])] = [
        ("card", "card", Rect(x: 10, y: 10, width: 780, height: 460), ["title": .string("Living room")]),
        ("circular-slider", "dial", Rect(x: 30, y: 50, width: 160, height: 160), ["value": .number(60)]),
        (
            "range-slider", "range", Rect(x: 200, y: 50, width: 160, height: 160),
            ["value": .numbers([20, 70])]
        ),
        ("gradient-slider", "gradient", Rect(x: 370, y: 50, width: 160, height: 160), ["value": .number(40)]),
        ("arc-seeker", "seek", Rect(x: 540, y: 50, width: 160, height: 160), [:]),
        (
            "value-slider", "slider", Rect(x: 30, y: 260, width: 300, height: 50),
            ["min": .number(0), "max": .number(100), "value": .number(35)]
        ),
        ("button", "live", Rect(x: 340, y: 250, width: 120, height: 60), ["text": .string("Live")]),
        ("button", "scene", Rect(x: 470, y: 250, width: 120, height: 60), ["text": .string("Evening")]),
        ("toggle", "lamp", Rect(x: 600, y: 250, width: 170, height: 60), ["value": .int(1)]),
        (
            "choice", "mode", Rect(x: 30, y: 330, width: 300, height: 56),
            ["options": .strings(["Off", "Heat", "Cool"]), "value": .int(1)]
        ),
        (
            "dropdown", "pick", Rect(x: 340, y: 320, width: 150, height: 136),
            ["options": .strings(["Red", "Green", "Blue"]), "value": .int(1)]
        ),
        ("color-wheel", "colour", Rect(x: 500, y: 320, width: 136, height: 136), ["value": .int(0x3070FF)]),
        ("label", "title", Rect(x: 30, y: 400, width: 300, height: 40), ["text": .string("Front door locked")]),
        (
            "spinner", "spin", Rect(x: 660, y: 340, width: 90, height: 90),
            ["options": .strings(["Eco", "Boost"])]
        ),
        (
            "gauge", "gauge", Rect(x: 710, y: 60, width: 70, height: 150),
            ["source": .string("dial"), "style": .string("bar")]
        ),
    ]

    func build(_ entries: [(String, String, Rect, [String: ConfigValue])]) throws -> [Element] {
        try entries.map { kind, id, frame, keys in
            let k = try #require(ElementKinds.named(kind), "\(kind)")
            return k.make(
                ControlConfig(kind: kind, id: id, frame: frame, properties: ConfigTable(values: keys)), in: context)
        }
    }

    func render(_ elements: [Element], veiled: Set<String>, resources: Resources) -> Bitmap {
        let controls = elements.flatMap { [$0.model] + $0.decorations + $0.overlays }
        let view = ScreenView(
            controls: controls, background: resources.theme.background, resources: resources, scale: 1)
        view.unavailable = veiled
        let size = VeilLookTests.size
        let bitmap = Bitmap(width: Int(size.width), height: Int(size.height), format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        return bitmap
    }

    @Test(
        "Veiled on a card: the card shows through, nothing outside each element changes, the live button is untouched")
    func veiledCard() throws {
        let resources = Fixture.resources()
        let all = try build(VeilLookTests.elements)
        let ids = Set(VeilLookTests.elements.map(\.1)).subtracting(["card", "live"])
        let live = render(all, veiled: [], resources: resources)
        let veiled = render(all, veiled: ids, resources: resources)
        // What the veiled elements stand on: the card and the live button alone.
        let beneath = render(
            try build(VeilLookTests.elements.filter { !ids.contains($0.1) }), veiled: [], resources: resources)
        // An element's own drawing may reach a few pixels past its frame (an outline's outer half, a
        // thumb's edge); the veil may dim those, and nothing farther.
        let reach = VeilLookTests.elements.filter { ids.contains($0.1) }.map { $0.2.outsetBy(6) }
        let button = try #require(VeilLookTests.elements.first { $0.1 == "live" }?.2)
        var covered = 0, far = 0, onButton = 0, dimmed = 0
        for y in 0..<live.height {
            for x in 0..<live.width {
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                let differs = live[x, y] != veiled[x, y]
                // A pixel no veiled element drew stays exactly what lies beneath: no box, no neighbour hidden.
                if live[x, y] == beneath[x, y] && veiled[x, y] != beneath[x, y] { covered += 1 }
                if differs && !reach.contains(where: { $0.contains(p) }) { far += 1 }
                if differs && button.contains(p) { onButton += 1 }
                if differs { dimmed += 1 }
            }
        }
        #expect(covered == 0, "\(covered) pixels the veiled elements did not draw were covered")
        #expect(far == 0, "\(far) pixels beyond the veiled elements changed")
        #expect(onButton == 0, "\(onButton) pixels of the live button changed")
        #expect(dimmed > 20_000, "the elements themselves are dimmed (\(dimmed) pixels)")
        try Reference.check(veiled, "veil-card")
        try Reference.check(live, "veil-card-live")
    }

    @Test("A veiled value slider beside a live button: the balloon's room above it stays the button's")
    func sliderBesideButton() throws {
        let resources = Fixture.resources()
        let entries: [(String, String, Rect, [String: ConfigValue])] = [
            ("button", "above", Rect(x: 40, y: 20, width: 200, height: 44), ["text": .string("Live")]),
            (
                "value-slider", "slider", Rect(x: 20, y: 70, width: 300, height: 50),
                ["min": .number(0), "max": .number(100), "value": .number(50)]
            ),
        ]
        let all = try build(entries)
        let live = render(all, veiled: [], resources: resources)
        let veiled = render(all, veiled: ["slider"], resources: resources)
        var changedAbove = 0
        for y in 0..<70 { for x in 0..<live.width where live[x, y] != veiled[x, y] { changedAbove += 1 } }
        #expect(changedAbove == 0, "\(changedAbove) pixels above the slider's frame changed")
    }
}
