import Core
import Glibc

/// A shape flattened to closed polygons (contours), in device pixels. Curves are flattened finely
/// enough (`tolerance`) that the polygon's area per pixel matches the curve's to well under 1/255.
struct Outline {
    var xs: [Double] = []
    var ys: [Double] = []
    /// Index one past the last point of each contour.
    var contourEnds: [Int] = []
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    /// Where the outline is drawn (the clip, grown by a pixel or by a stroke's reach), when known: an
    /// arc of a radius far beyond any canvas is flattened finely only where it can pass through it
    /// (`addArcNear`).
    var reach: Rect?

    /// Largest distance, in pixels, between a circular arc and its flattened chords (split evenly
    /// inside and outside the arc, so the area error per pixel is about half of it).
    static let tolerance = 0.01

    mutating func reset() {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
        minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
    }
    var isEmpty: Bool { xs.isEmpty }

    @inline(__always) mutating func add(_ x: Double, _ y: Double) {
        xs.append(x); ys.append(y)
        if x < minX { minX = x }; if x > maxX { maxX = x }
        if y < minY { minY = y }; if y > maxY { maxY = y }
    }
    /// Ends the current contour (it is closed implicitly).
    mutating func closeContour() {
        let start = contourEnds.last ?? 0
        if xs.count > start { contourEnds.append(xs.count) }
    }

    /// Appends points along the circle arc about (cx, cy) from `start` sweeping `sweep` radians
    /// (positive = screen-clockwise), including both end points.
    mutating func addArc(cx: Double, cy: Double, radius r: Double, start: Double, sweep: Double) {
        guard r > 0, r.isFinite, sweep.isFinite, cx.isFinite, cy.isFinite else {
            if cx.isFinite && cy.isFinite { add(cx, cy) }
            return
        }
        // Turns beyond the second add only winding, which the non-zero rule does not show: keep the
        // end angle and at most two turns, rather than spreading the chords over a billion of them.
        let sweep =
            abs(sweep) <= 4 * .pi
            ? sweep : (sweep < 0 ? -1 : 1) * (2 * .pi + abs(sweep).truncatingRemainder(dividingBy: 2 * .pi))
        let n = Outline.segmentCount(radius: r, sweep: abs(sweep))
        // An arc needing more chords than any ordinary one, or than its cap gives, is flattened by
        // window where the drawn area is known (ordinary arcs never are: their chords stay as they were).
        if let reach, Outline.chordsNeeded(radius: r, sweep: abs(sweep)) > Double(min(n, Outline.windowedChords)),
            addArcNear(reach, cx: cx, cy: cy, radius: r, start: start, sweep: sweep)
        {
            return
        }
        let step = sweep / Double(n)
        // Vertices sit slightly outside the circle so the chords dip equally inside it: the polygon
        // then has the circle's area to second order, not a systematic shortfall.
        let half = abs(step) / 2
        let rv = 2 * r / (1 + cos(half))
        add(cx + r * cos(start), cy + r * sin(start))
        if n > 1 {
            // Rotate the unit vector incrementally; recompute from sin/cos every 32 steps to bound drift.
            let cs = cos(step), sn = sin(step)
            var ux = cos(start + step), uy = sin(start + step)
            for i in 1..<n {
                add(cx + rv * ux, cy + rv * uy)
                if i & 31 == 31 {
                    ux = cos(start + Double(i + 1) * step); uy = sin(start + Double(i + 1) * step)
                } else {
                    let nx = ux * cs - uy * sn
                    uy = ux * sn + uy * cs; ux = nx
                }
            }
        }
        add(cx + r * cos(start + sweep), cy + r * sin(start + sweep))
    }

    /// Chords an arc of `radius` and `sweep` radians needs to stay within `tolerance`, uncapped and
    /// rounded up (not converted: it may lie beyond Int's range).
    static func chordsNeeded(radius: Double, sweep: Double) -> Double {
        // The sagitta of a chord spanning angle θ is r(1 − cos θ/2) ≈ rθ²/8; with the vertex radius
        // correction the deviation is half of that, so θ = sqrt(16·tol / r).
        let theta = min(0.5, (16 * tolerance / radius).squareRoot())
        return (sweep / theta).rounded(.up)
    }

    /// Chords for an arc of `radius` and `sweep` radians: `chordsNeeded`, capped.
    static func segmentCount(radius: Double, sweep: Double) -> Int {
        // Capped so an absurd radius (far beyond any screen) cannot exhaust memory; capped before the
        // conversion, which traps on numbers beyond Int's range (and on NaN).
        let n = chordsNeeded(radius: radius, sweep: sweep)
        let cap =
            radius <= FarGeometry.near ? Double(1 << 16) : max(1, (Double(farChords) * sweep / (2 * .pi)).rounded(.up))
        return n < cap ? max(1, Int(n)) : Int(min(cap, Double(1 << 16)))
    }

    /// The most chords a full turn of an arc of a radius beyond `FarGeometry.near` gets (shorter arcs
    /// in proportion) where no `reach` lets it be flattened by window (`addArcNear`). Such an arc is a
    /// round join or cap of a stroke wider than any screen, or the edge of a disc no screen holds. The
    /// cap bounds the work of such a stroke, which adds a join at every point of its flattened path
    /// (each turning by little).
    static let farChords = 1024

    /// A full circle as one contour, clockwise (positive winding) or counter-clockwise.
    mutating func addCircle(cx: Double, cy: Double, radius: Double, clockwise: Bool) {
        let before = xs.count
        addArc(cx: cx, cy: cy, radius: radius, start: 0, sweep: clockwise ? 2 * .pi : -2 * .pi)
        // The last point repeats the first; dropping it keeps the contour minimal.
        if xs.count - before > 2 { xs.removeLast(); ys.removeLast() }
        closeContour()
    }
}
