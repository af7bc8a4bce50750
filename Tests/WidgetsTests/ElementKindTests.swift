import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// A table holding only what `schema` requires: the smallest config a kind must accept (keys required
/// unless another is given, like a choice's `options` without an `entity`, count as required).
func minimalTable(_ schema: Schema, path: [String] = []) -> ConfigTable {
    var values: [String: ConfigValue] = [:]
    for f in schema.fields where f.required || f.defaultText?.hasPrefix("required unless") == true {
        switch f.type {
        // A label's text must draw enough pixels to be seen below.
        case .string:
            values[f.name] = .string(
                ["icon", "image"].contains(f.name) ? "builtin:sun" : f.name == "text" ? "Heating" : "x")
        case .tables(let rows): values[f.name] = .tables((0..<3).map { _ in minimalTable(rows) })
        case .strings: values[f.name] = .strings(["A", "B", "C"])
        default: break  // kind, id and frame are the ControlConfig's own
        }
    }
    return ConfigTable(values: values, path: path)
}

@Suite("Kind registry")
struct ElementKindTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(400, 300), theme: .dark, time: 0)

    func build(_ kind: any ElementKind, id: String = "e") -> Element {
        let config = ControlConfig(
            kind: kind.name, id: id, frame: Rect(x: 100, y: 50, width: 200, height: 200),
            properties: minimalTable(kind.schema))
        return kind.make(config, in: context)
    }

    @Test("Kind names are unique and every schema starts with the keys every control has")
    func schemas() {
        let names = ElementKinds.kinds.map(\.name)
        #expect(Set(names).count == names.count)
        for kind in ElementKinds.kinds {
            #expect(
                Array(kind.schema.fields.prefix(ElementKeys.common.fields.count)).map(\.name)
                    == ElementKeys.common.fields.map(\.name),
                "\(kind.name)")
            for image in kind.imageKeys {
                let table =
                    image.within.flatMap { w -> Schema? in
                        if case .tables(let rows)? = kind.schema.field(w)?.type { return rows }
                        return nil
                    } ?? kind.schema
                #expect(table.field(image.key) != nil, "\(kind.name): image key \(image.key) is not in its schema")
            }
        }
    }

    @Test(
        "Every registered kind builds from its required keys alone, is drawn by its own look, says where it is, and its value round-trips (or it holds none and refuses one)"
    )
    func everyKindPlaysEveryRole() throws {
        for kind in ElementKinds.kinds {
            let element = build(kind)
            #expect(element.kind == kind.name && element.id == "e")
            // A look: the kind's own, and the registry finds it.
            let registered = try #require(ElementKinds.all.first { $0.name == kind.name })
            #expect(registered.widget(for: element.model) != nil, "\(kind.name) has no look for its model")
            // Drawn: a full frame differs from the empty screen inside the element's frame.
            let resources = Fixture.resources()
            let empty = Fixture.render([], width: 400, height: 300, resources: resources)
            let drawn = Fixture.render(
                [element.model] + element.overlays, width: 400, height: 300, resources: resources)
            let frame = element.describe(time: 0).frame
            let box = PixelRect(covering: frame).intersection(PixelRect(x: 0, y: 0, width: 400, height: 300))
            var differs = 0
            for y in box.y..<box.maxY { for x in box.x..<box.maxX where drawn[x, y] != empty[x, y] { differs += 1 } }
            #expect(differs > 100, "\(kind.name) drew \(differs) pixels in its frame")
            // Described: its frame is on the screen and every point lies inside it.
            let d = element.describe(time: 0)
            #expect(d.frame.width > 0 && d.frame.height > 0)
            for (name, p) in d.points {
                #expect(d.frame.outsetBy(1).contains(p), "\(kind.name).\(name) at \(p) is outside \(d.frame)")
            }
            // Its value: set what it holds now, and get the same back; a kind that says it holds none
            // (a label) refuses every value.
            guard kind.valueShape != .nothing else {
                #expect(element.value == nil, "\(kind.name) says it holds no value")
                #expect(throws: Element.ValueError.self) { try element.setValue(.single(1), time: 1) }
                continue
            }
            let value = try #require(element.value, "\(kind.name) holds no value")
            #expect(kind.valueShape == .pair ? value.isPair : !value.isPair, "\(kind.name)'s value is not its shape")
            #expect(try element.setValue(value, time: 1) == value)
            #expect(throws: Element.ValueError.self) { try element.setValue(.single(.nan), time: 1) }
        }
    }

    @Test(
        "A kind added outside the registry — one struct and its look, nothing else — is built, drawn, described and valued through the same roles"
    )
    func addedKind() throws {
        let kind = SwatchKind()
        let config = ControlConfig(
            kind: kind.name, id: "swatch", frame: Rect(x: 10, y: 10, width: 40, height: 30),
            properties: ConfigTable(values: ["color": .color(Color(rgb: 0x00FF00))]))
        let element = kind.make(config, in: context)
        let resources = Fixture.resources()
        let view = ScreenView(
            controls: [element.model], background: .black, resources: resources, scale: 1,
            kinds: ElementKinds.all + [kind])
        #expect(view.unsupported.isEmpty)
        let bitmap = Bitmap(width: 100, height: 60, format: .xrgb8888)
        view.render(into: bitmap.canvas, full: true)
        #expect(bitmap[30, 25] == Bitmap(width: 1, height: 1, format: .xrgb8888, fill: Color(rgb: 0x00FF00))[0, 0])
        #expect(bitmap[5, 5] == Bitmap(width: 1, height: 1, format: .xrgb8888, fill: .black)[0, 0])
        #expect(element.describe(time: 0).frame == Rect(x: 10, y: 10, width: 40, height: 30))
        #expect(try element.setValue(.single(3), time: 0) == .single(3))
        // Left out of the registry, the screen lists it as not drawable instead of guessing.
        let plain = ScreenView(controls: [element.model], background: .black, resources: resources, scale: 1)
        #expect(plain.unsupported == ["swatch"])
    }
}

