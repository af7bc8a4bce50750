/// A shader that can also colour single pixels anywhere (the edge pixels of a whole batch of rows at
/// once), at their centres, with the same colours `shade` gives within ±1 step of its colour table.
protocol PointShader: Shader {
    /// Colours of the pixels (xs[k], ys[k]) for k < count (premultiplied words).
    func shade(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, into out: UnsafeMutablePointer<UInt32>)
    /// Shades `count` full spans straight into a 32-bit canvas (only for opaque shaders). Each record
    /// (`RowBatchWriter.recordWidth` numbers) holds row, first and end column, and the span's columns
    /// before clipping, which a shader may use to interpolate (they do not depend on the clip).
    func shadeSpans(_ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int)
}

extension PointShader {
    func shadeSpans(_ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int) {
        for k in 0 ..< count {
            let r = records + RowBatchWriter.recordWidth * k
            let y = Int(r[0]), p = Int(r[1]), q = Int(r[2])
            shade(x: p, y: y, count: q - p, into: canvas + y * rowWords + p)
        }
    }
}

/// How a row path hands its pixels to a `PaintSink`.
enum RowDrawing {
    /// Intervals recorded in order and sent as spans and masks (any paint, any format).
    case records
    /// Full spans at once, edge pixels of a batch blended together: solid colours on 32-bit canvases.
    case solid
    /// As `solid`, with each edge pixel's colour from the shader: point shaders at full global alpha.
    case shaded(PointShader)
}

extension PaintSink {
    /// The fastest way this sink takes a row path's pixels.
    var rowDrawing: RowDrawing {
        if is565 || !overMode { return .records }
        guard let shader else { return .solid }
        if globalAlpha == 255, let points = shader as? PointShader { return .shaded(points) }
        return .records
    }

    /// Composites onto `count` pixels anywhere on the canvas (`words`: their indices in the canvas's
    /// 32-bit words, all distinct) with per-pixel coverage, SRC_OVER: the edge pixels of a whole batch
    /// of rows in one loop, four at a time, bit-identical to `PixelMath.over(PixelMath.scale(c, a), d)`.
    /// The colour is the solid one, or (`colors` given) each pixel's own.
    ///
    /// Zero coverage needs no branch: the source scales to 0 and the destination by 255/255, which
    /// leaves it unchanged.
    func blendScattered(words: UnsafePointer<Int>, coverage: UnsafePointer<UInt8>, colors: UnsafePointer<UInt32>? = nil,
                        count: Int) {
        let base = self.base.assumingMemoryBound(to: UInt32.self)
        // Channels in 16-bit lanes, two per word (as `PixelMath.blendSolid`): red and blue, then alpha
        // and green, of four pixels.
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        let half = SIMD8<UInt16>(repeating: 128)
        /// x·a/255 rounded, per 16-bit lane (x, a ≤ 255).
        @inline(__always) func scale(_ x: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = x &* a &+ half
            return (t &+ (t &>> 8)) &>> 8
        }
        @inline(__always) func rb(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v & mask, to: SIMD8<UInt16>.self) }
        @inline(__always) func ag(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast((v &>> 8) & mask, to: SIMD8<UInt16>.self) }
        /// Each pixel's 0…255 value in both 16-bit lanes of its word.
        @inline(__always) func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v | (v &<< 16), to: SIMD8<UInt16>.self) }
        let solidWords = SIMD4<UInt32>(repeating: solid)
        var i = 0
        while i + 4 <= count {
            let c = colors.map { UnsafeRawPointer($0).loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<UInt32>.self) } ?? solidWords
            let a = SIMD4<UInt32>(UInt32(coverage[i]), UInt32(coverage[i + 1]), UInt32(coverage[i + 2]), UInt32(coverage[i + 3]))
            let w0 = words[i], w1 = words[i + 1], w2 = words[i + 2], w3 = words[i + 3]
            let d = SIMD4<UInt32>(base[w0], base[w1], base[w2], base[w3])
            let a16 = lanes(a)
            let srcRB = scale(rb(c), a16), srcAG = scale(ag(c), a16)
            // 255 minus the source alpha (the upper lane of alpha-green).
            let inv = lanes(SIMD4<UInt32>(repeating: 255) &- (unsafeBitCast(srcAG, to: SIMD4<UInt32>.self) &>> 16))
            let out = unsafeBitCast(srcRB &+ scale(rb(d), inv), to: SIMD4<UInt32>.self)
                | (unsafeBitCast(srcAG &+ scale(ag(d), inv), to: SIMD4<UInt32>.self) &<< 8)
            base[w0] = out[0]; base[w1] = out[1]; base[w2] = out[2]; base[w3] = out[3]
            i += 4
        }
        while i < count {
            let a = UInt32(coverage[i]), w = words[i]
            if a != 0 { base[w] = PixelMath.over(PixelMath.scale(colors?[i] ?? solid, a), base[w]) }
            i += 1
        }
    }
}
