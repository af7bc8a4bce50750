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
    /// translucent solid span, bit-identical to `scale`. Short spans (shape edges) stay inline.
    @inline(__always) static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, _ inv: UInt32, m257: UInt16) {
        if count >= 8 { return blendSolidSpan(dst, count, c, inv, m257: m257) }
        for i in 0 ..< count { dst[i] = c &+ scale(dst[i], inv) }
    }

    /// `blendSolid` for spans of eight pixels or more, eight per step in 16-bit lanes. Not inlined: in the
    /// callers' large loops its vectors were spilled to the stack, which cost more than the call.
    @inline(never) static func blendSolidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, _ inv: UInt32, m257: UInt16) {
        var i = 0
        let k = BlendConstants(c, inv, m257)
        let raw = UnsafeMutableRawPointer(dst)
        // UI backgrounds are mostly flat: remember the span's first destination pixel and its result,
        // and store that result wherever eight pixels in a row equal it (a compare instead of the
        // arithmetic; the result is the same word the arithmetic would give).
        let seen = SIMD4<UInt32>(repeating: dst[0]), known = SIMD4<UInt32>(repeating: c &+ scale(dst[0], inv))
        // Two independent vectors per step: the multiplies of one hide the latency of the other's.
        while i + 8 <= count {
            let d0 = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            let d1 = raw.loadUnaligned(fromByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            if all((d0 .== seen) .& (d1 .== seen)) {
                raw.storeBytes(of: known, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: known, toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            } else {
                raw.storeBytes(of: k.blend(d0), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: k.blend(d1), toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            }
            i += 8
        }
        if i + 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: k.blend(d), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count { dst[i] = c &+ scale(dst[i], inv); i += 1 }
    }

    /// The per-span constants of `blendSolid`, and its four-pixel step.
    struct BlendConstants {
        let inv16: SIMD8<UInt16>, half = SIMD8<UInt16>(repeating: 128), m257: SIMD8<UInt16>
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), cv: SIMD4<UInt32>
        @inline(__always) init(_ c: UInt32, _ inv: UInt32, _ m257: UInt16) {
            inv16 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inv)); cv = SIMD4<UInt32>(repeating: c)
            self.m257 = SIMD8<UInt16>(repeating: m257)
        }
        /// `x/255` rounded, for `x = channel·inv + 128` (< 2¹⁶) in every lane: `(x + (x >> 8)) >> 8` as in
        /// `scale`, which equals `(x·257) >> 16`, the high half of one 16-bit multiply (pmulhuw, umull).
        @inline(__always) func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: m257)) &>> 16)
        }
        /// `c + d·inv/255` for four pixels: each 16-bit lane holds one channel (blue and red from the
        /// low bytes, green and alpha from the high bytes), so no product overflows its lane.
        @inline(__always) func blend(_ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let rb = div255(unsafeBitCast(d & mask, to: SIMD8<UInt16>.self) &* inv16 &+ half)
            let ag = div255((unsafeBitCast(d, to: SIMD8<UInt16>.self) &>> 8) &* inv16 &+ half)
            let out = unsafeBitCast(rb | (ag &<< 8), to: SIMD4<UInt32>.self)
            return out &+ cv
        }
    }

    /// `dst[i] = s·a/255 + dst[i]·(1 − α(s·a/255))` with `a = coverage[i]`: a solid premultiplied colour
    /// `s` through a coverage mask (SRC_OVER), bit-identical to `over(scale(s, a), d)`. Four pixels per
    /// step; runs of four empty pixels are skipped and four full ones of an opaque colour stored.
    @inline(never) static func blendMask(_ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int,
                                            _ s: UInt32, m257: UInt16) {
        var i = 0
        let opaque = s >> 24 == 255
        if count >= 4 {
            let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), low = SIMD8<UInt16>(repeating: 0xFF)
            let half = SIMD8<UInt16>(repeating: 128), m = SIMD8<UInt16>(repeating: m257)
            let sRB = unsafeBitCast(SIMD4<UInt32>(repeating: s) & mask, to: SIMD8<UInt16>.self)
            let sAG = unsafeBitCast(SIMD4<UInt32>(repeating: s >> 8) & mask, to: SIMD8<UInt16>.self)
            let full = SIMD4<UInt32>(repeating: s)
            @inline(__always) func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
                SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: m)) &>> 16)
            }
            let raw = UnsafeMutableRawPointer(dst), cov = UnsafeRawPointer(coverage)
            while i + 4 <= count {
                let c = cov.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                if c == 0 { i += 4; continue }
                if c == 0xFFFF_FFFF && opaque { raw.storeBytes(of: full, toByteOffset: i * 4, as: SIMD4<UInt32>.self); i += 4; continue }
                // Each pixel's coverage in both 16-bit lanes of that pixel.
                let b = unsafeBitCast(SIMD4<UInt32>(c, 0, 0, 0), to: SIMD16<UInt8>.self)
                let spread = SIMD16<UInt8>(b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1], b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3])
                let a = unsafeBitCast(spread, to: SIMD8<UInt16>.self) & low
                // The colour scaled by coverage (a = 0 gives 0, a = 255 the colour itself), then its inverse alpha.
                let cRB = div255(sRB &* a &+ half), cAG = div255(sAG &* a &+ half)
                let inv = low &- SIMD8<UInt16>(cAG[1], cAG[1], cAG[3], cAG[3], cAG[5], cAG[5], cAG[7], cAG[7])
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
                // Channel sums stay within a byte (premultiplied colour), so the lanes never carry.
                let rb = cRB &+ div255(unsafeBitCast(d & mask, to: SIMD8<UInt16>.self) &* inv &+ half)
                let ag = cAG &+ div255((unsafeBitCast(d, to: SIMD8<UInt16>.self) &>> 8) &* inv &+ half)
                raw.storeBytes(of: unsafeBitCast(rb | (ag &<< 8), to: SIMD4<UInt32>.self), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                i += 4
            }
        }
        while i < count {
            let a = UInt32(coverage[i])
            if a == 255 && opaque { dst[i] = s } else if a != 0 { dst[i] = over(a == 255 ? s : scale(s, a), dst[i]) }
            i += 1
        }
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
