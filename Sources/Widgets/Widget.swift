import Controls
import Core
import Raster

/// The look of one control: draws its state and says which device pixels changed since the last
/// frame. A widget keeps a cheap snapshot of what it drew (value, angles, pressed, open…) and compares
/// it with the model's current state; it never recomputes the control's geometry (Controls owns it).
protocol Widget: AnyObject {
    /// The control drawn.
    var control: any TouchControl { get }
    /// Device-pixel box of everything drawn in the normal (z-ordered) pass at `time`. ScreenView asks
    /// for it only after `collectDamage` in the same frame, so a widget may cache it per layout.
    func baseBounds(at time: MonotonicTime) -> Rect
    /// Device-pixel box of what is drawn above every control (open wheel, balloon, pad), or nil.
    func overlayBounds(at time: MonotonicTime) -> Rect?
    /// Draws the normal pass.
    func drawBase(_ painter: LocalPainter, at time: MonotonicTime)
    /// Order among overlays (higher is drawn later, above): the open pad (1) sits above popups (0), and
    /// the value slider it belongs to is raised above the pad (2), as the reference integration does (NP-34).
    var overlayLevel: Int { get }
    /// Draws the overlay pass.
    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime)
    /// The device-pixel rectangles that differ from the previous call (everything the first time), and
    /// remembers the current state as drawn.
    func collectDamage(at time: MonotonicTime) -> [Rect]
}

extension Widget {
    func overlayBounds(at time: MonotonicTime) -> Rect? { nil }
    var overlayLevel: Int { 0 }
    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {}
}

/// Bounding boxes in device pixels, with the margin anti-aliased edges need.
enum DamageBox {
    /// Extra device pixels around every damaged shape: anti-aliasing touches the next pixel.
    static let margin = 2.0

    /// The device box of the local rect `r` under `t`, with the AA margin.
    static func of(_ r: Rect, _ t: Transform) -> Rect { t.boundingBox(of: r).outsetBy(margin) }

    /// The device box of the local circle of `radius` about `center`.
    static func circle(_ center: Point, radius: Double, _ t: Transform) -> Rect {
        of(Rect.around(center, radius: radius), t)
    }

    /// The union of `rects` (empty ones ignored).
    static func union(_ rects: [Rect]) -> Rect { rects.reduce(Rect.zero) { $0.union($1) } }
}
