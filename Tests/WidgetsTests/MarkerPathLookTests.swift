import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// `marker_path` from the config to the pixels: every marker filled with the shape, upright, its box
/// centred on the marker; outlines wound the other way are holes.
@Suite("Marker paths: look and damage")
struct MarkerPathLookTests {
    static let triangle = "M 0 -6 L 5 4 H -5 Z"
    /// An oval of two cubics with an oval hole of four quadratics wound the other way.
    static let ring = "M -6 0 C -6 -8 6 -8 6 0 S -6 8 -6 0 Z m 3 0 q 0 4 3 4 t 3 -4 t -3 -4 t -3 4 z"

    @Test("Triangles on a partial arc, rings with holes on a full circle, from the config's keys")
    func look() throws {
        let f = PanelFixture()
        let dials = [
            f.make(
                "circular-slider", "tri", Rect(x: 0, y: 0, width: 240, height: 240),
                [
                    "line_width": .int(12), "max_angle": .number(270), "marker_count": .int(9),
                    "marker_color": .color(Color(rgb: 0xFFB300)), "marker_path": .string(Self.triangle),
                    "value": .number(40),
                ]),
            f.make(
                "circular-slider", "ring", Rect(x: 240, y: 0, width: 240, height: 240),
                [
                    "line_width": .int(14), "marker_count": .int(12), "marker_color": .color(Color(rgb: 0x4FC3F7)),
                    "marker_path": .string(Self.ring), "value": .number(70),
                ]),
        ]
        let slider = try #require(dials[0].model as? CircularSlider)
        let triangle = try MarkerPathData.parse(Self.triangle)
        #expect(slider.track.markerPath == triangle, "the config's path reaches the track")
        try Reference.check(Fixture.render(dials.flatMap(\.drawn), width: 480, height: 240), "circular-marker-paths")
    }

    @Test("A marker shape larger than its square widens the control's damage box to hold it")
    func damageHoldsLargeMarkers() throws {
        let f = PanelFixture()
        let dial = f.make(
            "circular-slider", "big", Rect(x: 100, y: 100, width: 100, height: 100),
            ["marker_count": .int(4), "marker_path": .string("M -30 -30 h 60 v 60 h -60 z")])
        let slider = try #require(dial.model as? CircularSlider)
        let widget = try #require(ElementKinds.widget(for: slider))
        let box = widget.baseBounds(at: 0)
        // The top marker sits on the track near the top edge; its 60-point square reaches ~30 above it.
        let top = try #require(slider.markerPlacements.min { $0.drawnCenter.y < $1.drawnCenter.y })
        let reach = slider.transform.apply(Point(top.drawnCenter.x, top.drawnCenter.y - 30))
        #expect(box.minY <= reach.y && reach.y < 100, "box \(box) holds the marker's top at \(reach.y)")
    }
}
