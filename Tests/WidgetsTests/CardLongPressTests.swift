import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// `on_long_press` on a card: its background takes a held finger, fills a ring in its top right
/// corner, and raises the long press; a card without it stays background.
@Suite("Card long press")
struct CardLongPressTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0)

    func make(_ kind: String, _ id: String, _ frame: Rect, _ values: [String: ConfigValue]) throws -> Element {
        let k = try #require(ElementKinds.named(kind))
        return k.make(
            ControlConfig(kind: kind, id: id, frame: frame, properties: ConfigTable(values: values)), in: context)
    }

    static let frame = Rect(x: 40, y: 40, width: 360, height: 200)
    static let held: [String: ConfigValue] = [
        "title": .string("Living room"), "on_long_press": .tables([ConfigTable(values: ["screen": .string("lights")])]),
        "long_press_ms": .int(800),
    ]

    @Test("Held still for long_press_ms: one long press, its actions; the lift after it is no tap")
    func fires() throws {
        let card = try make("card", "room", Self.frame, Self.held)
        let model = card.model
        let p = Point(160, 160)  // local: the card's bounds start at 0
        #expect(model.claims(p))
        #expect(model.touchBegan(at: p, time: 10))
        #expect(model.advance(to: 10.5), "ticking while the hold may still come")
        #expect(model.drainEvents().isEmpty)
        #expect(!model.advance(to: 10.8))
        #expect(model.drainEvents() == [.longPressed])
        #expect(card.actions(for: .longPressed) == [.screen("lights")])
        model.touchEnded(at: p, time: 11)
        #expect(model.drainEvents().isEmpty)
    }

    @Test("Moved more than the slop while held: no long press")
    func cancelledByMove() throws {
        let model = try make("card", "room", Self.frame, Self.held).model
        #expect(model.touchBegan(at: Point(160, 160), time: 0))
        model.touchMoved(to: Point(190, 160), time: 0.2)
        #expect(!model.advance(to: 1))
        model.touchEnded(at: Point(190, 160), time: 1.1)
        #expect(model.drainEvents().isEmpty)
    }

    @Test("A card without on_long_press takes no touch (the background's, as before)")
    func plainCard() throws {
        let model = try make("card", "room", Self.frame, ["title": .string("Living room")]).model
        #expect(!model.claims(Point(160, 160)))
    }

    @Test("The ring fills in the card's top right corner above the elements on it (reference image)")
    func ring() throws {
        let card = try make("card", "room", Self.frame, Self.held)
        let button = try make(
            "button", "lamp", Rect(x: 60, y: 90, width: 320, height: 130), ["text": .string("Lamp")])
        let plain = try make("card", "hall", Rect(x: 420, y: 40, width: 340, height: 200), ["title": .string("Hall")])
        let ringCell = try make(
            "button", "fan", Rect(x: 440, y: 90, width: 300, height: 130), ["text": .string("Fan")])
        #expect(card.model.touchBegan(at: Point(340, 190), time: 0))
        let image = Fixture.render(
            [card.model, plain.model, button.model, ringCell.model], width: 800, height: 280, time: 0.5)
        try Reference.check(image, "card-long-press", tolerance: 0)
        // Without the hold, the corner is the card's own fill.
        let idle = try make("card", "room", Self.frame, Self.held)
        let still = Fixture.render([idle.model, button.model], width: 800, height: 280, time: 0.5)
        let corner = (44..<76).flatMap { y in (360..<396).map { x in image.color(x: x, y: y) } }
        let plainCorner = (44..<76).flatMap { y in (360..<396).map { x in still.color(x: x, y: y) } }
        #expect(corner != plainCorner, "a ring is drawn while held")
    }
}
