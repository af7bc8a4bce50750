import Controls
import Core
import Raster

/// Draws a spinner (RVS-22…39, RVS-59, RVS-66…70): the closed centre in the normal pass; while a popup is
/// on screen, the prize wheel or the picker list and then the centre again in the overlay pass, so the
/// popup sits above every other control with the centre on top of it.
final class SpinnerWidget: Widget {
    let spinner: Spinner
    var control: any TouchControl { spinner }
    private var drawn: Snapshot?

    init(_ spinner: Spinner) { self.spinner = spinner }

    /// What the picture depends on, split into the centre and the popup so that a press on the centre
    /// repaints only the centre.
    struct Snapshot: Equatable {
        struct Look: Equatable {
            var transform: Transform, frame: Rect, containerSize: Size, items: [SpinnerItem]
            var hud: Bool, framed: Bool
            var tint: Color?
            var closedBackground: Color?
            var openBackground: Color?
            var alpha: Double, hidden: Bool
        }
        struct Centre: Equatable {
            var content: CenterContent, opacity: Double, scale: Double, rotation: Angle
            /// The selected item's title: an item without an icon shows it, so a new title is a new picture.
            var title: String?
        }
        struct Popup: Equatable {
            var variant: Spinner.PopupVariant?
            var scale: Double, rotation: Angle, offsetY: Double, rowTops: [Double]
        }
        var look: Look, centre: Centre, popup: Popup
        /// The popup box (device pixels) under this layout, so a moved spinner repaints where it was.
        var box: Rect
    }

    private func snapshot(at time: MonotonicTime) -> Snapshot {
        let s = spinner
        let look = Snapshot.Look(
            transform: s.transform, frame: s.frame, containerSize: s.containerSize, items: s.items,
            hud: s.hudMode, framed: s.framedIcons, tint: s.tintColor,
            closedBackground: s.closedBackgroundColor, openBackground: s.openBackgroundColor,
            alpha: s.alpha, hidden: s.isHidden)
        let centre = Snapshot.Centre(
            content: s.centerContent, opacity: s.centerOpacity, scale: s.centerScale(at: time),
            rotation: s.centerIconRotation, title: s.value?.title)
        var popup = Snapshot.Popup(variant: s.popupVariant, scale: 0, rotation: .zero, offsetY: 0, rowTops: [])
        if let v = s.popupVariant {
            popup.scale = s.popupScale(at: time)
            if v == .wheel {
                popup.rotation = s.wheelRotation(at: time)
            } else {
                popup.offsetY = s.pickerOffsetY(at: time); popup.rowTops = s.pickerRows(at: time).map(\.rect.minY)
            }
        }
        return Snapshot(look: look, centre: centre, popup: popup, box: popupBox)
    }

    // MARK: Bounds and damage

    private var centreBox: Rect { DamageBox.of(spinner.bounds, spinner.transform) }
    private var popupBox: Rect {
        DamageBox.of(spinner.discRect.union(spinner.pickerFrame), spinner.transform).union(centreBox)
    }

