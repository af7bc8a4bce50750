import Core
import Glibc

/// Arcs of radii far beyond any canvas (a disc of radius 1e7 whose edge crosses the screen, a stroke
/// a million pixels wide): the usual flattening spends tens of thousands of chords on them, nearly
/// all far from anything drawn. Here only the angles whose rays from the centre can meet the drawn
/// area get the usual chords; elsewhere a few do.
///
/// Why that changes nothing drawn: from a centre outside a rectangle, the directions to its points
/// are exactly the angles between those of its corners (the window). A chord between two points at
/// angles outside the window, no more than a quarter turn apart, lies in the sector between them,
/// whose rays all miss the rectangle; so does the sliver between that chord and its arc. So within
/// the rectangle the outline winds as the finely flattened one does.
extension Outline {
    /// Arcs needing more chords than this (or than their cap gives, see `segmentCount`) are flattened
    /// by window when `reach` is known: radii of tens of thousands of pixels and more, which no canvas
    /// holds (ordinary arcs keep the usual, byte for byte).
    static let windowedChords = 4096

    /// Appends the arc as `addArc` does (first and last point on the circle), finely only within the
    /// angles through which it can meet `box`. Returns false, adding nothing, where that saves nothing
    /// (the centre in the box and the circle through it).
    mutating func addArcNear(
        _ box: Rect, cx: Double, cy: Double, radius r: Double, start: Double, sweep: Double
    ) -> Bool {
        let total = abs(sweep), direction: Double = sweep < 0 ? -1 : 1
        // Intervals of t (the angle start + direction·t, 0 ≤ t ≤ total) flattened finely, and the
        // longest step elsewhere.
        var fine: [(Double, Double)] = []
        var coarseStep = Double.pi / 4
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
        let centreInBox = box.minX <= cx && cx <= box.maxX && box.minY <= cy && cy <= box.maxY
        // If the circle lies beyond the box, chords whose distance from the centre stays beyond the
        // farthest corner keep out of it, wherever the centre is: a stroke far wider than the canvas
        // joins its points near the canvas with such arcs (a fuzzer's find: fine chords through the
        // window of each of thousands of joins held one stroke for seconds).
        let farthest = corners.map { hypot($0.0 - cx, $0.1 - cy) }.max() ?? 0
        let beyondStep = farthest < r ? min(coarseStep, 2 * acos(farthest / r)) : 0
        if beyondStep > 0 && total / beyondStep < Double(Outline.windowedChords) {
            coarseStep = beyondStep
        } else if centreInBox {
            // Every direction meets the box, and the circle passes through it or too near beyond it.
            return false
        } else {
            let mid = atan2(box.midY - cy, box.midX - cx)
            var lo = 0.0, hi = 0.0
            for (x, y) in corners {
                let d = remainder(atan2(y - cy, x - cx) - mid, 2 * .pi)
                lo = min(lo, d); hi = max(hi, d)
            }
            let width = hi - lo
            // Where the walk first enters the window, then every turn after (and one turn before).
            let first =
                direction > 0
                ? Angle.wrap(mid + lo - start, period: 2 * .pi) : Angle.wrap(start - (mid + hi), period: 2 * .pi)
            for k in -1...2 {
                let a = max(first + Double(k) * 2 * .pi, 0), b = min(first + Double(k) * 2 * .pi + width, total)
                if a < b { fine.append((a, b)) }
            }
        }
        @inline(__always) func point(_ t: Double, _ radius: Double) {
            let a = start + direction * t
            add(cx + radius * cos(a), cy + radius * sin(a))
        }
        /// Chords from t = a to b of at most `step`, ending on the circle at b.
        func coarse(_ a: Double, _ b: Double) {
            guard b > a else { return }
            let n = max(1, Int((b - a) / coarseStep) + 1)
            for i in 1...n { point(a + (b - a) * Double(i) / Double(n), r) }
        }
        point(0, r)
        var t = 0.0
        for (a, b) in fine {
            coarse(t, a)
            // The usual chords (vertices just outside the circle, see `addArc`), ending on it: as many
            // as the tolerance asks, whatever the radius, up to the near range's cap.
            let needed = Outline.chordsNeeded(radius: r, sweep: b - a)
            let n = needed < Double(1 << 16) ? max(1, Int(needed)) : 1 << 16, step = (b - a) / Double(n)
            let rv = 2 * r / (1 + cos(step / 2))
            for i in 1..<n { point(a + step * Double(i), rv) }
            point(b, r)
            t = b
        }
        coarse(t, total)
        return true
    }
}
