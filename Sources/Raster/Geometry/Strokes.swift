import Core
import Glibc

extension Canvas {
    /// Fills `path` with the non-zero winding rule and exact-area anti-aliasing. Draws nothing when a
    /// number of the path is NaN or infinite (see `FarGeometry` for numbers far beyond the canvas).
    public func fill(path: Path, paint: Paint) {
        guard path.isFinite else { return }
        var o = beginOutline()
        o.add(path)
        fill(outline: o, paint: paint)
    }

    /// Fills a rectangle with circular corners of `radius` (clamped to half the shorter side). Draws
    /// nothing when a number is NaN or infinite.
    public func fillRoundedRect(_ rect: Rect, radius: Double, paint: Paint) {
        guard !rect.isEmpty, radius.isFinite, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite,
            rect.height.isFinite
        else { return }
        fill(roundedRect: rect, radius: radius, paint: paint)
    }
    /// Fills a rounded rectangle with a solid colour.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        fillRoundedRect(rect, radius: radius, paint: Paint(color))
    }
    /// Fills an axis-aligned rectangle with a solid colour.
    public func fillRect(_ rect: Rect, color: Color) { fillRect(rect, paint: Paint(color)) }
    /// Fills an axis-aligned rectangle (edges may be fractional: edge pixels get their exact coverage).
    public func fillRect(_ rect: Rect, paint: Paint) {
        fillRoundedRect(rect, radius: 0, paint: paint)
    }

    /// Strokes the straight line from `a` to `b` with line `width` and `cap`s.
    public func strokeLine(from a: Point, to b: Point, width: Double, cap: LineCap = .butt, paint: Paint) {
        strokePolyline([a, b], width: width, cap: cap, paint: paint)
    }

    /// Strokes the open polyline through `points` with line `width`, `cap`s at both ends and round joins.
    /// Segments and joins are separate contours added under the non-zero rule, so where they overlap
    /// inside the stroke the pixels are simply full. Draws nothing when a number is NaN or infinite.
    public func strokePolyline(
        _ points: [Point], width: Double, cap: LineCap = .butt, closed: Bool = false, paint: Paint
    ) {
        guard width > 0, width.isFinite, points.count >= 2, FarGeometry.allFinite(points) else { return }
        if closed || cap != .butt, strokeCoversClip(pathBounds: Rect(bounding: points), halfWidth: width / 2) {
            return fill(roundedRect: clip.rect, radius: 0, paint: paint)
        }
        var o = beginOutline()
        appendStroke(&o, points, halfWidth: width / 2, cap: cap, closed: closed)
        fill(outline: o, paint: paint)
    }

    /// Strokes every subpath of `path` (flattened) with round joins; closed subpaths get no caps. Draws
    /// nothing when a number is NaN or infinite.
    public func stroke(path: Path, width: Double, cap: LineCap = .butt, paint: Paint) {
        guard width > 0, width.isFinite, path.isFinite else { return }
        // Where the path's own line can still show: within the stroke's reach of the clip (a square
        // cap's corner lies √2 half-widths from the line).
        let reach = clip.rect.insetBy(-(0.75 * width + 1))
        var flattened: [([Point], Bool)] = []
        for (subpath, closed) in path.subpaths {
            var flat = Outline()
            flat.reach = reach
            flat.add(subpath)
            guard flat.xs.count >= 2 else { continue }
            if closed || cap != .butt,
                strokeCoversClip(
                    pathBounds: Rect(
                        x: flat.minX, y: flat.minY, width: flat.maxX - flat.minX, height: flat.maxY - flat.minY),
                    halfWidth: width / 2)
            {
                return fill(roundedRect: clip.rect, radius: 0, paint: paint)
            }
            flattened.append(((0..<flat.xs.count).map { Point(flat.xs[$0], flat.ys[$0]) }, closed))
        }
        var o = beginOutline()
        for (pts, closed) in flattened { appendStroke(&o, pts, halfWidth: width / 2, cap: cap, closed: closed) }
        fill(outline: o, paint: paint)
    }

    /// Whether a stroke of `halfWidth` along a path within `pathBounds` (closed, or with round or square
    /// caps) covers every pixel of the clip, for a stroke that reaches beyond `FarGeometry.near` (strokes
    /// within it keep the usual code, byte for byte).
    ///
    /// Why: the point of the path nearest a point of the clip is inside a segment (whose piece covers
    /// everything within the half-width of it), a vertex (whose join covers the directions only it is
    /// nearest in) or an end (whose round or square cap covers what lies within the half-width behind
    /// it). So when every point of the path lies within the half-width of every point of the clip, the
    /// stroke covers the clip. Such a stroke, drawn piece by piece, costs a piece per flattened point,
    /// each crossing the clip (a fuzzer's find: a huge circle about the clip, stroked wider still;
    /// docs/testing.md, Fuzzing).
    private func strokeCoversClip(pathBounds b: Rect, halfWidth hw: Double) -> Bool {
        guard b.width > 1e-6 || b.height > 1e-6 else { return false }
        let c = clip.rect
        let reach = max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY)) + hw
        guard !(reach <= FarGeometry.near) else { return false }
        // The farthest any point of the clip lies from any point of the path's bounds: a corner to a corner.
        let dx = max(c.maxX - b.minX, b.maxX - c.minX), dy = max(c.maxY - b.minY, b.maxY - c.minY)
        return hypot(dx, dy) < hw
    }

    /// Adds the stroke of a polyline as pieces that meet edge to edge: one quadrilateral per segment,
    /// a round-join sector on the outer side of each turn, half discs for round caps. All pieces wind
    /// the same way, so their overlaps (only on the inner side of turns) stay full.
    private func appendStroke(_ o: inout Outline, _ pts: [Point], halfWidth hw: Double, cap: LineCap, closed: Bool) {
        // Drop repeated points: they have no direction.
        var p: [Point] = []
        for q in pts where p.last.map({ $0.distance(to: q) > 1e-9 }) ?? true { p.append(q) }
        if closed, p.count > 2, p[0].distance(to: p[p.count - 1]) <= 1e-9 { p.removeLast() }
        let n = p.count
        guard n >= 2 else {
            if cap == .round, let c = p.first { o.addCircle(cx: c.x, cy: c.y, radius: hw, clockwise: true) }
            return
        }
        let segments = closed ? n : n - 1
        func direction(_ i: Int) -> (Double, Double) {
            let a = p[i], b = p[(i + 1) % n]
            var len = a.distance(to: b)
            // Segments longer than the square root of the largest Double overflow the squares: hypot
            // does not (only then, so the usual lengths keep their rounding).
            if !len.isFinite { len = hypot(b.x - a.x, b.y - a.y) }
            return ((b.x - a.x) / len, (b.y - a.y) / len)
        }
        for i in 0..<segments {
            let a = p[i], b = p[(i + 1) % n]
            let (ux, uy) = direction(i)
            let nx = -uy * hw, ny = ux * hw
            // Square caps extend the first and last segments by half the width.
            let ext0 = (!closed && i == 0 && cap == .square) ? hw : 0
            let ext1 = (!closed && i == segments - 1 && cap == .square) ? hw : 0
            let ax = a.x - ux * ext0, ay = a.y - uy * ext0, bx = b.x + ux * ext1, by = b.y + uy * ext1
            o.add(ax - nx, ay - ny); o.add(bx - nx, by - ny); o.add(bx + nx, by + ny); o.add(ax + nx, ay + ny)
            o.closeContour()
        }
        // Joins: the sector between the two segments' offset edges on the outer side of the turn.
        let joins = closed ? 0..<n : 1..<n - 1
        for i in joins {
            let (ix, iy) = direction((i - 1 + n) % n), (ox, oy) = direction(i)
            let turn = ix * oy - iy * ox  // > 0: turning clockwise, the outer side is −n
            if abs(turn) < 1e-12 && ix * ox + iy * oy > 0 { continue }
            let side: Double = turn > 0 ? -1 : 1
            let aIn = atan2(side * ix, -side * iy), aOut = atan2(side * ox, -side * oy)
            var sweep = aOut - aIn
            while sweep > .pi { sweep -= 2 * .pi }
            while sweep < -.pi { sweep += 2 * .pi }
            let from = sweep >= 0 ? aIn : aOut
            o.add(p[i].x, p[i].y)
            o.addArc(cx: p[i].x, cy: p[i].y, radius: hw, start: from, sweep: abs(sweep))
            o.closeContour()
        }
        if !closed && cap == .round {
            let (sx, sy) = direction(0), (ex, ey) = direction(n - 2)
            o.addArc(cx: p[0].x, cy: p[0].y, radius: hw, start: atan2(sy, sx) + .pi / 2, sweep: .pi)
            o.closeContour()
            o.addArc(cx: p[n - 1].x, cy: p[n - 1].y, radius: hw, start: atan2(ey, ex) - .pi / 2, sweep: .pi)
            o.closeContour()
        }
    }
}

extension Path {
    /// The subpaths (each starting with its own move) and whether each ends with `.close`.
    var subpaths: [(Path, Bool)] {
        var result: [(Path, Bool)] = []
        var current: [Element] = []
        var closed = false
        func flush() { if !current.isEmpty { result.append((Path(current), closed)) }; current = []; closed = false }
        for e in elements {
            switch e {
            case .move: flush(); current.append(e)
            case .close: closed = true; current.append(e); flush()
            default: current.append(e)
            }
        }
        flush()
        return result
    }
}

extension Rect {
    /// The smallest rectangle holding every one of `points` (not empty).
    fileprivate init(bounding points: [Point]) {
        var x0 = points[0].x, x1 = x0, y0 = points[0].y, y1 = y0
        for p in points.dropFirst() { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
