import Core

/// Clipping an outline to a rectangle, for outlines that reach far beyond the canvas (see
/// `FarGeometry`): the cells then only see edges of the size of the area they draw.
extension Outline {
    /// Whether every point lies within `FarGeometry.near` of the origin (NaN points do not count:
    /// the cells drop their edges).
    var isNear: Bool {
        let n = FarGeometry.near
        return minX >= -n && maxX <= n && minY >= -n && maxY <= n
    }

    /// The outline clipped to `box`, contour by contour (Sutherland–Hodgman against its four sides).
    ///
    /// Inside the box every point keeps its winding number: what a side cuts away is replaced by a
    /// path along that side, and a loop made of an outside part and a piece of the side winds round
    /// no point inside. So the non-zero fill of the result equals the original's within `box`. A
    /// contour with a point that is not finite has no place to go and is dropped.
    func clipped(to box: Rect) -> Outline {
        var result = Outline()
        var a: [Double] = [], b: [Double] = []  // x, y interleaved: the contour before and after a side
        // Each side as (axis, bound, keep the greater side).
        let sides = [(0, box.minX, true), (0, box.maxX, false), (1, box.minY, true), (1, box.maxY, false)]
        var start = 0
        for end in contourEnds {
            defer { start = end }
            guard end - start >= 3 else { continue }
            var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
            var finite = true
            for i in start..<end {
                finite = finite && xs[i].isFinite && ys[i].isFinite
                x0 = min(x0, xs[i]); x1 = max(x1, xs[i]); y0 = min(y0, ys[i]); y1 = max(y1, ys[i])
            }
            // A closed contour winds round nothing outside its own box: one that misses `box` adds
            // nothing there, one inside it stays as it is (most pieces of a long stroke do either).
            guard finite, x1 >= box.minX, x0 <= box.maxX, y1 >= box.minY, y0 <= box.maxY else { continue }
            if x0 >= box.minX && x1 <= box.maxX && y0 >= box.minY && y1 <= box.maxY {
                for i in start..<end { result.add(xs[i], ys[i]) }
                result.closeContour()
                continue
            }
            a.removeAll(keepingCapacity: true)
            for i in start..<end { a.append(xs[i]); a.append(ys[i]) }
            for (axis, bound, keepGreater) in sides {
                Outline.clip(a, to: &b, axis: axis, bound: bound, keepGreater: keepGreater)
                swap(&a, &b)
                if a.isEmpty { break }
            }
            guard a.count >= 6 else { continue }
            for k in stride(from: 0, to: a.count, by: 2) { result.add(a[k], a[k + 1]) }
            result.closeContour()
        }
        return result
    }

    /// One Sutherland–Hodgman pass: the closed polygon `points` (x, y interleaved) cut by the line
    /// `axis` = `bound`, keeping the side `keepGreater` names, into `out`.
    private static func clip(_ points: [Double], to out: inout [Double], axis: Int, bound: Double, keepGreater: Bool) {
        out.removeAll(keepingCapacity: true)
        let n = points.count / 2
        guard n > 0 else { return }
        @inline(__always) func inside(_ k: Int) -> Bool {
            let v = points[2 * k + axis]
            return keepGreater ? v >= bound : v <= bound
        }
        var previous = n - 1
        var previousInside = inside(previous)
        for k in 0..<n {
            let isInside = inside(k)
            if isInside != previousInside {
                // The crossing, computed without overflow for any finite end points (see `crossing`).
                let (cx, cy) = crossing(points, previous, k, axis: axis, bound: bound)
                out.append(cx); out.append(cy)
            }
            if isInside { out.append(points[2 * k]); out.append(points[2 * k + 1]) }
            previous = k; previousInside = isInside
        }
    }

    /// Where the segment from point `p` to point `q` crosses `axis` = `bound` (the two lie on either
    /// side). It is measured from the end nearer the line: a far end (1e155 pixels out) would leave the
    /// fraction 1 − t without a digit of the crossing. Halving before subtracting keeps differences of
    /// any finite numbers finite; the other coordinate is kept between the ends.
    private static func crossing(_ points: [Double], _ p: Int, _ q: Int, axis: Int, bound: Double) -> (Double, Double) {
        let p0 = points[2 * p + axis], q0 = points[2 * q + axis]
        let p1 = points[2 * p + 1 - axis], q1 = points[2 * q + 1 - axis]
        let (n0, n1, f0, f1) = abs(p0 - bound) <= abs(q0 - bound) ? (p0, p1, q0, q1) : (q0, q1, p0, p1)
        // At most a half: the nearer end is at most as far from the line as the other.
        let t = min(max((bound * 0.5 - n0 * 0.5) / (f0 * 0.5 - n0 * 0.5), 0), 1)
        let moved = n1 + t * (f1 * 0.5 - n1 * 0.5) * 2
        let other = min(max(moved, min(p1, q1)), max(p1, q1))
        return axis == 0 ? (bound, other) : (other, bound)
    }
}
