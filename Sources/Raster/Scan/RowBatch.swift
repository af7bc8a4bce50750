import RasterKernelTypes

/// Work memory of the analytic row paths (discs, rings, round-capped arcs): the intervals of a batch
/// of rows and the centres and coverage of their edge pixels. Edge runs are one to three pixels long,
/// far too short to vectorise one at a time, so a path walks its rows first, recording intervals and
/// edge pixel centres, and then computes the coverage of all the batch's edge pixels in one long loop.
///
/// Edge pixels go to one of three streams, so a path can compute each with the cheapest formula that
/// is exact for it (an arc: the ring's formula away from its ends, the full one near them).
final class RowBatch {
    /// The three streams' memory.
    private var streams = (EdgePixels(), EdgePixels(), EdgePixels())
    private var pixelCapacity = 0
    /// Intervals, `RowBatchWriter.recordWidth` numbers each: row, first column, end column, kind
    /// (0 = fully covered, 1 or 2 = edge pixels of stream 0 or 1), and for the pieces of a shaded direct
    /// drawing the rest of a `ShadedPiece`.
    private var records: UnsafeMutablePointer<Int32> = .allocate(capacity: 4)
    private var recordCapacity = 1
    /// One row of 8-bit coverage, where neighbouring intervals are joined for shading paints.
    private var mask: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    private var maskCapacity = 1

    /// A batch is computed and drawn once a stream holds more than this many pixels, or it holds
    /// more than this many intervals.
    static let pixelsPerBatch = 4096, recordsPerBatch = 512
    /// The most intervals one row may add (an arc row: up to eight edge bands and the gaps between).
    static let recordsPerRow = 24

    /// Room for one arc row's bands and intervals (`ArcRowWalk`).
    let arcRowMemory = UnsafeMutablePointer<Int>.allocate(capacity: ArcRowWalk.memoryWords)
    /// The build of the vector kernels the row paths run (see `KernelLevel`).
    var kernels = KernelLevel.fastest
    /// Room for circle row tables (`CircleRowTable`).
    private var tableMemory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
    private var tableBytes = 64

    deinit {
        streams.0.free(); streams.1.free(); streams.2.free(); records.deallocate(); mask.deallocate()
        arcRowMemory.deallocate(); tableMemory.deallocate()
    }

    /// `tables` circle row tables of `rowCount` rows each, one after the other (see
    /// `CircleRowTable.bytes`); valid until the next call.
    func circleTableMemory(tables: Int, rowCount: Int) -> UnsafeMutableRawPointer {
        let need = tables * CircleRowTable.bytes(rowCount: rowCount)
        if need > tableBytes {
            tableMemory.deallocate(); tableBytes = need
            tableMemory = .allocate(byteCount: need, alignment: 64)
        }
        return tableMemory
    }

    /// Makes room for one batch on rows of up to `width` pixels and returns an empty writer.
    func begin(width: Int) -> RowBatchWriter {
        // One batch plus one more row, rounded up to whole vectors.
        let pixels = RowBatch.pixelsPerBatch + width + 16
        if pixels > pixelCapacity {
            pixelCapacity = pixels
            streams.0.free(); streams.1.free(); streams.2.free()
            streams = (EdgePixels(capacity: pixels), EdgePixels(capacity: pixels), EdgePixels(capacity: pixels))
        }
        let needRecords = RowBatch.recordsPerBatch + RowBatch.recordsPerRow
        if needRecords > recordCapacity {
            records.deallocate(); recordCapacity = needRecords
            records = .allocate(capacity: RowBatchWriter.recordWidth * needRecords)
        }
        if width + 16 > maskCapacity {
            mask.deallocate(); maskCapacity = width + 16; mask = .allocate(capacity: maskCapacity)
        }
        return RowBatchWriter(records: records, streams: streams, mask: mask, kernels: kernels)
    }
}

/// One stream of edge pixels: centres relative to the shape's centre, the coverage computed for them,
/// and (direct mode) their indices in the canvas's 32-bit words, their device positions and room for
/// a shading paint's colours.
struct EdgePixels {
    let dx: UnsafeMutablePointer<Float>, dy: UnsafeMutablePointer<Float>
    let coverage: UnsafeMutablePointer<UInt8>
    let words: UnsafeMutablePointer<Int>
    let xs: UnsafeMutablePointer<Int32>, ys: UnsafeMutablePointer<Int32>
    let colors: UnsafeMutablePointer<UInt32>
    /// Pixels recorded so far.
    var count = 0

