import Testing
import Core
@testable import Controls

@Suite("Circular slider: gradient (MS-86…89)") struct CircularGradientTests {
    let s = GradientCircularSlider(id: "grad")
    let light = Color(r: 170, g: 170, b: 170), blue = Color(r: 0, g: 0, b: 255), dark = Color(r: 85, g: 85, b: 85)

    /// Channel-wise closeness (blends round to whole steps).
    func near(_ a: Color, _ b: Color, _ tolerance: Int = 1) -> Bool {
        [(a.r, b.r), (a.g, b.g), (a.b, b.b), (a.a, b.a)].allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test("MS-86 defaults lightGray, blue, darkGray; the fill is one colour taken at the handle's percentage")
    func defaults() {
        #expect(s.gradientColors == [light, blue, dark])
        s.angle = 180
        #expect(s.percentage == 50)
        #expect(s.filledArcColor == blue)
    }

    @Test("MS-87 0 % → lightGray, 25 % → mid lightGray/blue, 50 % → blue, 75 % → mid blue/darkGray, 99.9 % ≈ darkGray")
    func vectors() {
        let c = { (p: Double) in GradientCircularSlider.color(in: [light, blue, dark], atPercent: p)! }
        #expect(c(0) == light)
        #expect(near(c(25), Color(r: 85, g: 85, b: 212)))
        #expect(c(50) == blue)
        #expect(near(c(75), Color(r: 42, g: 42, b: 170)))
        #expect(near(c(99.9), dark))
    }

    @Test("MS-87 exactly 100 % gives the last colour (port side), a single colour is constant, none is nil")
    func edges() {
        #expect(GradientCircularSlider.color(in: [light, blue, dark], atPercent: 100) == dark)
        #expect(GradientCircularSlider.color(in: [blue], atPercent: 100) == blue)
        #expect(GradientCircularSlider.color(in: [blue], atPercent: 30) == blue)
        #expect(GradientCircularSlider.color(in: [], atPercent: 30) == nil)
        s.angle = 360
        #expect(s.filledArcColor == dark)
    }

    @Test("MS-86 the colour follows drags and animation frames")
    func follows() {
        #expect(CircularFixture.grab(s))
        CircularFixture.drag(s, through: [90])
        #expect(near(s.filledArcColor, Color(r: 85, g: 85, b: 212)))
        s.touchEnded(at: .zero, time: 0)
        s.setValue(50, animated: true, at: 0)
        _ = s.advance(to: 1)
        #expect(s.filledArcColor == blue)
    }

    @Test("MS-88 colour helpers recolour at once; remove needs more than two colours; bad index throws")
    func helpers() throws {
        s.angle = 360
        s.addColor(Color(rgb: 0xFF0000))
        #expect(s.filledArcColor == Color(rgb: 0xFF0000))
        try s.changeColor(at: 3, to: Color(rgb: 0x00FF00))
        #expect(s.filledArcColor == Color(rgb: 0x00FF00))
        try s.removeColor(at: 3)
        try s.removeColor(at: 0)  // 3 → 2 is allowed
        #expect(s.gradientColors == [blue, dark])
        #expect(throws: CircularControlError.tooFewColors) { try s.removeColor(at: 0) }
        #expect(throws: CircularControlError.indexOutOfRange(index: 5, count: 2)) {
            try s.changeColor(at: 5, to: .black)
        }
    }

    @Test("MS-89 everything else is inherited: snapping and events as the single slider")
    func inherited() {
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        #expect(CircularFixture.grab(s))
        CircularFixture.drag(s, through: [80])
        s.touchEnded(at: .zero, time: 0)
        #expect(s.angle == 90)
        #expect(s.drainEvents().last == .directionChanged(0))
    }
}
