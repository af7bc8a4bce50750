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
    func shadePieces(_ records: UnsafePointer<Int32>, count: Int, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int,
                     edgeColors: UnsafeMutablePointer<UInt32>) {
        let width = RowBatchWriter.recordWidth
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { stepMemory in
            let knotSteps = stepMemory.baseAddress!
            var lineCount = 0
            for k in 0 ..< count {
                let piece = ShadedPiece(records + width * k)
                let step = knotStep(piece)
                knotSteps[k] = step
                if step > 0 {
                    lineCount += PieceLines.lineCount(unclippedCount: piece.unclipped.count, knotStep: step)
                } else {
                    shadeBands(piece, into: edgeColors)
                    if !piece.span.isEmpty {
                        shade(x: piece.span.lowerBound, y: piece.y, count: piece.span.count,
                              into: canvas + piece.y * rowWords + piece.span.lowerBound)
                    }
                }
            }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: PieceLines.words * max(lineCount, 1)) { memory in
                var lines = PieceLines(memory.baseAddress!, capacity: lineCount)
                for k in 0 ..< count where knotSteps[k] > 0 {
                    lines.add(ShadedPiece(records + width * k), knotStep: knotSteps[k])
                }
                drawLines(lines, canvas: canvas, rowWords: rowWords, edgeColors: edgeColors)
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
        let dy = Double(piece.y) + 0.5 - center.y
        let dx = max(0, Double(b) + 0.5 - center.x, center.x - (Double(c) - 0.5))
        let d2 = dy * dy + dx * dx
        if d2 >= 42.25 * Double(length * length) { return length }
        let step = Int(d2.squareRoot() / 6.5)
        return step < ConicGradient.minimumKnotStep ? 0 : step
    }

    /// Colours every listed line's pixels: the knots' angles and the lines' starts and steps for all
    /// lines first, then the table lookups line by line.
    private func drawLines(_ lines: PieceLines, canvas: UnsafeMutablePointer<UInt32>, rowWords: Int,
                           edgeColors: UnsafeMutablePointer<UInt32>) {
        let n = lines.count
        guard n > 0 else { return }
        let offX = Float(0.5 - center.x), offY = Float(0.5 - center.y), origin = startFixed
        let table = UnsafePointer(colorTable)
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * n) { memory in
            let xs = memory.baseAddress!, ys = xs + 2 * n
            for k in 0 ..< n {
                let y = Float(Int(lines.y[k])) + offY
                xs[2 * k] = Float(Int(lines.knotA[k])) + offX; xs[2 * k + 1] = Float(Int(lines.knotB[k])) + offX
                ys[2 * k] = y; ys[2 * k + 1] = y
            }
            // The angles overwrite the x coordinates.
            for k in 0 ..< 2 * n { xs[k] = ConicGradient.turns(ys[k], xs[k]) }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { startMemory in
                let starts = startMemory.baseAddress!, steps = starts + n
                for k in 0 ..< n {
                    let t0 = Int32(xs[2 * k] * 65536) &- origin, t1 = Int32(xs[2 * k + 1] * 65536) &- origin
                    // The difference's low 16 bits, sign-extended: wrapped to ±½ turn. Divided in
                    // Float: |delta| ≤ 2¹⁵ keeps the quotient's rounding off every integer, so its
                    // truncation is the integer quotient (and the loop vectorises).
                    let delta = Int32(Int16(truncatingIfNeeded: t1 &- t0))
                    starts[k] = t0
                    steps[k] = Int32(Float(delta) / Float(lines.knotB[k] &- lines.knotA[k]))
                }
                for k in 0 ..< n {
                    let a = Int(lines.knotA[k]), t0 = starts[k], step = steps[k]
                    @inline(__always) func run(_ from: Int32, _ to: Int32, into out: UnsafeMutablePointer<UInt32>) {
                        guard to > from else { return }
                        ConicGradient.interpolate(from: t0 &+ step &* Int32(Int(from) - a), step: step,
                                                  count: Int(to - from), table: table, into: out)
                    }
                    let span = lines.span(k), left = lines.left(k), right = lines.right(k)
                    run(span.0, span.1, into: canvas + Int(lines.y[k]) * rowWords + Int(span.0))
                    run(left.0, left.1, into: edgeColors + Int(left.2))
                    run(right.0, right.1, into: edgeColors + Int(right.2))
                }
            }
        }
    }
}

