import ConfigModel
import Core
import Raster
import Testing
import TestSupport
@testable import Widgets

@Suite("Image catalogue")
struct ImageCatalogTests {
    struct Unreadable: Error {}

    @Test("Referenced images are collected from every control kind and loaded from PNG files; a bad path is reported")
    func loading() throws {
        let dir = makeTemporaryDirectory("widgets-icons")
        let icon = BuiltinIcons.draw("drop", side: 16)
        try PNGImage.write(icon, to: dir + "/drop.png")
        let context = ElementContext(scale: 1, configDirectory: dir, screenSize: Size(200, 200), theme: .dark, time: 0)
        let slider = ElementKinds.named("circular-slider")!.make(
            ControlConfig(
                kind: "circular-slider", id: "s", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                properties: ConfigTable(values: ["handle_image": .string("drop.png")])), in: context)
        let items = ["drop.png", "missing.png"].map { ConfigTable(values: ["icon": .string($0)]) }
        let spinner = ElementKinds.named("spinner")!.make(
            ControlConfig(
                kind: "spinner", id: "sp", frame: Rect(x: 0, y: 0, width: 60, height: 60),
                properties: ConfigTable(values: ["items": .tables(items)])), in: context)
        #expect(slider.imageNames == [dir + "/drop.png"])
        #expect(spinner.imageNames == [dir + "/drop.png", dir + "/missing.png"])
        let catalog = ImageCatalog()
        let errors = catalog.loadImages(named: slider.imageNames + spinner.imageNames, read: PNGImage.read(from:))
        #expect(errors.map(\.path) == [dir + "/missing.png"])
        let loaded = try #require(catalog[dir + "/drop.png"])
        #expect(loaded.bitmap.width == 16 && loaded.bitmap[8, 10] == icon[8, 10])
    }

    @Test("The built-in icons are offered by name and each is drawn only when first asked for")
    func builtinsDrawnOnDemand() throws {
        let images = ImageCatalog.builtin(side: 32)
        #expect(images.drawnBuiltins.isEmpty)
        #expect(Set(BuiltinIcons.names).isSubset(of: images.names))
        let sun = try #require(images["sun"])
        #expect(sun.bitmap.width == 32 && !sun.isTemplate)
        #expect(images["home-mask"]?.isTemplate == true)
        #expect(images.drawnBuiltins == ["sun", "home-mask"])
        // Asked again: the same pixels, not drawn a second time.
        #expect(images["sun"]?.bitmap === sun.bitmap)
        #expect(images["no-such-icon"] == nil)
        #expect(ImageCatalog()["sun"] == nil, "a plain catalogue offers no built-ins")
    }

    @Test("Loading a config's images reads the files only: a built-in name is never taken for a path")
    func loadSkipsBuiltins() {
        let images = ImageCatalog.builtin(side: 16)
        var asked: [String] = []
        let errors = images.loadImages(named: ["leaf", "/nowhere/a.png"]) { path in
            asked.append(path)
            throw Unreadable()
        }
        #expect(asked == ["/nowhere/a.png"])
        #expect(errors.map(\.path) == ["/nowhere/a.png"])
        #expect(images.drawnBuiltins.isEmpty)
    }
}
