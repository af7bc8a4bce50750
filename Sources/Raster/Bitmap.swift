import Core

/// An image that owns its pixels: premultiplied 0xAARRGGBB words (bytes B, G, R, A), rows packed
/// (`strideBytes == width * 4`). Draw into it through `canvas`; keep the bitmap alive while you do.
public final class Bitmap {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// `.argb8888` or `.xrgb8888`; both store the same premultiplied words.
    public let format: PixelFormat
    /// The pixel words, row-major, `width * height` of them.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// A bitmap filled with `color` (transparent by default).
    public init(width: Int, height: Int, format: PixelFormat = .argb8888, fill color: Color = .clear) {
        precondition(width >= 0 && height >= 0, "Bitmap size must not be negative")
        precondition(format != .rgb565, "Bitmap stores 32-bit pixels; use Canvas over your own memory for RGB565")
        self.width = width; self.height = height; self.format = format
        pixels = .allocate(capacity: max(1, width * height))
        pixels.initialize(repeating: color.premultipliedARGB, count: max(1, width * height))
    }
    deinit { pixels.deallocate() }

    /// Bytes from one row to the next: rows are packed.
    public var strideBytes: Int { width * 4 }

    /// A canvas drawing into this bitmap's memory (clip: the whole bitmap). The canvas keeps the bitmap
    /// alive. Every canvas of one bitmap shares its work memory, so asking for `canvas` again is cheap.
    public var canvas: Canvas {
        Canvas(
            pixels: UnsafeMutableRawPointer(pixels), width: width, height: height, strideBytes: strideBytes,
            format: format,
            scratch: scratch, owner: self)
    }
    /// The canvases' work memory (edge-pixel streams, coverage cells: large once a disc or an arc
    /// has been drawn), made on first use and kept for the next drawing.
    private var workMemory: RasterScratch?
    private var scratch: RasterScratch {
        if let workMemory { return workMemory }
        let made = RasterScratch()
        workMemory = made
        return made
    }

    /// Frees the work memory drawing allocated, for a bitmap drawn once and then only read (an icon, a
    /// text mask): each bitmap has its own, and the built-in icons kept megabytes of it for nothing.
    /// Drawing again allocates it anew; canvases still alive keep theirs until they go.
    public func releaseWorkMemory() { workMemory = nil }

    /// The premultiplied word at (x, y).
    public subscript(x: Int, y: Int) -> UInt32 {
        get { precondition(x >= 0 && x < width && y >= 0 && y < height); return pixels[y * width + x] }
        set { precondition(x >= 0 && x < width && y >= 0 && y < height); pixels[y * width + x] = newValue }
    }

    /// The straight colour at (x, y).
    public func color(x: Int, y: Int) -> Color {
        let (r, g, b, a) = PixelMath.unpremultiply(self[x, y])
        return Color(r: r, g: g, b: b, a: a)
    }

    /// True when both bitmaps have the same size and identical words.
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for i in 0..<width * height where pixels[i] != other.pixels[i] { return false }
        return true
    }
}
