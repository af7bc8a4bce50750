import Controls
import Core
import Raster

/// One handle as drawn now (MS-41…44, MS-74).
struct DrawnHandle: Equatable {
    var angle: Double
    var style: HandleStyle
    var pressed: Bool
    var discs: [HandleDisc]
    var imageRotation: Angle
}

/// What the circular widget needs from a slider of the MSCircularSlider family. Every number comes from
/// the control (geometry, placements, spans, colours); the widget only paints them.
protocol CircularDrawable: TouchControl {
    var track: CircularTrack { get }
    var geometry: CircularGeometry { get }
    var drawnHandles: [DrawnHandle] { get }
    var unfilledArc: ArcSpan { get }
    var filledArc: ArcSpan? { get }
    var filledArcColor: Color { get }
    var labelPlacements: [LabelPlacement] { get }
    var markerPlacements: [MarkerPlacement] { get }
}

extension CircularSlider: CircularDrawable {
    var drawnHandles: [DrawnHandle] {
        [
            DrawnHandle(
                angle: angle, style: handle, pressed: isHandlePressed, discs: handleDiscs,
                imageRotation: handleImageRotation)
        ]
    }
}

extension DoubleHandleCircularSlider: CircularDrawable {
    var drawnHandles: [DrawnHandle] {
        [
            DrawnHandle(
                angle: angle, style: handle, pressed: isFirstHandlePressed, discs: firstHandleDiscs,
                imageRotation: firstHandleImageRotation),
            DrawnHandle(
                angle: secondAngle, style: secondHandle, pressed: isSecondHandlePressed, discs: secondHandleDiscs,
                imageRotation: secondHandleImageRotation),
        ]
    }
    /// The range fill is one colour (MS-75).
    var filledArcColor: Color { track.filledColor }
}

/// Draws a slider of the circular family (MS-39…47, MS-74/75, MS-86): unfilled arc, filled arc, markers,
/// handles, labels, in that order, from the geometry the control computes. Damage after a drag is the old
/// and new handle boxes plus the box of the arc span between the old and the new angle.
final class CircularSliderWidget: Widget {
    let slider: any CircularDrawable
    var control: any TouchControl { slider }
    private var drawn: Snapshot?

    init(_ slider: any CircularDrawable) { self.slider = slider }

    /// What the picture depends on. `layout` changes repaint the whole control; the rest is tracked finely.
    struct Snapshot: Equatable {
        struct Layout: Equatable {
            var transform: Transform
            var bounds: Rect
            var isHidden: Bool
            var track: CircularTrack
            var styles: [HandleStyle]
        }
        var layout: Layout
        var angles: [Double]
        var pressed: [Bool]
        var filled: ArcSpan?
        var filledColor: Color
    }

    private func snapshot() -> Snapshot {
        let handles = slider.drawnHandles
        return Snapshot(
            layout: .init(
                transform: slider.transform, bounds: slider.bounds, isHidden: slider.isHidden,
                track: slider.track, styles: handles.map(\.style)),
            angles: handles.map(\.angle), pressed: handles.map(\.pressed), filled: slider.filledArc,
            filledColor: slider.filledArcColor)
    }

    // MARK: Bounds and damage

    /// The box of the layout last seen by `collectDamage` (which ScreenView calls first in every frame),
    /// so the per-rectangle intersection tests do not lay out the labels again.
    private var layoutBox: Rect?

    func baseBounds(at time: MonotonicTime) -> Rect {
        if slider.isHidden { return .zero }
        if let box = layoutBox { return box }
        let box = fullBox(transform: slider.transform)
        layoutBox = box
        return box
    }

