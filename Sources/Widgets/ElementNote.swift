import Core
import Raster

/// A short note beside an element that goes away by itself: why a change made on the panel did not
/// take (Home Assistant refused the call, and the element went back). A dark red pill with white text
/// just below the element (above it when the screen ends there), over every control, until `until`.
struct ElementNote {
    static let fill = Color(rgb: 0xB3261E)
    static let ink = Color(rgb: 0xFFFFFF)
    /// Text size and the room around it, in points.
    static let textSize = 13.0
    static let padding = 6.0
    static let gap = 4.0

    var text: String
    /// When it goes.
    var until: MonotonicTime
    /// Where it is drawn, in canvas pixels.
    var box: Rect
    /// The text as it fits the box (cut with "…" when the screen is narrower).
    var shown: String

    /// A note for an element drawn at `element` (canvas pixels), on a canvas of `canvas`.
    init(text: String, until: MonotonicTime, element: Rect, canvas: Size, scale: Double, face: FontFace?) {
        self.text = text
        self.until = until
        let size = ElementNote.textSize * scale, pad = ElementNote.padding * scale, gap = ElementNote.gap * scale
        let font = face.map { Font(face: $0, size: size) }
        let room = max(0, canvas.width - 2 * gap - 2 * pad)
        var fitted = text
        if let font {
            while !fitted.isEmpty && font.measure(fitted).advance > room {
                fitted = String(fitted.dropLast(2)) + "…"
                if fitted == "…" { break }
            }
        }
        shown = fitted
        let width = (font?.measure(fitted).advance ?? 0) + 2 * pad
        let height = (font.map { $0.ascent + $0.descent } ?? size) + 2 * pad * 0.6
        var y = element.maxY + gap
        if y + height > canvas.height { y = max(0, element.minY - gap - height) }
        let x = min(max(gap, element.midX - width / 2), max(gap, canvas.width - gap - width))
        box = Rect(x: x.rounded(.down), y: y.rounded(.down), width: width.rounded(.up), height: height.rounded(.up))
    }

    /// Draws it on `canvas` (clipped by the caller).
    func draw(on canvas: Canvas, face: FontFace?, scale: Double) {
        canvas.fillRoundedRect(box, radius: box.height / 2, color: ElementNote.fill)
        guard let face else { return }
        let font = Font(face: face, size: ElementNote.textSize * scale)
        let m = font.measure(shown)
        let origin = Point(box.midX - m.advance / 2, box.midY + (font.ascent - font.descent) / 2)
        _ = canvas.drawText(shown, font: font, at: origin, color: ElementNote.ink)
    }
}

extension ScreenView {
    /// Shows `text` beside element `id` until `until` (a note already there is replaced). Nothing
    /// happens for an element this screen does not have.
    public func showNote(_ text: String, on id: String, until: MonotonicTime, canvas: Size) {
        guard let bounds = baseBounds(of: id) else { return }
        if let old = notes[id] { noteDamage.append(old.box) }
        let note = ElementNote(
            text: text, until: until, element: bounds, canvas: canvas, scale: scale,
            face: resources.face(bold: false))
        notes[id] = note
        noteDamage.append(note.box)
    }

    /// When the next note goes: the screen must be drawn again then.
    public var noteDeadline: MonotonicTime? { notes.values.map(\.until).min() }

    /// The texts of the notes shown now, by element id.
    public var noteTexts: [String: String] { notes.mapValues(\.text) }

    /// Drops the notes whose time is over at `t`, damaging where they were.
    func expireNotes(at t: MonotonicTime) {
        for (id, note) in notes where note.until <= t {
            noteDamage.append(note.box)
            notes[id] = nil
        }
    }

    /// Draws every note that reaches the clip of `canvas`.
    func drawNotes(on canvas: Canvas) {
        let face = resources.face(bold: false)
        for id in notes.keys.sorted() {
            guard let note = notes[id], note.box.intersects(canvas.clip.rect) else { continue }
            note.draw(on: canvas, face: face, scale: scale)
        }
    }
}
