import Core
/// The renderer's frame in ordinary memory: XRGB8888 pixels, `stride` pixels from one row to the
/// next. The display only reads it, and only inside `present`; it never keeps the pointer.
public struct SourceFrame {
    public let pixels: UnsafePointer<UInt32>
    public let width: Int
    public let height: Int
    /// Pixels (not bytes) from the start of one row to the start of the next; at least `width`.
    public let stride: Int

    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "SourceFrame: bad geometry")
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride
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
    /// Bytes from one row to the next.
    public let pitch: Int
    public let format: ScanoutFormat

    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int, format: ScanoutFormat) {
        precondition(pitch >= width * format.bytesPerPixel, "ScanoutBuffer: pitch too small")
        self.base = base; self.width = width; self.height = height; self.pitch = pitch; self.format = format
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// The number of bytes the buffer spans.
    public var byteCount: Int { pitch * height }

    /// Fills the whole buffer with zero bytes (black). Writes only.
    public func clear() { base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount) }
}