    /// The control's bounds, grown by labels placed outside them (positive `labelOffset`) and by marker
    /// shapes larger than the room the track leaves them.
    private func fullBox(transform t: Transform) -> Rect {
        // A handle's ring (`HandleHalo`) reaches past the bounds only where the padding leaves less
        // room than the ring is wide (the radius keeps the handle itself inside bounds − padding/2).
        let widest = slider.drawnHandles.map { $0.style.diameter(lineWidth: slider.track.lineWidth) }.max() ?? 0
        let spill = max(0, HandleHalo.width(diameter: widest) - slider.track.sliderPadding / 2)
        var box = DamageBox.of(slider.bounds.outsetBy(spill), t)
        if case .path = slider.track.markerLook {
            for marker in slider.markerPlacements {
                if case .path(let shape) = marker.look, let b = shape.bounds { box = box.union(DamageBox.of(b, t)) }
            }
        }
        let metrics = PainterMetrics(scale: 1)
        let layout = labelLayout
        for label in slider.labelPlacements {
            let size = metrics.estimatedTextSize(label.text, size: slider.track.labelFontSize)
            let c = layout.center(of: label)
            box = box.union(
                DamageBox.of(
                    Rect(
                        x: c.x - size.width / 2, y: c.y - size.height / 2,
                        width: size.width, height: size.height), t))
        }
        return box
    }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot()
        defer { drawn = now }
        if drawn?.layout != now.layout { layoutBox = nil }
        guard let old = drawn else { return now.layout.isHidden ? [] : [fullBox(transform: now.layout.transform)] }
        if old == now { return [] }
        if old.layout != now.layout || old.angles.count != now.angles.count {
            // Moved, resized, restyled: repaint where it was and where it is.
            return [fullBox(transform: old.layout.transform), fullBox(transform: now.layout.transform)]
        }
        if now.layout.isHidden { return [] }
        var rects: [Rect] = []
        for i in now.angles.indices where old.angles[i] != now.angles[i] || old.pressed[i] != now.pressed[i] {
            let style = now.layout.styles[i]
            rects.append(handleBox(angle: old.angles[i], style: style))
            rects.append(handleBox(angle: now.angles[i], style: style))
            if old.angles[i] != now.angles[i], old.filledColor == now.filledColor {
                // The fill changes only between the old and new position of the moved end.
                let a0 = min(old.angles[i], now.angles[i]), a1 = max(old.angles[i], now.angles[i])
                rects.append(arcBox(ArcSpan(start: a0, sweep: a1 - a0)))
            }
        }
        if old.filledColor != now.filledColor {
            // The gradient slider recolours the whole filled arc (MS-86).
            for span in [old.filled, now.filled].compactMap({ $0 }) { rects.append(arcBox(span)) }
        }
        return rects
    }

    /// The device box of a handle at compass `angle` (a rotatable image's corners reach √2·d/2).
    private func handleBox(angle: Double, style: HandleStyle) -> Rect {
        let g = slider.geometry
        let d = style.diameter(lineWidth: slider.track.lineWidth)
        // A disc handle may carry a ring (`HandleHalo`) beyond its diameter.
        let reach = style.imageName == nil ? d / 2 + HandleHalo.width(diameter: d) : d / 2 * 2.0.squareRoot()
        return DamageBox.circle(g.drawn(g.handleCenter(angle: angle)), radius: reach, slider.transform)
    }

    /// The device box of the filled track along `span` (compass degrees), with its stroke and caps.
    private func arcBox(_ span: ArcSpan) -> Rect {
        let g = slider.geometry
        let box = Canvas.arcStrokeBounds(
            center: g.center, radius: g.radius, start: g.screenAngle(compass: span.start),
            sweep: .degrees(span.sweep), width: Double(slider.track.lineWidth),
            cap: slider.track.filledLineCap.rasterCap)
        return DamageBox.of(box, slider.transform)
    }

    // MARK: Drawing (MS-47 order)

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard !slider.isHidden else { return }
        let g = slider.geometry
        let track = slider.track
        let width = Double(track.lineWidth)
        // MS-47: the layers in the spec's order, from Controls' one list of it.
        for layer in CircularLayer.allCases {
            switch layer {
            case .unfilledArc:
                // MS-39: unfilled 0…maximumAngle, filled 0…angle (nothing at 0).
                let unfilled = slider.unfilledArc
                painter.strokeArc(
                    center: g.center, radius: g.radius, start: g.screenAngle(compass: unfilled.start),
                    sweep: .degrees(unfilled.sweep), width: width, cap: track.unfilledLineCap.rasterCap,
                    paint: Paint(track.unfilledColor))
            case .filledArc:
                guard let filled = slider.filledArc else { continue }
                painter.strokeArc(
                    center: g.center, radius: g.radius, start: g.screenAngle(compass: filled.start),
                    sweep: .degrees(filled.sweep), width: width, cap: track.filledLineCap.rasterCap,
                    paint: Paint(slider.filledArcColor))
            case .markers: drawMarkers(painter, track: track)
            case .handle:
                for h in slider.drawnHandles {
                    drawHandle(
                        painter, geometry: g, angle: h.angle, style: h.style, discs: h.discs,
                        imageRotation: h.imageRotation)
                }
            case .labels: drawLabels(painter, track: track)
            }
        }
    }

    /// MS-46: markers upright on the track, below the handle.
    private func drawMarkers(_ painter: LocalPainter, track: CircularTrack) {
        let placements = slider.markerPlacements
        // Discs wider than their spacing merge into a ring over the filled arc (issue 36: marker_count =
        // 96); a disc keeps at most half the spacing, so the fill shows between the dots.
        var discRadius = Double.infinity
        if placements.count > 1 {
            discRadius = placements[0].drawnCenter.distance(to: placements[1].drawnCenter) * 0.25
        }
        for m in placements {
            switch m.look {
            case .ellipse:
                painter.fillCircle(center: m.drawnCenter, radius: min(m.side / 2, discRadius), color: track.markerColor)
            case .image(let name):
                painter.drawIcon(
                    name, fittedIn: Rect.around(m.drawnCenter, radius: m.side / 2), tint: track.markerColor)
            case .path(let shape):
                // One path of every outline, so the non-zero rule sees them together (holes stay open).
                var path = Path()
                for contour in shape.contours where contour.count > 2 {
                    path.move(to: contour[0])
                    for p in contour.dropFirst() { path.line(to: p) }
                    path.close()
                }
                painter.fill(path, paint: Paint(track.markerColor))
            }
        }
    }

    /// MS-43/44: discs, or the image in the d×d square turned inside it (drawn in the rotated frame, so a
    /// non-rotatable image tilts with a partial arc [QUIRK MS-40]).
    func drawHandle(
        _ painter: LocalPainter, geometry g: CircularGeometry, angle: Double, style: HandleStyle,
        discs: [HandleDisc], imageRotation: Angle
    ) {
        let d = style.diameter(lineWidth: g.lineWidth)
        if let name = style.imageName {
            let rotated = painter.appending(g.drawingTransform)
            rotated.drawIcon(
                name, fittedIn: g.handleRect(angle: angle, diameter: d), rotatedBy: imageRotation, tint: style.color)
            return
        }
        let c = g.drawn(g.handleCenter(angle: angle))
        if let halo = HandleHalo.color(
            handle: style.color, track: slider.track, ground: painter.resources.theme.background),
            let outer = discs.map(\.radius).max()
        {
            painter.fillCircle(center: c, radius: outer + HandleHalo.width(diameter: d), color: halo)
        }
        for disc in discs { painter.fillCircle(center: c, radius: disc.radius, color: disc.color) }
    }

    /// Where the labels go: MS-45's placements kept clear of the track, handles and markers.
    private var labelLayout: DialLabelLayout {
        let track = slider.track
        let markerSide = track.markerCount > 0 ? slider.markerPlacements.first?.side : nil
        return DialLabelLayout(
            geometry: slider.geometry, track: track,
            handleDiameters: slider.drawnHandles.map { $0.style.diameter(lineWidth: track.lineWidth) },
            markerSide: markerSide)
    }

    /// MS-45: labels upright, centred on their placements (moved clear of the ring), above the handle.
    private func drawLabels(_ painter: LocalPainter, track: CircularTrack) {
        let layout = labelLayout
        for label in slider.labelPlacements {
            painter.drawText(
                label.text, size: track.labelFontSize, bold: false, centeredAt: layout.center(of: label),
                color: track.labelColor)
        }
    }
}

