import CFreeType

/// Random access to a font file's bytes, supplied by whoever holds them: `offset` is where to start,
/// `buffer` what to fill; it returns how many bytes it copied (fewer only at the end or on failure).
/// The kiosk's edge supplies one that reads the file a piece at a time; `FontFace(bytes:)` one over
/// bytes in memory. Raster itself never opens or reads a file.
public typealias FontReader = (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) -> Int

/// The FreeType stream a `FontFace` reads its font through: FreeType copies the tables it keeps (cmap,
/// loca, metrics) into its heap when it opens the face and reads each glyph's outline as it renders
/// it, once (glyphs are cached), so a reader over a file keeps only those copies resident, where a
/// mapped or fully loaded file would keep it all.
enum FontStream {
    /// The reader a stream record points at (FreeType's callbacks are C functions: no captures).
    final class Box {
        let read: FontReader
        init(_ read: @escaping FontReader) { self.read = read }
    }

    /// A stream record for FreeType over `read`, a font of `size` bytes. FreeType calls its `close`
    /// (which releases the reader, and with it whatever the reader holds) when the face is done or
    /// its open failed; the caller frees the record.
    static func make(size: Int, read: @escaping FontReader) -> FT_Stream {
        let stream = FT_Stream.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(size)
        stream.pointee.descriptor.pointer = Unmanaged.passRetained(Box(read)).toOpaque()
        stream.pointee.read = { stream, offset, buffer, count in
            guard let stream, let box = stream.pointee.descriptor.pointer else { return 0 }
            // A count of 0 is a seek: it succeeds when the offset is inside the font.
            if count == 0 { return offset <= stream.pointee.size ? 0 : 1 }
            guard let buffer, offset <= stream.pointee.size else { return 0 }
            let reader = Unmanaged<Box>.fromOpaque(box).takeUnretainedValue()
            let done = reader.read(Int(offset), UnsafeMutableRawBufferPointer(start: buffer, count: Int(count)))
            return UInt(max(0, min(done, Int(count))))
        }
        stream.pointee.close = { stream in
            guard let stream, let box = stream.pointee.descriptor.pointer else { return }
            Unmanaged<Box>.fromOpaque(box).release()
            stream.pointee.descriptor.pointer = nil
        }
        return stream
    }
}
