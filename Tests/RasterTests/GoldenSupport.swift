import Glibc
import Testing
@testable import Raster

/// Golden-image comparison. Goldens live in Tests/RasterTests/Golden (found from this file's path, so
/// recording writes into the source tree). `THUMBWHEEL_RECORD_GOLDEN=1` re-records instead of comparing.
enum Golden {
    static let directory: String = {
        let file = #filePath
        let dir = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        return String(dir) + "/Golden"
    }()
    static let failureDirectory = "/tmp/thumbwheel-golden-failures"

    static var recording: Bool { getenv("THUMBWHEEL_RECORD_GOLDEN").map { String(cString: $0) == "1" } ?? false }

    /// Compares `bitmap` exactly with the golden `name`.png (after the same straight-alpha round trip the
    /// PNG file went through). On a mismatch writes `<name>-actual.png` and `<name>-diff.png`.
    static func check(_ bitmap: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = directory + "/" + name + ".png"
        if recording {
            try PNGImage.write(bitmap, to: path)
            return
        }
        guard access(path, R_OK) == 0 else {
            Issue.record("golden \(path) is missing: run with THUMBWHEEL_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGImage.read(from: path)
        guard expected.width == bitmap.width, expected.height == bitmap.height else {
            Issue.record("golden \(name): size \(bitmap.width)x\(bitmap.height), expected \(expected.width)x\(expected.height)",
                         sourceLocation: sourceLocation)
            return
        }
        let diff = Bitmap(width: bitmap.width, height: bitmap.height, fill: .black)
        var mismatches = 0
        var first = ""
        for y in 0 ..< bitmap.height {
            for x in 0 ..< bitmap.width {
                var actual = bitmap[x, y]
                if bitmap.format == .xrgb8888 { actual |= 0xFF00_0000 }
                let (r, g, b, a) = PixelMath.unpremultiply(actual)
                let roundTripped = PixelMath.premultiply(r, g, b, a)
                if roundTripped != expected[x, y] {
                    if mismatches == 0 { first = "first at (\(x), \(y)): 0x\(String(roundTripped, radix: 16)) vs 0x\(String(expected[x, y], radix: 16))" }
                    mismatches += 1
                    diff[x, y] = 0xFFFF_0000
                } else {
                    diff[x, y] = 0xFF00_0000 | ((expected[x, y] >> 2) & 0x003F_3F3F)
                }
            }
        }
        if mismatches > 0 {
            mkdir(failureDirectory, 0o755)
            let actualPath = failureDirectory + "/" + name + "-actual.png", diffPath = failureDirectory + "/" + name + "-diff.png"
            try PNGImage.write(bitmap, to: actualPath)
            try PNGImage.write(diff, to: diffPath)
            Issue.record("golden \(name): \(mismatches) pixels differ (\(first)); actual: \(actualPath), diff (red = differs): \(diffPath)",
                         sourceLocation: sourceLocation)
        }
    }
}