/// A ring around a handle that would vanish into its track (issue 36: the theme's navy handle on a grey
/// or yellow track): the handle then sits on the ring, which is the ground or the text colour, whichever
/// stands out more from the handle, so the handle reaches 3:1 against what it touches.
enum HandleHalo {
    /// The ring's colour, or nil when the handle already stands out from both tracks and the ground
    /// (a large handle is wider than its track).
    static func color(handle: Color, track: CircularTrack, ground: Color) -> Color? {
        color(fill: handle, touching: [track.filledColor, track.unfilledColor, ground], ground: ground)
    }

    /// The ring's colour for a `fill` that touches the colours `touching`, or nil when it reaches 3:1
    /// against each of them.
    static func color(fill: Color, touching: [Color], ground: Color) -> Color? {
        let opaque = fill.replacingAlpha(1)
        guard let weakest = touching.map({ opaque.contrastRatio(with: $0.replacingAlpha(1)) }).min(), weakest < 3 else {
            return nil
        }
        let candidates = [ground, Color.white, Color(rgb: 0x101010)]
        return candidates.max { opaque.contrastRatio(with: $0) < opaque.contrastRatio(with: $1) }
    }

    /// The ring's width in points: thin on small handles, never under two points.
    static func width(diameter: Double) -> Double { max(2, (diameter * 0.1).rounded()) }
}

/// A font-free text size estimate for damage boxes (DejaVu Sans averages ≈ 0.62 em per glyph; the
/// box only needs to contain the ink, and a generous estimate merely repaints a few more pixels).
struct PainterMetrics {
    var scale: Double
    func estimatedTextSize(_ text: String, size: Double) -> Size {
        Size(Double(text.count) * size * 0.75 + 2, size * 1.3)
    }
}
