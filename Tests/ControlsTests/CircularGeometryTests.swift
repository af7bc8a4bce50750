import Testing
import Core
@testable import Controls

@Suite("Circular slider: geometry (MS-35…49)") struct CircularGeometryTests {
    let s = CircularSlider(id: "g")

    @Test("MS-35 200×200, lineWidth 5, large handle, padding 0 → R = 92; centre of the bounds")
    func radius() {
        #expect(s.calculatedRadius == 92)
        #expect(s.geometry.center == Point(100, 100))
        s.handle.type = .smallCircle  // d 2.5 → ceil 2; ceil(lineWidth/2) = 3 wins
        #expect(s.calculatedRadius == 97)
    }

    @Test("MS-36 X-1 X-2 compass: 0° north, 90° east (screen-clockwise, +y down)")
    func compass() {
        let g = s.geometry
        #expect(g.handleCenter(angle: 0) == Point(100, 8))
        #expect(g.handleCenter(angle: 90) == Point(192, 100))
        #expect(g.handleCenter(angle: 180) == Point(100, 192))
    }

    @Test("MS-37 touch → angle: (200,100)→90, (100,0)→0, (100,200)→180, (0,100)→270, (160,20)→36")
    func touchToAngle() {
        let g = s.geometry
        #expect(g.compassAngle(of: Point(200, 100)) == 90)
        #expect(g.compassAngle(of: Point(100, 0)) == 0)
        #expect(g.compassAngle(of: Point(100, 200)) == 180)
        #expect(g.compassAngle(of: Point(0, 100)) == 270)
        #expect(g.compassAngle(of: Point(160, 20)) == 36)
    }

    @Test("MS-37 a touch exactly at the centre is ignored (no NaN)")
    func centreSample() {
        #expect(s.geometry.compassAngle(of: Point(100, 100)) == nil)
        #expect(CircularFixture.grab(s))
        CircularFixture.drag(s, through: [40])
        _ = s.drainEvents()
        s.touchMoved(to: Point(100, 100), time: 0)
        #expect(s.angle == 40)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("MS-38 min 50, max 90, maximumAngle 270: value 62 → angle 81; angle 135 → value 70")
    func angleValue() {
        s.minimumValue = 50; s.maximumValue = 90; s.maximumAngle = 270
        #expect(close(s.track.angle(forValue: 62), 81))
        #expect(close(s.track.value(forAngle: 135), 70))
        s.angle = 135
        #expect(close(s.currentValue, 70))
    }

    @Test("MS-39 unfilled arc 0…maximumAngle, filled 0…angle, nothing at angle 0, full ring at 360")
    func arcs() {
        s.maximumAngle = 270
        #expect(s.unfilledArc == ArcSpan(start: 0, sweep: 270))
        #expect(s.filledArc == nil)
        s.angle = 100
        #expect(s.filledArc == ArcSpan(start: 0, sweep: 100))
        s.maximumAngle = 360
        s.angle = 360
        #expect(s.filledArc == ArcSpan(start: 0, sweep: 360))
    }

    @Test("MS-40 partial arc rotates by −maximumAngle/2: 270 → min at 7:30, max at 4:30; full circle ignores rotation")
    func rotation() {
        s.maximumAngle = 270
        let g = s.geometry
        #expect(g.rotation == -135)
        let minimum = g.drawn(g.handleCenter(angle: 0))
        let maximum = g.drawn(g.handleCenter(angle: 270))
        #expect(minimum.x < 100 && minimum.y > 100)  // lower left
        #expect(maximum.x > 100 && maximum.y > 100)  // lower right
        #expect(close(minimum.x - 100, -(maximum.x - 100), 1e-9) && close(minimum.y, maximum.y, 1e-9))
        // The arc's start, as a screen angle for the rasterizer: north turned 135° anticlockwise.
        #expect(close(g.screenAngle(compass: 0).degrees, -225))
        s.rotationAngle = 0
        #expect(s.geometry.drawn(s.geometry.handleCenter(angle: 0)) == Point(100, 8))
        s.maximumAngle = 360
        s.rotationAngle = 45
        #expect(s.geometry.rotation == 0)
    }

    @Test("MS-40 X-7 touches are mapped through the inverse rotation before the angle is taken")
    func rotatedTouch() {
        s.maximumAngle = 270
        // Drawn at the visual top (compass 0 on screen) = local 135° after undoing the −135° turn.
        #expect(s.geometry.compassAngle(of: Point(100, 0)) == 135)
    }

    @Test("MS-41 handle offsets are rounded to whole points")
    func rounding() {
        let c = s.geometry.handleCenter(angle: 45)  // 92·sin45 = 65.05
        #expect(c == Point(165, 35))
    }

    @Test("MS-42 handle diameters: small 2.5, medium 5, large 15, double 15")
    func diameters() {
        var h = HandleStyle()
        let expected: [(CircularHandleType, Double)] = [
            (.smallCircle, 2.5), (.mediumCircle, 5),
            (.largeCircle, 15), (.doubleCircle, 15),
        ]
        for (type, d) in expected { h.type = type; #expect(h.diameter(lineWidth: 5) == d) }
    }

    @Test("MS-43 press highlight replaces alpha: 0.9 single disc; double 1.0/0.7 → 0.9/0.6; not when off")
    func highlight() {
        var h = HandleStyle()
        #expect(h.discs(lineWidth: 5, pressed: false) == [HandleDisc(radius: 7.5, color: NamedGrey.dark)])
        #expect(h.discs(lineWidth: 5, pressed: true)[0].color.a == 230)
        h.type = .doubleCircle
        let idle = h.discs(lineWidth: 5, pressed: false)
        #expect(idle.map(\.radius) == [3.75, 7.5])
        #expect(idle.map(\.color.a) == [255, 179])
        #expect(h.discs(lineWidth: 5, pressed: true).map(\.color.a) == [230, 153])
        h.highlightable = false
        #expect(h.discs(lineWidth: 5, pressed: true).map(\.color.a) == [255, 179])
        // The slider reports pressed from touch-down to release.
        #expect(!s.isHandlePressed)
        #expect(CircularFixture.grab(s))
        #expect(s.isHandlePressed && s.handleDiscs[0].color.a == 230)
        s.touchEnded(at: Point(0, 0), time: 0)
        #expect(!s.isHandlePressed)
    }

    @Test("MS-44 handle image turns with the handle only when rotatable, inside a fixed square")
    func handleImage() {
        s.handle.imageName = "knob"
        s.angle = 120
        #expect(s.handleDiscs.isEmpty)  // the image replaces colour and shape (MS-19)
        #expect(s.handleImageRotation == .zero)
        s.handle.rotatable = true
        #expect(close(s.handleImageRotation.degrees, 120))
        #expect(s.geometry.handleRect(angle: 120, diameter: s.handleDiameter).width == 15)
    }

    @Test(
        "MS-40 MS-44 the handle image is not counter-rotated: on a partial arc it is tilted by the control rotation [QUIRK]"
    )
    func imageTilt() {
        s.handle.imageName = "knob"
        s.maximumAngle = 270
        s.angle = 30
        #expect(close(s.drawnHandleImageRotation.degrees, -135))
        s.handle.rotatable = true
        #expect(close(s.drawnHandleImageRotation.degrees, -105))
    }

    @Test("MS-45 labels: radial offset −17.7; 90° centred at (174,100), 0° at (100,26)")
    func labelLayout() {
        let g = s.geometry
        #expect(g.labelCenter(angle: 90, fontSize: 12, labelOffset: 0) == Point(174, 100))
        #expect(g.labelCenter(angle: 0, fontSize: 12, labelOffset: 0) == Point(100, 26))
        #expect(g.labelCenter(angle: 0, fontSize: 12, labelOffset: 18) == Point(100, 8))
        s.labels = ["a", "b", "c", "d"]
        #expect(s.labelPlacements.map(\.angle) == [0, 90, 180, 270])  // clockwise, nothing at 360
        #expect(s.labelPlacements[1].center == Point(174, 100))
        s.maximumAngle = 270
        #expect(s.labelPlacements.map(\.angle) == [0, 90, 180, 270])  // first at 0, last at the maximum
        // Drawn upright: the position turns with the control about the centre.
        let p = s.labelPlacements[0]
        #expect(close(p.drawnCenter, s.geometry.drawn(p.center)))
    }

    @Test("MS-45 MS-46 a single label or marker on a partial arc sits at 0 (no NaN)")
    func singleLabel() {
        s.maximumAngle = 180
        s.labels = ["only"]
        s.markerCount = 1
        #expect(s.labelPlacements.map(\.angle) == [0])
        #expect(s.markerPlacements.map(\.angle) == [0])
        #expect(s.labelPlacements[0].drawnCenter.x.isFinite)
    }

    @Test("MS-46 markers: squares of side 10 centred on the track; path centred on each marker")
    func markerLayout() {
        s.markerCount = 4
        let m = s.markerPlacements
        #expect(m.map(\.angle) == [0, 90, 180, 270])
        #expect(m.allSatisfy { $0.side == 10 })
        #expect(close(m[1].rect.center, Point(192, 100)))
        #expect(m[0].look == .ellipse)
        s.markerPath = [Point(0, 0), Point(4, 0), Point(4, 2), Point(0, 2)]
        guard case .path(let shape) = s.markerPlacements[1].look else { Issue.record("no path"); return }
        let pts = shape.contours[0]
        #expect(close(pts[0], Point(190, 99)) && close(pts[2], Point(194, 101)))
        // Several outlines move together: the box around all of them is centred.
        s.markerPath = MarkerShape(contours: [
            [Point(0, 0), Point(2, 0), Point(2, 2)], [Point(6, 4), Point(8, 4), Point(8, 6)],
        ])
        guard case .path(let two) = s.markerPlacements[1].look else { Issue.record("no path"); return }
        #expect(close(two.contours[0][0], Point(188, 97)) && close(two.contours[1][2], Point(196, 103)))
    }

    @Test("MS-48 the control claims the handle square and the disc; off-handle disc touches are swallowed")
    func hitRegion() {
        #expect(s.claims(Point(100, 100)))  // centre: on the disc
        #expect(s.claims(Point(100, -13)))  // above the bounds but in the handle square
        #expect(!s.claims(Point(199, 199)))  // corner: outside the disc (R + 2.5)
        #expect(s.claims(Point(100 + 94, 100)))  // within R + lineWidth/2 = 94.5
        #expect(!s.claims(Point(100 + 94.5, 100)))
        #expect(!s.touchBegan(at: Point(100, 100), time: 0))  // claimed, not tracked
        #expect(s.drainEvents().isEmpty)
        #expect(s.interactionState == .idle)
    }

    @Test("MS-49 handle touch square: side max(d, 44) around (100,8): x 78…122, y −14…30")
    func touchSquare() {
        #expect(s.handleTouchSquare == Rect(x: 78, y: -14, width: 44, height: 44))
        s.handle.enlargementPoints = 60  // d = 65 > 44
        #expect(s.handleTouchSquare.width == 65)
    }
}

@Suite("Kiosk touch size")
struct CircularTouchSizeTests {
    @Test("MS-49 the touch square is at least the track's minimumTouchSide, never below the original 44")
    func minimumTouchSide() {
        var track = CircularTrack()
        #expect(track.minimumTouchSide == 44)
        track.minimumTouchSide = 30
        #expect(track.minimumTouchSide == 44)
        track.minimumTouchSide = 47
        let g = CircularGeometry(bounds: Rect(x: 0, y: 0, width: 200, height: 200), track: track, handleDiameter: 15)
        #expect(g.handleTouchSquare(angle: 0, diameter: 15).width == 47)
        #expect(g.handleTouchSquare(angle: 0, diameter: 60).width == 60)
    }
}
