import Core
import Glibc

/// How the ends of an open stroke look.
public enum LineCap: Sendable, Hashable {
    /// Cut square at the end point.
    case butt
    /// A half disc of the line width beyond the end point.
    case round
    /// A half square of the line width beyond the end point.
    case square
}

extension Canvas {
    /// Fills the disc of `radius` about `center`, with exact-area anti-aliasing. Draws nothing when a
    /// number is NaN or infinite (see `FarGeometry` for numbers far beyond the canvas).
    public func fillCircle(center: Point, radius: Double, paint: Paint) {
        fillRing(center: center, innerRadius: 0, outerRadius: radius, paint: paint)
    }
    /// Fills the disc of `radius` about `center` with a solid colour.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        fillCircle(center: center, radius: radius, paint: Paint(color))
    }

    /// Fills the ring `inner ≤ |p − center| ≤ outer` (inner ≤ 0: the disc). Draws nothing when a
    /// number is NaN or infinite.
    public func fillRing(center: Point, innerRadius: Double, outerRadius: Double, paint: Paint) {
        guard outerRadius > 0, outerRadius > innerRadius else { return }
        guard outerRadius.isFinite, innerRadius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        if RingShape.accepts(outer: outerRadius, inner: innerRadius, cx: center.x, cy: center.y) {
            let shape = RingShape(cx: center.x, cy: center.y, outer: outerRadius, inner: max(0, innerRadius))
            return fill(ring: shape, paint: paint)
        }
        if !FarGeometry.isNear(center.x, center.y, outerRadius) {
            // A ring reaching far beyond the canvas mostly covers the clip or misses it: then no
            // polygon of its huge circles is needed.
            switch FarGeometry.ring(center: center, inner: innerRadius, outer: outerRadius, meets: clip.rect) {
            case .outside: return
            case .inside: return fillRect(clip.rect, paint: paint)
            case .crossing: break
            }
        }
        var o = beginOutline()
        o.addCircle(cx: center.x, cy: center.y, radius: outerRadius, clockwise: true)
        if innerRadius > 0 { o.addCircle(cx: center.x, cy: center.y, radius: innerRadius, clockwise: false) }
        fill(outline: o, paint: paint)
    }

    /// Strokes the full circle of `radius` with line `width`: the ring `radius ± width/2`.
    public func strokeCircle(center: Point, radius: Double, width: Double, paint: Paint) {
        fillRing(center: center, innerRadius: radius - width / 2, outerRadius: radius + width / 2, paint: paint)
    }

    /// Strokes a full circle with a solid colour.
    public func strokeCircle(center: Point, radius: Double, width: Double, color: Color) {
        strokeCircle(center: center, radius: radius, width: width, paint: Paint(color))
    }

    /// Strokes the circular arc about `center` of `radius`, from `start` sweeping `sweep`
    /// (positive = screen-clockwise), with line `width` and `cap`s at both ends. The painted region is
    /// every point within `width/2` of the arc (for round caps), with exact-area anti-aliasing.
    /// A sweep of a full turn or more draws the whole ring.
    public func strokeArc(
        center: Point, radius: Double, start: Angle, sweep: Angle, width: Double,
        cap: LineCap = .butt, paint: Paint
    ) {
        guard width > 0, radius >= 0, sweep.radians != 0, sweep.radians.isFinite else { return }
        guard width.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite, start.radians.isFinite else {
            return
        }
        var a0 = FarGeometry.reducedAngle(start.radians), da = sweep.radians
        if da < 0 { a0 += da; da = -da }  // the same region, walked clockwise
        let hw = width / 2
        if da >= 2 * .pi {
            strokeCircle(center: center, radius: radius, width: width, paint: paint)
            return
        }
        let cx = center.x, cy = center.y
        // Every point of the stroke lies between radius − hw and radius + hw·√2 (a square cap's outer
        // corner) from the centre: a far arc whose ring misses the clip has nothing to draw.
        if !FarGeometry.isNear(cx, cy, radius + hw),
            FarGeometry.ring(center: center, inner: radius - hw, outer: radius + 1.5 * hw, meets: clip.rect) == .outside
        {
            return
        }
        if cap == .round && RoundArcStroke.accepts(cx: cx, cy: cy, radius: radius, halfWidth: hw, sweep: da) {
            return fill(
                arc: RoundArcStroke(cx: cx, cy: cy, radius: radius, halfWidth: hw, start: a0, sweep: da), paint: paint)
        }
        let a1 = a0 + da
        let outer = radius + hw, inner = radius - hw
        var o = beginOutline()
        o.addArc(cx: cx, cy: cy, radius: outer, start: a0, sweep: da)
        appendCap(&o, cx: cx, cy: cy, radius: radius, angle: a1, halfWidth: hw, cap: cap, forward: true)
        if inner > 0 {
            o.addArc(cx: cx, cy: cy, radius: inner, start: a1, sweep: -da)
        } else {
            // The stroke reaches past the centre: the inner edge folds through it (non-zero rule fills it).
            o.add(cx + inner * cos(a1), cy + inner * sin(a1))
            o.add(cx + inner * cos(a0), cy + inner * sin(a0))
        }
        appendCap(&o, cx: cx, cy: cy, radius: radius, angle: a0, halfWidth: hw, cap: cap, forward: false)
        o.closeContour()
        fill(outline: o, paint: paint)
    }

    /// Strokes an arc with a solid colour.
    public func strokeArc(
        center: Point, radius: Double, start: Angle, sweep: Angle, width: Double,
        cap: LineCap = .butt, color: Color
    ) {
        strokeArc(
            center: center, radius: radius, start: start, sweep: sweep, width: width, cap: cap, paint: Paint(color))
    }

    /// The cap at the arc end at `angle`: from the outer edge round to the inner edge (`forward`, the
    /// end of the sweep) or from the inner edge round to the outer (the start).
    private func appendCap(
        _ o: inout Outline, cx: Double, cy: Double, radius: Double, angle: Double,
        halfWidth hw: Double, cap: LineCap, forward: Bool
    ) {
        let ux = cos(angle), uy = sin(angle)
        let ex = cx + radius * ux, ey = cy + radius * uy  // end point on the centre line
        let tx = forward ? -uy : uy, ty = forward ? ux : -ux  // pointing away from the arc
        let side: Double = forward ? 1 : -1  // +1: outer edge first
        switch cap {
        case .butt:
            break
        case .round:
            let from = forward ? angle : angle + .pi
            o.addArc(cx: ex, cy: ey, radius: hw, start: from, sweep: .pi)
        case .square:
            o.add(ex + side * hw * ux + hw * tx, ey + side * hw * uy + hw * ty)
            o.add(ex - side * hw * ux + hw * tx, ey - side * hw * uy + hw * ty)
        }
    }

    /// Draws `shape` through the analytic row path (discs, rings and capsules: cheaper than cells over
    /// a flattened polygon).
    func fill(ring shape: RingShape, paint: Paint) {
        guard !clip.isEmpty, paint.isDrawable else { return }
        let o = shape.outer
        let bounds = PixelRect(
            covering: Rect(x: shape.cx - o, y: shape.cy - o, width: 2 * o + shape.stretch, height: 2 * o))
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }
        var sink = PaintSink(canvas: self, paint: paint, maxSpan: area.width)
        scratch.fillRing(shape, area: area, into: &sink)
    }

    /// Draws a round-capped arc stroke through the analytic row path.
    private func fill(arc: RoundArcStroke, paint: Paint) {
        guard !clip.isEmpty, paint.isDrawable else { return }
        let area = PixelRect(covering: arc.walkBounds).intersection(clip)
        guard !area.isEmpty else { return }
        var sink = PaintSink(canvas: self, paint: paint, maxSpan: area.width)
        scratch.fillArc(arc, area: area, into: &sink)
    }

    /// A cleared outline from the scratch memory (hand it back through `fill(outline:paint:)`), drawn
    /// within the clip.
    func beginOutline() -> Outline {
        var o = Outline()
        swap(&o, &scratch.outline)
        o.reset()
        o.reach = clip.rect.insetBy(-1)
        return o
    }

    /// Rasterizes `outline` (non-zero rule) with `paint`, then returns its storage to the scratch memory.
    func fill(outline: consuming Outline, paint: Paint) {
        var o = outline
        defer { o.reset(); swap(&o, &scratch.outline) }
        guard !o.isEmpty, !clip.isEmpty, paint.isDrawable else { return }
        let area = o.pixelBounds.intersection(clip)
        guard !area.isEmpty else { return }
        var sink = PaintSink(canvas: self, paint: paint, maxSpan: area.width)
        scratch.fillCells(o, area: area, into: &sink)
    }
}

extension RasterScratch {
    /// Rasterizes `o` inside `area` (already clipped) through the cells; an outline reaching far
    /// beyond the canvas is first clipped to the area and a pixel around it (see `FarGeometry`).
    func fillCells(_ o: Outline, area: PixelRect, into sink: inout PaintSink) {
        if o.isNear { return cells.fill(o, area: area, into: &sink) }
        let box = Rect(
            x: Double(area.x - 1), y: Double(area.y - 1), width: Double(area.width + 2), height: Double(area.height + 2)
        )
        cells.fill(o.clipped(to: box), area: area, into: &sink)
    }
}

extension Outline {
    /// The whole pixels the outline touches (edges rounded outward). Ends beyond twice
    /// `FarGeometry.near` are pulled in to it first, so that an outline from −1e300 to 1e300 still
    /// covers the canvas rather than overflowing its width.
    var pixelBounds: PixelRect {
        let far = 2 * FarGeometry.near
        let x0 = max(minX, -far), y0 = max(minY, -far), x1 = min(maxX, far), y1 = min(maxY, far)
        return PixelRect(covering: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
}