    init(capacity: Int = 1) {
        dx = .allocate(capacity: capacity); dy = .allocate(capacity: capacity)
        coverage = .allocate(capacity: capacity); words = .allocate(capacity: capacity)
        xs = .allocate(capacity: capacity); ys = .allocate(capacity: capacity); colors = .allocate(capacity: capacity)
        dx.initialize(repeating: 0, count: capacity); dy.initialize(repeating: 0, count: capacity)
        coverage.initialize(repeating: 0, count: capacity); words.initialize(repeating: 0, count: capacity)
        xs.initialize(repeating: 0, count: capacity); ys.initialize(repeating: 0, count: capacity)
        colors.initialize(repeating: 0, count: capacity)
    }
    func free() {
        dx.deallocate(); dy.deallocate(); coverage.deallocate(); words.deallocate()
        xs.deallocate(); ys.deallocate(); colors.deallocate()
    }

    /// Adds pixels [p, q) of a row: `x0` and `rowDy` are the centre of pixel p relative to the shape's
    /// centre.
    @inline(__always) mutating func add(from p: Int, to q: Int, x0: Float, rowDy: Float) {
        for k in 0..<q - p { dx[count + k] = x0 + Float(k); dy[count + k] = rowDy }
        count += q - p
    }
    /// As `add`, with each pixel's canvas word index (`word0`: pixel p's), for a direct drawing.
    @inline(__always) mutating func add(from p: Int, to q: Int, x0: Float, rowDy: Float, word0: Int) {
        let n = q - p
        if n <= 4 {
            // Most bands are one to three pixels: four lanes stored whether used or not (the streams
            // have room to spare) cost less than a loop of unknown length.
            UnsafeMutableRawPointer(dx + count).storeBytes(
                of: SIMD4<Float>(repeating: x0) + SIMD4(0, 1, 2, 3), as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(dy + count).storeBytes(of: SIMD4<Float>(repeating: rowDy), as: SIMD4<Float>.self)
            let w = UnsafeMutableRawPointer(words + count)
            w.storeBytes(of: SIMD2<Int>(word0, word0 + 1), as: SIMD2<Int>.self)
            w.storeBytes(of: SIMD2<Int>(word0 + 2, word0 + 3), toByteOffset: 16, as: SIMD2<Int>.self)
            count += n
            return
        }
        for k in 0..<n { dx[count + k] = x0 + Float(k); dy[count + k] = rowDy; words[count + k] = word0 + k }
        count += n
    }
    /// As `add(…word0:)`, with the pixels' device positions (row y) for a shader.
    @inline(__always) mutating func add(y: Int, from p: Int, to q: Int, x0: Float, rowDy: Float, word0: Int) {
        for k in 0..<q - p {
            dx[count + k] = x0 + Float(k); dy[count + k] = rowDy; words[count + k] = word0 + k
            xs[count + k] = Int32(truncatingIfNeeded: p + k); ys[count + k] = Int32(truncatingIfNeeded: y)
        }
        count += q - p
    }
}

/// Records one batch of intervals in drawing order (rows top to bottom, each left to right), then
/// sends them to a sink once the caller has filled each stream's `coverage`.
///
/// In the direct mode (solid colours on 32-bit canvases) a path sends fully covered spans to the sink
/// at once and records only edge pixels, with their canvas word index, for `PaintSink.blendScattered`:
/// one vectorised loop over the whole batch instead of a call per one-to-three-pixel run.
struct RowBatchWriter {
    /// The interval records (see `RowBatch`).
    let records: UnsafeMutablePointer<Int32>
    /// The three edge pixel streams (the third only in the direct mode).
    var first: EdgePixels, second: EdgePixels, third: EdgePixels
    let mask: UnsafeMutablePointer<UInt8>
    /// The build of the vector kernels that computes the streams' coverage.
    let kernels: KernelLevel
    /// Intervals recorded so far.
    private(set) var intervals = 0
    /// Numbers per interval record.
    static let recordWidth = 11

