// Span blending for the paint sinks: solid and coverage spans, four pixels at a time through
// `FourPixelMath` for long runs.
extension PixelMath {
    /// `dst[i] = c + dst[i]·inv/255` for a premultiplied colour `c` with alpha `255 − inv`: the
    /// translucent solid span, bit-identical to `scale`. Short spans (shape edges) stay inline.
    @inline(__always) static func blendSolid(
        _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, _ inv: UInt32, m257: UInt16
    ) {
        if count >= 8 { return blendSolidSpan(dst, count, c, inv, m257: m257) }
        for i in 0..<count { dst[i] = c &+ scale(dst[i], inv) }
    }

    /// `blendSolid` for spans of eight pixels or more, eight per step. Not inlined: in the callers'
    /// large loops its vectors were spilled to the stack, which cost more than the call.
    @inline(never) static func blendSolidSpan(
        _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ c: UInt32, _ inv: UInt32, m257: UInt16
    ) {
        let q = FourPixelMath(m257: m257)
        let inv16 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inv)), cv = SIMD4<UInt32>(repeating: c)
        let raw = UnsafeMutableRawPointer(dst)
        // UI backgrounds are mostly flat: remember the span's first destination pixel and its result,
        // and store that result wherever eight pixels in a row equal it (a compare instead of the
        // arithmetic; the result is the same word the arithmetic would give).
        let seenWord = dst[0], knownWord = c &+ scale(dst[0], inv)
        let seen = SIMD4<UInt32>(repeating: seenWord), known = SIMD4<UInt32>(repeating: knownWord)
        var i = 0
        // Flat runs sixteen pixels at a time (one compare and one store of 64 bytes in builds for
        // AVX-512 CPUs).
        let seen16 = SIMD16<UInt32>(repeating: seenWord), known16 = SIMD16<UInt32>(repeating: knownWord)
        while i + 16 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
            if !all(d .== seen16) { break }
            raw.storeBytes(of: known16, toByteOffset: i * 4, as: SIMD16<UInt32>.self)
            i += 16
        }
        // Two independent vectors per step: the multiplies of one hide the latency of the other's.
        while i + 8 <= count {
            let d0 = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            let d1 = raw.loadUnaligned(fromByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            if all((d0 .== seen) .& (d1 .== seen)) {
                raw.storeBytes(of: known, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: known, toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            } else {
                raw.storeBytes(of: q.scale(d0, inv16) &+ cv, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: q.scale(d1, inv16) &+ cv, toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            }
            i += 8
        }
        if i + 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: q.scale(d, inv16) &+ cv, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count { dst[i] = c &+ scale(dst[i], inv); i += 1 }
    }

    /// `dst[i] = over(scale(s, coverage[i]), dst[i])`: a solid premultiplied colour through a coverage
    /// mask (SRC_OVER). Four pixels per step; four empty pixels are skipped, four full ones of an
    /// opaque colour stored.
    @inline(never) static func blendMask(
        _ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int,
        _ s: UInt32, m257: UInt16
    ) {
        let q = FourPixelMath(m257: m257)
        let opaque = s >> 24 == 255, sv = SIMD4<UInt32>(repeating: s)
        let raw = UnsafeMutableRawPointer(dst), cov = UnsafeRawPointer(coverage)
        var i = 0
        while i + 4 <= count {
            let c = cov.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            if c == 0xFFFF_FFFF && opaque {
                raw.storeBytes(of: sv, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            } else if c != 0 {
                // Coverage 0 scales the colour to 0, which leaves the pixel as it was.
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: q.over(q.scale(sv, q.spread(c)), d), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            }
            i += 4
        }
        while i < count {
            let a = UInt32(coverage[i])
            if a == 255 && opaque { dst[i] = s } else if a != 0 { dst[i] = over(a == 255 ? s : scale(s, a), dst[i]) }
            i += 1
        }
    }

    /// `dst[i] = over(scale(src[i], coverage[i]), dst[i])` for a row of shaded colours (an image, a
    /// translucent gradient), or `over(src[i], dst[i])` without a mask. Four pixels per step; four
    /// opaque fully covered ones are stored, four transparent or uncovered ones skipped.
    @inline(never) static func overRow(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?,
        _ count: Int, m257: UInt16
    ) {
        // Two copies of the loop, each with the mask test decided once.
        if let coverage {
            overRowBody(dst, src, coverage: coverage, count, m257: m257)
        } else {
            overRowBody(dst, src, coverage: nil, count, m257: m257)
        }
    }

    @inline(__always) private static func overRowBody(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>,
        coverage: UnsafePointer<UInt8>?, _ count: Int, m257: UInt16
    ) {
        let q = FourPixelMath(m257: m257)
        // Alpha 0xFF as an unsigned compare through the sign bit (SSE2 and NEON both have the signed one).
        let flip = SIMD4<UInt32>(repeating: 0x8000_0000)
        let opaque = SIMD4<Int32>(truncatingIfNeeded: SIMD4<UInt32>(repeating: 0xFF00_0000) ^ flip)
        let raw = UnsafeMutableRawPointer(dst), from = UnsafeRawPointer(src)
        var i = 0
        while i + 4 <= count {
            let c =
                coverage.map { UnsafeRawPointer($0).loadUnaligned(fromByteOffset: i, as: UInt32.self) } ?? 0xFFFF_FFFF
            var s = from.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            if c != 0xFFFF_FFFF { s = q.scale(s, q.spread(c)) }
            if all(SIMD4<Int32>(truncatingIfNeeded: s ^ flip) .>= opaque) {
                raw.storeBytes(of: s, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            } else if any(s .!= SIMD4<UInt32>(repeating: 0)) {
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: q.over(s, d), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            }
            i += 4
        }
        while i < count {
            let a = coverage.map { UInt32($0[i]) } ?? 255
            let s = a == 255 ? src[i] : scale(src[i], a)
            if s >= 0xFF00_0000 { dst[i] = s } else if s != 0 { dst[i] = over(s, dst[i]) }
            i += 1
        }
    }
}
