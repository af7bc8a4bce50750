import AssetFiles
import Core
import Glibc
import Platform
import Raster
import Testing
import Widgets
@testable import ConfigLoading

/// Material Design Icons 7 (the names Home Assistant uses) beside Debian's 1.6: the default files
/// found where the package installs them, 1.6 when they are not there, the names HA panels use every
/// day in both fonts, and the error for a 1.6 config naming a 7-only icon.
@Suite("MDI 7 icons")
struct MDI7IconTests {
    /// Where scripts/setup writes MDI 7 (scripts/mdi7), as the package's /usr/share/thumbwheel/mdi7 holds it.
    static let folder = "/var/cache/thumbwheel/mdi7"
    /// Names HA's entities show every day.
    static let everyday = [
        "thermostat", "door", "door-open", "lock", "lock-open", "fan", "lightbulb", "blinds", "garage",
    ]

    /// A screen of one image per name, after `head`.
    static func images(_ names: [String], head: String = "") -> String {
        var text = head + "[[screens]]\nid = \"main\"\n"
        for (i, name) in names.enumerated() {
            text +=
                "  [[screens.controls]]\n  kind = \"image\"\n  id = \"i\(i)\"\n  frame = [\(i * 60), 0, 60, 60]\n  image = \"mdi:\(name)\"\n"
        }
        return text
    }

    static func mdi7Head() throws -> String {
        try #require(
            access(folder + "/" + IconConfig.fontFile, R_OK) == 0, "MDI 7 is missing: run scripts/setup (scripts/mdi7)")
        return "[icons]\nfont = \"\(folder)/\(IconConfig.fontFile)\"\nnames = \"\(folder)/\(IconConfig.namesFile)\"\n"
    }

    @Test("The default files are MDI 7's where installed, else Debian's 1.6")
    func defaultFiles() throws {
        _ = try Self.mdi7Head()
        let found = IconConfig(searching: ["/nonexistent/mdi7", Self.folder])
        #expect(found.fontPath == Self.folder + "/" + IconConfig.fontFile)
        #expect(found.namesPath == Self.folder + "/" + IconConfig.namesFile)
        let fallback = IconConfig(searching: ["/nonexistent/mdi7"])
        #expect(fallback.fontPath == IconConfig.debianFont && fallback.namesPath == IconConfig.debianNames)
        // The folder holds both or is passed over: a font alone is not taken with another release's names.
        let dir = makeTemporaryDirectory("mdi7-half")
        defer { _ = system("rm -rf '\(dir)'") }
        try FileIO.writeAtomically(Array("x".utf8), to: dir + "/" + IconConfig.fontFile)
        #expect(IconConfig(searching: [dir]).namesPath == IconConfig.debianNames)
        // And what it finds draws: the font opens with its names.
        let font = try found.loadFont()
        #expect(font.names.scalars.count > 7000)
        #expect(font.scalar(for: "mdi:door-open") == Unicode.Scalar(0xF081C))
    }

    @Test("HA's everyday names are MDI 7 icons the font draws; a config of them loads")
    func everydayInMDI7() throws {
        let config = try ConfigLoader.parse(
            text: Self.images(Self.everyday, head: try Self.mdi7Head()), file: "good.toml")
        let face = try FontFace(path: config.icons.fontPath)
        for name in Self.everyday {
            let scalar = try #require(config.icons.names["mdi:" + name], "\(name)")
            #expect(face.ink(for: scalar, size: 48) != .missing, "\(name)")
        }
    }

    @Test("With Debian's 1.6, the everyday names it has load and the others say they are MDI 7's, located")
    func everydayInDebian() throws {
        let head = "[icons]\nfont = \"\(IconConfig.debianFont)\"\nnames = \"\(IconConfig.debianNames)\"\n"
        #expect(errors(Self.images(["lock", "lock-open", "fan", "lightbulb", "blinds"], head: head)).isEmpty)
        let found = errors(Self.images(Self.everyday, head: head))
        let newer = ["thermostat", "door", "door-open", "garage"]
        #expect(found.count == newer.count)
        for (name, message) in zip(newer, found) {
            #expect(
                message.contains("found \"mdi:\(name)\"; it is an icon of Material Design Icons 7.2.96, newer"),
                "\(message)")
            #expect(message.contains("install the thumbwheel package") && message.contains("scripts/mdi7"))
            #expect(!message.contains("did you mean"))
        }
        #expect(
            found.first?.hasPrefix("bad.toml:10:3: screens[id=main].controls[id=i0].image: expected one of the")
                == true, "\(found)")
        // A typo of a 1.6 name still gets the nearest 1.6 name.
        #expect(
            errors(Self.images(["lightbulb-outlin"], head: head)).first?.hasSuffix(
                "did you mean \"mdi:lightbulb-outline\"?") == true)
    }

    @Test("The list in the binary is the one scripts/mdi7 writes beside the font: every name, no other")
    func listIsCurrent() throws {
        _ = try Self.mdi7Head()
        let css = try #require(ConfigLoader.readTextFile(Self.folder + "/" + IconConfig.namesFile))
        let names = IconNames(css: css).names
        #expect(NewerIconNames.all == names, "run scripts/mdi7 --swift")
        #expect(NewerIconNames.all.allSatisfy { $0.utf8.count < NewerIconNames.longestName })
        for other in ["", "door-opn", "doo", "door-open-x", "zzzz", "0", String(repeating: "a", count: 3_000)] {
            #expect(!NewerIconNames.contains(other), "\(other.prefix(20))")
        }
        #expect(NewerIconNames.contains("ab-testing") && NewerIconNames.contains("zodiac-virgo"))
    }
}
