import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Issue 36's behaviour defects that show on the screen: the kiosk pad's key size and its message row,
/// a spinner item with a title and no icon, the picker opening downward at the top edge.
@Suite("Issue 36: pad, picker and spinner items")
struct Issue36LookTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(480, 400), theme: .dark, time: 0)

    /// A value slider over 0…100 built as the kiosk builds it, showing 93; its pad is open.
    func valueSliderPad() throws -> (Element, NumberPad) {
        let table = ConfigTable(values: ["min": .number(0), "max": .number(100), "value": .number(93)])
        let config = ControlConfig(
            kind: "value-slider", id: "level", frame: Rect(x: 100, y: 330, width: 280, height: 44), properties: table)
        let kind = try #require(ElementKinds.named("value-slider"))
        let element = kind.make(config, in: context)
        let pad = try #require(element.overlays.first as? NumberPad)
        pad.open(currentNumber: element.value.flatMap { if case .single(let v) = $0 { v } else { nil } })
        return (element, pad)
    }

    /// Pixels in `rect` that differ between two renders.
    func changed(_ a: Bitmap, _ b: Bitmap, in rect: Rect) -> Int {
        let box = PixelRect(covering: rect).intersection(PixelRect(x: 0, y: 0, width: a.width, height: a.height))
        var n = 0
        for y in box.y..<box.maxY { for x in box.x..<box.maxX where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    @Test("The kiosk's pad keys are at least 9 mm (`Scale.minimumHitMillimetres`) each way")
    func padKeysFitAFinger() throws {
        let (_, pad) = try valueSliderPad()
        #expect(!pad.keys.isEmpty)
        for k in pad.keys {
            let mm = min(k.frame.width, k.frame.height) * Scale.millimetresPerPoint
            #expect(mm >= Scale.minimumHitMillimetres, "\(k.key.label): \(mm) mm")
        }
    }

    @Test("The pad's message row shows the range, and after a refused ✓ why, in white on red")
    func padMessage() throws {
        let (element, pad) = try valueSliderPad()
        let resources = Fixture.resources()
        _ = element.drainEvents(time: 1)
        let hint = Fixture.render(
            [element.model] + element.overlays, width: 480, height: 400, time: 1, resources: resources)
        #expect(pad.rangeHint == "0\u{2013}100")
        for k in ["1", "0", "0", "0"] { pad.press(label: k) }
        pad.press(label: "\u{2713}")
        #expect(pad.isOpen && pad.message == "Out of range: 0\u{2013}100")
        _ = element.drainEvents(time: 1)  // the host shows the typed text on the thumb
        let refused = Fixture.render(
            [element.model] + element.overlays, width: 480, height: 400, time: 1, resources: resources)
        let row = pad.messageFrame
        #expect(changed(hint, refused, in: row) > 200, "the message row is redrawn")
        // The row's fill is the refusal red; white text on it.
        let c = refused.color(x: Int(row.minX + 3), y: Int(row.midY)), red = NumberPadWidget.refusedFill
        #expect(c.r == red.r && c.g == red.g && c.b == red.b, "row edge \(c)")
        var white = 0
        let box = PixelRect(covering: row)
        for y in box.y..<box.maxY { for x in box.x..<box.maxX where refused.color(x: x, y: y).g > 240 { white += 1 } }
        #expect(white > 30, "the message is drawn in white (\(white) pixels)")
        try Reference.check(refused, "pad-refused")
    }

    @Test("A spinner item with a title and no icon draws its title: closed, in the wheel and in the picker")
    func titleOnlyItems() throws {
        let items = ["Eco", "Boost", "Off"].map { SpinnerItem(iconName: "", title: $0) }
        let resources = Fixture.resources()
        let s = Spinner(
            id: "s", items: items, mode: SpinnerMode.spinnerOnly.rawValue,
            frame: Rect(x: 130, y: 130, width: 60, height: 60),
            containerSize: Size(320, 320))
        Theme.dark.apply(to: s)
        let blank = Spinner(
            id: "s", items: items.map { _ in SpinnerItem(iconName: "", title: "") },
            mode: SpinnerMode.spinnerOnly.rawValue,
            frame: Rect(x: 130, y: 130, width: 60, height: 60), containerSize: Size(320, 320))
        Theme.dark.apply(to: blank)
        let closed = Fixture.render([s], width: 320, height: 320, resources: resources)
        let closedBlank = Fixture.render([blank], width: 320, height: 320, resources: resources)
        #expect(changed(closed, closedBlank, in: s.frame) > 40, "the selected title shows in the closed centre")
        for sp in [s, blank] {
            sp.setOpen(true, time: 0)
            var t = 0.0
            while sp.advance(to: t), t < 3 { t += 1.0 / 60 }
        }
        let wheel = Fixture.render([s], width: 320, height: 320, time: 3, resources: resources)
        let wheelBlank = Fixture.render([blank], width: 320, height: 320, time: 3, resources: resources)
        let above = Rect(x: 100, y: 0, width: 120, height: 120)  // item 1 or 2 sits up there, faded little
        #expect(changed(wheel, wheelBlank, in: above) > 40, "the titles show on the wheel")
        try Reference.check(wheel, "spinner-titles-wheel")
    }

    @Test("At the top edge the picker opens downward, its rows below the control")
    func pickerDownward() throws {
        let items = (0..<20).map { SpinnerItem(iconName: "", title: "Program \($0 + 1)") }
        let s = Spinner(
            id: "p", items: items, selectedIndex: 2, mode: SpinnerMode.pickerOnly.rawValue,
            frame: Rect(x: 130, y: 10, width: 60, height: 60), containerSize: Size(320, 320))
        Theme.dark.apply(to: s)
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        let resources = Fixture.resources()
        let open = Fixture.render([s], width: 320, height: 320, time: t, resources: resources)
        let closed = Fixture.render([], width: 320, height: 320, resources: resources)
        #expect(
            changed(open, closed, in: Rect(x: 0, y: 200, width: 320, height: 100)) > 500,
            "rows are drawn below the control")
        try Reference.check(open, "picker-downward")
    }
}
