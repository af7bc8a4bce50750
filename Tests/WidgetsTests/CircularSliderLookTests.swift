import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Screenshots of the circular slider's main states (MS-39…47).
@Suite("Circular slider look")
struct CircularSliderLookTests {
    static func slider(_ id: String, x: Double, y: Double = 0, configure: (CircularSlider) -> Void) -> CircularSlider {
        let s = CircularSlider(id: id, bounds: Rect(x: 0, y: 0, width: 200, height: 200), transform: .translation(x, y))
        Theme.dark.apply(to: s)
        configure(s)
        return s
    }

    @Test("MS-39/42/43/45/46: full circle, the four handle types, labels and ellipse markers")
    func handleTypes() throws {
        let controls = [
            Self.slider("large", x: 0) { s in
                s.lineWidth = 8; s.labels = ["0", "25", "50", "75"]; s.markerCount = 12; s.currentValue = 40
            },
            Self.slider("double", x: 200) { s in
                s.lineWidth = 8; s.handle.type = .doubleCircle; s.handle.enlargementPoints = 16; s.currentValue = 65
            },
            Self.slider("medium", x: 400) { s in
                s.lineWidth = 10; s.handle.type = .mediumCircle; s.filledLineCap = .butt; s.currentValue = 20
            },
            Self.slider("small", x: 600) { s in
                s.lineWidth = 12; s.handle.type = .smallCircle; s.unfilledLineCap = .square; s.currentValue = 90
            },
        ]
        try Reference.check(Fixture.render(controls, width: 800, height: 200), "circular-handle-types")
    }

    @Test(
        "MS-40/44/45/46/43: partial arcs turned (labels upright), path and image markers, rotatable handle image, press highlight"
    )
    func partialArcs() throws {
        let pressed = Self.slider("pressed", x: 400) { s in
            s.lineWidth = 8; s.maximumAngle = 270; s.rotationAngle = 0; s.handle.enlargementPoints = 20;
            s.currentValue = 50
            s.markerCount = 4; s.markerImageName = "star-mask"
        }
        let h = pressed.drawnHandleCenter
        _ = pressed.touchBegan(at: h, time: 0)
        let controls = [
            Self.slider("arc270", x: 0) { s in
                s.lineWidth = 8; s.maximumAngle = 270; s.labels = ["min", "mid", "max"]; s.markerCount = 7
                s.markerPath = [Point(0, -5), Point(4, 4), Point(-4, 4)]; s.currentValue = 70
            },
            Self.slider("image", x: 200) { s in
                s.lineWidth = 6; s.maximumAngle = 180; s.handle.imageName = "arrow"; s.handle.rotatable = true
                s.handle.enlargementPoints = 22; s.labels = ["a", "b", "c", "d", "e"]; s.labelOffset = 4;
                s.currentValue = 30
            },
            pressed,
        ]
        #expect(pressed.isHandlePressed)
        try Reference.check(Fixture.render(controls, width: 600, height: 200), "circular-partial-arcs")
    }

    @Test("X-7: a control rotated and scaled by its transform is drawn turned, text included")
    func rotatedTransform() throws {
        let s = CircularSlider(id: "turned", bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        Theme.dark.apply(to: s)
        s.lineWidth = 8; s.maximumAngle = 240; s.labels = ["lo", "hi"]; s.currentValue = 60
        s.transform = Transform.rotation(.degrees(30), about: Point(100, 100)).then(.scale(1.25, 1.25)).then(
            .translation(25, 0))
        try Reference.check(Fixture.render([s], width: 300, height: 260), "circular-rotated-transform")
    }

    @Test("MS-47 draw order: the filled arc over the track, markers over both arcs, the handle over a marker")
    func drawOrder() {
        let theme = Theme.dark
        let s = Self.slider("order", x: 0) { s in
            s.lineWidth = 12; s.markerCount = 4; s.currentValue = 50
        }
        let bitmap = Fixture.render([s], width: 200, height: 200)
        func pixel(_ p: Point) -> UInt32 { bitmap[Int(p.x.rounded(.down)), Int(p.y.rounded(.down))] }
        func packed(_ c: Color) -> UInt32 { Bitmap(width: 1, height: 1, format: .xrgb8888, fill: c)[0, 0] }
        let g = s.geometry
        func onTrack(value: Double) -> Point {
            g.drawn(g.center + g.offset(compass: s.track.angle(forValue: value), radius: g.radius))
        }
        let handleAngle = s.track.angle(forValue: s.currentValue)
        let markers = s.markerPlacements
        #expect(markers.contains { abs($0.angle - handleAngle) < 1e-9 }, "a marker lies under the handle")
        #expect(pixel(s.drawnHandleCenter) == packed(theme.handle), "the handle covers the marker and the arcs")
        for m in markers where abs(m.angle - handleAngle) > 1e-9 {
            #expect(
                pixel(g.drawn(m.rect.center)) == packed(theme.marker), "marker at \(m.angle)° covers the arc under it")
        }
        // Between markers: the filled part shows the accent over the track, the rest the track.
        #expect(pixel(onTrack(value: 12.5)) == packed(theme.accent))
        #expect(pixel(onTrack(value: 87.5)) == packed(theme.track))
    }
}
