import Controls
import Core
import Raster

/// Draws a button: a rounded rectangle filled (or outlined) in its colour with its icon and text
/// centred; pressed, it is drawn darker and a little inset, so a finger sees it took the touch.
final class ButtonWidget: SnapshotLook {
    let button: ButtonModel
    var control: any TouchControl { button }
    var damage = SnapshotDamage<Snapshot>()

    init(_ button: ButtonModel) { self.button = button }

    struct Snapshot: LookSnapshot { var transform: Transform, hidden: Bool, pressed: Bool, hold: Int }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(
            transform: button.transform, hidden: button.isHidden, pressed: button.pressedAt != nil,
            hold: PanelPaint.holdStep(button.longPressProgress(at: time)))
    }

    func box(_ s: Snapshot) -> Rect { DamageBox.of(button.bounds, s.transform) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        PanelPaint.button(painter, rect: button.bounds, look: button.look, pressed: s.pressed)
        // A long press fills a ring at the button's right end, clear of a centred text.
        let r = button.bounds, radius = min(12, r.height / 2 - 6)
        PanelPaint.holdRing(
            painter, step: s.hold, center: Point(r.maxX - radius - 8, r.midY), radius: radius,
            color: button.look.textColor)
    }
}

/// The drawing buttons, choices and the navigation bar share.
enum PanelPaint {
    /// Steps a long press's ring fills in (its damage changes at most this often while held).
    static let holdSteps = 48

    /// A long press's progress as a step (-1: none), for snapshots.
    static func holdStep(_ progress: Double?) -> Int {
        progress.map { Int(($0 * Double(holdSteps)).rounded(.down)) } ?? -1
    }

    /// The ring a held finger fills: a faint circle, and the part done so far from the top, clockwise.
    static func holdRing(_ painter: LocalPainter, step: Int, center: Point, radius: Double, color: Color) {
        guard step >= 0, radius > 2 else { return }
        painter.strokeCircle(center: center, radius: radius, width: 3, color: color, alpha: 0.3)
        let sweep = 360 * Double(step) / Double(holdSteps)
        if sweep > 0 {
            painter.strokeArc(
                center: center, radius: radius, start: .degrees(-90), sweep: .degrees(sweep), width: 3, cap: .round,
                paint: Paint(color))
        }
    }

    /// A pressed face is this much darker.
    static let pressedDarkening = 0.35

    /// A button face with its icon and text in `rect`.
    static func button(_ painter: LocalPainter, rect: Rect, look: ButtonLook, pressed: Bool) {
        let r = pressed ? rect.insetBy(2) : rect
        let radius = min(12, r.height / 2)
        let color = pressed ? look.color.mixed(with: .black, amount: pressedDarkening) : look.color
        if look.outline {
            if pressed { painter.fillRoundedRect(r, radius: radius, paint: Paint(color.withAlpha(0.25))) }
            painter.strokeRoundedRect(r.insetBy(1), radius: radius, width: 2, paint: Paint(color))
        } else {
            painter.fillRoundedRect(r, radius: radius, paint: Paint(color))
        }
        content(painter, rect: r, text: look.text, icon: look.icon, size: look.size, color: look.textColor)
    }

    /// An icon and a text side by side, centred in `rect` (either may be missing).
    static func content(
        _ painter: LocalPainter, rect: Rect, text: String?, icon: String?, size: Double, color: Color,
        bold: Bool = true
    ) {
        // An icon alone fills half the face; beside a text it matches the text's size.
        var iconSide = icon == nil ? 0 : (text == nil ? rect.height * 0.5 : min(rect.height * 0.6, size * 1.4))
        var gap = (icon != nil && text != nil) ? size * 0.4 : 0
        var size = size, text = text
        // A text wider than the face (a choice's "heat_cool" segment) shrinks to at most three
        // quarters of its size, then loses its tail to "…": never cut off at the face's edge.
        let room = rect.width - min(12, rect.width * 0.1)
        if let t = text, iconSide + gap + painter.lineWidth(t, size: size, bold: bold) > room {
            let fitted = painter.fitted(
                t, width: max(1, room - iconSide - gap), maxSize: size, minSize: (size * 0.75).rounded(.down),
                bold: bold, truncation: .tail)
            if icon != nil { iconSide *= fitted.size / size; gap *= fitted.size / size }
            (text, size) = (fitted.text, fitted.size)
        }
        let textWidth = text.map { painter.lineWidth($0, size: size, bold: bold) } ?? 0
        let total = iconSide + gap + textWidth
        var x = rect.midX - total / 2
        if let icon {
            painter.drawIcon(
                icon, fittedIn: Rect(x: x, y: rect.midY - iconSide / 2, width: iconSide, height: iconSide), tint: color)
            x += iconSide + gap
        }
        if let text { line(painter, text, x: x, midY: rect.midY, size: size, bold: bold, color: color) }
    }

    /// One line of text starting at `x`, centred on `midY` by the face's ascent and descent (not its
    /// ink), so "Pump" and "Fan" sit on the same baseline.
    static func line(
        _ painter: LocalPainter, _ text: String, x: Double, midY: Double, size: Double, bold: Bool, color: Color,
        alpha: Double = 1
    ) {
        guard let (ascent, descent) = painter.lineMetrics(size: size, bold: bold) else { return }
        painter.drawLine(
            text, size: size, bold: bold, baselineStart: Point(x, midY + (ascent - descent) / 2), color: color,
            alpha: alpha)
    }
}
