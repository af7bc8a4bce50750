/// The pieces of simple arc rows that opaque conic gradients colour along lines (`Raster`'s
/// `ConicGradient.shadePieces`), in the form the conic kernel (`RasterKernels.conicLineColours`) takes.

/// One piece of a simple arc row for a shaded direct drawing, read from its record: a full span
/// between two edge bands. The shader colours the span straight into the canvas and the bands' pixels
/// into the second stream's colours (from `colorOffset`), where they are blended by coverage.
public struct ShadedPiece: Sendable {
    /// The row, the span's columns after and before clipping, and the edge bands' columns after it.
    public let y: Int, span: Range<Int>, unclipped: Range<Int>, left: Range<Int>, right: Range<Int>
    /// Where the left band's colours start in the edge colours (the right band's follow).
    public let colorOffset: Int

    /// The piece of the record at `r` (`RowBatchWriter.recordWidth` numbers, in `Raster`).
    @inlinable public init(_ r: UnsafePointer<Int32>) {
        @inline(__always) func at(_ k: Int) -> Int { Int(r[k]) }
        y = at(0)
        span = at(1)..<max(at(1), at(2)); unclipped = at(4)..<at(5)
        left = at(6)..<max(at(6), at(7)); right = at(8)..<max(at(8), at(9))
        colorOffset = at(10)
    }
}

/// The lines of a batch of pieces (see `ConicGradient.shadePieces` in `Raster`), in columns of 32-bit numbers:
/// each line's row, knots, the span pixels it colours and the bands it colours (with where their
/// colours go among the edge colours).
public struct PieceLines {
    /// Numbers per line.
    public static let words = 11
    public let y: UnsafeMutablePointer<Int32>, knotA: UnsafeMutablePointer<Int32>, knotB: UnsafeMutablePointer<Int32>
    @usableFromInline let spanColumns: UnsafeMutablePointer<Int32>, bands: UnsafeMutablePointer<Int32>
    /// Lines added so far (set only by `add`).
    public var count = 0
    @usableFromInline let capacity: Int

    /// Lines in `memory` (`words` numbers per line, room for `capacity` lines).
    @inlinable public init(_ memory: UnsafeMutablePointer<Int32>, capacity: Int) {
        self.capacity = capacity
        y = memory; knotA = memory + capacity; knotB = memory + 2 * capacity
        spanColumns = memory + 3 * capacity; bands = memory + 5 * capacity
    }

    /// Line k's span pixels [from, to).
    @inlinable public func span(_ k: Int) -> (Int32, Int32) { (spanColumns[2 * k], spanColumns[2 * k + 1]) }
    /// Line k's left band [from, to) and the index of its first colour.
    @inlinable public func left(_ k: Int) -> (Int32, Int32, Int32) {
        (bands[6 * k], bands[6 * k + 1], bands[6 * k + 2])
    }
    /// Line k's right band [from, to) and the index of its first colour.
    @inlinable public func right(_ k: Int) -> (Int32, Int32, Int32) {
        (bands[6 * k + 3], bands[6 * k + 4], bands[6 * k + 5])
    }

    /// The lines of a piece whose unclipped span has `unclippedCount` pixels, knots `knotStep` apart:
    /// one from each knot before the last pixel (no division for the common one-line piece).
    @inlinable @inline(__always) public static func lineCount(unclippedCount: Int, knotStep: Int) -> Int {
        knotStep >= unclippedCount - 1 ? 1 : (unclippedCount - 2) / knotStep + 1
    }

    /// Adds the lines of `piece` with knots `knotStep` apart (`lineCount` of them, fewer where the
    /// clip leaves a line nothing to colour).
    @inlinable public mutating func add(_ piece: ShadedPiece, knotStep: Int) {
        let b = piece.unclipped.lowerBound, last = piece.unclipped.upperBound - 1
        let lineTotal = PieceLines.lineCount(unclippedCount: piece.unclipped.count, knotStep: knotStep)
        @inline(__always) func i32(_ v: Int) -> Int32 { Int32(truncatingIfNeeded: v) }
        for m in 0..<lineTotal {
            let a = b + m * knotStep, isLast = m == lineTotal - 1
            let to = isLast ? last : a + knotStep
            // The span pixels from this knot to the next (the last line also takes the last pixel).
            let from = max(piece.span.lowerBound, a), end = min(piece.span.upperBound, isLast ? last + 1 : to)
            let left = m == 0 ? piece.left : 0..<0, right = isLast ? piece.right : 0..<0
            if end <= from && left.isEmpty && right.isEmpty { continue }
            precondition(count < capacity)
            y[count] = i32(piece.y); knotA[count] = i32(a); knotB[count] = i32(to)
            spanColumns[2 * count] = i32(from); spanColumns[2 * count + 1] = i32(max(from, end))
            let band = bands + 6 * count
            band[0] = i32(left.lowerBound); band[1] = i32(left.upperBound); band[2] = i32(piece.colorOffset)
            band[3] = i32(right.lowerBound); band[4] = i32(right.upperBound);
            band[5] = i32(piece.colorOffset + piece.left.count)
            count += 1
        }
    }
}
