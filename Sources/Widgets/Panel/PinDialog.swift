import Controls
import Core
import Raster

/// A PIN or code asked before a change (`confirm_pin`, an alarm panel's code): a modal dialog with the
/// question and a field of dots, and the kiosk's number pad (`NumberPad`) popping out of the field as a
/// PIN pad: digits, ⌫, C and ✓, no decimal key. The digits are only ever drawn as dots, kept only
/// until the answer is taken, and the pad's own number events are dropped. A touch outside the dialog
/// and the pad, or `timeout` without ✓, answers nothing.
public final class PinDialog: TouchControl {
    /// How the question ended.
    public enum Outcome: Equatable, Sendable {
        case entered(String)
        case cancelled
        case timedOut
    }

    public let id = "pin"
    public let bounds: Rect
    public let transform: Transform
    public var isHidden = false
    /// The question asked.
    public let question: String
    /// The pad used as a PIN pad.
    public let pad: NumberPad
    /// Why the last entry was refused ("Wrong PIN"), shown until the next key.
    public private(set) var message: String?
    /// When the dialog gives up unanswered; a refusal starts the wait again.
    public private(set) var deadline: MonotonicTime
    private var entered: String?
    private var cancelled = false

    /// How long the dialog waits for the PIN: typing takes longer than Yes.
    public static let timeout = 30.0
    static let panelWidth = 440.0, questionHeight = 64.0, fieldHeight = 48.0

    /// A dialog for a screen of `screenSize` points at `scale` pixels per point, shown at `time`.
    public init(question: String, screenSize: Size, scale: Double, time: MonotonicTime) {
        self.question = question
        bounds = Rect(origin: .zero, size: screenSize)
        transform = .scale(scale, scale)
        deadline = time + PinDialog.timeout
        // One card: the question at its top, the field of dots at its foot, and the pad popping up out
        // of the field between them (the number pad's placement prefers above its anchor).
        let metrics = NumberPadMetrics(keyCell: min(56, max(36, (screenSize.height - 210) / 4.8)))
        let padSize = metrics.viewSize
        let w = min(PinDialog.panelWidth, screenSize.width - 16)
        let h = min(screenSize.height - 8, PinDialog.questionHeight + padSize.height + PinDialog.fieldHeight + 52)
        panel = Rect(x: (screenSize.width - w) / 2, y: (screenSize.height - h) / 2, width: w, height: h)
        let fw = min(w - 24, padSize.width + 24)
        field = Rect(
            x: panel.midX - fw / 2, y: panel.maxY - PinDialog.fieldHeight - 12, width: fw,
            height: PinDialog.fieldHeight)
        pad = NumberPad(id: "pin-pad", anchor: field, screenSize: screenSize, transform: transform)
        pad.metrics = metrics
        pad.keyTable = PinDialog.keys(pad.keyStrings)
        pad.editor = { [unowned self] key, old in self.edit(key, old) }
        pad.open(currentNumber: nil)
    }

    /// The panel holding the question and the field.
    public let panel: Rect
    /// The field of dots the pad pops out of.
    public let field: Rect

    /// The PIN pad's keys: the number pad's, with ⌫ and C, and a wide 0 in place of the decimal key.
    static func keys(_ s: NumberPadKeyStrings) -> [[NumberKey]] {
        func d(_ n: String, width: Int = 1) -> NumberKey { NumberKey(label: n, role: .digit, width: width) }
        return [
            [d("7"), d("8"), d("9"), NumberKey(label: s.clear, role: .clear, backgroundColor: NumberKey.navy)],
            [d("4"), d("5"), d("6"), NumberKey(label: s.delete, role: .delete, backgroundColor: NumberKey.maroon)],
            [d("1"), d("2"), d("3"), NumberKey(label: s.ok, role: .ok, backgroundColor: NumberKey.green, height: 2)],
            [d("0", width: 3)],
        ]
    }

    /// The pad's key pipeline as a PIN's: digits append (up to `ConfirmKeys`' length), ⌫ and C edit,
    /// ✓ on digits answers (nil closes the pad), ✓ on nothing does nothing.
    private func edit(_ key: NumberKey, _ old: String) -> String? {
        message = nil
        switch key.role {
        case .digit: return old.count < PinDialog.maximumLength ? old + key.label : old
        case .delete: return String(old.dropLast())
        case .clear: return ""
        case .ok:
            guard !old.isEmpty else { return old }
            entered = old
            return nil
        case .decimal, .other: return old
        }
    }

