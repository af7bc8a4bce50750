import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Screenshots of the `image` and `card` kinds, built through their kinds as the kiosk builds them,
/// compared with tolerance 0: these looks are plain fills, outlines, text and image samples, so any
/// changed pixel is a changed look.
@Suite("Card and image look")
struct CardAndImageLookTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0)

    /// An element of `kind` at `frame` with the keys `values`.
    func make(
        _ kind: String, _ id: String, _ frame: Rect, _ values: [String: ConfigValue] = [:], rotation: Double = 0
    ) throws -> Element {
        let k = try #require(ElementKinds.named(kind))
        return k.make(
            ControlConfig(
                kind: kind, id: id, frame: frame, rotation: rotation, properties: ConfigTable(values: values)),
            in: context)
    }

    /// A 96x64 landscape picture whose every edge is marked, so a crop or a stretch shows: sky over
    /// grass, a sun near the top right, and a red frame one pixel inside the border.
    static func landscape() -> Bitmap {
        let b = Bitmap(width: 96, height: 64, fill: Color(rgb: 0x4FA3E0))
        let c = b.canvas
        c.fill(
            path: Path.roundedRect(Rect(x: 0, y: 40, width: 96, height: 24), radius: 0),
            paint: Paint(Color(rgb: 0x5DBB63)))
        c.fillCircle(center: Point(70, 20), radius: 10, color: Color(rgb: 0xF5C542))
        c.stroke(
            path: Path.roundedRect(Rect(x: 2, y: 2, width: 92, height: 60), radius: 0), width: 3,
            paint: Paint(Color(rgb: 0xE0645A)))
        return b
    }

    static func resources() -> Resources {
        let r = Fixture.resources()
        // Registered under the name the kind gives "landscape.png" (relative to the config's folder).
        r.images.register("/nonexistent/landscape.png", landscape())
        return r
    }

    @Test(
        "image: contain, cover, fill of a landscape picture; tinted and untinted templates; cover in a tall and a turned frame"
    )
    func imageFits() throws {
        let backdrop: [String: ConfigValue] = ["radius": .number(0), "color": .color(Color(rgb: 0x3A4450))]
        let cases: [(Rect, [String: ConfigValue], Double)] = [
            (
                Rect(x: 20, y: 20, width: 160, height: 100),
                ["image": .string("landscape.png"), "fit": .string("contain")], 0
            ),
            (
                Rect(x: 200, y: 20, width: 160, height: 100),
                ["image": .string("landscape.png"), "fit": .string("cover")], 0
            ),
            (
                Rect(x: 380, y: 20, width: 160, height: 100),
                ["image": .string("landscape.png"), "fit": .string("fill")], 0
            ),
            (
                Rect(x: 560, y: 20, width: 60, height: 100),
                ["image": .string("landscape.png"), "fit": .string("cover")], 0
            ),
            (
                Rect(x: 20, y: 140, width: 100, height: 100),
                ["image": .string("builtin:star-mask"), "tint": .color(Color(rgb: 0xE0645A))], 0
            ),
            (Rect(x: 140, y: 140, width: 100, height: 100), ["image": .string("builtin:heart-mask")], 0),
            (
                Rect(x: 260, y: 140, width: 100, height: 100),
                ["image": .string("builtin:sun"), "tint": .color(Color(rgb: 0x7FA8C6))], 0
            ),
            (Rect(x: 380, y: 140, width: 60, height: 100), ["image": .string("landscape.png")], 0),
            (
                Rect(x: 470, y: 150, width: 140, height: 80),
                ["image": .string("landscape.png"), "fit": .string("cover")], 20
            ),
        ]
        var controls: [any TouchControl] = []
        for (i, (frame, values, rotation)) in cases.enumerated() {
            controls.append(try make("card", "back\(i)", frame, backdrop, rotation: rotation).model)
            controls.append(try make("image", "image\(i)", frame, values, rotation: rotation).model)
        }
        try Reference.check(
            Fixture.render(controls, width: 640, height: 260, resources: Self.resources()), "image-fits", tolerance: 0)
    }

    @Test(
        "card: titled cards laying out a row of dials and a grid of icons; an untitled outlined card with an image on it"
    )
    func cards() throws {
        let climate = Rect(x: 20, y: 20, width: 470, height: 230)
        let climateKeys: [String: ConfigValue] = ["title": .string("Climate"), "layout": .string("row")]
        let scenes = Rect(x: 510, y: 20, width: 270, height: 230)
        let scenesKeys: [String: ConfigValue] = [
            "title": .string("Scenes"), "layout": .string("grid"), "columns": .int(2),
        ]
        let status = Rect(x: 20, y: 270, width: 760, height: 190)
        var controls: [any TouchControl] = [
            try make("card", "climate", climate, climateKeys).model,
            try make("card", "scenes", scenes, scenesKeys).model,
            try make("card", "status", status, ["border_color": .color(Theme.dark.accent), "radius": .number(20)])
                .model,
        ]
        let dials = CardLayout(card: ConfigTable(values: climateKeys)).cells(count: 3, in: climate)
        for (i, (cell, value)) in zip(dials, [20.0, 50, 80]).enumerated() {
            controls.append(
                try make("circular-slider", "dial\(i)", cell, ["value": .number(value), "line_width": .int(10)]).model)
        }
        let icons = ["sun", "moon", "drop", "leaf"]
        for (cell, icon) in zip(CardLayout(card: ConfigTable(values: scenesKeys)).cells(count: 4, in: scenes), icons) {
            controls.append(try make("image", icon, cell, ["image": .string("builtin:" + icon)]).model)
        }
        controls.append(
            try make(
                "image", "photo", Rect(x: 44, y: 294, width: 213, height: 142), ["image": .string("landscape.png")]
            ).model)
        controls.append(
            try make(
                "arc-seeker", "seek", Rect(x: 560, y: 285, width: 170, height: 170),
                ["start_angle": .number(135), "end_angle": .number(45), "value": .number(250)]
            ).model)
        try Reference.check(
            Fixture.render(controls, width: 800, height: 480, resources: Self.resources()), "cards", tolerance: 0)
    }
}

