import Core
@_exported import TestSupport
@testable import Display

/// A canvas in ordinary memory with rows wider than its width (to catch stride mistakes).
final class TestCanvas {
    let width: Int, height: Int, rowPixels: Int
    var pixels: [UInt32]
    init(width: Int, height: Int, padding: Int = 3) {
        self.width = width; self.height = height; rowPixels = width + padding
        pixels = [UInt32](repeating: 0xDEAD_BEEF, count: rowPixels * height)
    }
    subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * rowPixels + x] }
        set { pixels[y * rowPixels + x] = newValue }
    }
    /// Paints `r` (clipped) with random colours; returns the rectangle as given.
    func scribble(_ r: PixelRect, using rng: inout SeededRandom) {
        let c = r.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        for y in c.y..<(c.y + max(0, c.height)) {
            for x in c.x..<(c.x + max(0, c.width)) { self[x, y] = UInt32.random(in: 0...UInt32.max, using: &rng) }
        }
    }
    func withFrame<T>(_ body: (SourceFrame) throws -> T) rethrows -> T {
        try pixels.withUnsafeBufferPointer {
            try body(SourceFrame(pixels: $0.baseAddress!, width: width, height: height, strideBytes: rowPixels * 4))
        }
    }
}

/// A scan-out buffer in plain memory, with row padding filled with a sentinel to catch overruns.
final class TestScanout {
    static let sentinel: UInt8 = 0xA5
    let width: Int, height: Int, strideBytes: Int, format: ScanoutFormat
    let memory: UnsafeMutableRawPointer
    init(width: Int, height: Int, format: ScanoutFormat, extraBytes: Int = 8) {
        self.width = width; self.height = height; self.format = format
        strideBytes = width * format.bytesPerPixel + extraBytes
        memory = .allocate(byteCount: strideBytes * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: Self.sentinel, count: strideBytes * height)
    }
    deinit { memory.deallocate() }
    var buffer: ScanoutBuffer {
        ScanoutBuffer(base: memory, width: width, height: height, strideBytes: strideBytes, format: format)
    }
    /// Raw pixel value (UInt32 for XRGB8888, widened UInt16 for RGB565).
    func raw(x: Int, y: Int) -> UInt32 {
        format == .xrgb8888
            ? memory.load(fromByteOffset: y * strideBytes + x * 4, as: UInt32.self)
            : UInt32(memory.load(fromByteOffset: y * strideBytes + x * 2, as: UInt16.self))
    }
    /// True when every byte of row padding still holds the sentinel.
    var paddingIntact: Bool {
        for y in 0..<height {
            for b in (width * format.bytesPerPixel)..<strideBytes
            where memory.load(fromByteOffset: y * strideBytes + b, as: UInt8.self) != Self.sentinel {
                return false
            }
        }
        return true
    }
}

/// The naive reference: where a canvas pixel lands, built from repeated single quarter turns
/// ((x, y) → (h − 1 − y, x) on a w × h image), independent of the copier's closed forms.
func referencePosition(x: Int, y: Int, canvasWidth: Int, canvasHeight: Int, rotation: DisplayRotation) -> (Int, Int) {
    var (px, py, w, h) = (x, y, canvasWidth, canvasHeight)
    for _ in 0..<(rotation.rawValue / 90) {
        (px, py) = (h - 1 - py, px)
        (w, h) = (h, w)
    }
    return (px, py)
}

/// The naive reference for the pixel value in the scan-out format, from the channels.
func referenceValue(_ p: UInt32, format: ScanoutFormat) -> UInt32 {
    switch format {
    case .xrgb8888: return p
    case .rgb565:
        // Each channel to the nearest of 32 or 64 levels, in floating point (independent of the
        // integer formula under test).
        func level(_ c: UInt32, _ top: Double) -> UInt32 { UInt32((Double(c & 0xFF) * top / 255).rounded()) }
        return level(p >> 16, 31) << 11 | level(p >> 8, 63) << 5 | level(p, 31)
    }
}

/// True when the scan-out buffer shows exactly `canvas` turned and converted.
func scanoutMatches(_ s: TestScanout, _ canvas: TestCanvas, rotation: DisplayRotation) -> Bool {
    for y in 0..<canvas.height {
        for x in 0..<canvas.width {
            let (sx, sy) = referencePosition(
                x: x, y: y, canvasWidth: canvas.width, canvasHeight: canvas.height, rotation: rotation)
            if s.raw(x: sx, y: sy) != referenceValue(canvas[x, y], format: s.format) { return false }
        }
    }
    return true
}

/// A random rectangle around (and sometimes beyond) a `width` × `height` surface.
func randomRect(width: Int, height: Int, using rng: inout SeededRandom) -> PixelRect {
    let x = Int.random(in: -3...width, using: &rng), y = Int.random(in: -3...height, using: &rng)
    let big = Int.random(in: 0..<10, using: &rng) == 0
    let w = Int.random(in: 0...(big ? width + 6 : max(1, width / 3)), using: &rng)
    let h = Int.random(in: 0...(big ? height + 6 : max(1, height / 3)), using: &rng)
    return PixelRect(x: x, y: y, width: w, height: h)
}
