import RasterKernelTypes

/// Opaque conic gradients on the pieces of simple arc and ring rows (`PointShader.shadePieces`): the
/// angle is interpolated linearly along each piece between knots, which are geometry (the unclipped
/// span's columns), never the clip, so a redrawn damage rectangle matches the full frame.
extension ConicGradient {
    /// Each piece is cut into lines between knots at its unclipped span's first pixel b, then every
    /// `knotStep` pixels, and its last pixel c − 1. A piece short against its distance d from the
    /// centre is one line (knotStep = its length): linear interpolation over a length L at distance d
    /// errs by about 0.08·(L/d)² rad, and L ≤ d/6.5 keeps that under a third of a table step. Longer
    /// pieces take knotStep = d/6.5. The left band continues the first line, the right band the last.
    /// Pieces very near the centre (a step under `minimumKnotStep`) are shaded as rows.
    ///
    /// The whole batch's lines are listed first; their knots' angles, and the lines' starts and steps,
    /// then come from loops over all of them that vectorise (one line at a time, each would wait for
    /// its own chain of some 50 cycles); the lookups last.
    func shadePieces(
        _ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int,
        edgeColors: UnsafeMutablePointer<UInt32>, kernels: KernelLevel
    ) {
        let width = RowBatchWriter.recordWidth
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { stepMemory in
            let knotSteps = stepMemory.baseAddress!
            var lineCount = 0
            for k in 0..<count {
                let piece = ShadedPiece(records + width * k)
                let step = knotStep(piece)
                knotSteps[k] = step
                if step > 0 {
                    lineCount += PieceLines.lineCount(unclippedCount: piece.unclipped.count, knotStep: step)
                } else {
                    shadeBands(piece, into: edgeColors)
                    if !piece.span.isEmpty {
                        shade(
                            x: piece.span.lowerBound, y: piece.y, count: piece.span.count,
                            into: canvas + piece.y * rowWords + piece.span.lowerBound)
                    }
                }
            }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: PieceLines.words * max(lineCount, 1)) { memory in
                var lines = PieceLines(memory.baseAddress!, capacity: lineCount)
                for k in 0..<count where knotSteps[k] > 0 {
                    lines.add(ShadedPiece(records + width * k), knotStep: knotSteps[k])
                }
                kernels.conicLineColours(
                    lines, offX: Float(0.5 - origin.x), offY: Float(0.5 - origin.y), origin: startFixed,
                    table: colorTable, canvas: canvas, rowWords: rowWords, edgeColors: edgeColors)
            }
        }
    }

    /// Pixels between knots on the longer pieces: below this the piece is near enough to the centre to
    /// be shaded as rows.
    static let minimumKnotStep = 8

    /// The distance in pixels between a piece's knots (see `shadePieces`), or 0 for a piece to shade
    /// as rows. Pieces come with spans of two pixels or more (`ArcEmitter.piece`).
    @inline(__always) func knotStep(_ piece: ShadedPiece) -> Int {
        let b = piece.unclipped.lowerBound, c = piece.unclipped.upperBound, length = c - 1 - b
        // The squared distance from the centre to the span: its nearest pixel centre's column, the
        // row's centre line.
        let dy = Double(piece.y) + 0.5 - origin.y
        let dx = max(0, Double(b) + 0.5 - origin.x, origin.x - (Double(c) - 0.5))
        let d2 = dy * dy + dx * dx
        if d2 >= 42.25 * Double(length * length) { return length }
        let step = Int(d2.squareRoot() / 6.5)
        return step < ConicGradient.minimumKnotStep ? 0 : step
    }
}
