import Core
import Raster
/// The renderer's frame in ordinary memory: XRGB8888 pixels, `strideBytes` bytes from one row to
/// the next (bytes, as for `Canvas` and `ScanoutBuffer`). The display only reads it, and only inside `present`; it never keeps the pointer.
public struct SourceFrame {
    public let pixels: UnsafePointer<UInt32>
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next: at least `width * 4`, and a whole
    /// number of pixels (rows start on a pixel).
    public let strideBytes: Int

    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, strideBytes: Int) {
        precondition(
            width >= 0 && height >= 0 && strideBytes >= width * 4 && strideBytes % 4 == 0,
            "SourceFrame: bad geometry")
        self.pixels = pixels; self.width = width; self.height = height; self.strideBytes = strideBytes
    }

    /// The frame over a bitmap's pixels (which are packed rows of 32-bit words).
    public init(_ bitmap: Bitmap) {
        self.init(
            pixels: UnsafePointer(bitmap.pixels), width: bitmap.width, height: bitmap.height,
            strideBytes: bitmap.strideBytes)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var bounds: PixelRect { PixelRect(size: size) }
}

/// A scan-out buffer as the copier sees it: a mapped dumb buffer, an fbdev page, or plain memory
/// for the headless display and tests. Write-only by contract: dumb buffers are often
/// write-combined, where every read stalls.
public struct ScanoutBuffer {
    public let base: UnsafeMutableRawPointer
    /// Scan-out width and height in pixels (the panel's native orientation).
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (DRM's "pitch", fbdev's line length).
    public let strideBytes: Int
    public let format: ScanoutFormat

    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int, format: ScanoutFormat) {
        precondition(strideBytes >= width * format.bytesPerPixel, "ScanoutBuffer: strideBytes too small")
        self.base = base; self.width = width; self.height = height; self.strideBytes = strideBytes; self.format = format
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// The number of bytes the buffer spans.
    public var byteCount: Int { strideBytes * height }

    /// Fills the whole buffer with zero bytes (black). Writes only.
    public func clear() { base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount) }
}
