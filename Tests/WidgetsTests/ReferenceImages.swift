import AssetFiles
import ImageTestSupport
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
    static let directory = ImageComparison.directory("References", besides: #filePath)
    static let failureDirectory = "/tmp/thumbwheel-widgets-failures"
    static let channelTolerance = 3

    static var recording: Bool { ImageComparison.recording }

    /// Compares `bitmap` with the reference `name`.png; on failure writes `<name>-actual.png` and
    /// `<name>-diff.png` (red = beyond tolerance) to `failureDirectory` and names them in the issue.
    /// `tolerance`: the largest per-channel difference allowed (0: exact, for text, whose pixels no
    /// arc flattening moves).
    static func check(
        _ bitmap: Bitmap, _ name: String, tolerance: Int = channelTolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var problem: String?
        let mismatch = try ImageComparison.compare(
            bitmap, name: name, directory: directory, failureDirectory: failureDirectory,
            limit: tolerance, problem: &problem
        ) { x, y, expected in
            let a = bitmap.color(x: x, y: y), e = expected.color(x: x, y: y)
            return max(
                abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
        }
        if let problem { Issue.record("reference \(problem)", sourceLocation: sourceLocation) }
        if let m = mismatch {
            Issue.record(
                "reference \(name): \(m.count) pixels beyond ±\(tolerance) (worst \(m.worst)); actual: \(m.actualPath), diff (red = differs): \(m.diffPath)",
                sourceLocation: sourceLocation)
        }
    }
}

/// Shared fixtures: one resources object (fonts are opened once per test process).
enum Fixture {
    static func resources() -> Resources { Resources(theme: .dark, images: ImageCatalog.builtin(), faces: .open()) }

    /// Renders `controls` on a `width`×`height` screen in one full frame.
    static func render(
        _ controls: [any TouchControl], width: Int, height: Int, time: MonotonicTime = 0,
        resources: Resources = Fixture.resources()
    ) -> Bitmap {
        let view = ScreenView(
            controls: controls, background: resources.theme.background, resources: resources, scale: 1)
        view.time = time
        let bitmap = Bitmap(width: width, height: height, format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        return bitmap
    }
}
