import CPixelKernels
import RasterKernelTypes

/// A shader that can also colour single pixels anywhere (the edge pixels of a whole batch of rows at
/// once), at their centres, with the same colours `shade` gives within ±1 step of its colour table.
protocol PointShader: Shader {
    /// Colours of the pixels (xs[k], ys[k]) for k < count (premultiplied words).
    func shade(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, into out: UnsafeMutablePointer<UInt32>)
    /// Shades `count` pieces (`ShadedPiece` records, `RowBatchWriter.recordWidth` numbers each, in
    /// order): each span straight into the 32-bit canvas (only opaque shaders get here), each band's
    /// colours into `edgeColors`. A shader may interpolate along a piece between points of its unclipped
    /// span, which do not depend on the clip, and may run its loops in `kernels`.
    func shadePieces(
        _ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int,
        edgeColors: UnsafeMutablePointer<UInt32>, kernels: KernelLevel)
}

extension PointShader {
    func shadePieces(
        _ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int,
        edgeColors: UnsafeMutablePointer<UInt32>, kernels: KernelLevel
    ) {
        for k in 0..<count {
            let piece = ShadedPiece(records + RowBatchWriter.recordWidth * k)
            shadeBands(piece, into: edgeColors)
            if !piece.span.isEmpty {
                shade(
                    x: piece.span.lowerBound, y: piece.y, count: piece.span.count,
                    into: canvas + piece.y * rowWords + piece.span.lowerBound)
            }
        }
    }

    /// A piece's band colours, each band shaded as a row of its own.
    func shadeBands(_ piece: ShadedPiece, into edgeColors: UnsafeMutablePointer<UInt32>) {
        let out = edgeColors + piece.colorOffset
        if !piece.left.isEmpty { shade(x: piece.left.lowerBound, y: piece.y, count: piece.left.count, into: out) }
        if !piece.right.isEmpty {
            shade(x: piece.right.lowerBound, y: piece.y, count: piece.right.count, into: out + piece.left.count)
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
    /// of rows in one loop, four at a time (`FourPixelMath`, bit-identical to the scalar formulas). The
    /// colour is the solid one, or (`colors` given) each pixel's own.
    ///
    /// Zero coverage needs no branch: the source scales to 0 and the destination by 255/255, which
    /// leaves it unchanged.
    func blendScattered(
        words: UnsafePointer<Int>, coverage: UnsafePointer<UInt8>, colors: UnsafePointer<UInt32>? = nil,
        count: Int
    ) {
        let base = self.base.assumingMemoryBound(to: UInt32.self)
        let q = FourPixelMath(m257: m257)
        let solidWords = SIMD4<UInt32>(repeating: solid)
        var i = 0
        while i + 4 <= count {
            let c =
                colors.map { UnsafeRawPointer($0).loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<UInt32>.self) }
                ?? solidWords
            let a = SIMD4<UInt32>(
                UInt32(coverage[i]), UInt32(coverage[i + 1]), UInt32(coverage[i + 2]), UInt32(coverage[i + 3]))
            let w0 = words[i], w1 = words[i + 1], w2 = words[i + 2], w3 = words[i + 3]
            let d = tw_load4(base, w0, w1, w2, w3)
            let src = q.scaleShifting(c, q.lanes(a))
            let out = q.scaleShifting(d, q.lanes(SIMD4<UInt32>(repeating: 255) &- (src &>> 24))) &+ src
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
