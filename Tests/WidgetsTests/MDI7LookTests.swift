import AssetFiles
import Glibc
import Raster
import Testing
@testable import Widgets

/// Icons only Material Design Icons 7 has (the names Home Assistant uses that Debian's 1.6 lacks),
/// drawn from the MDI 7 font scripts/setup writes, as the kiosk draws it when the package installed it.
@Suite("MDI 7 look")
struct MDI7LookTests {
    static let folder = "/var/cache/thumbwheel/mdi7"
    /// All absent from Debian's 1.6 (the test checks).
    static let newerNames = """
        thermostat thermostat-auto door door-open door-closed garage garage-open blinds-open window-shutter \
        window-shutter-open home-assistant ceiling-light floor-lamp robot-vacuum shield-home motion-sensor \
        smoke-detector heat-pump lock-smart fan-off lightbulb-group curtains air-purifier washing-machine
        """.split(separator: " ").map(String.init)

    static func names(_ path: String) throws -> IconNames {
        let file = try #require(fopen(path, "r"), "\(path) is missing: run scripts/setup")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        return IconNames(css: String(decoding: bytes, as: UTF8.self))
    }

    @Test("24 MDI-7-only icons match their reference, drawn from the MDI 7 font; 1.6 has none of them")
    func newerSheet() throws {
        let debian = try Self.names(IconLookTests.cssPath)
        #expect(Self.newerNames.allSatisfy { debian[$0] == nil })
        let font = IconFont(
            face: try FontFace(path: Self.folder + "/materialdesignicons7-webfont.ttf"),
            names: try Self.names(Self.folder + "/materialdesignicons.css"))
        for name in Self.newerNames {
            let scalar = try #require(font.names[name], "\(name)")
            #expect(font.face.ink(for: scalar, size: 48) != .missing, "\(name)")
        }
        let sheet = IconSheet.render(icons: font, names: Self.newerNames, faces: .open(), theme: .dark)
        try Reference.check(sheet, "mdi7-sheet", tolerance: 0)
    }
}
