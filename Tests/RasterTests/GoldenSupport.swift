import ImageTestSupport
import Testing
@testable import Raster

/// Golden-image comparison. Goldens live in Tests/RasterTests/Golden; `THUMBWHEEL_RECORD_GOLDEN=1`
/// re-records instead of comparing (see `ImageComparison`).
enum Golden {
    static let directory = ImageComparison.directory("Golden", besides: #filePath)
    static let failureDirectory = "/tmp/thumbwheel-golden-failures"

    /// Compares `bitmap` exactly with the golden `name`.png (after the same straight-alpha round trip the
    /// PNG file went through). On a mismatch writes `<name>-actual.png` and `<name>-diff.png`.
    static func check(_ bitmap: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var problem: String?
        /// The word the PNG file would hold for pixel (x, y).
        func roundTripped(_ x: Int, _ y: Int) -> UInt32 {
            var actual = bitmap[x, y]
            if bitmap.format == .xrgb8888 { actual |= 0xFF00_0000 }
            let (r, g, b, a) = PixelMath.unpremultiply(actual)
            return PixelMath.premultiply(r, g, b, a)
        }
        let mismatch = try ImageComparison.compare(
            bitmap, name: name, directory: directory, failureDirectory: failureDirectory,
            limit: 0, problem: &problem
        ) { x, y, expected in
            roundTripped(x, y) == expected[x, y] ? 0 : 1
        }
        if let problem { Issue.record("golden \(problem)", sourceLocation: sourceLocation) }
        guard let m = mismatch else { return }
        let (x, y) = m.first
        let first =
            "first at (\(x), \(y)): 0x\(String(roundTripped(x, y), radix: 16)) vs 0x\(String(m.expectedAtFirst, radix: 16))"
        Issue.record(
            "golden \(name): \(m.count) pixels differ (\(first)); actual: \(m.actualPath), diff (red = differs): \(m.diffPath)",
            sourceLocation: sourceLocation)
    }
}