@Suite("Card layout and image fit")
struct CardLayoutTests {
    let frame = Rect(x: 20, y: 40, width: 400, height: 200)

    @Test("row: equal widths across the width inside the padding, the full inner height")
    func row() {
        let layout = CardLayout(arrangement: .row, padding: 12, gap: 8)
        #expect(
            layout.cells(count: 3, in: frame) == [
                Rect(x: 32, y: 52, width: 120, height: 176),
                Rect(x: 160, y: 52, width: 120, height: 176),
                Rect(x: 288, y: 52, width: 120, height: 176),
            ])
    }

    @Test("column: equal heights below the title's band (its size, then a gap)")
    func columnUnderTitle() {
        let layout = CardLayout(arrangement: .column, padding: 10, gap: 6, titleSize: 20)
        #expect(layout.titleBand == 26)
        #expect(layout.content(of: frame) == Rect(x: 30, y: 76, width: 380, height: 154))
        #expect(
            layout.cells(count: 2, in: frame) == [
                Rect(x: 30, y: 76, width: 380, height: 74),
                Rect(x: 30, y: 156, width: 380, height: 74),
            ])
    }

    @Test("grid: columns per row, left to right then down; a short last row keeps the column width")
    func grid() {
        let layout = CardLayout(arrangement: .grid, padding: 0, gap: 10, columns: 3)
        #expect(
            layout.cells(count: 4, in: Rect(x: 0, y: 0, width: 320, height: 210)) == [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 100),
                Rect(x: 220, y: 0, width: 100, height: 100),
                Rect(x: 0, y: 110, width: 100, height: 100),
            ])
    }

    @Test("The keys of a card table, with their defaults; no layout places nothing")
    func fromTable() {
        let t = ConfigTable(values: ["layout": .string("grid"), "title": .string("T"), "gap": .number(4)])
        #expect(CardLayout(card: t) == CardLayout(arrangement: .grid, padding: 12, gap: 4, columns: 2, titleSize: 16))
        #expect(CardLayout(card: ConfigTable()).cells(count: 2, in: frame).isEmpty)
    }

    @Test("Image fit: contain centres the whole image, cover crops it centred, fill stretches it")
    func fits() {
        let size = Size(200, 100), box = Rect(x: 10, y: 10, width: 100, height: 100)
        #expect(
            ImageFit.contain.placement(of: size, in: box) == (
                Rect(x: 0, y: 0, width: 200, height: 100), Rect(x: 10, y: 35, width: 100, height: 50)
            ))
        #expect(ImageFit.cover.placement(of: size, in: box) == (Rect(x: 50, y: 0, width: 100, height: 100), box))
        #expect(ImageFit.fill.placement(of: size, in: box) == (Rect(x: 0, y: 0, width: 200, height: 100), box))
    }
}
