import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Numbers a peer can send that no element may trap on: zeros of both signs, whole numbers past
/// `Int.max` (2^63 ≈ 9.2e18), the ends of `Double`, and the non-finite ones.
let hostileNumbers: [Double] = [
    0, -0.0, 1, -1, 0x1p63, -0x1p63, 1e19, -1e19, 1e308, -1e308, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
]

@Suite("Hostile values")
struct HostileValueTests {
    let context = ElementContext(
        scale: 1, configDirectory: "/nonexistent", screenSize: Size(400, 300), theme: .dark, time: 0)

    @Test(
        "Every value-holding kind of the registry takes or refuses ±0, ±2^63, ±1e19, ±1e308, NaN and ±inf, set by the element's write path, and still reads, describes and draws"
    )
    func everyKindSurvivesEveryNumber() throws {
        let resources = Fixture.resources()
        for kind in ElementKinds.all where kind.valueShape != .nothing {
            let config = ControlConfig(
                kind: kind.name, id: "e", frame: Rect(x: 100, y: 50, width: 200, height: 200),
                properties: minimalTable(kind.schema))
            let element = kind.make(config, in: context)
            let before = try #require(element.value, "\(kind.name)")
            var values: [StoredValue] = []
            for a in hostileNumbers {
                values.append(.single(a))
                values.append(.pair(a, 1))
                values.append(.pair(0, a))
            }
            for value in values {
                let old = element.value
                do {
                    let taken = try element.setValue(value, time: 1)
                    #expect(taken.isFinite, "\(kind.name) took \(value) as \(taken)")
                } catch {
                    // A refusal leaves the value as it was and says what fits.
                    #expect(element.value == old, "\(kind.name) refused \(value) but changed")
                    #expect(!error.description.isEmpty)
                }
                #expect(element.value?.isFinite == true, "\(kind.name) after \(value)")
                _ = element.advance(to: 2)
                _ = element.describe(time: 2)
                _ = element.drainEvents(time: 2)
            }
            _ = Fixture.render([element.model] + element.overlays, width: 400, height: 300, resources: resources)
            _ = before
        }
    }

    @Test("An index is taken only when it is a whole number inside the count; nothing outside traps")
    func checkedIndex() {
        #expect(ValueStep.index(2, count: 3) == 2)
        #expect(ValueStep.index(-0.0, count: 3) == 0)
        #expect(ValueStep.index(3, count: 3) == nil)
        #expect(ValueStep.index(1.5, count: 3) == nil)
        #expect(ValueStep.index(0, count: 0) == nil)
        for v in hostileNumbers where v != 0 && v != 1 && v != -1 && v != .leastNonzeroMagnitude {
            #expect(ValueStep.index(v, count: 3) == nil, "\(v)")
        }
    }
}
