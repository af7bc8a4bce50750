import Controls
import Core

/// What `list` on the control socket says of a control beyond its id, kind and value: where it is
/// and where to touch it, in screen pixels, from the same geometry the router and the drawing use,
/// so automation (and the real-kernel test) never has to guess.
enum ControlDescription {
    static func pairs(for model: any TouchControl, overlays: [any TouchControl], time: MonotonicTime) -> [(String, JSON)] {
        let t = model.transform
        func point(_ p: Point) -> JSON { .array([.number(round2(p.x)), .number(round2(p.y))]) }
        func screen(_ p: Point, _ transform: Transform) -> JSON { point(transform.apply(p)) }
        var points: [(String, JSON)] = []
        var extra: [(String, JSON)] = []
        var frame = box(model.bounds, t)
        switch model {
        case let s as CircularSlider:
            points = [("center", screen(s.geometry.drawn(s.geometry.center), t)), ("handle", screen(s.drawnHandleCenter, t))]
        case let s as DoubleHandleCircularSlider:
            points = [("center", screen(s.geometry.drawn(s.geometry.center), t)),
                      ("handle", screen(s.drawnFirstHandleCenter, t)), ("second_handle", screen(s.drawnSecondHandleCenter, t))]
        case let s as ArcSeeker:
            points = [("center", screen(s.center, t)), ("thumb", screen(s.drawnThumbCenter, t))]
        case let s as Spinner:
            frame = box(s.frame, s.containerTransform)
            points = [("center", screen(s.frame.center, s.containerTransform))]
            extra = [("open", .bool(s.isOpen))]
        case let s as ValueSlider:
            points = [("thumb", screen(s.thumbRect(at: time).center, t))]
            if let pad = overlays.lazy.compactMap({ $0 as? NumberPad }).first {
                extra = [("open", .bool(pad.isOpen))]
                if pad.isOpen {
                    extra.append(("keys", .object(pad.keys.map { ($0.key.label, screen($0.frame.center, pad.transform)) })))
                }
            }
        default: break
        }
        return [("frame", frame), ("points", .object(points))] + extra
    }

    /// The screen-pixel bounding box of a local rectangle, as [x, y, w, h].
    static func box(_ r: Rect, _ t: Transform) -> JSON {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x = xs.min()!, y = ys.min()!
        return .array([x, y, xs.max()! - x, ys.max()! - y].map { .number(round2($0)) })
    }

    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}
