import CPNG
import Core

/// Why reading or writing a PNG failed.
public struct PNGError: Error, CustomStringConvertible, Equatable {
    /// The file (or the name its bytes were decoded under).
    public var path: String
    /// What went wrong (libpng's words where it gave some).
    public var message: String
    public var description: String { "PNG \(path): \(message)" }
    /// An error about `path` (whoever read the file reports it in the same words).
    public init(path: String, message: String) { self.path = path; self.message = message }
}

/// PNG files' bytes through libpng's simplified API, in memory: reading and writing the files is the
/// edge's (Raster does no I/O). Files hold straight (non-premultiplied) RGBA; bitmaps hold
/// premultiplied words, so both directions convert.
public enum PNGImage {
    /// `bitmap` as the bytes of an 8-bit RGBA PNG file (`.xrgb8888` bitmaps are encoded opaque), made
    /// in memory: writing them to a file is the edge's business (the control socket's screenshot goes
    /// out as base64 and touches no file at all).
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        let rgba = straightRGBA(bitmap)
        // A first guess that fits almost every frame (raw pixels, one filter byte per row and the
        // headers); libpng tells the exact size when it does not, and the second try uses that.
        var capacity = rgba.count + bitmap.height + 1024
        for _ in 0..<2 {
            var image = rgbaImage(bitmap)
            var out = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = out.withUnsafeMutableBytes { dst in
                rgba.withUnsafeBytes {
                    png_image_write_to_memory(
                        &image, dst.baseAddress, &size, 0, $0.baseAddress, Int32(bitmap.width * 4), nil)
                }
            }
            if ok != 0 {
                out.removeSubrange(Int(size)...)
                return out
            }
            if Int(size) > capacity { capacity = Int(size); png_image_free(&image); continue }
            let message = PNGImage.message(of: &image)
            png_image_free(&image)
            throw PNGError(path: "(memory)", message: "cannot encode: \(message)")
        }
        throw PNGError(path: "(memory)", message: "cannot encode: the PNG outgrew the size libpng asked for")
    }

    /// The bitmap's pixels as straight (non-premultiplied) RGBA bytes, the layout PNG stores.
    private static func straightRGBA(_ bitmap: Bitmap) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        var rgba = [UInt8](repeating: 0, count: max(1, w * h * 4))
        let opaque = bitmap.format == .xrgb8888
        for i in 0..<w * h {
            var p = bitmap.pixels[i]
            if opaque { p |= 0xFF00_0000 }
            let (r, g, b, a) = PixelMath.unpremultiply(p)
            rgba[i * 4] = r; rgba[i * 4 + 1] = g; rgba[i * 4 + 2] = b; rgba[i * 4 + 3] = a
        }
        return rgba
    }

    /// libpng's description of an RGBA image the size of `bitmap`.
    private static func rgbaImage(_ bitmap: Bitmap) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width); image.height = UInt32(bitmap.height)
        image.format = tw_png_format_rgba()
        return image
    }

    /// The widest or tallest image read: 4096 x 4096 RGBA is 64 MiB while decoding, past any icon or
    /// backdrop a panel shows; a bigger (or lying) header is refused before anything is allocated.
    public static let maxSide = 4096

    /// Decodes the bytes of any PNG file (palette, grey, 16-bit, with or without alpha) into a
    /// premultiplied `.argb8888` bitmap; `name` (the file's path, for the edge that read it) is used in errors.
    public static func decode(_ bytes: [UInt8], name: String = "(memory)") throws -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // libpng reads from the memory until the read is finished: both happen inside this closure.
        return try bytes.withUnsafeBytes { raw throws -> Bitmap in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                let message = PNGImage.message(of: &image)
                png_image_free(&image)
                throw PNGError(path: name, message: "cannot read: \(message)")
            }
            return try finishRead(&image, path: name)
        }
    }

    /// Checks the size a begun read announced, then decodes the pixels and premultiplies them.
    private static func finishRead(_ image: inout png_image, path: String) throws -> Bitmap {
        let w = Int(image.width), h = Int(image.height)
        guard w <= maxSide, h <= maxSide else {
            png_image_free(&image)
            throw PNGError(path: path, message: "\(w) x \(h) pixels is larger than \(maxSide) x \(maxSide)")
        }
        image.format = tw_png_format_rgba()
        var rgba = [UInt8](repeating: 0, count: max(1, w * h * 4))
        let ok = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard ok != 0 else {
            let message = PNGImage.message(of: &image)
            png_image_free(&image)
            throw PNGError(path: path, message: "cannot decode: \(message)")
        }
        let bitmap = Bitmap(width: w, height: h)
        for i in 0..<w * h {
            bitmap.pixels[i] = PixelMath.premultiply(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3])
        }
        return bitmap
    }

    /// libpng's error text from the image's fixed `message` buffer.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}
