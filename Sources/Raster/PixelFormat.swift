import CPNG
import Core

/// How a pixel is laid out in memory. All 32-bit formats are little-endian words 0xAARRGGBB
/// (bytes B, G, R, A), premultiplied, which is the DRM `XRGB8888`/`ARGB8888` layout.
public enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// 32-bit, the alpha byte is ignored by scan-out; the rasterizer keeps it opaque-consistent.
    case xrgb8888
    /// 32-bit premultiplied alpha.
    case argb8888
    /// 16-bit 5-6-5 (`0bRRRRRGGGGGGBBBBB`), no alpha.
    case rgb565

    /// Bytes one pixel takes.
    public var bytesPerPixel: Int { self == .rgb565 ? 2 : 4 }
    public var description: String {
        switch self {
        case .xrgb8888: return "XRGB8888"
        case .argb8888: return "ARGB8888"
        case .rgb565: return "RGB565"
        }
    }
}

/// A rectangle on whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Top-left pixel and size; a negative size is stored as zero.
    public var x: Int, y: Int, width: Int, height: Int
    /// A rectangle of whole pixels (negative sizes become empty).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    /// One past the last column / row.
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    /// True when it holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The overlap, or an empty rectangle.
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The whole pixels touched by `rect` (a pixel is touched when any of its area overlaps).
    public init(covering rect: Rect) {
        let x0 = rect.minX.rounded(.down), y0 = rect.minY.rounded(.down)
        let x1 = rect.maxX.rounded(.up), y1 = rect.maxY.rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let lim = 1e8
        self.init(x: Int(max(-lim, min(lim, x0))), y: Int(max(-lim, min(lim, y0))),
                  width: Int(max(-lim, min(lim, x1 - x0))), height: Int(max(-lim, min(lim, y1 - y0))))
    }
    /// The same rectangle in `Core` coordinates.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
    public var description: String { "PixelRect(\(x), \(y), \(width)x\(height))" }
}

/// Packing and unpacking of pixel words; every formula that touches channel bits lives here.
enum PixelMath {
    /// `p` with every channel multiplied by `a/255`, rounded exactly (p: premultiplied 0xAARRGGBB).
    @inline(__always) static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }
    /// Premultiplied source over destination.
    @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }
    /// `s` covering a fraction `a/255` of the destination, replacing what it covers (SRC operator).
    @inline(__always) static func lerp(_ s: UInt32, _ d: UInt32, _ a: UInt32) -> UInt32 {
        scale(s, a) &+ scale(d, 255 &- a)
    }
    /// `dst[i] = c + dst[i]·inv/255` for a premultiplied colour `c` with alpha `255 − inv`: the
    /// translucent solid span. Four pixels per step in 16-bit lanes, bit-identical to `scale`.
    @inline(__always) static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, _ inv: UInt32) {
        var i = 0
        if count >= 4 {
            // The two-channels-per-word trick of `scale`, on four words at once: 16-bit lanes hold one
            // channel each, so every operation is plain SSE2.
            let inv16 = SIMD8<UInt16>(repeating: UInt16(inv)), half = SIMD8<UInt16>(repeating: 128)
            let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), cv = SIMD4<UInt32>(repeating: c)
            let raw = UnsafeMutableRawPointer(dst)
            while i + 4 <= count {
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
                var rb = unsafeBitCast(d & mask, to: SIMD8<UInt16>.self) &* inv16 &+ half
                rb = (rb &+ (rb &>> 8)) &>> 8
                var ag = unsafeBitCast((d &>> 8) & mask, to: SIMD8<UInt16>.self) &* inv16 &+ half
                ag = (ag &+ (ag &>> 8)) &>> 8
                let out = unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ag, to: SIMD4<UInt32>.self) &<< 8)
                raw.storeBytes(of: out &+ cv, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                i += 4
            }
        }
        while i < count { dst[i] = c &+ scale(dst[i], inv); i += 1 }
    }

    /// Sets `count` words to `value` with 16-byte stores.
    @inline(__always) static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        if count >= 64 { tw_fill32(dst, value, count); return }
        var i = 0
        let v = SIMD4<UInt32>(repeating: value)
        let raw = UnsafeMutableRawPointer(dst)
        while i + 16 <= count {
            raw.storeBytes(of: v, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: i * 4 + 32, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: i * 4 + 48, as: SIMD4<UInt32>.self)
            i += 16
        }
        while i < count { dst[i] = value; i += 1 }
    }

    /// 8888 word → RGB565, rounding each channel.
    @inline(__always) static func to565(_ p: UInt32) -> UInt16 {
        let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
        let r5 = (r &* 31 &+ 127) / 255, g6 = (g &* 63 &+ 127) / 255, b5 = (b &* 31 &+ 127) / 255
        return UInt16(truncatingIfNeeded: r5 << 11 | g6 << 5 | b5)
    }
    /// RGB565 → opaque 8888 word, replicating high bits into the low ones.
    @inline(__always) static func from565(_ v: UInt16) -> UInt32 {
        let p = UInt32(v)
        let r5 = (p >> 11) & 31, g6 = (p >> 5) & 63, b5 = p & 31
        let r = r5 << 3 | r5 >> 2, g = g6 << 2 | g6 >> 4, b = b5 << 3 | b5 >> 2
        return 0xFF00_0000 | r << 16 | g << 8 | b
    }
    /// Premultiplied word → straight (R, G, B, A) bytes, rounding.
    @inline(__always) static func unpremultiply(_ p: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = p >> 24
        if a == 0 { return (0, 0, 0, 0) }
        @inline(__always) func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (un((p >> 16) & 0xFF), un((p >> 8) & 0xFF), un(p & 0xFF), UInt8(a))
    }
    /// Straight (R, G, B, A) → premultiplied word, rounding.
    @inline(__always) static func premultiply(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        Color(r: r, g: g, b: b, a: a).premultipliedARGB
    }
}