    init(
        records: UnsafeMutablePointer<Int32>, streams: (EdgePixels, EdgePixels, EdgePixels),
        mask: UnsafeMutablePointer<UInt8>,
        kernels: KernelLevel
    ) {
        self.records = records; first = streams.0; second = streams.1; third = streams.2; self.mask = mask;
        self.kernels = kernels
        first.count = 0; second.count = 0; third.count = 0
    }

    /// True when the batch should be drawn before another row is added.
    var isFull: Bool {
        first.count > RowBatch.pixelsPerBatch || second.count > RowBatch.pixelsPerBatch
            || third.count > RowBatch.pixelsPerBatch
            || intervals > RowBatch.recordsPerBatch
    }

    /// Pixels [p, q) of row y are fully covered.
    @inline(__always) mutating func full(y: Int, from p: Int, to q: Int) { record(y, p, q, kind: 0) }

    /// Pixels [p, q) of row y are edge pixels of the first stream (`secondStream`: of the second);
    /// `x0` and `rowDy` are the centre of pixel p relative to the shape's centre.
    @inline(__always) mutating func edge(
        y: Int, from p: Int, to q: Int, x0: Float, rowDy: Float, secondStream: Bool = false
    ) {
        record(y, p, q, kind: secondStream ? 2 : 1)
        if secondStream {
            second.add(from: p, to: q, x0: x0, rowDy: rowDy)
        } else {
            first.add(from: p, to: q, x0: x0, rowDy: rowDy)
        }
    }

    /// Shaded direct mode: one piece of a row (see `ShadedPiece`); its edge pixels are the next ones of
    /// the second stream.
    @inline(__always) mutating func shadedPiece(
        y: Int, span: Range<Int>, unclipped: Range<Int>, left: Range<Int>, right: Range<Int>
    ) {
        record(y, span.lowerBound, span.upperBound, kind: 3)
        let r = records + RowBatchWriter.recordWidth * (intervals - 1)
        @inline(__always) func put(_ k: Int, _ v: Int) { r[k] = Int32(truncatingIfNeeded: v) }
        put(4, unclipped.lowerBound); put(5, unclipped.upperBound); put(6, left.lowerBound); put(7, left.upperBound)
        put(8, right.lowerBound); put(9, right.upperBound); put(10, second.count)
    }

    @inline(__always) private mutating func record(_ y: Int, _ p: Int, _ q: Int, kind: Int32) {
        let r = records + RowBatchWriter.recordWidth * intervals
        r[0] = Int32(truncatingIfNeeded: y); r[1] = Int32(truncatingIfNeeded: p); r[2] = Int32(truncatingIfNeeded: q);
        r[3] = kind
        intervals += 1
    }

    /// Empties the batch (direct mode, after `PaintSink.blendScattered`).
    mutating func reset() { first.count = 0; second.count = 0; third.count = 0; intervals = 0 }

    /// Sends the recorded intervals to `sink` in order (the caller has computed the coverage) and
    /// empties the batch. For shading paints neighbouring intervals are joined into one mask: one
    /// shading call per run instead of one per interval.
    mutating func send<S: CoverageSink>(into sink: inout S) {
        let merge = sink.mergeLimit > 0
        var offsets = (0, 0)
        var runY = 0, runStart = 0, runLength = 0
        @inline(__always) func flush() {
            if runLength > 0 { sink.mask(y: runY, x: runStart, count: runLength, coverage: mask); runLength = 0 }
        }
        for k in 0..<intervals {
            let r = records + RowBatchWriter.recordWidth * k
            let y = Int(r[0]), p = Int(r[1]), q = Int(r[2]), kind = r[3]
            let count = q - p
            var source = first.coverage
            if kind == 1 { source = first.coverage + offsets.0; offsets.0 += count }
            if kind == 2 { source = second.coverage + offsets.1; offsets.1 += count }
            if !merge {
                if kind == 0 {
                    sink.span(y: y, x: p, count: count, alpha: 255)
                } else {
                    sink.mask(y: y, x: p, count: count, coverage: source)
                }
                continue
            }
            if kind == 0 && count > 64 { flush(); sink.span(y: y, x: p, count: count, alpha: 255); continue }
            if runLength > 0 && (runY != y || runStart + runLength != p) { flush() }
            if runLength == 0 { runY = y; runStart = p }
            if kind == 0 {
                (mask + runLength).update(repeating: 255, count: count)
            } else {
                (mask + runLength).update(from: source, count: count)
            }
            runLength += count
        }
        flush()
        reset()
    }
}
