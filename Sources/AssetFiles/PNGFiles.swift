import Glibc
import Platform
import Raster

extension PNGImage {
    /// Reads the PNG file at `path` and decodes it (`decode(_:name:)`); a `PNGError` naming the file
    /// when it cannot be read or decoded.
    public static func read(from path: String) throws -> Bitmap {
        guard let bytes = FileIO.read(path) else {
            throw PNGError(path: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        return try decode(bytes, name: path)
    }

    /// Writes `bitmap` to `path` as an 8-bit RGBA PNG (`encode(_:)`), replacing the file in place
    /// (not atomically: a path such as /dev/stdout must work).
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(bitmap)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw PNGError(path: path, message: "cannot write: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            throw PNGError(path: path, message: "cannot write: \(String(cString: strerror(errno)))")
        }
    }
}
