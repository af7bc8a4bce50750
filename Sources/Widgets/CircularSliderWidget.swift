import Controls
import Core
import Raster

/// Draws a circular slider (MS-39…47): unfilled arc, filled arc, markers, handle, labels, in that order,
/// from the geometry the control computes. Damage after a drag is the old and new handle boxes plus the
/// box of the arc span between the old and the new angle.
final class CircularSliderWidget: Widget {
    let slider: CircularSlider
    var control: any TouchControl { slider }
    private var drawn: Snapshot?

    init(_ slider: CircularSlider) { self.slider = slider }

    /// What the picture depends on. `layout` changes repaint the whole control; the rest is tracked finely.
    struct Snapshot: Equatable {
        struct Layout: Equatable {
            var transform: Transform
            var bounds: Rect
            var isHidden: Bool
            var track: CircularTrack
            var handle: HandleStyle
        }
        var layout: Layout
        var angle: Double
        var pressed: Bool
        var filledColor: Color
    }

    private func snapshot() -> Snapshot {
        Snapshot(layout: .init(transform: slider.transform, bounds: slider.bounds, isHidden: slider.isHidden,
                               track: slider.track, handle: slider.handle),
                 angle: slider.angle, pressed: slider.isHandlePressed, filledColor: slider.filledArcColor)
    }

    // MARK: Bounds and damage

    func baseBounds(at time: MonotonicTime) -> Rect {
        slider.isHidden ? .zero : fullBox(transform: slider.transform)
    }

    /// The control's bounds, grown by labels placed outside them (positive `labelOffset`).
    private func fullBox(transform t: Transform) -> Rect {
        var box = DamageBox.of(slider.bounds, t)
        let painter = PainterMetrics(scale: 1)
        for label in slider.labelPlacements {
            let size = painter.estimatedTextSize(label.text, size: slider.track.labelFontSize)
            box = box.union(DamageBox.of(Rect(x: label.drawnCenter.x - size.width / 2, y: label.drawnCenter.y - size.height / 2,
                                              width: size.width, height: size.height), t))
        }
        return box
    }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot()
        defer { drawn = now }
        guard let old = drawn else { return now.layout.isHidden ? [] : [fullBox(transform: now.layout.transform)] }
        if old == now { return [] }
        if old.layout != now.layout {
            // Moved, resized, restyled: repaint where it was and where it is.
            return [fullBox(transform: old.layout.transform), fullBox(transform: now.layout.transform)]
        }
        if now.layout.isHidden { return [] }
        var rects: [Rect] = []
        if old.angle != now.angle || old.pressed != now.pressed {
            rects.append(handleBox(angle: old.angle))
            rects.append(handleBox(angle: now.angle))
        }
        if old.filledColor != now.filledColor {
            // The gradient slider recolours the whole filled arc (MS-86).
            rects.append(arcBox(from: 0, to: max(old.angle, now.angle)))
        } else if old.angle != now.angle {
            rects.append(arcBox(from: min(old.angle, now.angle), to: max(old.angle, now.angle)))
        }
        return rects
    }

    /// The device box of the handle at compass `angle` (a rotatable image's corners reach √2·d/2).
    private func handleBox(angle: Double) -> Rect {
        let g = slider.geometry
        let d = slider.handleDiameter
        let reach = slider.handle.imageName == nil ? d / 2 : d / 2 * 2.0.squareRoot()
        return DamageBox.circle(g.drawn(g.handleCenter(angle: angle)), radius: reach, slider.transform)
    }

    /// The device box of the track between two compass angles, with its stroke and caps.
    private func arcBox(from a0: Double, to a1: Double) -> Rect {
        let g = slider.geometry
        let half = Double(slider.track.lineWidth) / 2
        var pts: [Point] = []
        var a = a0
        while a < a1 { pts.append(g.drawn(g.center + g.offset(compass: a, radius: g.radius))); a += 4 }
        pts.append(g.drawn(g.center + g.offset(compass: a1, radius: g.radius)))
        // Chords between 4° samples sag at most R·(1 − cos 2°) inside the circle.
        let sag = g.radius * (1 - Angle.degrees(2).cos)
        let boxes = pts.map { DamageBox.circle($0, radius: half + sag, slider.transform) }
        return DamageBox.union(boxes)
    }

    // MARK: Drawing (MS-47 order)

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard !slider.isHidden else { return }
        let g = slider.geometry
        let track = slider.track
        let width = Double(track.lineWidth)
        // MS-39: unfilled 0…maximumAngle, filled 0…angle (nothing at 0).
        let unfilled = slider.unfilledArc
        painter.strokeArc(center: g.center, radius: g.radius, start: g.screenAngle(compass: unfilled.start),
                          sweep: .degrees(unfilled.sweep), width: width, cap: track.unfilledLineCap.rasterCap,
                          paint: Paint(track.unfilledColor))
        if let filled = slider.filledArc {
            painter.strokeArc(center: g.center, radius: g.radius, start: g.screenAngle(compass: filled.start),
                              sweep: .degrees(filled.sweep), width: width, cap: track.filledLineCap.rasterCap,
                              paint: Paint(slider.filledArcColor))
        }
        drawMarkers(painter, track: track)
        drawHandle(painter, geometry: g, angle: slider.angle, style: slider.handle, discs: slider.handleDiscs,
                   imageRotation: slider.handleImageRotation)
        drawLabels(painter, track: track)
    }

    /// MS-46: markers upright on the track, below the handle.
    private func drawMarkers(_ painter: LocalPainter, track: CircularTrack) {
        for m in slider.markerPlacements {
            switch m.look {
            case .ellipse:
                painter.fillCircle(center: m.drawnCenter, radius: m.side / 2, color: track.markerColor)
            case .image(let name):
                painter.drawIcon(name, fittedIn: Rect.around(m.drawnCenter, radius: m.side / 2), tint: track.markerColor)
            case .path(let points):
                painter.fill(Path.polygon(points), paint: Paint(track.markerColor))
            }
        }
    }

    /// MS-43/44: discs, or the image in the d×d square turned inside it (drawn in the rotated frame, so a
    /// non-rotatable image tilts with a partial arc [QUIRK MS-40]).
    func drawHandle(_ painter: LocalPainter, geometry g: CircularGeometry, angle: Double, style: HandleStyle,
                    discs: [HandleDisc], imageRotation: Angle) {
        let d = style.diameter(lineWidth: g.lineWidth)
        if let name = style.imageName {
            let rotated = painter.appending(g.drawingTransform)
            rotated.drawIcon(name, fittedIn: g.handleRect(angle: angle, diameter: d), rotatedBy: imageRotation, tint: style.color)
            return
        }
        let c = g.drawn(g.handleCenter(angle: angle))
        for disc in discs { painter.fillCircle(center: c, radius: disc.radius, color: disc.color) }
    }

    /// MS-45: labels upright, centred on their placements, above the handle.
    private func drawLabels(_ painter: LocalPainter, track: CircularTrack) {
        for label in slider.labelPlacements {
            painter.drawText(label.text, size: track.labelFontSize, bold: false, centeredAt: label.drawnCenter,
                             color: track.labelColor)
        }
    }
}

/// A font-free text size estimate for damage boxes (DejaVu Sans averages ≈ 0.62 em per glyph; the
/// box only needs to contain the ink, and a generous estimate merely repaints a few more pixels).
struct PainterMetrics {
    var scale: Double
    func estimatedTextSize(_ text: String, size: Double) -> Size {
        Size(Double(text.count) * size * 0.75 + 2, size * 1.3)
    }
}
