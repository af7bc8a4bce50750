extension PaintSink {
    /// Whether `blendScattered` can draw this paint: a solid colour on a 32-bit canvas.
    var blendsScattered: Bool { shader == nil && !is565 }

    /// Composites the solid colour onto `count` pixels anywhere on the canvas (`words`: their indices in
    /// the canvas's 32-bit words, all distinct) with per-pixel coverage: the edge pixels of a whole
    /// batch of rows in one loop, four at a time, bit-identical to `PixelMath`'s scalar formulas.
    ///
    /// Zero coverage needs no branch: the source scales to 0 and the destination by 255/255, which
    /// leaves it unchanged.
    func blendScattered(words: UnsafePointer<Int>, coverage: UnsafePointer<UInt8>, count: Int) {
        let base = self.base.assumingMemoryBound(to: UInt32.self)
        var i = 0
        if overMode {
            // Channels in 16-bit lanes, two per word (as `PixelMath.blendSolid`): red and blue, then
            // alpha and green, of four pixels.
            let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
            let solidRB = unsafeBitCast(SIMD4<UInt32>(repeating: solid) & mask, to: SIMD8<UInt16>.self)
            let solidAG = unsafeBitCast((SIMD4<UInt32>(repeating: solid) &>> 8) & mask, to: SIMD8<UInt16>.self)
            let half = SIMD8<UInt16>(repeating: 128)
            /// x·a/255 rounded, per 16-bit lane (x, a ≤ 255).
            @inline(__always) func scale(_ x: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
                let t = x &* a &+ half
                return (t &+ (t &>> 8)) &>> 8
            }
            /// Each pixel's 0…255 value in both 16-bit lanes of its word.
            @inline(__always) func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v | (v &<< 16), to: SIMD8<UInt16>.self) }
            while i + 4 <= count {
                let a = SIMD4<UInt32>(UInt32(coverage[i]), UInt32(coverage[i + 1]), UInt32(coverage[i + 2]), UInt32(coverage[i + 3]))
                let w0 = words[i], w1 = words[i + 1], w2 = words[i + 2], w3 = words[i + 3]
                let d = SIMD4<UInt32>(base[w0], base[w1], base[w2], base[w3])
                let a16 = lanes(a)
                let srcRB = scale(solidRB, a16), srcAG = scale(solidAG, a16)
                // 255 minus the source alpha (the upper lane of alpha-green).
                let inv = lanes(SIMD4<UInt32>(repeating: 255) &- (unsafeBitCast(srcAG, to: SIMD4<UInt32>.self) &>> 16))
                let dRB = scale(unsafeBitCast(d & mask, to: SIMD8<UInt16>.self), inv)
                let dAG = scale(unsafeBitCast((d &>> 8) & mask, to: SIMD8<UInt16>.self), inv)
                let out = unsafeBitCast(srcRB &+ dRB, to: SIMD4<UInt32>.self) | (unsafeBitCast(srcAG &+ dAG, to: SIMD4<UInt32>.self) &<< 8)
                base[w0] = out[0]; base[w1] = out[1]; base[w2] = out[2]; base[w3] = out[3]
                i += 4
            }
            while i < count {
                let a = UInt32(coverage[i]), w = words[i]
                if a != 0 { base[w] = PixelMath.over(PixelMath.scale(solid, a), base[w]) }
                i += 1
            }
            return
        }
        while i < count {
            let a = UInt32(coverage[i]), w = words[i]
            if a != 0 { base[w] = a == 255 ? solid : PixelMath.lerp(solid, base[w], a) }
            i += 1
        }
    }
}
