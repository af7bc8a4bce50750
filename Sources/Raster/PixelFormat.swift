import CPixelKernels
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

/// The one conversion between 8888 words and RGB565, used by the rasterizer's 16-bit canvases and by
/// the display's copy into RGB565 scan-out buffers, so a pixel comes out the same on the panel and in
/// any image drawn by the rasterizer.
///
/// Each channel is rounded to the nearest 5- or 6-bit level (`round(c · 31 / 255)`), not truncated
/// (as the kernel's fbdev emulation does): truncation is off by up to a whole level and darkens every
/// colour by half a level on average; rounding is off by at most half a level, in either direction.
/// Widening replicates the high bits into the low ones, so 0 and the top level map back to 0x00 and
/// 0xFF exactly, and widening then narrowing again gives back the same 16-bit value.
public enum RGB565 {
    /// 8888 word (0xXXRRGGBB; the top byte is ignored) → RGB565 (`0bRRRRRGGGGGGBBBBB`), rounding.
    ///
    /// `round(c · 31 / 255)` is `(c · 249 + 1014) >> 11` and `round(c · 63 / 255)` is
    /// `(c · 253 + 505) >> 10` for every byte `c` (found by search, checked for all 256 values by
    /// the tests). Both fit 16-bit lanes, where a multiply is one cheap instruction (pmullw, mul.8h):
    /// the display's RGB565 copy loops vectorise on them. A shift-and-add division by 255 on 32-bit
    /// lanes measured clearly slower in the upright copy; the truncation used before (three shifts
    /// and masks) was faster still, and the difference is the price of rounding.
    @inlinable @inline(__always)
    public static func pack(_ p: UInt32) -> UInt16 {
        let r = UInt16(truncatingIfNeeded: p >> 16) & 0xFF
        let g = UInt16(truncatingIfNeeded: p >> 8) & 0xFF
        let b = UInt16(truncatingIfNeeded: p) & 0xFF
        // Each product stays below 2^16; the shifts put the level straight into its field.
        return (r &* 249 &+ 1014) & 0xF800 | ((g &* 253 &+ 505) >> 5) & 0x07E0 | (b &* 249 &+ 1014) >> 11
    }

    /// RGB565 → opaque 8888 word (0xFFRRGGBB), replicating each channel's high bits into its low ones.
    @inlinable @inline(__always)
    public static func unpack(_ v: UInt16) -> UInt32 {
        let p = UInt32(v)
        let r5 = (p >> 11) & 31, g6 = (p >> 5) & 63, b5 = p & 31
        let r = r5 << 3 | r5 >> 2, g = g6 << 2 | g6 >> 4, b = b5 << 3 | b5 >> 2
        return 0xFF00_0000 | r << 16 | g << 8 | b
    }
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
    /// Sets `count` words to `value`: short runs with 16-byte stores, from 16 words on through wmemset
    /// (glibc picks the widest stores the CPU has; S1, whose arc spans are 30 to 60 pixels, measured
    /// a little faster than with the old threshold of 64).
    @inline(__always) static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        if count >= 16 { tw_fill32(dst, value, count); return }
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
