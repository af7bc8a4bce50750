import Glibc
import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Screenshot comparison against the reference PNGs in Tests/WidgetsTests/References (found from this
/// file's path, so recording writes into the source tree). `THUMBWHEEL_RECORD_GOLDEN=1` re-records.
///
/// Tolerance: every pixel must be within 3/255 per channel (R, G, B, A) of the reference; no pixel may
/// exceed it. The slack absorbs last-bit differences of coverage rounding (for instance an arc of another
/// sweep flattened into other segments); a real change of the look, even a two-character label in
/// another colour, moves pixels by far more than 3/255.
enum Reference {
    static let directory: String = {
        let file = #filePath
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/References"
    }()
    static let failureDirectory = "/tmp/thumbwheel-widgets-failures"
    static let channelTolerance: Int32 = 3

    static var recording: Bool { getenv("THUMBWHEEL_RECORD_GOLDEN").map { String(cString: $0) == "1" } ?? false }

    /// Compares `bitmap` with the reference `name`.png; on failure writes `<name>-actual.png` and
    /// `<name>-diff.png` (red = beyond tolerance) to `failureDirectory` and names them in the issue.
    static func check(_ bitmap: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = directory + "/" + name + ".png"
        if recording { try PNGImage.write(bitmap, to: path); return }
        guard access(path, R_OK) == 0 else {
            Issue.record("reference \(path) is missing: run with THUMBWHEEL_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGImage.read(from: path)
        guard expected.width == bitmap.width, expected.height == bitmap.height else {
            Issue.record("reference \(name): size \(bitmap.width)x\(bitmap.height), expected \(expected.width)x\(expected.height)",
                         sourceLocation: sourceLocation)
            return
        }
        let diff = Bitmap(width: bitmap.width, height: bitmap.height, fill: .black)
        var mismatches = 0, worst: Int32 = 0
        for y in 0 ..< bitmap.height {
            for x in 0 ..< bitmap.width {
                let a = bitmap.color(x: x, y: y), e = expected.color(x: x, y: y)
                let d = max(abs(Int32(a.r) - Int32(e.r)), abs(Int32(a.g) - Int32(e.g)),
                            abs(Int32(a.b) - Int32(e.b)), abs(Int32(a.a) - Int32(e.a)))
                worst = max(worst, d)
                if d > channelTolerance { mismatches += 1; diff[x, y] = 0xFFFF_0000 }
                else { diff[x, y] = 0xFF00_0000 | ((expected[x, y] >> 2) & 0x003F_3F3F) }
            }
        }
        if mismatches > 0 {
            mkdir(failureDirectory, 0o755)
            let actualPath = failureDirectory + "/" + name + "-actual.png", diffPath = failureDirectory + "/" + name + "-diff.png"
            try PNGImage.write(bitmap, to: actualPath)
            try PNGImage.write(diff, to: diffPath)
            Issue.record("reference \(name): \(mismatches) pixels beyond ±\(channelTolerance) (worst \(worst)); actual: \(actualPath), diff (red = differs): \(diffPath)",
                         sourceLocation: sourceLocation)
        }
    }
}

/// Shared fixtures: one resources object (fonts are opened once per test process).
enum Fixture {
    static func resources() -> Resources { Resources(theme: .dark, images: ImageCatalog.builtin()) }

    /// Renders `controls` on a `width`×`height` screen in one full frame.
    static func render(_ controls: [any TouchControl], width: Int, height: Int, time: MonotonicTime = 0,
                       resources: Resources = Fixture.resources()) -> Bitmap {
        let view = ScreenView(controls: controls, background: resources.theme.background, resources: resources, scale: 1)
        view.time = time
        let bitmap = Bitmap(width: width, height: height, format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        return bitmap
    }
}
