import Core
import CPixelKernels
import Glibc

/// A drawing surface over caller-owned pixel memory (a DRM dumb buffer, an fbdev mapping, a `Bitmap`).
/// Every operation honours `clip`. A `Canvas` is a view: copies share the same memory and scratch
/// buffers, and the memory must outlive it. Not thread-safe; one canvas per thread.
public struct Canvas {
    /// First byte of row 0.
    public let pixels: UnsafeMutableRawPointer
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (may exceed `width * bytesPerPixel`).
    public let strideBytes: Int
    public let format: PixelFormat
    /// Pixels outside this rectangle are never written. Setting it intersects with the canvas bounds.
    public var clip: PixelRect {
        get { storedClip }
        set { storedClip = newValue.intersection(bounds) }
    }
    private var storedClip: PixelRect
    /// Reused work memory (coverage cells, flattened outlines), so steady-state drawing does not allocate.
    let scratch: RasterScratch
    /// The object owning `pixels` when the canvas came from one (a `Bitmap`): held so the memory lives
    /// as long as any copy of the canvas.
    let owner: AnyObject?

    /// A canvas over `pixels`; `strideBytes` must hold a whole row.
    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int, format: PixelFormat) {
        self.init(
            pixels: pixels, width: width, height: height, strideBytes: strideBytes, format: format,
            scratch: RasterScratch(), owner: nil)
    }

    init(
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int, format: PixelFormat,
        scratch: RasterScratch,
        owner: AnyObject?
    ) {
        precondition(width >= 0 && height >= 0, "Canvas size must not be negative")
        precondition(
            strideBytes >= width * format.bytesPerPixel, "Canvas strideBytes \(strideBytes) is shorter than a row")
        self.pixels = pixels; self.width = width; self.height = height; self.strideBytes = strideBytes;
        self.format = format
        storedClip = PixelRect(x: 0, y: 0, width: width, height: height)
        self.scratch = scratch
        self.owner = owner
    }

    /// The whole canvas.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The build of the vector kernels this canvas and its copies draw round shapes with:
    /// `KernelLevel.fastest` unless set (benchmarks and tests compare them). Only levels of
    /// `KernelLevel.available` run on this CPU.
    public var kernels: KernelLevel {
        get { scratch.rowBatch.kernels }
        nonmutating set {
            precondition(KernelLevel.available.contains(newValue), "kernel level \(newValue) does not run on this CPU")
            scratch.rowBatch.kernels = newValue
        }
    }

    /// Runs `body` with the clip narrowed to `rect` (intersected with the current clip), then restores it.
    public mutating func withClip<T>(_ rect: PixelRect, _ body: (inout Canvas) throws -> T) rethrows -> T {
        let saved = storedClip
        storedClip = storedClip.intersection(rect)
        defer { storedClip = saved }
        return try body(&self)
    }

    /// Sets every pixel inside the clip to `color` (SRC copy, no blending).
    public func clear(_ color: Color) {
        let c = clip
        guard !c.isEmpty else { return }
        if format == .rgb565 {
            let v = RGB565.pack(color.premultipliedARGB)
            for y in c.y..<c.maxY {
                let row = (pixels + y * strideBytes).assumingMemoryBound(to: UInt16.self) + c.x
                row.update(repeating: v, count: c.width)
            }
            return
        }
        let word = color.premultipliedARGB
        if c.x == 0 && c.width == width && strideBytes == width * 4 {
            // One contiguous run: a single fill.
            tw_fill32_large(pixels.assumingMemoryBound(to: UInt32.self) + c.y * width, word, c.width * c.height)
            return
        }
        for y in c.y..<c.maxY {
            PixelMath.fill((pixels + y * strideBytes).assumingMemoryBound(to: UInt32.self) + c.x, c.width, word)
        }
    }

    /// The premultiplied 0xAARRGGBB word at (x, y) (RGB565 is widened to an opaque word).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
        if format == .rgb565 {
            return RGB565.unpack((pixels + y * strideBytes).assumingMemoryBound(to: UInt16.self)[x])
        }
        return (pixels + y * strideBytes).assumingMemoryBound(to: UInt32.self)[x]
    }

    /// Copies the clip region into a new `Bitmap` of the canvas size (pixels outside the clip are kept too).
    public func snapshot() -> Bitmap {
        let b = Bitmap(width: width, height: height, format: format == .xrgb8888 ? .xrgb8888 : .argb8888)
        for y in 0..<height { for x in 0..<width { b.pixels[y * width + x] = pixel(x: x, y: y) } }
        return b
    }
}

/// Work memory shared by the copies of one canvas.
final class RasterScratch {
    let cells = CoverageCells()
    let columns = ColumnCells()
    var outline = Outline()
    let rowBatch = RowBatch()
    /// Whether arc rows beside a cap are split at its end ray (`ArcRowWalk.capPiece`) rather than given
    /// the general walk; tests turn it off to compare the two.
    var splitsCapPieces = true
    /// One row of shaded colours for gradient and image paints.
    var colors: UnsafeMutablePointer<UInt32>
    var colorCapacity: Int
    init() { colorCapacity = 0; colors = .allocate(capacity: 1) }
    deinit { colors.deallocate() }
    func colorRow(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        if count > colorCapacity {
            colors.deallocate()
            colorCapacity = max(count, 256)
            colors = .allocate(capacity: colorCapacity)
        }
        return colors
    }
}
