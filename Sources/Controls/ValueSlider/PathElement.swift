#if canImport(Glibc)
    import Glibc
#endif
import Core

/// One step of an outline, as data Widgets can draw (NP-42). Angles follow X-2 (screen-clockwise).
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// A quadratic Bézier from the current point.
    case quad(control: Point, to: Point)
    /// A circular arc; the current point should already be at its start (a line is implied otherwise).
    case arc(center: Point, radius: Double, start: Angle, end: Angle, clockwise: Bool)
    case close

    /// The element under the linear map `t` (used to turn a normalised outline back, NP-42). `t` must be
    /// a rotation (possibly with translation): arcs keep their radius and direction.
    func applying(_ t: Transform) -> PathElement {
        let turn = Angle(radians: atan2(t.b, t.a))
        switch self {
        case .move(let p): return .move(t.apply(p))
        case .line(let p): return .line(t.apply(p))
        case .quad(let c, let p): return .quad(control: t.apply(c), to: t.apply(p))
        case .arc(let c, let r, let s, let e, let cw):
            return .arc(center: t.apply(c), radius: r, start: s + turn, end: e + turn, clockwise: cw)
        case .close: return .close
        }
    }
}

/// Flattening and hit testing of outlines.
public extension Array where Element == PathElement {
    /// The outline as closed polygons (one per subpath), arcs and curves cut into `segments` pieces
    /// each. For hit tests, tests and simple drawing.
    func flattened(segments: Int = 8) -> [[Point]] {
        var polygons: [[Point]] = []
        var current: [Point] = []
        for e in self {
            switch e {
            case .move(let p):
                if !current.isEmpty { polygons.append(current) }
                current = [p]
            case .line(let p): current.append(p)
            case .quad(let c, let p):
                let p0 = current.last ?? p
                for i in 1...segments {
                    let s = Double(i) / Double(segments), u = 1 - s
                    current.append(
                        Point(
                            u * u * p0.x + 2 * u * s * c.x + s * s * p.x,
                            u * u * p0.y + 2 * u * s * c.y + s * s * p.y))
                }
            case .arc(let c, let r, let start, let end, let cw):
                var sweep = (end - start).radians
                if cw && sweep < 0 { sweep += 2 * .pi }
                if !cw && sweep > 0 { sweep -= 2 * .pi }
                for i in 0...segments {
                    let a = Angle(radians: start.radians + sweep * Double(i) / Double(segments))
                    current.append(a.point(center: c, radius: r))
                }
            case .close:
                if !current.isEmpty { polygons.append(current) }
                current = []
            }
        }
        if !current.isEmpty { polygons.append(current) }
        return polygons
    }

    /// Non-zero winding containment of `p` in the flattened outline.
    func contains(_ p: Point, segments: Int = 16) -> Bool {
        var winding = 0
        for poly in flattened(segments: segments) where poly.count > 2 {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y <= p.y {
                    if b.y > p.y && (b - a).cross(p - a) > 0 { winding += 1 }
                } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0
    }
}
