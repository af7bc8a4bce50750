import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

@Suite("Buttons, toggles, choices and the navigation bar: look and touch")
struct PanelControlsLookTests {
    let f = PanelFixture()

    /// Presses `element`'s model at its centre (a finger held down, not yet lifted).
    func press(_ element: Element) {
        let m = element.model
        _ = m.touchBegan(at: m.bounds.center, time: 0)
    }

    @Test(
        "Buttons filled and outlined, with text, icon and both, and pressed; toggles off, on and pressed; a choice with a pressed segment"
    )
    func looks() throws {
        let buttons = [
            f.make(
                "button", "eco", Rect(x: 20, y: 20, width: 160, height: 60),
                ["text": .string("Eco"), "icon": .string("builtin:leaf")]),
            f.make(
                "button", "boost", Rect(x: 200, y: 20, width: 160, height: 60),
                ["text": .string("Boost"), "style": .string("outline")]),
            f.make("button", "play", Rect(x: 380, y: 20, width: 60, height: 60), ["icon": .string("builtin:arrow")]),
            f.make("button", "pressed", Rect(x: 460, y: 20, width: 160, height: 60), ["text": .string("Pressed")]),
            f.make(
                "button", "pressed2", Rect(x: 640, y: 20, width: 140, height: 60),
                ["text": .string("Held"), "style": .string("outline")]),
        ]
        press(buttons[3]); press(buttons[4])
        let toggles = [
            f.make("toggle", "pump", Rect(x: 20, y: 110, width: 230, height: 48), ["label": .string("Pump")]),
            f.make(
                "toggle", "light", Rect(x: 280, y: 110, width: 230, height: 48),
                ["label": .string("Light"), "value": .int(1)]),
            f.make("toggle", "fan", Rect(x: 540, y: 110, width: 230, height: 48), ["label": .string("Fan")]),
        ]
        press(toggles[2])
        let choice = f.make(
            "choice", "mode", Rect(x: 20, y: 190, width: 500, height: 56),
            ["options": .strings(["Heat", "Cool", "Off"]), "value": .int(0)])
        let m = choice.model
        _ = m.touchBegan(at: Point(m.bounds.minX + m.bounds.width * 0.8, m.bounds.midY), time: 0)
        let bitmap = Fixture.render((buttons + toggles + [choice]).flatMap(\.drawn), width: 800, height: 270)
        try Reference.check(bitmap, "panel-controls", tolerance: 0)
    }

    @Test("The navigation bar: one segment per page with icon and title, the shown page marked, along the bottom")
    func navigationBar() throws {
        var context = f.context
        context.pages = [
            Page(id: "home", title: "Home", icon: "sun"), Page(id: "climate", title: "Climate", icon: "drop"),
            Page(id: "media", title: "Media", icon: "star-mask"),
        ]
        context.currentPage = "climate"
        let bar = NavBarKind().make(
            ControlConfig(kind: "nav-bar", id: "nav", frame: Rect(x: 0, y: 100, width: 480, height: 64)), in: context)
        let bitmap = Fixture.render([bar.model], width: 480, height: 164)
        try Reference.check(bitmap, "nav-bar", tolerance: 0)
        // A tap on another page asks to show it; a tap on the shown one does nothing.
        let m = bar.model
        for (x, expected) in [(400.0, [ElementAction.screen("media")]), (240.0, [])] {
            _ = m.touchBegan(at: Point(x, 32), time: 0)
            m.touchEnded(at: Point(x, 32), time: 0.05)
            #expect(bar.drainEvents(time: 0.05).flatMap(bar.actions(for:)) == expected)
        }
    }

    @Test("A button acts on a tap that ends inside, not on one dragged off; its actions come with touchUpInside")
    func buttonTap() {
        let table = ConfigTable(values: [
            "text": .string("Eco"),
            "actions": .tables([ConfigTable(values: ["set": .string("t"), "value": .number(18)])]),
        ])
        let b = ElementKinds.named("button")!.make(
            ControlConfig(
                kind: "button", id: "eco", frame: Rect(x: 0, y: 0, width: 100, height: 60),
                properties: table), in: f.context)
        _ = b.model.touchBegan(at: Point(50, 30), time: 0)
        b.model.touchMoved(to: Point(300, 30), time: 0.02)
        b.model.touchEnded(at: Point(300, 30), time: 0.04)
        #expect(b.drainEvents(time: 0.04).isEmpty)
        _ = b.model.touchBegan(at: Point(50, 30), time: 1)
        b.model.touchEnded(at: Point(52, 31), time: 1.05)
        let events = b.drainEvents(time: 1.05)
        #expect(events == [.touchUpInside])
        #expect(events.flatMap(b.actions(for:)) == [.set(control: "t", value: .single(18))])
    }

    @Test(
        "Pressing, flipping and releasing a toggle repaints only its switch, not its label; the pixels equal a full frame"
    )
    func toggleDamage() throws {
        let t = f.make("toggle", "pump", Rect(x: 20, y: 20, width: 300, height: 48), ["label": .string("Pump")])
        let resources = Fixture.resources()
        let view = ScreenView(controls: t.drawn, background: resources.theme.background, resources: resources, scale: 1)
        let screen = Bitmap(width: 400, height: 100, format: .xrgb8888)
        view.render(into: screen.canvas, full: true)
        let model = try #require(t.model as? ToggleModel)
        let switchBox = model.transform.boundingBox(of: model.switchRect).outsetBy(DamageBox.margin)
        let knob = model.switchRect.center
        for step in 0..<3 {
            switch step {
            case 0: _ = model.touchBegan(at: knob, time: 0)  // the knob grows its ring
            case 1: model.touchEnded(at: knob, time: 0.05)  // on, the ring gone
            default: _ = try t.setValue(.single(0), time: 1)  // off again, from outside
            }
            let rects = view.render(into: screen.canvas, full: false)
            #expect(!rects.isEmpty, "step \(step) drew nothing")
            for r in rects {
                #expect(DamageTests.contains(switchBox, r), "step \(step): damage \(r) outside the switch \(switchBox)")
            }
            let fresh = Fixture.render(t.drawn, width: 400, height: 100, resources: resources)
            #expect(DamageTests.matches(screen, fresh), "step \(step): the damaged frame differs from a full one")
        }
    }

    @Test(
        "A toggle flips on a tap and reports it (value, then the finger's release); a choice takes the tapped segment")
    func toggleAndChoice() throws {
        let t = f.make("toggle", "pump", Rect(x: 0, y: 0, width: 200, height: 48), [:])
        _ = t.model.touchBegan(at: Point(180, 24), time: 0)
        t.model.touchEnded(at: Point(180, 24), time: 0.05)
        #expect(t.value == .single(1))
        #expect(t.drainEvents(time: 0.05) == [.valueChanged(value: 1, fromUser: true), .endedTracking(value: 1)])
        #expect(try t.setValue(.single(0), time: 1) == .single(0))
        #expect(throws: Element.ValueError.self) { try t.setValue(.single(0.5), time: 1) }
        let c = f.make(
            "choice", "mode", Rect(x: 0, y: 0, width: 300, height: 50), ["options": .strings(["Heat", "Cool", "Off"])])
        _ = c.model.touchBegan(at: Point(250, 25), time: 0)
        c.model.touchEnded(at: Point(250, 25), time: 0.05)
        #expect(c.value == .single(2))
        #expect(throws: Element.ValueError.self) { try c.setValue(.single(3), time: 1) }
    }
}
