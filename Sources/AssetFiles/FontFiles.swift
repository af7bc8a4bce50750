import Glibc
import Raster

extension FontFace {
    /// Opens the font file at `path` (TrueType, OpenType, …; the first face in the file). The face
    /// reads the file a piece at a time as FreeType asks (`pread`), not mapped or loaded whole, so
    /// only the tables FreeType copies stay resident; the descriptor is closed when the face is.
    public convenience init(path: String) throws {
        let file = try ReadOnlyFile(path: path)
        try self.init(name: path, size: file.size) { offset, buffer in file.read(at: offset, into: buffer) }
    }
}

/// A file open for reading at any offset, closed when the last reference goes.
final class ReadOnlyFile {
    let fd: Int32
    let size: Int

    /// Opens `path`; a `FontError` naming it when it cannot be opened.
    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else {
            if fd >= 0 { close(fd) }
            throw FontError(path: path, message: "cannot open the file")
        }
        self.fd = fd
        size = Int(info.st_size)
    }
    deinit { close(fd) }

    /// Fills `buffer` from `offset` on, retrying interrupted reads; the bytes read (fewer at the end
    /// of the file or on an error).
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = pread(fd, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        return done
    }
}
