import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// The `dropdown` kind, a roller of text options: drags, flings with momentum, taps, ends of the
/// list, values from outside, damage, and a reference image of a long list.
@Suite("Dropdown (roller) element")
struct DropdownTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0)
    static let rooms = (1...30).map { "Room \($0)" }

    func make(
        _ frame: Rect = Rect(x: 0, y: 0, width: 200, height: 240), value: Int = 5,
        options: [String] = rooms
    ) throws -> (Element, DropdownModel) {
        let kind = try #require(ElementKinds.named("dropdown"))
        let table = ConfigTable(values: ["options": .strings(options), "value": .int(value)])
        let e = kind.make(ControlConfig(kind: "dropdown", id: "room", frame: frame, properties: table), in: context)
        return (e, try #require(e.model as? DropdownModel))
    }

    /// A finger from y0 to y1 at x 100 over `seconds`, sampled at 60 Hz, then held still for `hold`
    /// seconds and lifted; the roller then runs until it rests. Returns the time it rested.
    @discardableResult
    func swipe(_ m: DropdownModel, from y0: Double, to y1: Double, seconds: Double, hold: Double = 0) -> MonotonicTime {
        var t = 0.0
        #expect(m.touchBegan(at: Point(100, y0), time: t))
        let steps = max(1, Int(seconds * 60))
        for k in 1...steps {
            t = Double(k) / 60
            m.touchMoved(to: Point(100, y0 + (y1 - y0) * Double(k) / Double(steps)), time: t)
        }
        var held = 0.0
        while held < hold { held += 1 / 60; t += 1 / 60; m.touchMoved(to: Point(100, y1), time: t) }
        m.touchEnded(at: Point(100, y1), time: t)
        while m.advance(to: t) { t += 1 / 60 }
        return t
    }

    @Test("a slow drag up by two rows chooses the option two further on, once it settles")
    func slowDrag() throws {
        let (e, m) = try make()
        _ = e.drainEvents(time: 0)
        swipe(m, from: 200, to: 104, seconds: 1.5, hold: 0.3)
        #expect(e.value == .single(7))
        #expect(e.drainEvents(time: 5) == [.valueChanged(value: 7, fromUser: true), .endedTracking(value: 7)])
    }

    @Test("a fling of the same distance carries on with momentum and settles further down the list")
    func fling() throws {
        let (e, m) = try make()
        let settled = swipe(m, from: 200, to: 104, seconds: 0.1)
        let chosen = try #require(e.value.flatMap { if case .single(let v) = $0 { Int(v) } else { nil } })
        #expect(chosen > 7)
        #expect(settled > 0.5, "the roller moved by itself after the finger lifted")
        // The same fling again lands the same way: the momentum runs on the fixed tick, not the frame rate.
        let (e2, m2) = try make()
        swipe(m2, from: 200, to: 104, seconds: 0.1)
        #expect(e2.value == e.value)
    }

    @Test("a hard fling stops at the last option; a tap below the middle rolls to the next option")
    func endsAndTaps() throws {
        let (e, m) = try make(value: 25)
        swipe(m, from: 230, to: 10, seconds: 0.05)
        #expect(e.value == .single(29))
        let (e2, m2) = try make()
        swipe(m2, from: 170, to: 170, seconds: 0.05)  // one row below the centre (120 + 48)
        #expect(e2.value == .single(6))
        swipe(m2, from: 120, to: 122, seconds: 0.05)  // the chosen one: stays
        #expect(e2.value == .single(6))
    }

    @Test("values set from outside jump there; indexes out of the list are refused; the exposure is a select")
    func fromOutside() throws {
        let (e, m) = try make()
        try e.setValue(.single(20), time: 0)
        #expect(e.value == .single(20) && m.scroller.position == 20)
        #expect(throws: Element.ValueError.self) { try e.setValue(.single(30), time: 0) }
        #expect(throws: Element.ValueError.self) { try e.setValue(.single(2.5), time: 0) }
        let table = ConfigTable(values: ["options": .strings(["a", "b"])])
        #expect(ElementKinds.named("dropdown")?.exposure(table) == .select(options: ["a", "b"]))
    }

    @Test("rolling damages the roller's frame only, and nothing once it rests")
    func damage() throws {
        let (e, m) = try make(Rect(x: 300, y: 100, width: 200, height: 240))
        let widget = try #require(ElementKinds.widget(for: e.model))
        _ = widget.collectDamage(at: 0)
        #expect(m.touchBegan(at: Point(100, 200), time: 0))
        m.touchMoved(to: Point(100, 150), time: 0.1)
        #expect(widget.collectDamage(at: 0.1) == [Rect(x: 298, y: 98, width: 204, height: 244)])
        m.touchMoved(to: Point(100, 150), time: 0.2)
        #expect(widget.collectDamage(at: 0.2).isEmpty)
    }

    @Test("a long list resting, and caught between two options (reference image)")
    func look() throws {
        let (a, _) = try make(Rect(x: 10, y: 10, width: 220, height: 240))
        let (b, mb) = try make(Rect(x: 250, y: 10, width: 220, height: 240), value: 12)
        #expect(mb.touchBegan(at: Point(100, 120), time: 0))
        mb.touchMoved(to: Point(100, 90), time: 0.5)
        let (c, _) = try make(
            Rect(x: 490, y: 60, width: 160, height: 144), value: 1,
            options: ["Off", "Very low and quiet", "Low", "Medium", "High", "Boost"])
        try Reference.check(
            Fixture.render([a.model, b.model, c.model], width: 660, height: 260, time: 0.5), "dropdowns", tolerance: 0)
    }
}