    /// The longest entry.
    public static let maximumLength = 12

    /// How many digits are typed (what the field shows, as dots).
    public var typedCount: Int { pad.text.count }

    /// The entry was refused (a wrong PIN): the pad opens again, empty, with `why` shown.
    public func refuse(_ why: String, time: MonotonicTime) {
        entered = nil
        message = why
        deadline = time + PinDialog.timeout
        pad.open(currentNumber: nil)
    }

    /// The outcome at `time`, or nil while it waits.
    public func outcome(at time: MonotonicTime) -> Outcome? {
        _ = pad.drainEvents()  // the typed digits as numbers: never passed on
        if let entered { return .entered(entered) }
        if cancelled || !pad.isOpen { return .cancelled }
        return time >= deadline ? .timedOut : nil
    }

    /// Forgets the entry once it was taken.
    public func forget() { entered = nil }

    public func claims(_ p: Point) -> Bool { !isHidden && entered == nil && !cancelled }
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        // The panel is the dialog's: only a touch outside it and the pad is "never mind".
        if panel.contains(p) && !pad.padFrame.contains(p) && !field.contains(p) { return true }
        if !pad.touchBegan(at: p, time: time) && !pad.isOpen { cancelled = true }
        return true
    }
    public func touchMoved(to p: Point, time: MonotonicTime) { pad.touchMoved(to: p, time: time) }
    public func touchEnded(at p: Point, time: MonotonicTime) { pad.touchEnded(at: p, time: time) }
    public func touchCancelled(time: MonotonicTime) { pad.touchCancelled(time: time) }
    public func advance(to time: MonotonicTime) -> Bool { false }
    public func drainEvents() -> [ControlEvent] { [] }
}

/// Draws a `PinDialog` above everything: the screen dimmed, the question, the dots, and the pad.
final class PinDialogWidget: Widget {
    let dialog: PinDialog
    private let padWidget: NumberPadWidget
    var control: any TouchControl { dialog }
    private var drawn: [String]?

    init(_ dialog: PinDialog) {
        self.dialog = dialog
        padWidget = NumberPadWidget(dialog.pad)
    }

    var overlayLevel: Int { 4 }
    func baseBounds(at time: MonotonicTime) -> Rect { .zero }
    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {}
    func overlayBounds(at time: MonotonicTime) -> Rect? { DamageBox.of(dialog.bounds, dialog.transform) }

    private var snapshot: [String] {
        [
            "\(dialog.typedCount)", dialog.message ?? "", "\(dialog.pad.pressedKeyIndex ?? -1)",
            "\(dialog.pad.isOpen)", "\(dialog.pad.callout?.frame ?? .zero)",
        ]
    }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        let now = snapshot
        defer { drawn = now }
        guard now != drawn else { return [] }
        _ = padWidget.collectDamage(at: time)
        return [DamageBox.of(dialog.bounds, dialog.transform)]
    }

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        let theme = painter.resources.theme
        painter.fillRoundedRect(dialog.bounds, radius: 0, paint: Paint(Color.black.withAlpha(0.6)))
        let p = dialog.panel, f = dialog.field
        painter.fillRoundedRect(p, radius: 16, paint: Paint(theme.popupBackground))
        let question = Rect(x: p.minX + 20, y: p.minY + 10, width: p.width - 40, height: PinDialog.questionHeight - 10)
        let text = dialog.message ?? dialog.question
        painter.drawBlock(
            TextLayout.wrap(text, width: question.width, maxLines: 2) { painter.lineWidth($0, size: 24, bold: true) },
            in: question, size: 24, bold: true, align: .center,
            color: dialog.message == nil ? theme.text : NumberPadWidget.refusedFill, alpha: 1,
            clip: DamageBox.of(p, dialog.transform))
        padWidget.drawOverlay(painter, at: time)
        // Over the pad's contour, which joins the field: the field is where the dots are read.
        painter.fillRoundedRect(f.insetBy(4), radius: 10, paint: Paint(theme.background))
        // Dots only: the digits typed are never drawn.
        let n = dialog.typedCount, r = 7.0, pitch = 22.0
        let start = f.midX - pitch * Double(max(0, n - 1)) / 2
        for i in 0..<n {
            let c = Point(start + pitch * Double(i), f.midY)
            painter.fillRoundedRect(
                Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), radius: r, paint: Paint(theme.text))
        }
    }
}
