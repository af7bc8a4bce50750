import Core
import Glibc

/// A vector outline: subpaths of lines, quadratic and cubic Béziers and circular arcs, in pixels.
/// Build once and fill or stroke it many times; filling uses the non-zero winding rule.
public struct Path: Sendable {
    /// One drawing command.
    public enum Element: Sendable, Hashable {
        /// Start a subpath here.
        case move(Point)
        /// Line to the point.
        case line(Point)
        /// Quadratic Bézier: control point, end point.
        case quad(Point, Point)
        /// Cubic Bézier: two control points, end point.
        case cubic(Point, Point, Point)
        /// A circular arc (centre, radius, start, sweep); a line joins the current point to its start.
        case arc(Point, Double, Angle, Angle)
        /// Close the subpath with a line to its start.
        case close
    }
    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}
    /// A path of the given commands.
    public init(_ elements: [Element]) { self.elements = elements }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    /// A straight line from the current point to `p`.
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    /// A quadratic Bézier with control point `c` ending at `p`.
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    /// A cubic Bézier with control points `c1`, `c2` ending at `p`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    /// A circular arc; `sweep` > 0 turns screen-clockwise.
    public mutating func arc(center: Point, radius: Double, start: Angle, sweep: Angle) {
        elements.append(.arc(center, radius, start, sweep))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func close() { elements.append(.close) }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        let r = roundedRectRadius(rect, radius)
        var p = Path()
        if r == 0 {
            return polygon([
                rect.origin, Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY),
            ])
        }
        for k in 0..<4 {
            let (center, start) = roundedRectCorner(k, rect, r)
            p.arc(center: center, radius: r, start: start, sweep: .degrees(90))
        }
        p.close()
        return p
    }
    /// The band a stroke `width` wide along `roundedRect(rect, radius:)` covers, as one fill: the outline
    /// grown by half the width (its corners' radius grown alike) around the outline shrunk by as much,
    /// wound the other way: exactly the points within half the width of the outline, from far fewer
    /// edges than a stroke's quadrilaterals and joins (which also cover a little more inside tight corners).
    public static func roundedRectBand(_ rect: Rect, radius: Double, width: Double) -> Path {
        let r = roundedRectRadius(rect, radius), hw = width / 2
        var p = roundedRect(rect.insetBy(-hw), radius: r + hw)
        let inner = rect.insetBy(hw)
        guard inner.width > 0, inner.height > 0 else { return p }
        let ri = roundedRectRadius(inner, max(0, r - hw))
        // Counter-clockwise: the corners in reverse order, each swept back.
        for (n, k) in [3, 2, 1, 0].enumerated() {
            let (center, start) = roundedRectCorner(k, inner, ri)
            let from = start + .degrees(90)
            if n == 0 { p.move(to: from.point(center: center, radius: ri)) }
            p.arc(center: center, radius: ri, start: from, sweep: .degrees(-90))
        }
        p.close()
        return p
    }

    /// The corner radius `roundedRect` uses: `radius` clamped to half the shorter side.
    static func roundedRectRadius(_ rect: Rect, _ radius: Double) -> Double {
        max(0, min(radius, rect.width / 2, rect.height / 2))
    }
    /// Quarter-circle corner `k` (0…3) of `roundedRect`, in outline order (clockwise from the top edge's
    /// right end): its centre and start angle; each sweeps 90°.
    @inline(__always) static func roundedRectCorner(_ k: Int, _ rect: Rect, _ r: Double) -> (Point, Angle) {
        switch k {
        case 0: return (Point(rect.maxX - r, rect.minY + r), .degrees(270))
        case 1: return (Point(rect.maxX - r, rect.maxY - r), .zero)
        case 2: return (Point(rect.minX + r, rect.maxY - r), .degrees(90))
        default: return (Point(rect.minX + r, rect.minY + r), .degrees(180))
        }
    }

    /// The same outline with every point mapped through `t` (arcs become Bézier-free polylines only when
    /// flattened; a non-uniform `t` maps arcs through their flattened points).
    public func applying(_ t: Transform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.line(to: t.apply(p))
            case .quad(let c, let p): out.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): out.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .arc(let c, let r, let s, let sw):
                // Arcs stay exact under similarity transforms; others are flattened first.
                let scale = t.determinant
                if abs(t.a - t.d) < 1e-12 && abs(t.b + t.c) < 1e-12 && scale > 0 {
                    let rot = Angle(radians: atan2(t.b, t.a))
                    out.arc(center: t.apply(c), radius: r * scale.squareRoot(), start: s + rot, sweep: sw)
                } else {
                    var o = Outline()
                    o.addArc(cx: c.x, cy: c.y, radius: r, start: s.radians, sweep: sw.radians)
                    for i in 0..<o.xs.count { out.line(to: t.apply(Point(o.xs[i], o.ys[i]))) }
                }
            case .close: out.close()
            }
        }
        return out
    }
}

extension Outline {
    /// Appends `path` flattened; every subpath becomes a closed contour.
    mutating func add(_ path: Path) {
        var cur = Point.zero, subpathStart = Point.zero, open = false
        for e in path.elements {
            switch e {
            case .move(let p):
                closeContour(); add(p.x, p.y); cur = p; subpathStart = p; open = true
            case .line(let p):
                if !open { add(cur.x, cur.y); open = true }
                add(p.x, p.y); cur = p
            case .quad(let c, let p):
                if !open { add(cur.x, cur.y); open = true }
                let ddx = cur.x - 2 * c.x + p.x, ddy = cur.y - 2 * c.y + p.y
                let n = Outline.bezierSteps(ddx * ddx + ddy * ddy, factor: 0.25)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(u * u * cur.x + 2 * u * t * c.x + t * t * p.x, u * u * cur.y + 2 * u * t * c.y + t * t * p.y)
                }
                cur = p
            case .cubic(let c1, let c2, let p):
                if !open { add(cur.x, cur.y); open = true }
                let ax = cur.x - 2 * c1.x + c2.x, ay = cur.y - 2 * c1.y + c2.y
                let bx = c1.x - 2 * c2.x + p.x, by = c1.y - 2 * c2.y + p.y
                let n = Outline.bezierSteps(max(ax * ax + ay * ay, bx * bx + by * by), factor: 0.75)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
                    add(b0 * cur.x + b1 * c1.x + b2 * c2.x + b3 * p.x, b0 * cur.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
                }
                cur = p
            case .arc(let c, let r, let s, let sw):
                if !open { subpathStart = Point(c.x + r * cos(s.radians), c.y + r * sin(s.radians)) }
                open = true
                addArc(cx: c.x, cy: c.y, radius: r, start: s.radians, sweep: sw.radians)
                cur = Point(c.x + r * cos(s.radians + sw.radians), c.y + r * sin(s.radians + sw.radians))
            case .close:
                closeContour(); open = false; cur = subpathStart
            }
        }
        closeContour()
    }

    /// Uniform steps for a Bézier whose second differences have squared length `dd2`: the chord error
    /// is at most factor·|Δ²|/n², kept under `tolerance`.
    static func bezierSteps(_ dd2: Double, factor: Double) -> Int {
        let dd = dd2.squareRoot()
        guard dd.isFinite else { return 1 }
        // Capped before the conversion, which traps on numbers beyond Int's range.
        let n = (factor * dd / tolerance).squareRoot().rounded(.up)
        return n < 1000 ? max(1, Int(n)) : 1000
    }
}
