import AssetFiles
import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Fonts per element (issue 36, part 4): each element that draws text draws it in its own faces,
/// every other element in the theme's.
@Suite("Fonts per element")
struct ElementFontLookTests {
    /// The faces of a `font` name, opened as the kiosk opens them.
    static func faces(_ name: String) throws -> TextFaces {
        let files = try #require(DefaultFonts.files(named: name))
        return .open(regular: files.regular, bold: files.bold)
    }

    /// A label, a button, a toggle, a card's title and a gauge's readout, each with the font of
    /// `fonts[id]` (none: the theme's).
    static func screen(fonts: [String: String]) throws -> (controls: [any TouchControl], resources: Resources) {
        let f = PanelFixture(controls: ["tank": .single(64)])
        let elements = [
            f.make("card", "card", Rect(x: 10, y: 10, width: 300, height: 130), ["title": .string("Greenhouse 3")]),
            f.label("label", Rect(x: 24, y: 50, width: 280, height: 36), "Humidity 64 %", ["size": .number(24)]),
            f.make(
                "button", "button", Rect(x: 24, y: 90, width: 200, height: 44),
                ["text": .string("Water now"), "size": .number(18)]),
            f.make(
                "toggle", "toggle", Rect(x: 10, y: 150, width: 300, height: 50),
                ["label": .string("Night mode 0123")]),
            f.make(
                "gauge", "gauge", Rect(x: 320, y: 10, width: 150, height: 150),
                ["source": .string("tank"), "readout": .string("{value:.0} %"), "title": .string("Tank")]),
        ]
        var own: [String: TextFaces] = [:]
        for (id, name) in fonts { own[id] = try faces(name) }
        let resources = Resources(theme: .dark, images: ImageCatalog.builtin(), faces: .open(), elementFaces: own)
        return (elements.flatMap { $0.drawn }, resources)
    }

    /// The pixels inside `rect` that differ between two renders.
    func changed(_ a: Bitmap, _ b: Bitmap, in rect: Rect) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where a[x, y] != b[x, y] { n += 1 }
        }
        return n
    }

    @Test("Serif, mono and bold where asked: only those elements change, each in its own frame")
    func fontsPerElement() throws {
        let (plainControls, plainResources) = try Self.screen(fonts: [:])
        let plain = Fixture.render(plainControls, width: 480, height: 210, resources: plainResources)
        let fonts = ["card": "serif-bold", "label": "serif", "button": "mono-bold", "gauge": "serif"]
        let (controls, resources) = try Self.screen(fonts: fonts)
        let styled = Fixture.render(controls, width: 480, height: 210, resources: resources)
        // The card's title row, the label, the button's text and the gauge's readout change.
        #expect(changed(plain, styled, in: Rect(x: 14, y: 12, width: 290, height: 34)) > 50, "card title")
        #expect(changed(plain, styled, in: Rect(x: 24, y: 52, width: 280, height: 34)) > 50, "label")
        #expect(changed(plain, styled, in: Rect(x: 26, y: 92, width: 196, height: 40)) > 50, "button")
        #expect(changed(plain, styled, in: Rect(x: 340, y: 40, width: 110, height: 90)) > 50, "gauge readout")
        // The toggle has no font of its own: it draws exactly as before.
        #expect(changed(plain, styled, in: Rect(x: 10, y: 150, width: 300, height: 50)) == 0, "toggle")
        // A family keeps bold text bold; "-bold" makes the regular text bold too.
        let sans = try Self.faces("sans"), bold = try Self.faces("sans-bold")
        #expect(sans.regular !== sans.bold && bold.regular != nil && bold.bold != nil)
        #expect(bold.regular?.path == DefaultFonts.files(named: "sans")?.bold && bold.bold?.path == bold.regular?.path)
        try Reference.check(styled, "element-fonts")
    }

    @Test("A part of an element (a dial's readout, a slider's pad) draws in its element's faces")
    func partsFollowTheirElement() throws {
        let serif = try Self.faces("serif")
        let resources = Resources(theme: .dark, faces: .open(), elementFaces: ["dial": serif])
        #expect(resources.faces(for: "dial/readout").regular === serif.regular)
        #expect(resources.faces(for: "dial").bold === serif.bold)
        #expect(resources.faces(for: "other").regular === resources.regularFace)
        #expect(resources.faces(for: "dialx/readout").regular === resources.regularFace)
    }
}
