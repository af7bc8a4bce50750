import ConfigModel
import Controls
import Core
import Testing
@testable import Widgets

/// Issue 37 item 5: a value set from outside comes back as set; what leaves the panel is rounded to
/// the kind's step.
@Suite("Values leave the panel rounded to their kind's step")
struct ValueStepTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(400, 300), theme: .dark, time: 0)

    func element(_ kind: String, _ values: [String: ConfigValue] = [:]) throws -> Element {
        let k = try #require(ElementKinds.named(kind))
        var table = minimalTable(k.schema)
        for (key, value) in values { table.values[key] = value }
        return k.make(
            ControlConfig(kind: kind, id: "e", frame: Rect(x: 0, y: 0, width: 200, height: 200), properties: table),
            in: context)
    }

    @Test("Every whole number and every hundredth set on a 0…100 dial reads back exactly")
    func dialRoundTrips() throws {
        let dial = try element("circular-slider")
        var wrong: [Double] = []
        for k in 0...10_000 {
            let v = Double(k) / 100
            if try dial.setValue(.single(v), time: 0) != .single(v) || dial.value != .single(v) { wrong.append(v) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) values came back changed, first \(wrong.prefix(5))")
    }

    @Test("A range slider's ends and a dial over a small or negative range round-trip too")
    func otherRanges() throws {
        let range = try element("range-slider")
        #expect(try range.setValue(.pair(21, 42), time: 0) == .pair(21, 42))
        let fine = try element("gradient-slider", ["min": .number(-1), "max": .number(1)])
        for k in -100...100 {
            let v = Double(k) / 100
            #expect(try fine.setValue(.single(v), time: 0) == .single(v))
        }
    }

    @Test("A value slider rounds to its decimals; a seeker to a tenth of a degree; indexes stay whole")
    func kindsSteps() throws {
        let slider = try element("value-slider", ["decimals": .int(1)])
        #expect(try slider.setValue(.single(42.26), time: 0) == .single(42.3))
        let seeker = try element("arc-seeker")
        let taken = try seeker.setValue(.single(123.4), time: 0)
        #expect(taken == .single(123.4))
        #expect(try element("toggle").setValue(.single(1), time: 0) == .single(1))
    }

    @Test("Every kind that holds a value declares its step")
    func everyValueKindHasAStep() {
        for kind in ElementKinds.kinds {
            let step = kind.valueStep(minimalTable(kind.schema))
            #expect((kind.valueShape == .nothing) == (step == nil), "\(kind.name)")
        }
    }

    @Test("Rounding gives the double nearest the decimal, never -0, and leaves huge values alone")
    func rounding() {
        #expect(ValueStep.round(41.99999999999999, to: 0.01) == 42)
        #expect(ValueStep.round(0.30000000000000004, to: 0.1) == 0.3)
        #expect(ValueStep.round(24.857142857142858, to: 0.01) == 24.86)
        #expect(ValueStep.round(-0.001, to: 0.01).sign == .plus)
        #expect(ValueStep.round(7.4, to: 2.5) == 7.5)
        #expect(ValueStep.round(1e300, to: 0.01) == 1e300)
        #expect(ValueStep.continuous(from: 0, to: 100) == 0.01)
        #expect(ValueStep.continuous(from: 0, to: 1) == 0.0001)
        #expect(ValueStep.continuous(from: 10, to: 30) == 0.001)
        #expect(ValueStep.decimals(2) == 0.01)
    }
}
