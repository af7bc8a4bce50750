import Core
import Glibc

/// What the drawing calls of `Canvas` do with numbers no screen can show (issue 37: a card with a
/// frame and radius near 1e155 reached the cell rasterizer, which converted a NaN to a column and
/// wrote through it).
///
/// Each public drawing call looks at its numbers once, before any arithmetic, and not per pixel:
/// - A NaN or an infinity anywhere in its geometry or paint (a point, a size, an angle, the paint's
///   alpha or its gradient's points) draws nothing.
/// - Finite numbers within `near` of the origin take the usual code, unchanged: normal drawing stays
///   byte for byte what it was, for the price of a few comparisons per call.
/// - Farther finite numbers take the same code with its integer conversions and squares made safe:
///   outlines are clipped to the area being drawn before their edges reach the cells
///   (`Outline.clipped(to:)`), discs and rings that cover or miss the whole clip are filled or
///   skipped without flattening, arcs of huge radii get fine chords only where they can show
///   (`Outline.addArcNear`), and the analytic row paths never see such numbers (their `accepts`).
///   What lands on the canvas is then what the geometry puts there, within what a `Double` can say
///   at that distance; sums that overflow a `Double` (beyond about 1e308) draw nothing.
///
/// Below all of this, `CoverageCells` keeps every cell index inside its buffers for any input, NaN
/// included, so even a path missed here cannot write outside the canvas in a build without bounds
/// checks (`-Ounchecked`, the pixel modules' release setting).
enum FarGeometry {
    /// The largest coordinate or length (in pixels) the usual code is given as it is. Far larger than
    /// any canvas (a DRM frame buffer is at most 16384 pixels a side), and small enough that the
    /// usual code's squares and its conversions to `Int` and `Float` stay exact and in range.
    static let near: Double = 1e7

    /// Whether every value lies within `near` (false for NaN).
    @inline(__always) static func isNear(_ a: Double, _ b: Double, _ c: Double) -> Bool {
        abs(a) <= near && abs(b) <= near && abs(c) <= near
    }

    /// Whether `rect`'s edges all lie within `near` (false for NaN).
    @inline(__always) static func isNear(_ rect: Rect) -> Bool {
        isNear(rect.minX, rect.minY, 0) && isNear(rect.maxX, rect.maxY, 0)
    }

    /// Whether every point of `points` is finite.
    static func allFinite(_ points: [Point]) -> Bool {
        for p in points where !(p.x.isFinite && p.y.isFinite) { return false }
        return true
    }

    /// An angle in radians with its whole turns removed when it is so large that adding a sweep to it
    /// would be lost in its rounding (angles within `near` are kept exactly as given).
    @inline(__always) static func reducedAngle(_ radians: Double) -> Double {
        abs(radians) <= near ? radians : Angle.wrap(radians, period: 2 * .pi)
    }

    /// How a ring (`inner` ≤ 0: a disc) about `center` meets the rectangle `clip`: the rectangle lies
    /// wholly inside the ring, wholly outside it (or in its hole), or the ring's edge crosses it. Exact
    /// for any finite numbers (`hypot` does not overflow where squares would).
    static func ring(center: Point, inner: Double, outer: Double, meets clip: Rect) -> RingCover {
        // Distances from the centre to the rectangle's nearest point and to its farthest corner.
        let nx = max(clip.minX - center.x, 0, center.x - clip.maxX),
            ny = max(clip.minY - center.y, 0, center.y - clip.maxY)
        let fx = max(abs(center.x - clip.minX), abs(center.x - clip.maxX))
        let fy = max(abs(center.y - clip.minY), abs(center.y - clip.maxY))
        let nearest = hypot(nx, ny), farthest = hypot(fx, fy)
        if nearest >= outer { return .outside }
        if inner > 0 && farthest <= inner { return .outside }
        if farthest <= outer && (inner <= 0 || nearest >= inner) { return .inside }
        return .crossing
    }

    /// See `ring(center:inner:outer:meets:)`.
    enum RingCover { case inside, outside, crossing }
}

extension Paint {
    /// Whether the paint's own numbers are finite (its alpha, its gradient's points and angle); a paint
    /// with a NaN or an infinity draws nothing (see `FarGeometry`).
    var isDrawable: Bool {
        guard alpha.isFinite else { return false }
        switch kind {
        case .solid, .image: return true
        case .linearGradient(let g):
            return g.start.x.isFinite && g.start.y.isFinite && g.end.x.isFinite && g.end.y.isFinite
        case .conicGradient(let g): return g.center.x.isFinite && g.center.y.isFinite && g.start.radians.isFinite
        }
    }
}

extension Path {
    /// Whether every point, radius and angle of the path is finite.
    var isFinite: Bool {
        @inline(__always) func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !ok(p) { return false }
            case .quad(let c, let p): if !(ok(c) && ok(p)) { return false }
            case .cubic(let c1, let c2, let p): if !(ok(c1) && ok(c2) && ok(p)) { return false }
            case .arc(let c, let r, let s, let sw):
                if !(ok(c) && r.isFinite && s.radians.isFinite && sw.radians.isFinite) { return false }
            case .close: break
            }
        }
        return true
    }
}
