import AssetFiles
import Glibc
import Raster

/// Comparison of a drawn bitmap with a reference PNG kept in the source tree, shared by the Raster
/// goldens (exact) and the Widgets references (a small tolerance): each passes its own per-pixel
/// difference and limit. `THUMBWHEEL_RECORD_GOLDEN=1` re-records the references instead.
public enum ImageComparison {
    /// Whether this test run records references instead of comparing.
    public static var recording: Bool { getenv("THUMBWHEEL_RECORD_GOLDEN").map { String(cString: $0) == "1" } ?? false }

    /// The folder `folder` beside the source file `file` (pass `#filePath`): references live next to
    /// their tests, so recording writes into the source tree.
    public static func directory(_ folder: String, besides file: String) -> String {
        String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/" + folder
    }

    /// What a comparison found.
    public struct Mismatch {
        /// Pixels whose difference exceeds the limit, the largest difference, the first such pixel and
        /// the reference's word there.
        public let count: Int, worst: Int, first: (x: Int, y: Int), expectedAtFirst: UInt32
        /// Where the actual image and the diff (red = beyond the limit) were written.
        public let actualPath: String, diffPath: String
    }

    /// Compares `bitmap` with `directory/name.png`, pixel by pixel through `difference(x, y, expected)`
    /// (the reference as read; the same size is checked first). Returns nil when every difference is within
    /// `limit` (or when recording); otherwise writes `<name>-actual.png` and `<name>-diff.png` to
    /// `failureDirectory` and returns what differs. A missing or differently sized reference is an error
    /// message in `problem`.
    public static func compare(
        _ bitmap: Bitmap, name: String, directory: String, failureDirectory: String, limit: Int,
        problem: inout String?, difference: (Int, Int, Bitmap) -> Int
    ) throws -> Mismatch? {
        let path = directory + "/" + name + ".png"
        if recording { try PNGImage.write(bitmap, to: path); return nil }
        guard access(path, R_OK) == 0 else {
            problem = "\(path) is missing: run with THUMBWHEEL_RECORD_GOLDEN=1 to record it"
            return nil
        }
        let expected = try PNGImage.read(from: path)
        guard expected.width == bitmap.width, expected.height == bitmap.height else {
            problem = "\(name): size \(bitmap.width)x\(bitmap.height), expected \(expected.width)x\(expected.height)"
            return nil
        }
        let diff = Bitmap(width: bitmap.width, height: bitmap.height, fill: .black)
        var count = 0, worst = 0, first = (x: 0, y: 0)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let d = difference(x, y, expected)
                worst = max(worst, d)
                if d > limit {
                    if count == 0 { first = (x, y) }
                    count += 1
                    diff[x, y] = 0xFFFF_0000
                } else {
                    diff[x, y] = 0xFF00_0000 | ((expected[x, y] >> 2) & 0x003F_3F3F)
                }
            }
        }
        guard count > 0 else { return nil }
        mkdir(failureDirectory, 0o755)
        let actualPath = failureDirectory + "/" + name + "-actual.png",
            diffPath = failureDirectory + "/" + name + "-diff.png"
        try PNGImage.write(bitmap, to: actualPath)
        try PNGImage.write(diff, to: diffPath)
        return Mismatch(
            count: count, worst: worst, first: first, expectedAtFirst: expected[first.x, first.y],
            actualPath: actualPath, diffPath: diffPath)
    }
}
