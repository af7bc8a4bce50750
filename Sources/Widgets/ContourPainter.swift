import Controls
import Core
import Raster

/// Paints OTPopupView's contour (NP-42, NP-43): the fused outline Controls computes, filled with a
/// vertical gradient over the outline's frame, over a soft drop shadow.
enum ContourPainter {
    /// Raster's path for Controls' outline elements.
    static func path(_ elements: [PathElement]) -> Path {
        var p = Path()
        for e in elements {
            switch e {
            case .move(let q): p.move(to: q)
            case .line(let q): p.line(to: q)
            case .quad(let c, let q): p.quad(to: q, control: c)
            case .arc(let c, let r, let start, let end, let clockwise):
                var sweep = (end - start).radians
                if clockwise && sweep < 0 { sweep += 2 * .pi }
                if !clockwise && sweep > 0 { sweep -= 2 * .pi }
                p.arc(center: c, radius: r, start: start, sweep: Angle(radians: sweep))
            case .close: p.close()
            }
        }
        return p
    }

    /// Fills `layout`'s outline with `style` (gradient top to bottom of the outline frame, NP-43).
    static func draw(_ layout: PopupLayout, style: PopupContour.Style, painter: LocalPainter) {
        let outline = path(layout.outline)
        drawShadow(
            outline, color: style.shadowColor, offset: style.shadowOffset, blur: style.shadowBlur, painter: painter)
        let frame = layout.outlineFrame
        let stops = zip(style.gradientLocations, style.gradientColors).map { GradientStop($0, $1) }
        painter.fill(
            outline, paint: painter.verticalGradient(top: frame.minY, bottom: frame.maxY, x: frame.minX, stops: stops))
    }

    /// A drop shadow without a blur filter: the shape offset, filled at part of the shadow's alpha, and
    /// its edge stroked `blur` wide at a lower alpha, which reads as a soft edge at these small radii.
    /// The same for a rounded rectangle, its soft edge filled as one band (`Path.roundedRectBand`):
    /// a thumb or key redrawn on every change costs a fraction of the stroke.
    static func drawShadow(
        roundedRect rect: Rect, radius: Double, color: Color, offset: Vector, blur: Double, painter: LocalPainter
    ) {
        let moved = Rect(x: rect.minX + offset.dx, y: rect.minY + offset.dy, width: rect.width, height: rect.height)
        if blur > 0 {
            painter.fill(Path.roundedRectBand(moved, radius: radius, width: 2 * blur), paint: Paint(color, alpha: 0.35))
        }
        painter.fill(Path.roundedRect(moved, radius: radius), paint: Paint(color, alpha: 0.6))
    }

    static func drawShadow(_ shape: Path, color: Color, offset: Vector, blur: Double, painter: LocalPainter) {
        let moved = shape.applying(.translation(offset.dx, offset.dy))
        if blur > 0 {
            painter.canvas.stroke(
                path: moved.applying(painter.transform), width: 2 * blur * painter.scale,
                paint: Paint(color, alpha: 0.35))
        }
        painter.fill(moved, paint: Paint(color, alpha: 0.6))
    }
}
