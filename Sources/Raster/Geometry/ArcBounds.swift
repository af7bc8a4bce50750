import Core
import Glibc

extension Canvas {
    /// The box of everything `strokeArc` with the same arguments paints, before anti-aliasing (a
    /// damage box adds its AA margin): found analytically, not by sampling the arc. The outer edge
    /// reaches furthest where the sweep crosses an axis (0°, 90°, 180°, 270°); every other extreme is
    /// at one of the two ends: the end edge (butt), the cap's two outer corners (square) or the cap's
    /// disc (round). The inner edge and a stroke folding through the centre stay within those.
    public static func arcStrokeBounds(
        center: Point, radius: Double, start: Angle, sweep: Angle, width: Double,
        cap: LineCap
    ) -> Rect {
        guard width > 0, radius >= 0, sweep.radians != 0, sweep.radians.isFinite else { return .zero }
        var a0 = start.radians, da = sweep.radians
        if da < 0 { a0 += da; da = -da }
        let hw = width / 2, outer = radius + hw
        let cx = center.x, cy = center.y
        if da >= 2 * .pi { return Rect(x: cx - outer, y: cy - outer, width: 2 * outer, height: 2 * outer) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let a1 = a0 + da
        // Axis crossings k·90° inside the sweep; the outer edge there is exactly at ±outer.
        let quarter = Double.pi / 2
        var k = (a0 / quarter).rounded(.up)
        while k * quarter <= a1 {
            switch Int(Angle.wrap(k, period: 4)) {
            case 0: include(cx + outer, cy)
            case 1: include(cx, cy + outer)
            case 2: include(cx - outer, cy)
            default: include(cx, cy - outer)
            }
            k += 1
        }
        func includeEnd(at angle: Double, forward: Bool) {
            let ux = cos(angle), uy = sin(angle)
            let ex = cx + radius * ux, ey = cy + radius * uy
            include(ex + hw * ux, ey + hw * uy)
            include(ex - hw * ux, ey - hw * uy)
            switch cap {
            case .butt:
                break
            case .round:
                include(ex - hw, ey - hw)
                include(ex + hw, ey + hw)
            case .square:
                // The cap's corners, half a width beyond the end along the tangent pointing away.
                let tx = forward ? -uy : uy, ty = forward ? ux : -ux
                include(ex + hw * ux + hw * tx, ey + hw * uy + hw * ty)
                include(ex - hw * ux + hw * tx, ey - hw * uy + hw * ty)
            }
        }
        includeEnd(at: a0, forward: false)
        includeEnd(at: a1, forward: true)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
