import CFreeType
import Core

/// Why a font could not be loaded or used.
public struct FontError: Error, CustomStringConvertible, Equatable {
    /// The font file (or the name it was opened under).
    public var path: String
    /// What went wrong, for a person.
    public var message: String
    public var description: String { "font \(path): \(message)" }
    /// An error about `path` (whoever read the file reports it in the same words).
    public init(path: String, message: String) { self.path = path; self.message = message }
}

/// A font opened with FreeType, with its glyph cache. Glyphs are rendered unhinted with grayscale
/// anti-aliasing, positioned to a quarter pixel. Not thread-safe (one per thread). Its bytes are
/// handed in (a reader or the whole file): Raster opens no file, the edge does.
public final class FontFace {
    /// The font's file (or the name it was opened under).
    public let path: String
    /// Font units per em square (2048 for DejaVu Sans).
    public let unitsPerEm: Int
    /// True when the face has a kerning table FreeType can read.
    public let hasKerning: Bool
    /// Typographic ascender and descender in font units (descender negative, as in the font).
    public let ascender: Int
    public let descender: Int
    private var library: FT_Library?
    private var face: FT_Face?
    private var stream: FT_Stream?
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var glyphIndices: [UInt32: UInt32] = [:]
    private var currentSize: Int = -1

    /// Opens the font `read` gives access to, `size` bytes long (TrueType, OpenType, …; the first face
    /// in it). `name` (the file's path, for the kiosk) is used in errors. The face keeps `read` until
    /// it is done with the font: FreeType reads each glyph's outline the first time it renders it.
    public init(name: String, size: Int, read: @escaping FontReader) throws {
        self.path = name
        var lib: FT_Library?
        guard thumbwheel_ft_new_library(&lib) == 0, let lib else {
            throw FontError(path: name, message: "cannot start FreeType")
        }
        let stream = FontStream.make(size: max(0, size), read: read)
        var args = FT_Open_Args()
        args.flags = FT_UInt(FT_OPEN_STREAM)
        args.stream = stream
        var f: FT_Face?
        // FreeType closes the stream (FontStream's close: the reader is released) when the face is done
        // with, or at once when the open fails; the record itself is ours to free after that.
        let err = FT_Open_Face(lib, &args, 0, &f)
        guard err == 0, let f else {
            thumbwheel_ft_done_library(lib)
            stream.deallocate()
            throw FontError(path: name, message: "not a font FreeType can read (error \(err))")
        }
        library = lib; face = f; self.stream = stream
        unitsPerEm = Int(f.pointee.units_per_EM)
        hasKerning = (f.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0
        ascender = Int(f.pointee.ascender); descender = Int(f.pointee.descender)
    }

    /// Opens a font held in memory (the whole file's bytes); the face keeps them for its life, as
    /// FreeType reads glyph outlines from them as it renders. `name` is used in errors.
    public convenience init(bytes: [UInt8], name: String = "(memory)") throws {
        try self.init(name: name, size: bytes.count) { offset, buffer in
            guard offset < bytes.count else { return 0 }
            let n = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + n])) }
            return n
        }
    }
    deinit {
        if let face { FT_Done_Face(face) }
        if let library { thumbwheel_ft_done_library(library) }
        stream?.deallocate()
    }

    /// The glyph index of a Unicode scalar (0 = the face's missing-glyph box).
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        if let g = glyphIndices[scalar.value] { return g }
        let g = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
        glyphIndices[scalar.value] = g
        return g
    }

    /// Size in 1/64 px, as FreeType takes it.
    static func size64(_ size: Double) -> Int {
        guard size.isFinite else { return 64 }
        return max(1, min(640_000, Int((max(0, min(size, 10_000)) * 64).rounded())))
    }

    private func select(size64: Int) {
        if size64 != currentSize {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
            currentSize = size64
        }
    }

    /// The kerning adjustment in pixels between two glyphs (0 without a kerning table).
    func kerning(_ left: UInt32, _ right: UInt32, size64: Int) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        select(size64: size64)
        var v = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNFITTED.rawValue), &v) == 0 else { return 0 }
        return Double(v.x) / 64
    }

    /// The rendered glyph for `index` at `size64`, offset by (`subX`, `subY`) quarter pixels.
    func glyph(_ index: UInt32, size64: Int, subX: Int, subY: Int) -> Glyph {
        let key = GlyphKey(index: index, size64: Int32(size64), sub: UInt8(subX | subY << 2))
        if let g = glyphs[key] { return g }
        select(size64: size64)
        // The quarter-pixel offset goes in through the transform so the outline is rasterised in place.
        // FreeType's y points up, ours down.
        var delta = FT_Vector(x: FT_Pos(subX * 16), y: FT_Pos(-subY * 16))
        FT_Set_Transform(face, nil, &delta)
        var g = Glyph()
        let loadFlags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        if FT_Load_Glyph(face, index, loadFlags) == 0, let slot = face?.pointee.glyph {
            g.advance = Double(slot.pointee.linearHoriAdvance) / 65536
            let drawable =
                Self.fitsGlyphLimit(slot.pointee.metrics, size64: size64)
                && FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
            let bm = slot.pointee.bitmap
            g.width = Int(bm.width); g.height = Int(bm.rows)
            g.left = Int(slot.pointee.bitmap_left); g.top = Int(slot.pointee.bitmap_top)
            if drawable, g.width > 0, g.height > 0, let buffer = bm.buffer,
                bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            {
                var cov = [UInt8](repeating: 0, count: g.width * g.height)
                for row in 0..<g.height {
                    let src = buffer + row * Int(bm.pitch)
                    for x in 0..<g.width { cov[row * g.width + x] = src[x] }
                }
                g.coverage = cov
            } else {
                g.width = 0; g.height = 0
            }
        }
        var zero = FT_Vector(x: 0, y: 0)
        FT_Set_Transform(face, nil, &zero)
        glyphs[key] = g
        return g
    }

    /// Whether a glyph's outline box (`metrics`, 1/64 px) is small enough to render: at most four
    /// ems (and at least 64 px) on each side. Real glyphs stay within about two ems; a broken or
    /// hostile font (a fuzzed one set unitsPerEm to 31 in a 2048-unit design) would otherwise make
    /// FreeType render glyphs thousands of pixels square, each a huge allocation and a long stall.
    /// Such a glyph keeps its advance and draws nothing.
    static func fitsGlyphLimit(_ metrics: FT_Glyph_Metrics, size64: Int) -> Bool {
        let limit64 = max(64, 4 * size64 / 64) * 64
        return Int(metrics.width) <= limit64 && Int(metrics.height) <= limit64
    }

    /// The unhinted advance of `index` in pixels at `size64`.
    func advance(_ index: UInt32, size64: Int) -> Double { glyph(index, size64: size64, subX: 0, subY: 0).advance }

    /// What the face draws for one character.
    public enum Ink: Equatable, Sendable {
        /// A glyph that covers pixels.
        case drawn
        /// No glyph: the face's character map does not have the character.
        case missing
        /// A glyph that draws nothing at that size (an empty outline, or one too big to render).
        case blank
    }

    /// What the face draws for `scalar` at `size` pixels per em, rendered as text would render it.
    public func ink(for scalar: Unicode.Scalar, size: Double) -> Ink {
        let index = glyphIndex(scalar)
        guard index != 0 else { return .missing }
        let g = glyph(index, size64: Self.size64(size), subX: 0, subY: 0)
        return g.coverage.contains { $0 != 0 } ? .drawn : .blank
    }
}

struct GlyphKey: Hashable {
    var index: UInt32
    var size64: Int32
    var sub: UInt8
}

/// One rendered glyph: 8-bit coverage, its placement relative to the pen (x right, `top` above the
/// baseline), and its advance.
struct Glyph {
    var width = 0, height = 0, left = 0, top = 0
    var advance = 0.0
    var coverage: [UInt8] = []
}
