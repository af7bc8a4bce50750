import Bench
import Core
import Raster

/// The `raster` target (issue 37): bytes as a sequence of `Canvas` drawing calls on a small canvas,
/// their numbers biased toward what breaks geometry code (far beyond the canvas, the largest and
/// smallest doubles, the edges of `Int`, `Float` and the rasterizer's own ranges, NaN and infinity).
///
/// Besides what AddressSanitizer sees, every call is checked against the clip: the canvas lies in
/// memory with spare bytes after each row and a clip inside it, and a byte changed outside the clip
/// stops the run (a write the sanitizer cannot see: it lands in the canvas's own memory).
///
/// The first byte picks the pixel format and the next four the clip; then each call is a byte for
/// the call, one for its variant, one for its paint's kind, and its numbers (`RasterFuzz.Numbers`).
enum RasterFuzz {
    static let width = 48, height = 40, spare = 5
    /// The most calls one input makes.
    static let maximumCalls = 24

    /// The image and font (made again now and then: a font's glyph cache keeps every size it drew).
    nonisolated(unsafe) private static var resources = CanvasCallResources()
    nonisolated(unsafe) private static var runs = 0

    static func run(_ bytes: [UInt8]) {
        runs += 1
        if runs % 256 == 0 { resources = CanvasCallResources() }
        var input = Numbers(bytes)
        let formats: [PixelFormat] = [.argb8888, .rgb565, .xrgb8888]
        let format = formats[Int(input.byte()) % formats.count]
        let stride = (width + spare) * format.bytesPerPixel
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: pattern, count: stride * height)
        var canvas = Canvas(pixels: memory, width: width, height: height, strideBytes: stride, format: format)
        let x = Int(input.byte()) % width, y = Int(input.byte()) % height
        canvas.clip = PixelRect(
            x: x, y: y, width: Int(input.byte()) % (width + 1), height: Int(input.byte()) % (height + 1))
        var calls = 0
        while !input.isEmpty && calls < maximumCalls {
            let call = CanvasCall.allCases[Int(input.byte()) % CanvasCall.allCases.count]
            let variant = Int(input.byte()), kind = Int(input.byte())
            var geometry = (0..<call.arity).map { _ in input.number() }
            let paint = (0..<CanvasCall.paintArity).map { _ in input.number() }
            // Text sizes that draw take FreeType's time for glyphs as large as they ask (seconds for
            // thousands of pixels, which the kiosk's config never asks for): keep those to a few hundred.
            // NaN, infinite, negative and absurd sizes, which the rasterizer must refuse, go in as they are.
            if call == .drawText || call == .drawTextCentered {
                let slot = call == .drawText ? 2 : 4
                if geometry[slot] > 512 && geometry[slot] < 10_000 { geometry[slot] = 512 }
            }
            let color = Color(rgba: UInt32(truncatingIfNeeded: variant &* 0x9E37_79B9))
            call.draw(
                on: canvas, geometry, variant: variant, paint: CanvasCall.paint(kind: kind, paint, color: color),
                resources: resources)
            check(memory, stride: stride, format: format, clip: canvas.clip, after: call)
            calls += 1
        }
    }

    static let pattern: UInt8 = 0xA5

    /// Stops the run if a byte outside `clip` (or in a row's spare bytes) is not the pattern.
    static func check(
        _ memory: UnsafeMutableRawPointer, stride: Int, format: PixelFormat, clip: PixelRect, after call: CanvasCall
    ) {
        let bpp = format.bytesPerPixel
        for y in 0..<height {
            let row = memory + y * stride
            for x in 0..<stride where row.load(fromByteOffset: x, as: UInt8.self) != pattern {
                if x >= width * bpp || !clip.contains(x: x / bpp, y: y) {
                    fatalError("raster: \(call) wrote byte \(x) of row \(y), outside the clip \(clip)")
                }
            }
        }
    }

    /// The input read as bytes and numbers; past its end, zeros.
    struct Numbers {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var isEmpty: Bool { at >= bytes.count }

        mutating func byte() -> UInt8 {
            defer { at += 1 }
            return at < bytes.count ? bytes[at] : 0
        }

        /// Numbers that break geometry code, each one byte to pick.
        static let specials: [Double] = [
            0, -0.0, 1, -1, 0.5, 1e7, -1e7, 1e7 + 0.5, 1e6, 9.9e6, 1e8, 1e9, 1e12, 1e15, 1e155, -1e155, 1.34e154, 1e300,
            -1e300,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude,
            1e-300, 4e38, -4e38, 0x1p53, 0x1p63, -0x1p63, 9.3e18, 2147483648, .nan, .infinity, -.infinity, 2 * .pi, 360,
            1e-9,
        ]

        /// A number: mostly from the canvas's neighbourhood (so shapes meet the clip), often special,
        /// sometimes a power of ten with any exponent, sometimes any eight bytes.
        mutating func number() -> Double {
            let tag = byte()
            switch tag {
            case 0..<120:
                // −16 … 79.75 in quarter pixels around the canvas.
                return Double(Int(tag) * 4 + Int(byte() & 3)) / 4 - 16
            case 120..<200:
                return Numbers.specials[Int(byte()) % Numbers.specials.count]
            case 200..<240:
                // ±(1 … 7.55) × 10^(−330 … 330): every magnitude, denormals and overflow included.
                let mantissa = 1 + Double(byte()) / 39, exponent = Int(byte()) % 661 - 330
                let value = mantissa * pow10(exponent)
                return tag & 1 == 0 ? value : -value
            default:
                var raw: UInt64 = 0
                for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
                return Double(bitPattern: raw)
            }
        }

        /// 10^e, by squaring (no libm), overflowing to infinity and underflowing to 0 as a double does.
        static func pow10Value(_ e: Int) -> Double {
            var result = 1.0, base = e < 0 ? 0.1 : 10.0, n = abs(e)
            while n > 0 { if n & 1 == 1 { result *= base }; base *= base; n >>= 1 }
            return result
        }
        private func pow10(_ e: Int) -> Double { Numbers.pow10Value(e) }
    }
}
