import AssetFiles
import ConfigModel
import Controls
import Core
import Glibc
import Raster
import Testing
@testable import Widgets

/// The names of an icon font's style sheet, and `mdi:` icons as the kinds draw them: tinted with the
/// element's colours, sized in points, compared with reference images pixel for pixel.
@Suite("Icon font names")
struct IconNamesTests {
    @Test("Rules with :before or ::before and one escaped code point give names; other rules none")
    func parse() {
        let css = """
            .mdi:before, .mdi-set { display: inline-block; }
            .mdi-access-point:before {
              content: "\\F002";
            }
            .mdi-ab-testing::before { content: "\\F01C9"; }
            .mdi-blank::before { content: '\\F068C'; visibility: hidden; }
            .mdi-spin:before { animation: mdi-spin 2s infinite linear; }
            .mdi-rotate-45:before { transform: rotate(45deg); }
            .mdi-18px.mdi-set, .mdi-18px.mdi:before { font-size: 18px; }
            .mdi-light:before{content:"\\F1234"}.mdi-dark:before{content:"\\f00a"}
            """
        let names = IconNames(css: css)
        #expect(names.names == ["ab-testing", "access-point", "blank", "dark", "light"])
        #expect(names["access-point"] == Unicode.Scalar(0xF002))
        #expect(names["mdi:ab-testing"] == Unicode.Scalar(0xF01C9))
        #expect(names["blank"] == Unicode.Scalar(0xF068C))
        #expect(names["dark"] == Unicode.Scalar(0xF00A))
        #expect(names["spin"] == nil && names["mdi:missing"] == nil)
    }

    @Test("A sheet with no icon rules, or cut off mid-rule, gives what it holds and no more")
    func partial() {
        #expect(IconNames(css: "").names.isEmpty)
        #expect(IconNames(css: "body { color: red }").names.isEmpty)
        #expect(IconNames(css: ".mdi-a:before { content: \"\\F001\"; }\n.mdi-b:before { content: \"\\").names == ["a"])
    }
}

@Suite("Icon font look")
struct IconLookTests {
    static let fontPath = "/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf"
    static let cssPath = "/usr/share/fonts-materialdesignicons-webfont/css/materialdesignicons.css"

    /// Debian's icon font with the names of its style sheet (the test reads the files, as the kiosk's
    /// screen does before handing them to Widgets).
    static func font() throws -> IconFont {
        let css = try #require(readText(cssPath), "install fonts-materialdesignicons-webfont (scripts/setup)")
        return IconFont(face: try FontFace(path: fontPath), names: IconNames(css: css))
    }

    static func resources() throws -> Resources {
        let r = Fixture.resources()
        r.images.icons = try font()
        return r
    }

    func make(
        _ kind: String, _ id: String, _ frame: Rect, _ values: [String: ConfigValue], scale: Double = 1,
        rotation: Double = 0
    ) throws -> Element {
        let context = ElementContext(
            scale: scale, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0)
        let k = try #require(ElementKinds.named(kind))
        return k.make(
            ControlConfig(
                kind: kind, id: id, frame: frame, rotation: rotation, properties: ConfigTable(values: values)),
            in: context)
    }

