/// Compositing four premultiplied pixels at a time, bit-identical to the scalar `PixelMath.scale` and
/// `PixelMath.over`. Each channel sits in a 16-bit lane (blue and red from a word's low bytes, green
/// and alpha from its high bytes), so a channel times an alpha never overflows its lane; the division
/// by 255 is one 16-bit high multiply. Plain 128-bit operations: SSE2 on the dev machine, NEON on the
/// product.
struct FourPixelMath {
    let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), low = SIMD8<UInt16>(repeating: 0xFF)
    let half = SIMD8<UInt16>(repeating: 128), m257: SIMD8<UInt16>

    /// `m257` must be 257, read from memory (see `CoverageCells.div255Multiplier`).
    @inline(__always) init(m257: UInt16) { self.m257 = SIMD8<UInt16>(repeating: m257) }

    /// `x/255` rounded, for `x = channel·alpha + 128` (< 2¹⁶) in every lane: `(x + (x >> 8)) >> 8` as in
    /// `scale`, which equals `(x·257) >> 16`, the high half of one 16-bit multiply (pmulhuw, umull).
    @inline(__always) func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(
            truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: m257)) &>> 16
        )
    }
    /// `scale(p[k], a)` for four pixels, with each pixel's factor in both of its lanes of `a`.
    @inline(__always) func scale(_ p: SIMD4<UInt32>, _ a: SIMD8<UInt16>) -> SIMD4<UInt32> {
        let rb = div255(unsafeBitCast(p & mask, to: SIMD8<UInt16>.self) &* a &+ half)
        let ag = div255((unsafeBitCast(p, to: SIMD8<UInt16>.self) &>> 8) &* a &+ half)
        return unsafeBitCast(rb | (ag &<< 8), to: SIMD4<UInt32>.self)
    }
    /// `over(s[k], d[k])` for four pixels: `s + scale(d, 255 − alpha(s))`, the add on whole words as in
    /// `over`, so the result is the same word even for a source channel above its alpha.
    @inline(__always) func over(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let alpha = unsafeBitCast(s &>> 24, to: SIMD8<UInt16>.self)
        let inv = low &- SIMD8<UInt16>(alpha[0], alpha[0], alpha[2], alpha[2], alpha[4], alpha[4], alpha[6], alpha[6])
        return scale(d, inv) &+ s
    }
    /// Four coverage bytes (little-endian in `c`), each in both 16-bit lanes of its pixel.
    @inline(__always) func spread(_ c: UInt32) -> SIMD8<UInt16> {
        let b = unsafeBitCast(SIMD4<UInt32>(c, 0, 0, 0), to: SIMD16<UInt8>.self)
        let bytes = SIMD16<UInt8>(
            b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1], b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3])
        return unsafeBitCast(bytes, to: SIMD8<UInt16>.self) & low
    }
}

extension FourPixelMath {
    /// `scale`, dividing by 255 with shifts and adds instead of the high multiply: in this gather and
    /// scatter loop the compiler lowers that multiply on 32-bit lanes (pmuludq), which measured slower
    /// on S1 than these shifts.
    @inline(__always) func scaleShifting(_ p: SIMD4<UInt32>, _ a: SIMD8<UInt16>) -> SIMD4<UInt32> {
        @inline(__always) func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> { (x &+ (x &>> 8)) &>> 8 }
        let rb = div255(unsafeBitCast(p & mask, to: SIMD8<UInt16>.self) &* a &+ half)
        let ag = div255(unsafeBitCast((p &>> 8) & mask, to: SIMD8<UInt16>.self) &* a &+ half)
        return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ag, to: SIMD4<UInt32>.self) &<< 8)
    }

    /// Each pixel's factor (0…255 in its word) in both of its 16-bit lanes, as `scale` takes it: plain
    /// shifts, where a byte shuffle would cost several instructions on SSE2.
    @inline(__always) func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(v | (v &<< 16), to: SIMD8<UInt16>.self)
    }
}
