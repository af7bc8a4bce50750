import Controls
import Core
import Raster

/// Draws the value slider (NP-3…7, NP-15, NP-31): the dark capsule track, the thumb with its title (or the
/// pad's edit label), and, while pressed or dragged, the balloon joined to the narrowed thumb by the
/// popup contour, drawn above every control.
final class ValueSliderWidget: Widget {
    let slider: ValueSlider
    var control: any TouchControl { slider }
    /// The pad whose edit label the thumb shows (its text colour follows the pad's validity, NP-29).
    weak var pad: NumberPad?
    private var drawn: Snapshot?

    private var colors: ValueSliderColors { slider.colors }

    init(_ slider: ValueSlider) { self.slider = slider }

    struct Snapshot: Equatable {
        var transform: Transform, size: Size, thumbX: Double, state: ValueSlider.State, title: String
        var overlay: String?
        var caption: String
        var overlayColor: Color
        var raised: Bool
    }

    private func snapshot(at t: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: slider.transform, size: slider.size, thumbX: slider.thumbCenterX(at: t), state: slider.state,
            title: slider.title, overlay: slider.editOverlayText, caption: slider.caption,
            overlayColor: editColor, raised: isRaised)
    }

    private var editColor: Color { pad?.editLabelColor ?? .black }

    /// Everything the slider may paint: the thumb overhangs the ends by up to 22 pt (NP-3), the balloon
    /// rises 30 pt above (NP-7), shadows add a few points.
    private func box(_ s: Snapshot) -> Rect {
        DamageBox.of(
            Rect(
                x: -ValueSlider.thumbWidth / 2 - 4, y: -34, width: s.size.width + ValueSlider.thumbWidth + 8,
                height: s.size.height + 46), s.transform)
    }

    func baseBounds(at time: MonotonicTime) -> Rect { box(snapshot(at: time)) }
    func overlayBounds(at time: MonotonicTime) -> Rect? {
        slider.state == .normal && !isRaised ? nil : box(snapshot(at: time))
    }
    var overlayLevel: Int { 2 }
    /// While its pad is open the slider is drawn again above the pad's contour, so the thumb with the edit
    /// label stays visible and usable (the demo raises it above the catcher, NP-34).
    private var isRaised: Bool { pad?.isOpen ?? false }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot(at: time)
        defer { drawn = now }
        guard let old = drawn else { return [box(now)] }
        if old == now { return [] }
        var moved = old
        moved.thumbX = now.thumbX; moved.state = now.state; moved.title = now.title; moved.overlay = now.overlay
        if moved == now {
            // Only the thumb (and its balloon) changed: repaint the column it occupied and occupies.
            return [thumbColumn(old), thumbColumn(now)]
        }
        return [box(old), box(now)]
    }

    /// The strip above and below the thumb: thumb, balloon (52 pt wide, 30 pt above) and shadows.
    private func thumbColumn(_ s: Snapshot) -> Rect {
        DamageBox.of(Rect(x: s.thumbX - 26 - 6, y: -34, width: 52 + 12, height: s.size.height + 46), s.transform)
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        if !isRaised { drawSlider(painter, at: time) }
    }

    private func drawSlider(_ painter: LocalPainter, at time: MonotonicTime) {
        // NP-5's dark capsule read as an empty bar whatever the theme (issue 36): the track is the
        // theme's (or `unfilled_color`), filled in the accent (or `filled_color`) up to the thumb.
        let track = slider.trackRect
        let r = track.height / 2
        let thumb = slider.thumbRect(at: time)
        painter.fillRoundedRect(track, radius: r, paint: Paint(colors.unfilled))
        let fillWidth = min(track.width, max(0, thumb.midX - track.minX))
        if fillWidth > 0 {
            painter.fillRoundedRect(
                Rect(x: track.minX, y: track.minY, width: fillWidth, height: track.height),
                radius: min(r, fillWidth / 2), paint: Paint(colors.filled))
        }
        drawCaption(painter)
        drawThumb(painter, rect: thumb)
    }

    /// The caption in the upper half, left-aligned on the track's start and sitting just above the
    /// thumb's top, as large as that half allows (18 pt at most): what the slider sets, at a glance.
    private func drawCaption(_ painter: LocalPainter) {
        let caption = slider.caption
        guard !caption.isEmpty else { return }
        let half = slider.size.height / 2
        let fit = painter.fitted(
            caption, width: slider.size.width, maxSize: max(10, min(18, half * 0.6)), minSize: 10, bold: false,
            truncation: .tail)
        let height = painter.textSize(fit.text, size: fit.size, bold: false).height
        // A line, so an inline icon in the title is drawn as the icon.
        painter.drawLine(
            fit.text, size: fit.size, bold: false, baselineStart: Point(0, max(height, half - 6)),
            color: painter.resources.theme.text)
    }

    /// The colour of text on a fill: white or near-black, whichever stands out more.
    static func ink(on fill: Color) -> Color {
        let dark = Color(rgb: 0x141414)
        return fill.contrastRatio(with: .white) >= fill.contrastRatio(with: dark) ? .white : dark
    }

    /// NP-4's thumb in the slider's thumb colour (the spec's grey overlays made every theme a dark grey),
    /// with its drop shadow and the value in bold, as large as the thumb allows.
    private func drawThumb(_ painter: LocalPainter, rect: Rect) {
        let shape = Path.roundedRect(rect, radius: 8)
        ContourPainter.drawShadow(
            roundedRect: rect, radius: 8, color: Color.black.withAlpha(0.5), offset: Vector(0, 2), blur: 3,
            painter: painter)
        let ground = painter.resources.theme.background
        if let halo = HandleHalo.color(
            fill: colors.thumb, touching: [ground, colors.filled, colors.unfilled], ground: ground)
        {
            // A thumb that would vanish into the ground or the track gets a ring that stands out from it.
            painter.fill(Path.roundedRect(rect.insetBy(-2), radius: 10), paint: Paint(halo))
        }
        painter.fill(shape, paint: Paint(colors.thumb))
        if let edit = slider.editOverlayText {
            // NP-31: the pad's edit label fills the thumb: light grey, 1 pt grey border.
            let label = rect.insetBy(1)
            painter.fillRoundedRect(label, radius: 6, paint: Paint(Color(rgb: 0xD3D3D3)))
            painter.strokeRoundedRect(label, radius: 6, width: 1, paint: Paint(NamedGrey.mid))
            let fit = painter.fitted(
                edit, width: label.width - 4, maxSize: 18, minSize: 10, bold: true, truncation: .middle)
            painter.drawText(fit.text, size: fit.size, bold: true, centeredAt: label.center, color: editColor)
            return
        }
        let title = slider.title
        guard !title.isEmpty else { return }
        let fit = painter.fitted(
            title, width: rect.width - 4, maxSize: max(14, min(24, rect.height * 0.5)), minSize: 10,
            bold: true, truncation: .tail)
        painter.drawText(
            fit.text, size: fit.size, bold: true, centeredAt: rect.center, color: Self.ink(on: colors.thumb))
    }

    /// NP-7: the pin-shaped contour over the narrow thumb and the balloon, the title in bold 20.
    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        if isRaised { drawSlider(painter, at: time) }
        guard let layout = slider.balloonOutline(at: time), let balloon = slider.balloonRect(at: time) else { return }
        ContourPainter.draw(layout, style: .standard, painter: painter)
        let title = slider.editOverlayText ?? slider.title
        guard !title.isEmpty else { return }
        let fit = painter.fitted(
            title, width: balloon.width - 6, maxSize: 20, minSize: 10, bold: true, truncation: .tail)
        painter.drawText(fit.text, size: fit.size, bold: true, centeredAt: balloon.center, color: .white)
    }
}

