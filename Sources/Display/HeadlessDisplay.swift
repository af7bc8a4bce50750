import Core
import Raster
/// An upright XRGB8888 image taken from a display: what the panel would show, for PNG writing
/// and comparisons. `pixels` holds `width * height` values, row by row.
public struct DisplayImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]
}

/// The in-memory display: no device, the same copy path as the panels. Used for `render`,
/// tests, and as the last resort when neither DRM nor fbdev works.
public final class HeadlessDisplay: DisplayOutput {
    public let kind = DisplayKind.headless
    public let rotation: DisplayRotation
    public let physicalSizeMM: PixelSize? = nil
    public let pollDescriptor: Int32? = nil
    public private(set) var isPaused = false
    /// How many frames were presented (copied); tests and the benchmark read it.
    public private(set) var presentCount = 0

    private var scanout: BufferedScanout
    private let memory: UnsafeMutableRawPointer
    private let buffer: ScanoutBuffer
    private var closed = false

    /// A display of upright canvas size `canvas`, keeping its scan-out copy in `format` turned by
    /// `rotation` (so tests can check the very bytes a panel would get).
    public init(canvas: PixelSize, rotation: DisplayRotation = .deg0, format: ScanoutFormat = .xrgb8888) {
        precondition(canvas.width > 0 && canvas.height > 0, "HeadlessDisplay: empty canvas")
        self.rotation = rotation
        let size = rotation.swapsAxes ? canvas.transposed : canvas
        let strideBytes = size.width * format.bytesPerPixel
        memory = UnsafeMutableRawPointer.allocate(byteCount: strideBytes * size.height, alignment: 16)
        buffer = ScanoutBuffer(
            base: memory, width: size.width, height: size.height, strideBytes: strideBytes, format: format)
        buffer.clear()
        scanout = BufferedScanout(buffers: [buffer], rotation: rotation)
    }

    deinit { memory.deallocate() }

    public var canvasSize: PixelSize { scanout.canvasSize }
    public var summary: String { "headless \(canvasSize) \(buffer.format) rotation \(rotation)" }
    /// The scan-out buffer as a panel would hold it (native orientation, scan-out format).
    public var scanoutBuffer: ScanoutBuffer { buffer }

    public func present(_ frame: SourceFrame, damage: [PixelRect]) throws -> PresentOutcome {
        if isPaused || closed { scanout.record(damage); return .paused }
        guard let written = scanout.render(frame, damage: damage) else { return .deferred }
        scanout.update { $0.shownImmediately(written.index) }
        presentCount += 1
        return .shown
    }

    public func handleEvents() throws -> Bool { false }
    public func pause() throws { isPaused = true }
    public func resume() throws {
        isPaused = false
        scanout.update { $0.resetAfterPause() }
    }
    public func close() { closed = true }

    /// The last presented frame, upright (the rotation undone) and widened to XRGB8888: equal to
    /// the canvas for XRGB8888, and to the canvas reduced to 5/6/5 bits (scaled back up by bit
    /// replication) for RGB565.
    public func lastFrame() -> DisplayImage {
        let cw = canvasSize.width, ch = canvasSize.height
        var out = [UInt32](repeating: 0, count: cw * ch)
        for y in 0..<ch {
            for x in 0..<cw {
                let p = rotation.scanoutPoint(x: x, y: y, canvas: canvasSize)
                out[y * cw + x] = readScanout(x: p.x, y: p.y)
            }
        }
        return DisplayImage(width: cw, height: ch, pixels: out)
    }

    /// One scan-out pixel as XRGB8888 (ordinary memory here, so reading it is fine).
    private func readScanout(x: Int, y: Int) -> UInt32 {
        let row = buffer.base + y * buffer.strideBytes
        switch buffer.format {
        case .xrgb8888:
            return row.load(fromByteOffset: x * 4, as: UInt32.self)
        case .rgb565:
            return RGB565.unpack(row.load(fromByteOffset: x * 2, as: UInt16.self))
        }
    }
}
