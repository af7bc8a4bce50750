import CPixelKernels
import RasterKernelTypes
import RasterKernels
#if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
    import RasterKernelsX86V3
    import RasterKernelsX86V4
#endif

/// Which build of the rasterizer's vector kernels (`RasterKernels`: the edge-pixel areas of rings and
/// arcs, the circle row tables and conic gradients along arc pieces, where the float work of round
/// shapes goes) a canvas runs.
///
/// On x86-64 the same kernel sources are compiled three times: for the build's own CPU target (baseline
/// x86-64, SSE2, in a portable build), for x86-64-v3 (AVX2: eight floats per instruction) and for
/// x86-64-v4 (AVX-512), and each canvas runs the widest one its CPU has, found once with CPUID. So the
/// portable binary (the package's, the real-kernel test's) draws as fast as one built for the CPU it
/// runs on, as Blend2D's run-time pipeline choice does, and still runs on any x86-64. Every build
/// computes the same bytes: Swift does not fuse multiplies and adds, so wider vectors only do the same
/// operations on more pixels at once (`KernelLevelTests` compares them). Elsewhere (AArch64: NEON is
/// the baseline) there is only the baseline build.
public enum KernelLevel: String, Sendable, CaseIterable {
    /// The kernels compiled for the build's own CPU target.
    case baseline
    /// x86-64-v3: AVX2, FMA, BMI2 (Haswell, Zen 1 and later).
    case x86v3
    /// x86-64-v4: AVX-512 F, BW, CD, DQ, VL (Skylake-X, Zen 4 and later).
    case x86v4

    /// The levels this binary carries and this CPU runs, baseline first.
    public static let available: [KernelLevel] = {
        #if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
            let level = tw_x86_level()
            return [.baseline] + (level >= 3 ? [.x86v3] : []) + (level >= 4 ? [.x86v4] : [])
        #else
            return [.baseline]
        #endif
    }()

    /// The widest available level: what canvases run unless told otherwise.
    public static let fastest = available.last!

    /// Ring, disc and capsule edge-pixel areas (see `RasterKernels.ringEdgeCoverage`).
    @inline(__always) func ringEdgeCoverage(
        _ edge: RingEdge, terms: RingEdgeTerms, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
        count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        guard count > 0 else { return }
        switch self {
        case .baseline: RasterKernels.ringEdgeCoverage(edge, terms: terms, dx: dx, dy: dy, count: count, into: out)
        #if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
            case .x86v3:
                RasterKernelsX86V3.ringEdgeCoverage(edge, terms: terms, dx: dx, dy: dy, count: count, into: out)
            case .x86v4:
                RasterKernelsX86V4.ringEdgeCoverage(edge, terms: terms, dx: dx, dy: dy, count: count, into: out)
        #else
            case .x86v3, .x86v4:
                RasterKernels.ringEdgeCoverage(edge, terms: terms, dx: dx, dy: dy, count: count, into: out)
        #endif
        }
    }

    /// Round-capped arc edge-pixel areas (see `RasterKernels.arcEdgeCoverage`).
    @inline(__always) func arcEdgeCoverage(
        _ edge: ArcEdge, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>, count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        guard count > 0 else { return }
        switch self {
        case .baseline: RasterKernels.arcEdgeCoverage(edge, dx: dx, dy: dy, count: count, into: out)
        #if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
            case .x86v3: RasterKernelsX86V3.arcEdgeCoverage(edge, dx: dx, dy: dy, count: count, into: out)
            case .x86v4: RasterKernelsX86V4.arcEdgeCoverage(edge, dx: dx, dy: dy, count: count, into: out)
        #else
            case .x86v3, .x86v4: RasterKernels.arcEdgeCoverage(edge, dx: dx, dy: dy, count: count, into: out)
        #endif
        }
    }

    /// A circle's row columns (see `RasterKernels.circleRowColumns`).
    @inline(__always) func circleRowColumns(
        cx: Double, cy: Double, r: Double, stretch: Double, firstRow: Int, rowCount: Int,
        halfWidth: UnsafeMutablePointer<Double>, columns: CircleRowColumns
    ) {
        switch self {
        case .baseline:
            RasterKernels.circleRowColumns(
                cx: cx, cy: cy, r: r, stretch: stretch, firstRow: firstRow, rowCount: rowCount,
                halfWidth: halfWidth, columns: columns)
        #if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
            case .x86v3:
                RasterKernelsX86V3.circleRowColumns(
                    cx: cx, cy: cy, r: r, stretch: stretch, firstRow: firstRow, rowCount: rowCount,
                    halfWidth: halfWidth, columns: columns)
            case .x86v4:
                RasterKernelsX86V4.circleRowColumns(
                    cx: cx, cy: cy, r: r, stretch: stretch, firstRow: firstRow, rowCount: rowCount,
                    halfWidth: halfWidth, columns: columns)
        #else
            case .x86v3, .x86v4:
                RasterKernels.circleRowColumns(
                    cx: cx, cy: cy, r: r, stretch: stretch, firstRow: firstRow, rowCount: rowCount,
                    halfWidth: halfWidth, columns: columns)
        #endif
        }
    }

    /// Conic gradient colours along the lines of shaded pieces (see `RasterKernels.conicLineColours`).
    @inline(__always) func conicLineColours(
        _ lines: PieceLines, offX: Float, offY: Float, origin: Int32, table: UnsafePointer<UInt32>,
        canvas: UnsafeMutablePointer<UInt32>, rowWords: Int, edgeColors: UnsafeMutablePointer<UInt32>
    ) {
        switch self {
        case .baseline:
            RasterKernels.conicLineColours(
                lines, offX: offX, offY: offY, origin: origin, table: table, canvas: canvas, rowWords: rowWords,
                edgeColors: edgeColors)
        #if canImport(RasterKernelsX86V3) && canImport(RasterKernelsX86V4)
            case .x86v3:
                RasterKernelsX86V3.conicLineColours(
                    lines, offX: offX, offY: offY, origin: origin, table: table, canvas: canvas,
                    rowWords: rowWords, edgeColors: edgeColors)
            case .x86v4:
                RasterKernelsX86V4.conicLineColours(
                    lines, offX: offX, offY: offY, origin: origin, table: table, canvas: canvas,
                    rowWords: rowWords, edgeColors: edgeColors)
        #else
            case .x86v3, .x86v4:
                RasterKernels.conicLineColours(
                    lines, offX: offX, offY: offY, origin: origin, table: table, canvas: canvas, rowWords: rowWords,
                    edgeColors: edgeColors)
        #endif
        }
    }
}