    @Test("Buttons, images (tinted, turned), a spinner, a choice: mdi: icons in the element's colours")
    func kinds() throws {
        let controls: [any TouchControl] = [
            try make(
                "button", "b1", Rect(x: 10, y: 10, width: 120, height: 60),
                ["icon": .string("mdi:lightbulb-outline"), "text": .string("Light")]
            ).model,
            try make(
                "button", "b2", Rect(x: 140, y: 10, width: 60, height: 60),
                ["icon": .string("mdi:power"), "style": .string("outline")]
            ).model,
            try make("image", "i1", Rect(x: 210, y: 10, width: 48, height: 48), ["image": .string("mdi:thermometer")])
                .model,
            try make(
                "image", "i2", Rect(x: 270, y: 10, width: 80, height: 48),
                ["image": .string("mdi:fan"), "tint": .color(Color(rgb: 0x5DBB63))]
            ).model,
            try make(
                "image", "i3", Rect(x: 360, y: 10, width: 48, height: 48),
                ["image": .string("mdi:coffee"), "tint": .color(Color(rgb: 0xF5C542))],
                rotation: 30
            ).model,
            try make("image", "i4", Rect(x: 420, y: 10, width: 24, height: 24), ["image": .string("mdi:no-such-icon")])
                .model,
            try make(
                "spinner", "s", Rect(x: 460, y: 10, width: 60, height: 60),
                ["items": .tables([ConfigTable(values: ["icon": .string("mdi:water"), "title": .string("Water")])])]
            ).model,
            try make(
                "choice", "c", Rect(x: 10, y: 80, width: 420, height: 56),
                [
                    "options": .strings(["Heat", "Cool", "Off"]),
                    "icons": .strings(["mdi:fire", "mdi:weather-snowy", ""]), "value": .int(1),
                ]
            ).model,
        ]
        try Reference.check(
            Fixture.render(controls, width: 540, height: 146, resources: Self.resources()), "mdi-icons", tolerance: 0)
    }

    @Test("The navigation bar draws its pages' mdi: icons beside their titles, the shown page's in the accent")
    func navigationBar() throws {
        var context = ElementContext(
            scale: 1, configDirectory: "/nonexistent", screenSize: Size(480, 64), theme: .dark, time: 0)
        context.pages = [
            Page(id: "home", title: "Home", icon: "mdi:home"),
            Page(id: "climate", title: "Climate", icon: "mdi:thermometer"),
            Page(id: "lights", title: "Lights", icon: "mdi:lightbulb-outline"),
        ]
        context.currentPage = "climate"
        let bar = NavBarKind().make(
            ControlConfig(kind: "nav-bar", id: "nav", frame: Rect(x: 0, y: 0, width: 480, height: 64)), in: context)
        try Reference.check(
            Fixture.render([bar.model], width: 480, height: 64, resources: Self.resources()), "mdi-nav-bar",
            tolerance: 0)
    }

    @Test("Sized in points: a 24-point icon at scale 2 is the 48-pixel icon, pixel for pixel")
    func points() throws {
        let resources = try Self.resources()
        func render(_ side: Double, scale: Double) throws -> Bitmap {
            let image = try make(
                "image", "i", Rect(x: 8 / scale, y: 8 / scale, width: side, height: side),
                ["image": .string("mdi:lightbulb")], scale: scale)
            let view = ScreenView(
                controls: [image.model], background: resources.theme.background, resources: resources, scale: scale)
            let b = Bitmap(width: 64, height: 64, format: .xrgb8888)
            view.render(into: b.canvas, full: true)
            return b
        }
        let doubled = try render(24, scale: 2), natural = try render(48, scale: 1), small = try render(24, scale: 1)
        #expect(doubled.hasSamePixels(as: natural))
        #expect(!doubled.hasSamePixels(as: small))
        // The bulb's ink fills the middle of its square (Material icons keep a 2/24 margin).
        var inkRows = 0
        for y in 0..<64 where (0..<64).contains(where: { natural.color(x: $0, y: y) != resources.theme.background }) {
            inkRows += 1
        }
        #expect(inkRows >= 36 && inkRows <= 46)
    }

    @Test("The contact sheet of 48 icons matches its reference, and docs/mdi-icons.png is that image")
    func sheet() throws {
        #expect(IconSheet.sampleNames.count == 48)
        let sheet = IconSheet.render(icons: try Self.font(), faces: .open())
        try Reference.check(sheet, "mdi-sheet", tolerance: 0)
        var parts = Reference.directory.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let docsPath = parts.joined(separator: "/") + "/docs/mdi-icons.png"
        if Reference.recording { try PNGImage.write(sheet, to: docsPath) }
        #expect(
            try PNGImage.read(from: docsPath).hasSamePixels(as: sheet),
            "docs/mdi-icons.png differs: run thumbwheel render --mdi-sheet")
    }
}

/// The text of a file, or nil.
private func readText(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
