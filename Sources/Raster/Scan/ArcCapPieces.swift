extension ArcRowWalk {
    /// One piece of a row beside cap `cap` (0: the start's, 1: the end's), without the general walk.
    ///
    /// The piece is a simple row's: an edge band [a, b), a full span [b, c) and an edge band [c, d)
    /// (see `ArcEmitter.piece`), but its pixels may lie outside the wedge, where the cap disc decides.
    /// The arc kernel picks its formula by the side of the pixel centre, so the end ray splits the
    /// piece at one column: on the wedge side the ring's bands and span hold, on the other the cap
    /// circle's. The two columns at the split are edge pixels whatever they hold, so the kernel's own
    /// test decides them and no rounding of the split can change a pixel. This costs a division per
    /// row where the general walk sorts and tests up to eight bands.
    ///
    /// Returns the number of intervals (see `interval`), or nil where the other end ray also crosses
    /// the piece (caps close together): that piece needs `generalRow`.
    func capPiece(_ j: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int, cap: Int) -> Int? {
        let cx = arc.cx, cy = arc.cy
        let y0 = Double(j) - cy, yc = y0 + 0.5, y1 = y0 + 1
        // Kernel's tests (`RasterKernels.arcEdgeCoverage`): before ⟺ u0x·y − u0y·x < 0, after ⟺ u1y·x − u1x·y < 0.
        // This cap's ray: outside ⟺ ownA·x + ownB < 0 at the pixel centre. The other ray, over the
        // piece's box: g(x, y) = otherA·x + otherY·y.
        let (ownA, ownB, otherA, otherY) =
            cap == 0
            ? (-arc.u0y, arc.u0x * yc, arc.u1y, -arc.u1x)
            : (arc.u1y, -arc.u1x * yc, -arc.u0y, arc.u0x)
        let x0 = Double(a) - cx, x1 = Double(d) - cx
        let g00 = otherA * x0 + otherY * y0, g01 = otherA * x0 + otherY * y1
        let g10 = otherA * x1 + otherY * y0, g11 = otherA * x1 + otherY * y1
        let otherAll = max(max(g00, g01), max(g10, g11)) < 0, otherNone = min(min(g00, g01), min(g10, g11)) >= 0
        // Beyond half a turn a pixel is outside when both tests hold, below it when either does.
        if arc.sweep > .pi {
            if otherNone { return ringPiece(a, b, c, d, from: a, to: d, count: 0) }
            if !otherAll { return nil }
        } else if !otherNone {
            return nil
        }
        // The split column s: pixel p is outside (cap side) for p < s when ownA > 0, for p ≥ s when < 0.
        let capOnLeft: Bool, s: Int
        if abs(ownA) < 1e-12 {
            capOnLeft = true; s = ownB < 0 ? d : a
        } else {
            let t = min(max(-ownB / ownA + cx - 0.5, Double(a) - 2), Double(d) + 2)
            capOnLeft = ownA > 0
            s = capOnLeft ? ceilInt(t) : floorInt(t) + 1
        }
        let circle = capRow(cap, j)
        var n = 0
        if capOnLeft {
            n = capSide(circle, from: a, to: s - 1, count: n)
            n = appendInterval(max(a, s - 1), min(d, s + 1), edge: true, count: n)
            return ringPiece(a, b, c, d, from: s + 1, to: d, count: n)
        }
        n = ringPiece(a, b, c, d, from: a, to: s - 1, count: n)
        n = appendInterval(max(a, s - 1), min(d, s + 1), edge: true, count: n)
        return capSide(circle, from: s + 1, to: d, count: n)
    }

    /// The ring piece's intervals (band, span, band) within [lo, hi), appended after `count`.
    private func ringPiece(_ a: Int, _ b: Int, _ c: Int, _ d: Int, from lo: Int, to hi: Int, count: Int) -> Int {
        var n = appendInterval(max(a, lo), min(b, hi), edge: true, count: count)
        n = appendInterval(max(b, lo), min(c, hi), edge: false, count: n)
        return appendInterval(max(c, lo), min(d, hi), edge: true, count: n)
    }

    /// The cap circle's intervals in its row (nil: the row misses it) within [lo, hi), after `count`.
    private func capSide(_ r: CircleRow?, from lo: Int, to hi: Int, count: Int) -> Int {
        guard let r else { return count }
        var n = appendInterval(max(r.touchL, lo), min(r.fullL, hi), edge: true, count: count)
        n = appendInterval(max(r.fullL, lo), min(r.fullR, hi), edge: false, count: n)
        return appendInterval(max(r.fullR, lo), min(r.touchR, hi), edge: true, count: n)
    }
}