/// The lines of a batch of pieces (see `ConicGradient.shadePieces`), in columns of 32-bit numbers:
/// each line's row, knots, the span pixels it colours and the bands it colours (with where their
/// colours go among the edge colours).
struct PieceLines {
    /// Numbers per line.
    static let words = 11
    let y: UnsafeMutablePointer<Int32>, knotA: UnsafeMutablePointer<Int32>, knotB: UnsafeMutablePointer<Int32>
    private let spanColumns: UnsafeMutablePointer<Int32>, bands: UnsafeMutablePointer<Int32>
    private(set) var count = 0
    private let capacity: Int

    /// Lines in `memory` (`words` numbers per line, room for `capacity` lines).
    init(_ memory: UnsafeMutablePointer<Int32>, capacity: Int) {
        self.capacity = capacity
        y = memory; knotA = memory + capacity; knotB = memory + 2 * capacity
        spanColumns = memory + 3 * capacity; bands = memory + 5 * capacity
    }

    /// Line k's span pixels [from, to).
    func span(_ k: Int) -> (Int32, Int32) { (spanColumns[2 * k], spanColumns[2 * k + 1]) }
    /// Line k's left band [from, to) and the index of its first colour.
    func left(_ k: Int) -> (Int32, Int32, Int32) { (bands[6 * k], bands[6 * k + 1], bands[6 * k + 2]) }
    /// Line k's right band [from, to) and the index of its first colour.
    func right(_ k: Int) -> (Int32, Int32, Int32) { (bands[6 * k + 3], bands[6 * k + 4], bands[6 * k + 5]) }

    /// The lines of a piece whose unclipped span has `unclippedCount` pixels, knots `knotStep` apart:
    /// one from each knot before the last pixel (no division for the common one-line piece).
    @inline(__always) static func lineCount(unclippedCount: Int, knotStep: Int) -> Int {
        knotStep >= unclippedCount - 1 ? 1 : (unclippedCount - 2) / knotStep + 1
    }

    /// Adds the lines of `piece` with knots `knotStep` apart (`lineCount` of them, fewer where the
    /// clip leaves a line nothing to colour).
    mutating func add(_ piece: ShadedPiece, knotStep: Int) {
        let b = piece.unclipped.lowerBound, last = piece.unclipped.upperBound - 1
        let lineTotal = PieceLines.lineCount(unclippedCount: piece.unclipped.count, knotStep: knotStep)
        @inline(__always) func i32(_ v: Int) -> Int32 { Int32(truncatingIfNeeded: v) }
        for m in 0 ..< lineTotal {
            let a = b + m * knotStep, isLast = m == lineTotal - 1
            let to = isLast ? last : a + knotStep
            // The span pixels from this knot to the next (the last line also takes the last pixel).
            let from = max(piece.span.lowerBound, a), end = min(piece.span.upperBound, isLast ? last + 1 : to)
            let left = m == 0 ? piece.left : 0 ..< 0, right = isLast ? piece.right : 0 ..< 0
            if end <= from && left.isEmpty && right.isEmpty { continue }
            precondition(count < capacity)
            y[count] = i32(piece.y); knotA[count] = i32(a); knotB[count] = i32(to)
            spanColumns[2 * count] = i32(from); spanColumns[2 * count + 1] = i32(max(from, end))
            let band = bands + 6 * count
            band[0] = i32(left.lowerBound); band[1] = i32(left.upperBound); band[2] = i32(piece.colorOffset)
            band[3] = i32(right.lowerBound); band[4] = i32(right.upperBound); band[5] = i32(piece.colorOffset + piece.left.count)
            count += 1
        }
    }
}
