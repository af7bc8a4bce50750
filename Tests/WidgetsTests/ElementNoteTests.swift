import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// The note beside an element (`ScreenView.showNote`): its look, where it goes, and that it leaves by
/// itself at its time, repainting exactly what it covered.
@Suite("A note beside an element")
struct ElementNoteTests {
    let resources = Fixture.resources()

    func dial(_ id: String, at origin: Point) -> CircularSlider {
        let s = CircularSlider(
            id: id, bounds: Rect(x: 0, y: 0, width: 160, height: 160), transform: .translation(origin.x, origin.y))
        Theme.dark.apply(to: s)
        s.currentValue = 42
        return s
    }

    func view(_ controls: [any TouchControl]) -> ScreenView {
        ScreenView(controls: controls, background: resources.theme.background, resources: resources, scale: 1)
    }

    static let message = "Home Assistant: Value 80.0 for input_number.level is outside valid range 0.0 - 50.0"

    @Test("Below its element, or above it at the foot of the screen; cut with … to the screen's width")
    func look() throws {
        let top = dial("top", at: Point(20, 10)), bottom = dial("bottom", at: Point(220, 130))
        let v = view([top, bottom])
        let canvas = Size(400, 300)
        v.showNote(Self.message, on: "top", until: 5, canvas: canvas)
        v.showNote("Home Assistant: Service not found.", on: "bottom", until: 5, canvas: canvas)
        let notes = v.notes
        let below = try #require(notes["top"]), above = try #require(notes["bottom"])
        #expect(below.box.minY >= 170 && below.box.minX >= 0 && below.box.maxX <= 400)
        #expect(above.box.maxY <= 130, "no room below: above the element")
        #expect(below.shown.hasSuffix("…") && below.shown.count < Self.message.count, "cut: \(below.shown)")
        #expect(above.shown == "Home Assistant: Service not found.")
        let bitmap = Bitmap(width: 400, height: 300, format: .xrgb8888)
        v.render(into: bitmap.canvas, full: true)
        try Reference.check(bitmap, "element-note")
    }

    @Test("Gone at its time: the damage covers it, and the screen equals a frame that never had it")
    func expires() {
        let s = dial("s", at: Point(100, 20))
        let v = view([s])
        let bitmap = Bitmap(width: 400, height: 300, format: .xrgb8888)
        v.time = 10
        v.render(into: bitmap.canvas, full: true)
        let clean = Fixture.render([dial("s", at: Point(100, 20))], width: 400, height: 300, time: 10)
        #expect(bitmap.pixelsEqual(clean))
        v.showNote("Home Assistant: refused", on: "s", until: 14, canvas: Size(400, 300))
        #expect(v.noteDeadline == 14)
        let shown = v.render(into: bitmap.canvas, full: false)
        let box = v.notes["s"]?.box ?? .zero
        #expect(shown.reduce(Rect.zero) { $0.union($1.rect) }.intersection(box) == box)
        #expect(!bitmap.pixelsEqual(clean), "the note is drawn")
        v.time = 13.9
        #expect(v.render(into: bitmap.canvas, full: false).isEmpty, "still there: nothing to repaint")
        v.time = 14
        let gone = v.render(into: bitmap.canvas, full: false)
        #expect(gone.reduce(Rect.zero) { $0.union($1.rect) }.intersection(box) == box)
        #expect(v.noteDeadline == nil)
        #expect(bitmap.pixelsEqual(clean), "the frame without the note")
    }

    @Test("An element the screen does not have gets no note")
    func unknownElement() {
        let v = view([dial("s", at: Point(0, 0))])
        v.showNote("x", on: "elsewhere", until: 5, canvas: Size(400, 300))
        #expect(v.notes.isEmpty && v.noteDeadline == nil)
    }
}
