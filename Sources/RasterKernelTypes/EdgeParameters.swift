/// The parameters of the rasterizer's vector kernels (`RasterKernels`), in a module of their own so
/// that every build of the kernels (the baseline one and, on x86-64, those for wider vector units that
/// `Raster` picks at run time) takes the same types.

/// Which circles a ring edge pixel's area needs: a pixel wholly outside the hole needs only the outer
/// disc's area, one wholly inside the outer disc only the hole's (the row paths know which band a pixel
/// is in, and half the work is saved).
public enum RingEdgeTerms: Sendable { case both, outerOnly, innerOnly }

/// A ring's, disc's or capsule's boundary for the edge-pixel area kernel (`ringEdgeCoverage`), in single
/// precision: the radii, each moved inward by the mean gap between its circle and a tangent across a
/// pixel (1/24r), and the capsule's stretch.
public struct RingEdge: Sendable {
    /// Outer radius moved inward by 1/24r, and the hole's (−10⁶: no hole).
    public let outerT: Float, innerT: Float
    /// The outer radius itself (a capsule's straight band has no curvature term).
    public let outer: Float
    /// How far right the disc is stretched into a capsule (0: a disc or ring).
    public let stretch: Float

    /// The edge of the ring between radii `inner` (≤ 0: a disc) and `outer`, stretched right by
    /// `stretch` into a capsule.
    public init(outer: Double, inner: Double, stretch: Double) {
        outerT = Float(outer - 1 / (24 * outer))
        innerT = inner > 0 ? Float(inner - 1 / (24 * inner)) : -1e6
        self.outer = Float(outer)
        self.stretch = Float(stretch)
    }
}

/// A round-capped arc stroke's boundary for the edge-pixel area kernel (`arcEdgeCoverage`), in single
/// precision, relative to the arc's centre.
public struct ArcEdge: Sendable {
    /// Unit vectors of the start and end angles, and the end points of the centre line.
    public let u0x: Float, u0y: Float, u1x: Float, u1y: Float, e0x: Float, e0y: Float, e1x: Float, e1y: Float
    /// Boundary distances, each moved inward by the mean gap between its circle and the tangent across
    /// a pixel (1/24r): outer and inner edge radii and the cap radius.
    public let outerT: Float, innerT: Float, capT: Float
    /// Whether the sweep exceeds half a turn (the gap, not the wedge, is the convex side).
    public let reflex: Bool

    /// The stroke of half-width `halfWidth` along the arc of `radius` from the direction (u0x, u0y)
    /// sweeping `sweep` radians to (u1x, u1y).
    public init(radius: Double, halfWidth: Double, u0x: Double, u0y: Double, u1x: Double, u1y: Double, sweep: Double) {
        self.u0x = Float(u0x); self.u0y = Float(u0y); self.u1x = Float(u1x); self.u1y = Float(u1y)
        e0x = Float(radius * u0x); e0y = Float(radius * u0y); e1x = Float(radius * u1x); e1y = Float(radius * u1y)
        let o = radius + halfWidth, i = radius - halfWidth, h = halfWidth
        outerT = Float(o - 1 / (24 * o)); innerT = Float(i - 1 / (24 * i)); capT = Float(h - 1 / (24 * h))
        reflex = sweep > .pi
    }
}

/// The columns of one circle's rows (see `circleRowColumns`): per row, the first touched column, the
/// first and end fully covered columns and the end touched column.
public struct CircleRowColumns {
    public let touchL: UnsafeMutablePointer<Int>, fullL: UnsafeMutablePointer<Int>
    public let fullR: UnsafeMutablePointer<Int>, touchR: UnsafeMutablePointer<Int>

    public init(
        touchL: UnsafeMutablePointer<Int>, fullL: UnsafeMutablePointer<Int>, fullR: UnsafeMutablePointer<Int>,
        touchR: UnsafeMutablePointer<Int>
    ) {
        self.touchL = touchL; self.fullL = fullL; self.fullR = fullR; self.touchR = touchR
    }
}
