import Controls
import Core
import Raster

/// Draws a screen's controls into the canvas and says which pixels changed.
public protocol ScreenPainter: AnyObject {
    /// Draws what changed since the last call (everything when `full`); returns the damaged rects.
    func render(into canvas: Canvas, full: Bool) -> [PixelRect]
}

/// The minimal painter of the foundation: background and circular slider tracks, filled arcs and
/// handles, redrawn whole. The Widgets module's ScreenView replaces it where it is available.
public final class TrackPainter: ScreenPainter {
    private let controls: [any TouchControl]
    private let background: Color
    private let scale: Double

    public init(controls: [any TouchControl], background: Color, scale: Double) {
        self.controls = controls; self.background = background; self.scale = scale
    }

    public func render(into canvas: Canvas, full: Bool) -> [PixelRect] {
        canvas.clear(background)
        for case let slider as CircularSlider in controls where !slider.isHidden {
            let g = slider.geometry
            let t = slider.transform
            let center = t.apply(g.drawn(g.center))
            let radius = g.radius * scale
            let width = Double(slider.track.lineWidth) * scale
            let start = g.screenAngle(compass: 0)
            canvas.strokeArc(center: center, radius: radius, start: start, sweep: .degrees(slider.track.maximumAngle),
                             width: width, cap: .round, paint: .solid(slider.track.unfilledColor))
            if slider.angle > 0 {
                canvas.strokeArc(center: center, radius: radius, start: start, sweep: .degrees(slider.angle),
                                 width: width, cap: .round, paint: .solid(slider.track.filledColor))
            }
            let handle = t.apply(g.drawn(g.handleCenter(angle: slider.angle)))
            canvas.fillCircle(center: handle, radius: slider.handle.diameter(lineWidth: slider.track.lineWidth) / 2 * scale,
                              color: slider.handle.color)
        }
        return [canvas.bounds]
    }
}