    func baseBounds(at time: MonotonicTime) -> Rect { spinner.isHidden ? .zero : centreBox }
    func overlayBounds(at time: MonotonicTime) -> Rect? { spinner.popupVariant == nil ? nil : popupBox }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot(at: time)
        defer { drawn = now }
        guard let old = drawn else { return [now.box] }
        if old == now { return [] }
        if old.look != now.look || old.popup != now.popup {
            return old.box == now.box ? [now.box] : [old.box, now.box]
        }
        return [centreBox]
    }

    // MARK: Drawing

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard spinner.popupVariant == nil, !spinner.isHidden else { return }
        drawCentre(painter, at: time)
    }

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let variant = spinner.popupVariant else { return }
        switch variant {
        case .wheel: drawWheel(painter, at: time)
        case .picker: drawPicker(painter, at: time)
        }
        drawCentre(painter, at: time)
    }

    private var tint: Color { spinner.tintColor ?? Color.white }

    /// RVS-22…25, RVS-66, RVS-68, RVS-70.
    private func drawCentre(_ painter: LocalPainter, at time: MonotonicTime) {
        let s = spinner
        let scale = s.centerScale(at: time)
        guard scale > 0 else { return }
        let c = s.discCenter
        let p = painter.appending(
            Transform.translation(-c.x, -c.y).then(.scale(scale, scale)).then(.translation(c.x, c.y)))
        let opacity = s.centerOpacity
        if let frame = s.centerFrameCircle {
            drawIconFrame(p, center: frame.center, radius: frame.radius, alpha: opacity)
        }
        switch s.centerContent {
        case .none: break
        case .centerImage(let name):
            p.drawIcon(
                name, fittedIn: s.centerIconRect, rotatedBy: s.centerIconRotation, tint: tint, alpha: opacity * s.alpha)
        case .selectedIcon(let name, _) where name.isEmpty:
            drawTitle(p, s.value?.title ?? "", in: Self.textBox(in: s.bounds), alpha: opacity * s.alpha)
        case .selectedIcon(let name, let template):
            p.drawIcon(
                name, fittedIn: s.centerIconRect, rotatedBy: s.centerIconRotation, tint: tint,
                forceTemplate: template, alpha: opacity * s.alpha)
        }
    }

    /// The framed-icon circle (RVS-22, RVS-38): filled with the closed background, outlined 1 pt in the tint.
    private func drawIconFrame(_ p: LocalPainter, center: Point, radius: Double, alpha: Double) {
        if let bg = spinner.closedBackgroundColor, bg.a > 0 {
            p.fillCircle(center: center, radius: radius, color: bg, alpha: alpha * spinner.alpha)
        }
        p.strokeCircle(center: center, radius: radius - 0.5, width: 1, color: tint, alpha: alpha)
    }

    /// An item without an icon: its title, in the tint, shrunk to fit where the icon would go.
    private func drawTitle(_ p: LocalPainter, _ title: String, in rect: Rect, alpha: Double) {
        guard !title.isEmpty, rect.width > 0 else { return }
        // Shrink with a little slack: text width is not exactly proportional to its size.
        let size = p.fittingSize(
            title, width: rect.width * 0.92, maxSize: min(rect.height * 0.8, 20), minSize: 8, bold: true)
        let fit = p.fitted(title, width: rect.width, maxSize: size, minSize: size, bold: true, truncation: .tail)
        p.drawText(
            fit.text, size: fit.size, bold: true, centeredAt: rect.center, color: tint.a == 0 ? .black : tint,
            alpha: alpha)
    }

    /// The widest box inside the circle a square's frame draws: 80 % of its side by 60 %.
    private static func textBox(in square: Rect) -> Rect {
        Rect(
            x: square.minX + square.width * 0.1, y: square.minY + square.height * 0.2, width: square.width * 0.8,
            height: square.height * 0.6)
    }

    /// RVS-35…39: the faded disc and the icons turned with their sectors, scaled by the open spring.
    private func drawWheel(_ painter: LocalPainter, at time: MonotonicTime) {
        let s = spinner
        let scale = s.popupScale(at: time)
        guard scale > 0.002 else { return }
        let c = s.discCenter
        let p = painter.appending(
            Transform.translation(-c.x, -c.y).then(.scale(scale, scale)).then(.translation(c.x, c.y)))
        if !s.hudMode, let bg = s.openBackgroundColor, bg.a > 0 {
            // RVS-39: a conic alpha mask from 12 o'clock, symmetric on both sides.
            var stops: [GradientStop] = []
            for stop in WheelGeometry.fadeStops {
                stops.append(GradientStop(stop.degrees / 360, bg.withAlpha(stop.alpha * s.alpha)))
            }
            for stop in WheelGeometry.fadeStops.reversed().dropFirst() {
                stops.append(GradientStop(1 - stop.degrees / 360, bg.withAlpha(stop.alpha * s.alpha)))
            }
            let conic = ConicGradient(center: p.device(c), start: .degrees(-90) + p.rotation, stops: stops)
            p.fillCircle(center: c, radius: s.popupRadius, paint: .conic(conic))
        }
        for item in s.wheelItems(at: time) where item.side > 0 {
            let alpha = item.fadeAlpha * item.opacity
            guard alpha > 0.004 else { continue }
            let square = Rect.around(item.center, radius: item.side / 2)
            if s.framedIcons { drawIconFrame(p, center: item.center, radius: item.side / 2, alpha: item.fadeAlpha) }
            if s.items[item.index].iconName.isEmpty {
                drawTitle(p, s.items[item.index].title, in: Self.textBox(in: square), alpha: alpha)
                continue
            }
            // RVS-37 step 4: the icon's "up" points away from the centre.
            p.drawIcon(
                s.items[item.index].iconName, fittedIn: s.iconContentRect(in: square),
                rotatedBy: item.angle + .degrees(90), tint: tint, alpha: alpha)
        }
    }

    /// RVS-59: rows of icon and title, clipped to the picker frame, with the selection band in the middle.
    private func drawPicker(_ painter: LocalPainter, at time: MonotonicTime) {
        let s = spinner
        let scale = s.popupScale(at: time)
        guard scale > 0.002 else { return }
        let f = s.pickerFrame
        let local = Transform.translation(-f.midX, -f.midY).then(.scale(scale, scale))
            .then(.translation(f.midX, f.midY + s.pickerOffsetY(at: time)))
        var p = painter.appending(local)
        p.canvas.clip = p.canvas.clip.intersection(PixelRect(covering: p.transform.boundingBox(of: f)))
        if !s.hudMode, let bg = s.openBackgroundColor, bg.a > 0 {
            p.fillRoundedRect(f, radius: 8, paint: Paint(bg, alpha: s.alpha))
        }
        let textColor = tint.a == 0 ? Color.black : tint
        for row in s.pickerRows(at: time) where row.rect.intersects(f) {
            let item = s.items[row.index]
            if item.iconName.isEmpty {
                // A title-only item: the title alone, centred on the row.
                p.drawText(
                    item.title, size: s.resourcesPickerFontSize(p), bold: true, centeredAt: row.rect.center,
                    color: textColor, alpha: row.opacity)
                continue
            }
            if s.framedIcons {
                drawIconFrame(p, center: row.iconRect.center, radius: row.iconRect.width / 2, alpha: row.opacity)
            }
            p.drawIcon(item.iconName, fittedIn: s.iconContentRect(in: row.iconRect), tint: tint, alpha: row.opacity)
            if !item.title.isEmpty {
                let size = p.textSize(item.title, size: s.resourcesPickerFontSize(p), bold: true)
                p.drawText(
                    item.title, size: s.resourcesPickerFontSize(p), bold: true,
                    centeredAt: Point(row.iconRect.maxX + 8 + size.width / 2, row.iconRect.midY), color: textColor)
            }
        }
        // The wheel-style list's selection band: two hairlines around the centred row.
        let h = s.pickerRowHeight
        for y in [f.midY - h / 2, f.midY + h / 2] {
            p.fillRoundedRect(
                Rect(x: f.minX + 8, y: y - 0.5, width: f.width - 16, height: 1), radius: 0,
                paint: Paint(tint, alpha: 0.6))
        }
    }
}

extension Spinner {
    /// The picker title size: the theme's (RVS-15, bold system 20).
    fileprivate func resourcesPickerFontSize(_ p: LocalPainter) -> Double { p.resources.theme.pickerFontSize }
}