/// The trivial kind of the test above: a coloured rectangle that holds a number.
private struct SwatchKind: RegisteredKind {
    var name: String { "swatch" }
    var schema: Schema { ElementKeys.common.adding([Field("color", .color, "The fill.")]) }

    final class Model: TouchControl {
        let id: String, bounds: Rect, transform: Transform, color: Color
        var number = 0.0
        var isHidden: Bool { false }
        init(id: String, bounds: Rect, transform: Transform, color: Color) {
            self.id = id; self.bounds = bounds; self.transform = transform; self.color = color
        }
        func claims(_ p: Point) -> Bool { false }
        func touchBegan(at p: Point, time: MonotonicTime) -> Bool { false }
        func touchMoved(to p: Point, time: MonotonicTime) {}
        func touchEnded(at p: Point, time: MonotonicTime) {}
        func touchCancelled(time: MonotonicTime) {}
        func advance(to time: MonotonicTime) -> Bool { false }
        func drainEvents() -> [ControlEvent] { [] }
    }

    final class Look: Widget {
        let model: Model
        init(_ model: Model) { self.model = model }
        var control: any TouchControl { model }
        func baseBounds(at time: MonotonicTime) -> Rect { DamageBox.of(model.bounds, model.transform) }
        func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
            painter.fillRoundedRect(model.bounds, radius: 0, paint: Paint(model.color))
        }
        func collectDamage(at time: MonotonicTime) -> [Rect] { [] }
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let model = Model(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            color: c.properties.color("color") ?? .white)
        return Element(
            config: c, model: model, read: { .single(model.number) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value else { throw Element.ValueError("expected a number") }
                model.number = v
            },
            describe: { _ in .of(model, points: []) })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? Model).map(Look.init) }
}

extension StoredValue {
    var isPair: Bool { if case .pair = self { return true }; return false }
}
