import Controls
import Core
import Raster

/// "Are you sure?" before an action (`confirm = "Start irrigation?"`): a modal dialog over the whole
/// screen with the question and two large targets, No and Yes. It takes every touch while shown (the
/// controls below are out of reach), and answers once: Yes, No, or nothing when it times out.
public final class ConfirmDialog: TouchControl {
    public enum Answer: Equatable, Sendable { case yes, no }

    public let id = "confirm"
    public let bounds: Rect
    public let transform: Transform
    public var isHidden = false
    /// The question asked.
    public let question: String
    /// The answer, once given.
    public private(set) var answer: Answer?
    /// When the dialog gives up unanswered.
    public let deadline: MonotonicTime
    private var pressed: Answer?

    /// How long the dialog waits for an answer.
    public static let timeout = 10.0
    static let panelWidth = 420.0, panelHeight = 230.0, buttonHeight = 80.0, gap = 16.0

    /// A dialog for a screen of `screenSize` points at `scale` pixels per point, shown at `time`.
    public init(question: String, screenSize: Size, scale: Double, time: MonotonicTime) {
        self.question = question
        bounds = Rect(x: 0, y: 0, width: screenSize.width, height: screenSize.height)
        transform = .scale(scale, scale)
        deadline = time + ConfirmDialog.timeout
    }

    /// The panel in the middle of the screen (shrunk to fit a small one).
    var panel: Rect {
        let w = min(ConfirmDialog.panelWidth, bounds.width - 16), h = min(ConfirmDialog.panelHeight, bounds.height - 16)
        return Rect(x: (bounds.width - w) / 2, y: (bounds.height - h) / 2, width: w, height: h)
    }

    /// The No and Yes targets, side by side at the bottom of the panel (No on the left, away from habit).
    var targets: (no: Rect, yes: Rect) {
        let p = panel, g = ConfirmDialog.gap
        let h = min(ConfirmDialog.buttonHeight, p.height / 2 - g)
        let w = (p.width - 3 * g) / 2
        let y = p.maxY - g - h
        return (Rect(x: p.minX + g, y: y, width: w, height: h), Rect(x: p.minX + 2 * g + w, y: y, width: w, height: h))
    }

    func target(at p: Point) -> Answer? {
        let t = targets
        if t.yes.contains(p) { return .yes }
        if t.no.contains(p) { return .no }
        return nil
    }

    /// Modal: every touch is the dialog's.
    public func claims(_ p: Point) -> Bool { !isHidden && answer == nil }
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool { pressed = target(at: p); return true }
    public func touchMoved(to p: Point, time: MonotonicTime) {
        if pressed != nil && target(at: p) != pressed { pressed = nil }
    }
    public func touchEnded(at p: Point, time: MonotonicTime) {
        if let pressed, target(at: p) == pressed { answer = pressed }
        pressed = nil
    }
    public func touchCancelled(time: MonotonicTime) { pressed = nil }
    public func advance(to time: MonotonicTime) -> Bool { false }
    public func drainEvents() -> [ControlEvent] { [] }

    /// How the question ended by `time`: answered, or timed out unanswered (`.timedOut`, like No:
    /// nothing runs); nil while it is still asked.
    public enum Outcome: Equatable, Sendable { case yes, no, timedOut }

    /// The dialog's outcome at `time`, or nil while it waits: an answer given before the deadline counts.
    public func outcome(at time: MonotonicTime) -> Outcome? {
        switch answer {
        case .yes?: return .yes
        case .no?: return .no
        case nil: return time >= deadline ? .timedOut : nil
        }
    }

    /// Which target a finger is on now (drawn pressed).
    var pressedTarget: Answer? { pressed }
}

/// Draws a `ConfirmDialog` above everything: the screen dimmed, a panel with the question, No and Yes.
final class ConfirmDialogWidget: Widget {
    let dialog: ConfirmDialog
    var control: any TouchControl { dialog }
    private var drawnPressed: ConfirmDialog.Answer?? = .none
    private var first = true

    init(_ dialog: ConfirmDialog) { self.dialog = dialog }

    var overlayLevel: Int { 4 }
    func baseBounds(at time: MonotonicTime) -> Rect { .zero }
    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {}
    func overlayBounds(at time: MonotonicTime) -> Rect? { DamageBox.of(dialog.bounds, dialog.transform) }

    func collectDamage(at time: MonotonicTime) -> [Rect] {
        defer { first = false; drawnPressed = .some(dialog.pressedTarget) }
        if first { return [DamageBox.of(dialog.bounds, dialog.transform)] }
        guard drawnPressed != .some(dialog.pressedTarget) else { return [] }
        return [DamageBox.of(dialog.panel, dialog.transform)]
    }

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        let theme = painter.resources.theme
        painter.fillRoundedRect(dialog.bounds, radius: 0, paint: Paint(Color.black.withAlpha(0.6)))
        let p = dialog.panel
        painter.fillRoundedRect(p, radius: 16, paint: Paint(theme.popupBackground))
        let t = dialog.targets
        let question = Rect(x: p.minX + 20, y: p.minY + 16, width: p.width - 40, height: t.no.minY - p.minY - 24)
        painter.drawBlock(
            TextLayout.wrap(dialog.question, width: question.width, maxLines: 3) {
                painter.lineWidth($0, size: 26, bold: true)
            },
            in: question, size: 26, bold: true, align: .center, color: theme.text, alpha: 1,
            clip: DamageBox.of(dialog.panel, dialog.transform))
        let no = ButtonLook(text: "No", icon: nil, outline: true, color: theme.text, textColor: theme.text, size: 28)
        let yes = ButtonLook(
            text: "Yes", icon: nil, outline: false, color: theme.accent, textColor: theme.background, size: 28)
        PanelPaint.button(painter, rect: t.no, look: no, pressed: dialog.pressedTarget == .no)
        PanelPaint.button(painter, rect: t.yes, look: yes, pressed: dialog.pressedTarget == .yes)
    }
}
