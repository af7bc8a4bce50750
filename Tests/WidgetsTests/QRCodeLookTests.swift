import AssetFiles
import ConfigModel
import Controls
import Core
import Raster
import TestSupport
import Testing
@testable import Widgets

/// The `qrcode` kind: its renders decoded back with a real decoder (zbarimg, Debian's zbar-tools,
/// installed by scripts/setup: a missing decoder fails these tests), crisp modules at any size, and a
/// reference image of codes at several sizes, levels and a turned frame.
@Suite("QR code element")
struct QRCodeLookTests {
    static let wifi = "WIFI:S:Greenhouse;T:WPA;P:s3cret-Key;;"

    /// A board with the text variables `ssid`, `key` and `panel`.
    static func board() -> ValueBoard {
        ValueBoard(declarations: [
            .init(id: "ssid", type: .text, initial: .text("Greenhouse")),
            .init(id: "key", type: .text, initial: .text("s3cret-Key")),
            .init(id: "panel", type: .text, initial: .text("kitchen-2")),
        ])
    }

    func make(
        _ id: String, _ frame: Rect, _ values: [String: ConfigValue], board: ValueBoard = board(),
        rotation: Double = 0
    ) throws -> Element {
        let context = ElementContext(
            scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark,
            time: 0, board: board)
        let kind = try #require(ElementKinds.named("qrcode"))
        return kind.make(
            ControlConfig(
                kind: "qrcode", id: id, frame: frame, rotation: rotation, properties: ConfigTable(values: values)),
            in: context)
    }

    /// What zbarimg reads in `bitmap` (its raw text, one line per code found).
    func decode(_ bitmap: Bitmap) throws -> String {
        let folder = makeTemporaryDirectory("qrcode")
        let path = folder + "/code.png"
        try PNGImage.write(bitmap, to: path)
        let run = try #require(
            runTool("/usr/bin/zbarimg", ["--quiet", "--raw", path]), "zbarimg did not start: run scripts/setup")
        #expect(run.status == 0, "zbarimg: \(run.err)")
        return run.out.hasSuffix("\n") ? String(run.out.dropLast()) : run.out
    }

    @Test(
        "a Wi-Fi join and a URL from templates decode back to their texts",
        arguments: [
            ("WIFI:S:{ssid};T:WPA;P:{key};;", QRCodeLookTests.wifi),
            ("https://panel.example.org/p/{panel}?from=qr", "https://panel.example.org/p/kitchen-2?from=qr"),
        ])
    func decodesBack(template: String, expected: String) throws {
        let code = try make("join", Rect(x: 20, y: 20, width: 200, height: 200), ["text": .string(template)])
        #expect(try decode(Fixture.render([code.model], width: 240, height: 240)) == expected)
    }

    @Test("a changed variable makes a new code, which decodes to the new text and damages the frame")
    func followsVariable() throws {
        let board = Self.board()
        let code = try make(
            "link", Rect(x: 10, y: 10, width: 180, height: 180), ["text": .string("https://x.org/{panel}")],
            board: board)
        let widget = try #require(ElementKinds.widget(for: code.model))
        _ = widget.collectDamage(at: 0)
        #expect(widget.collectDamage(at: 1).isEmpty)
        board.set("panel", .text("hall-7"), at: 2)
        #expect(widget.collectDamage(at: 2) == [Rect(x: 8, y: 8, width: 184, height: 184)])
        #expect(try decode(Fixture.render([code.model], width: 200, height: 200)) == "https://x.org/hall-7")
    }

    @Test(
        "crisp at odd sizes: only the two colours, each module the same whole number of pixels",
        arguments: [57.0, 100, 163.5])
    func crisp(side: Double) throws {
        let code = try make("c", Rect(x: 3.3, y: 5.7, width: side, height: side + 11), ["text": .string(Self.wifi)])
        let bitmap = Fixture.render([code.model], width: 180, height: 190)
        var colours = Set<Color>()
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { colours.insert(bitmap.color(x: x, y: y)) } }
        #expect(colours == [Theme.dark.background, Color(rgb: 0), Color(rgb: 0xFFFFFF)])
        let symbol = try #require(QRSymbol(Self.wifi, level: .medium))
        let placed = QRCodeWidget.placement(
            modules: symbol.size + 8, in: Rect(x: 3.3, y: 5.7, width: side, height: side + 11))
        #expect(placed.pixels == (side / Double(symbol.size + 8)).rounded(.down))
        #expect(try decode(bitmap) == Self.wifi)
    }

    @Test("higher levels make larger symbols; text beyond the largest symbol makes none")
    func levels() throws {
        let low = try #require(QRSymbol(Self.wifi, level: .low)), high = try #require(QRSymbol(Self.wifi, level: .high))
        #expect(high.size > low.size)
        #expect(QRSymbol(String(repeating: "x", count: 3000), level: .high) == nil)
        #expect(QRSymbol("", level: .low) == nil)
    }

    @Test("sizes, levels, colours, no quiet zone and a turned frame (reference image)")
    func look() throws {
        let text = ConfigValue.string("https://panel.example.org/p/{panel}")
        let controls = try [
            make("a", Rect(x: 10, y: 10, width: 120, height: 120), ["text": text]),
            make(
                "b", Rect(x: 140, y: 10, width: 200, height: 200),
                ["text": .string("WIFI:S:{ssid};T:WPA;P:{key};;"), "level": .string("H")]),
            make(
                "c", Rect(x: 350, y: 10, width: 90, height: 60),
                ["text": text, "quiet_zone": .int(0), "level": .string("L")]),
            make(
                "d", Rect(x: 350, y: 80, width: 130, height: 130),
                [
                    "text": text, "color": .color(Color(rgb: 0x234560)),
                    "background": .color(Color(rgb: 0xF2EEE3)),
                ]),
            make("e", Rect(x: 500, y: 30, width: 150, height: 150), ["text": text], rotation: 15),
        ].map(\.model)
        try Reference.check(Fixture.render(controls, width: 680, height: 220), "qrcodes", tolerance: 0)
    }
}
