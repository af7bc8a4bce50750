import AssetFiles
import Controls
import Core
import Raster
import Widgets

/// Frame-time benchmark of the demo screen (issue 5): the CPU time of one frame while a finger drags
/// the thermostat's handle (damage only), and of a full frame. Widgets reads no clock: the caller passes
/// one (for CPU time: `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)` in seconds).
public enum WidgetsBenchmark {
    /// The measured figures, in seconds.
    public struct Result: Sendable, CustomStringConvertible {
        /// Median CPU time of one drag frame (touch sample + damaged repaint).
        public var dragFrameMedian: Double
        /// 90th percentile of the same.
        public var dragFrameP90: Double
        /// Mean damaged pixels per drag frame.
        public var dragDamagedPixels: Double
        /// The very first full frame (cold glyph caches).
        public var firstFullFrame: Double
        /// Median full frame with warm caches.
        public var fullFrameMedian: Double
        /// One line with the figures in microseconds.
        public var description: String {
            func ms(_ s: Double) -> String { String(Int((s * 1_000_000).rounded())) + " µs" }
            return
                "drag frame median \(ms(dragFrameMedian)) (p90 \(ms(dragFrameP90)), \(Int(dragDamagedPixels)) px damaged); "
                + "full frame median \(ms(fullFrameMedian)) (first, cold: \(ms(firstFullFrame)))"
        }
    }

    /// Runs `dragFrames` drag frames (the handle sweeps the arc back and forth one sample per frame,
    /// 2° apart) and `fullFrames` full frames on an 800x480 XRGB8888 canvas.
    public static func run(dragFrames: Int = 2000, fullFrames: Int = 100, now: () -> Double) -> Result {
        let theme = Theme.dark
        let resources = Resources(theme: theme, images: ImageCatalog.builtin(), faces: .open())
        let demo = DemoScreen(theme: theme)
        let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)
        var view = ScreenView(controls: demo.controls, background: theme.background, resources: resources, scale: 1)
        let t0 = now()
        view.render(into: screen.canvas, full: true)
        let first = now() - t0

        var full: [Double] = []
        for _ in 0..<fullFrames {
            view = ScreenView(controls: demo.controls, background: theme.background, resources: resources, scale: 1)
            let a = now()
            view.render(into: screen.canvas, full: true)
            full.append(now() - a)
        }

        // The finger: down on the handle, then one move sample per frame along the track.
        let slider = demo.temperature
        let g = slider.geometry
        _ = slider.touchBegan(at: g.drawn(g.handleCenter(angle: slider.angle)), time: 0)
        view.render(into: screen.canvas, full: false)
        var drag: [Double] = []
        var damaged = 0
        var angle = slider.angle
        var step = 2.0
        for i in 0..<dragFrames {
            angle += step
            if angle > slider.maximumAngle - 2 || angle < 2 { step = -step; angle += 2 * step }
            let finger = g.drawn(g.center + g.offset(compass: angle + 0.5, radius: g.radius))
            let a = now()
            slider.touchMoved(to: finger, time: Double(i + 1) / 60)
            let rects = view.render(into: screen.canvas, full: false)
            drag.append(now() - a)
            damaged += rects.reduce(0) { $0 + $1.width * $1.height }
        }
        slider.touchEnded(at: g.drawn(g.handleCenter(angle: slider.angle)), time: Double(dragFrames + 1) / 60)
        _ = slider.drainEvents()
        drag.sort(); full.sort()
        return Result(
            dragFrameMedian: drag[drag.count / 2], dragFrameP90: drag[drag.count * 9 / 10],
            dragDamagedPixels: Double(damaged) / Double(max(1, dragFrames)),
            firstFullFrame: first, fullFrameMedian: full[full.count / 2])
    }
}
