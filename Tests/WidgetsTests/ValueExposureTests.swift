import ConfigModel
import Controls
import Core
import Testing
@testable import Widgets

/// Each kind declares what its value is to programs outside the panel (`ValueExposure`); adapters
/// such as Home Assistant discovery map only that. A kind that holds a value and declares nothing
/// would silently be missing from every adapter.
@Suite("Kinds declare how their value meets the outside world")
struct ValueExposureTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(400, 300), theme: .dark, time: 0)

    func element(_ kind: any ElementKind, _ table: ConfigTable) -> Element {
        kind.make(
            ControlConfig(
                kind: kind.name, id: "e", frame: Rect(x: 0, y: 0, width: 200, height: 200), properties: table),
            in: context)
    }

    @Test("Every kind whose element holds a value declares an exposure of that value's shape and step")
    func everyValueIsExposed() {
        for kind in ElementKinds.kinds {
            let table = minimalTable(kind.schema)
            let value = element(kind, table).value
            let exposure = kind.exposure(table)
            switch (value, exposure) {
            case (nil, .nothing), (nil, .press): break
            case (nil, _): Issue.record("\(kind.name) holds no value but exposes \(exposure)")
            case (_?, .nothing):
                Issue.record("\(kind.name) holds a value but declares no exposure: no adapter would show it")
            case (.pair?, .pair(let range, let low, let high)):
                #expect(
                    range.step == kind.valueStep(table) && range.minimum < range.maximum && low != high, "\(kind.name)")
            case (.single?, .number(let range)):
                #expect(range.step == kind.valueStep(table) && range.minimum < range.maximum, "\(kind.name)")
            case (.single?, .select(let options)):
                #expect(
                    options.count == 3 && kind.valueStep(table) == ValueStep.whole, "\(kind.name): one option per item")
            case (.single?, .onOff): #expect(kind.valueStep(table) == ValueStep.whole, "\(kind.name)")
            case (.single(let v)?, .rgb):
                #expect(
                    kind.valueStep(table) == ValueStep.whole && v >= 0 && v <= 0xFFFFFF,
                    "\(kind.name): a colour 0xRRGGBB")
            default:
                Issue.record(
                    "\(kind.name): its value \(String(describing: value)) does not fit its exposure \(exposure)")
            }
            // The registry's other word for holding a value agrees.
            #expect((value == nil) == (kind.valueShape == .nothing), "\(kind.name)")
        }
    }

    @Test("A number's range follows the table: ends in either order, the arc seeker's arc, through 0° or none")
    func rangesFollowTheTable() throws {
        let dial = try #require(ElementKinds.named("circular-slider"))
        let reversed = ConfigTable(values: ["min": .number(40), "max": .int(-10)])
        #expect(
            dial.exposure(reversed)
                == .number(NumberRange(minimum: -10, maximum: 40, step: ValueStep.continuous(from: 40, to: -10))))
        let seeker = try #require(ElementKinds.named("arc-seeker"))
        let arc = ConfigTable(values: ["start_angle": .number(30), "end_angle": .number(300)])
        #expect(seeker.exposure(arc) == .number(NumberRange(minimum: 30, maximum: 300, step: 0.1, unit: "°")))
        // An arc through 0° runs from its start past 360° to its end + 360: the angles it can take.
        let through = ConfigTable(values: ["start_angle": .number(300), "end_angle": .number(30)])
        #expect(
            seeker.exposure(through)
                == .number(NumberRange(minimum: 300, maximum: 390, step: 0.1, unit: "°", period: 360)))
        // No arc at all (start = end): the whole circle.
        let none = ConfigTable(values: ["start_angle": .number(90), "end_angle": .number(90)])
        #expect(seeker.exposure(none) == .number(NumberRange(minimum: 0, maximum: 360, step: 0.1, unit: "°")))
    }

    @Test("A default is the one the reference documents: the exposure and the built control use it")
    func defaultsAreTheDocumentedOnes() throws {
        for name in ["circular-slider", "gradient-slider", "value-slider", "range-slider", "arc-seeker"] {
            let kind = try #require(ElementKinds.named(name))
            let (lowKey, highKey) = name == "arc-seeker" ? ("start_angle", "end_angle") : ("min", "max")
            let documented = [lowKey, highKey].map { kind.schema.field($0)?.defaultText.flatMap(Double.init) }
            let range: NumberRange
            switch kind.exposure(ConfigTable()) {
            case .number(let r), .pair(let r, _, _): range = r
            default: Issue.record("\(name): not a number"); continue
            }
            #expect(documented == [range.minimum, range.maximum], "\(name): documented \(documented)")
        }
        // The arc seeker built without the keys draws the documented arc.
        let seekerKind = try #require(ElementKinds.named("arc-seeker"))
        let seeker = try #require(element(seekerKind, ConfigTable()).model as? ArcSeeker)
        let fields = ArcSeekerKind.seekerSchema
        #expect(
            [seeker.startAngle, seeker.endAngle, seeker.currentAngle]
                == ["start_angle", "end_angle", "value"].map { fields.field($0)?.defaultText.flatMap(Double.init) })
    }
}
