import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

@Suite("Gauges: look and damage")
struct GaugeLookTests {
    /// Four arc gauges (normal, warning, critical, no value yet) and two bars over a tank level.
    func panel(level: Double) -> (PanelFixture, [Element]) {
        let f = PanelFixture([
            .init(id: "tank", initial: .number(level)), .init(id: "flow", initial: .number(82)),
            .init(id: "pressure", initial: .number(96)), .init(id: "never"),
        ])
        let bands: [String: ConfigValue] = [
            "warning_above": .number(80), "critical_above": .number(95),
            "readout": .string("{value:.0} %"),
        ]
        func arc(_ id: String, _ x: Double, _ source: String, _ title: String) -> Element {
            f.make(
                "gauge", id, Rect(x: x, y: 10, width: 170, height: 170),
                bands.merging(["source": .string(source), "title": .string(title)]) { a, _ in a })
        }
        let gauges = [
            arc("g1", 10, "tank", "Tank"), arc("g2", 190, "flow", "Flow"), arc("g3", 370, "pressure", "Pressure"),
            arc("g4", 550, "never", "Outside"),
            f.make(
                "gauge", "b1", Rect(x: 20, y: 200, width: 340, height: 70),
                [
                    "source": .string("tank"), "style": .string("bar"), "title": .string("Tank level"),
                    "warning_below": .number(20), "critical_below": .number(10), "readout": .string("{value:.0} %"),
                ]),
            f.make(
                "gauge", "b2", Rect(x: 380, y: 200, width: 340, height: 70),
                [
                    "source": .string("pressure"), "style": .string("bar"), "title": .string("Pressure"),
                    "warning_above": .number(80), "critical_above": .number(95), "readout": .string("{value} bar"),
                ]),
        ]
        return (f, gauges)
    }

    @Test(
        "Arc gauges in the normal, warning and critical band and with no value (—), and bars with bands below and above"
    )
    func gauges() throws {
        let (_, gauges) = panel(level: 64)
        let bitmap = Fixture.render(gauges.flatMap(\.drawn), width: 740, height: 290)
        try Reference.check(bitmap, "gauges", tolerance: 0)
    }

    @Test("A gauge's source set anew damages that gauge and its readout, nothing else; the pixels equal a full frame")
    func variableDamage() throws {
        let (f, gauges) = panel(level: 64)
        let controls = gauges.flatMap(\.drawn)
        let resources = Fixture.resources()
        let view = ScreenView(
            controls: controls, background: resources.theme.background, resources: resources, scale: 1)
        let screen = Bitmap(width: 740, height: 290, format: .xrgb8888)
        view.render(into: screen.canvas, full: true)
        #expect(f.board.set("flow", .number(40), at: 1))
        let rects = view.render(into: screen.canvas, full: false)
        let g2 = gauges[1].model.transform.boundingBox(of: gauges[1].model.bounds).outsetBy(DamageBox.margin)
        #expect(!rects.isEmpty)
        for r in rects { #expect(g2.union(r.rect) == g2, "damage \(r) outside the flow gauge \(g2)") }
        let (g, fresh) = panel(level: 64)
        #expect(g.board.set("flow", .number(40), at: 1))
        #expect(screen.pixelsEqual(Fixture.render(fresh.flatMap(\.drawn), width: 740, height: 290)))
    }

    @Test("Bands: critical wins over warning, the marked ranges are clipped to min…max")
    func bands() {
        let b = GaugeBands(warningAbove: 80, criticalAbove: 95, warningBelow: 20, criticalBelow: 10)
        #expect([5, 15, 50, 85, 99].map(b.zone(of:)) == [.critical, .warning, .normal, .warning, .critical])
        let r = b.ranges(from: 0, to: 90)
        #expect(r.map(\.from) == [80, 10, 0] && r.map(\.to) == [90, 20, 10])
    }
}