/// Draws the number pad (NP-21…31, NP-43, NP-44) in the overlay while it is open: the contour joining
/// the anchor and the pad, the keys with their states, and a pressed digit's callout.
final class NumberPadWidget: Widget {
    let pad: NumberPad
    var control: any TouchControl { pad }
    private var drawn: Snapshot?

    init(_ pad: NumberPad) { self.pad = pad }

    struct Snapshot: Equatable {
        var transform: Transform, open: Bool, frame: Rect, labels: [String], validity: NumberValidity
        var pressed: Int?
        var callout: Rect?
        var message: String?
    }

    private func snapshot() -> Snapshot {
        Snapshot(
            transform: pad.transform, open: pad.isOpen, frame: pad.padLayout?.outlineFrame ?? .zero,
            labels: pad.keys.map(\.key.label), validity: pad.validity, pressed: pad.pressedKeyIndex,
            callout: pad.callout?.frame, message: pad.message ?? pad.caption)
    }

    private func box(_ s: Snapshot) -> Rect {
        guard s.open else { return .zero }
        return DamageBox.of(s.frame.union(s.callout ?? .zero).outsetBy(6), s.transform)
    }

    func baseBounds(at time: MonotonicTime) -> Rect { .zero }
    func overlayBounds(at time: MonotonicTime) -> Rect? { pad.isOpen ? box(snapshot()) : nil }
    var overlayLevel: Int { 1 }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        // Closed and drawn closed: nothing to compare (a snapshot lists every key's label).
        if !pad.isOpen, drawn?.open == false { return [] }
        let now = snapshot()
        defer { drawn = now }
        guard let old = drawn else { return [box(now)] }
        if old == now { return [] }
        return [box(old), box(now)]
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {}

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        guard pad.isOpen else { return }
        if let layout = pad.padLayout { ContourPainter.draw(layout, style: .standard, painter: painter) }
        drawMessage(painter)
        let pressed = pad.pressedKeyIndex
        for (i, entry) in pad.keys.enumerated() {
            drawKey(
                entry.key, frame: entry.frame, pressed: pressed == i && !entry.key.zoomOnPress,
                enabled: pad.isEnabled(entry.key), painter: painter)
        }
        if let callout = pad.callout, let i = pressed {
            // NP-26: the pin covers the key; the magnified label sits at the callout's top.
            ContourPainter.draw(callout.layout, style: .standard, painter: painter)
            let label = pad.keys[i].key.label
            let h = painter.textSize(label, size: 40, bold: true).height
            painter.drawText(
                label, size: 40, bold: true,
                centeredAt: Point(callout.frame.midX, callout.frame.minY + 2 + h / 2), color: .white)
        }
    }

    /// The row above the keys: the accepted range in grey, or, once ✓ was refused, why, in white on red.
    private func drawMessage(_ painter: LocalPainter) {
        let row = pad.messageFrame
        guard !row.isEmpty else { return }
        if let refused = pad.message {
            painter.fillRoundedRect(
                row, radius: NumberPadLayout.keyCornerRadius, paint: Paint(NumberPadWidget.refusedFill))
            let fit = painter.fitted(
                refused, width: row.width - 8, maxSize: 16, minSize: 10, bold: true, truncation: .tail)
            painter.drawText(fit.text, size: fit.size, bold: true, centeredAt: row.center, color: .white)
        } else if let hint = pad.caption {
            let fit = painter.fitted(
                hint, width: row.width - 8, maxSize: 16, minSize: 10, bold: false, truncation: .tail)
            painter.drawText(
                fit.text, size: fit.size, bold: false, centeredAt: row.center, color: NumberPadWidget.hintColor)
        }
    }

    /// A red the white message reads on (contrast above 4.5:1).
    static let refusedFill = Color(r: 176, g: 32, b: 32)
    /// Light grey on the pad's dark contour.
    static let hintColor = Color(r: 200, g: 200, b: 200)

    /// NP-24: rounded key, translucent grey overlay, white bold 18 title with a dark shadow; pressed →
    /// 40 % black shade under the title; disabled → 70 % dark-grey cover.
    private func drawKey(_ key: NumberKey, frame: Rect, pressed: Bool, enabled: Bool, painter: LocalPainter) {
        let shape = Path.roundedRect(frame, radius: NumberPadLayout.keyCornerRadius)
        ContourPainter.drawShadow(
            roundedRect: frame, radius: NumberPadLayout.keyCornerRadius, color: Color.black.withAlpha(0.5),
            offset: Vector(0, 2), blur: 1, painter: painter)
        painter.fill(shape, paint: Paint(key.backgroundColor))
        let light = Color(r: 102, g: 102, b: 102, a: 77), dark = Color(r: 64, g: 64, b: 64, a: 77)
        painter.fill(
            shape,
            paint: painter.verticalGradient(
                top: frame.minY, bottom: frame.maxY,
                stops: [
                    GradientStop(0, light), GradientStop(0.5, dark), GradientStop(1, light),
                ]))
        if pressed { painter.fill(shape, paint: Paint(Color.black, alpha: 0.4)) }
        painter.drawText(
            key.label, size: 18, bold: true, centeredAt: frame.center + Vector(0, 2), color: .black, alpha: 0.8)
        painter.drawText(key.label, size: 18, bold: true, centeredAt: frame.center, color: .white)
        if !enabled { painter.fill(shape, paint: Paint(NamedGrey.dark, alpha: 0.7)) }
    }
}
