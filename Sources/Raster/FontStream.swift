import CFreeType
import Glibc

/// The FreeType stream a `FontFace` reads its file through: `pread` on a descriptor instead of
/// FreeType's own stream, which maps the whole file. FreeType copies the tables it keeps (cmap,
/// loca, metrics) into its heap when it opens the face and reads each glyph's outline as it renders
/// it, once (glyphs are cached). Mapped, the demo's two DejaVu faces left several times more of the
/// files resident (the kernel maps a window around each page touched) than FreeType's copies take
/// of heap when they are read (scripts/footprint, massif). It reads only the file the caller named, as
/// FreeType's own stream did and as PNGImage does through libpng.
enum FontStream {
    /// A stream record for FreeType over `fd`, a file of `size` bytes. FreeType calls its `close`
    /// (which closes `fd`) when the face is done or its open failed; the caller frees the record.
    static func make(fd: Int32, size: Int) -> FT_Stream {
        let stream = FT_Stream.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(size)
        stream.pointee.descriptor.value = Int(fd)
        stream.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return 0 }
            let fd = Int32(truncatingIfNeeded: stream.pointee.descriptor.value)
            // A count of 0 is a seek: it succeeds when the offset is inside the file.
            if count == 0 { return offset <= stream.pointee.size ? 0 : 1 }
            guard let buffer else { return 0 }
            var done = 0
            while done < Int(count) {
                let n = pread(fd, buffer + done, Int(count) - done, off_t(offset) + off_t(done))
                if n > 0 { done += n; continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            return UInt(done)
        }
        stream.pointee.close = { stream in
            guard let stream else { return }
            close(Int32(truncatingIfNeeded: stream.pointee.descriptor.value))
            stream.pointee.descriptor.value = -1
        }
        return stream
    }
}
