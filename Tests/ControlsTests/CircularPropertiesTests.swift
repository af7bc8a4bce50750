import Testing
import Core
@testable import Controls

@Suite("Circular slider: enums and properties (MS-1…34)") struct CircularPropertiesTests {
    @Test(
        "MS-1 MS-43 the four handle types look different: small, medium, large grow in turn, double is two discs; large is the default"
    )
    func handleTypes() {
        var style = HandleStyle()
        #expect(style.type == .largeCircle)
        var sizes: [Double] = []
        for type in [CircularHandleType.smallCircle, .mediumCircle, .largeCircle, .doubleCircle] {
            style.type = type
            let discs = style.discs(lineWidth: 8, pressed: false)
            #expect(discs.count == (type == .doubleCircle ? 2 : 1), "\(type)")
            sizes.append(discs.map(\.radius).max() ?? 0)
        }
        // Each bigger than the last; the double handle's outer disc is the large one's.
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2] && sizes[2] == sizes[3], "\(sizes)")
    }

    @Test(
        "MS-2 MS-31 the sliding direction follows the drag, reported as +1 clockwise and −1 back; none before and after"
    )
    func directions() {
        let s = CircularSlider(id: "s")
        s.maximumAngle = 270
        s.currentValue = 50
        #expect(s.slidingDirection == .none)
        let start = s.geometry.compassAngle(of: s.drawnHandleCenter) ?? 0
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [start + 5, start + 10])
        #expect(s.slidingDirection == .clockwise)
        CircularFixture.drag(s, through: [start + 4])
        #expect(s.slidingDirection == .counterclockwise)
        s.touchEnded(at: s.drawnHandleCenter, time: 0)
        #expect(s.slidingDirection == .none)
        let reported = s.drainEvents().compactMap {
            if case .directionChanged(let d) = $0 { return d } else { return nil }
        }
        #expect(reported == [1, -1, 0])
    }

    @Test("MS-3 X-8 delegate closure sees the same events, in order, as the drained stream")
    func delegateChannel() {
        let s = CircularSlider(id: "s")
        var seen: [ControlEvent] = []
        s.onEvent = { seen.append($0) }
        s.currentValue = 30
        #expect(CircularFixture.grab(s))
        CircularFixture.drag(s, through: [120])
        let drained = s.drainEvents()
        #expect(!drained.isEmpty)
        #expect(seen == drained)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("MS-4 MS-5 MS-6 range defaults 0…100, current value = minimum")
    func rangeDefaults() {
        let s = CircularSlider(id: "s")
        #expect(s.minimumValue == 0 && s.maximumValue == 100)
        #expect(s.currentValue == 0 && s.angle == 0)
    }

    @Test("MS-5 an empty range is rejected by validation and the conversions treat the span as 1")
    func emptyRange() {
        #expect(throws: CircularControlError.emptyValueRange) {
            try CircularTrack.validateRange(minimum: 5, maximum: 5)
        }
        var t = CircularTrack()
        t.minimumValue = 5; t.maximumValue = 5
        #expect(t.value(forAngle: 180) == 5 + 180.0 / 360.0)
        #expect(t.angle(forValue: 5).isFinite)
    }

    @Test("MS-6 setting currentValue clamps to [min, max]")
    func clampValue() {
        let s = CircularSlider(id: "s")
        s.currentValue = 150
        #expect(s.currentValue == 100)
        s.currentValue = -3
        #expect(s.currentValue == 0)
    }

    @Test("MS-7 maximumAngle: above 360 → 360, zero and negative → 360, valid kept")
    func maximumAngleValidation() {
        let s = CircularSlider(id: "s")
        s.maximumAngle = 400
        #expect(s.maximumAngle == 360)
        s.maximumAngle = 270
        #expect(s.maximumAngle == 270)
        s.maximumAngle = -10
        #expect(s.maximumAngle == 360)
        s.maximumAngle = 0
        #expect(s.maximumAngle == 360)
    }

    @Test("MS-8 rotationAngle defaults to nil (automatic −maximumAngle/2)")
    func rotationDefault() {
        let s = CircularSlider(id: "s")
        #expect(s.rotationAngle == nil)
        s.maximumAngle = 200
        #expect(s.geometry.rotation == -100)
        s.rotationAngle = 30
        #expect(s.geometry.rotation == 30)
    }

    @Test("MS-9 sliderPadding defaults to 0, negative is clamped, and shrinks the radius by padding/2")
    func padding() {
        let s = CircularSlider(id: "s")
        #expect(s.sliderPadding == 0)
        let r0 = s.calculatedRadius
        s.sliderPadding = 20
        #expect(s.calculatedRadius == r0 - 10)
        s.sliderPadding = -4
        #expect(s.sliderPadding == 0)
    }

    @Test("MS-10 maximumRevolutions defaults to −1 and any negative normalises to −1")
    func revolutionsNormalise() {
        let s = CircularSlider(id: "s")
        #expect(s.maximumRevolutions == -1 && s.endlesslyLoops)
        s.maximumRevolutions = -7
        #expect(s.maximumRevolutions == -1)
        s.maximumRevolutions = 0
        #expect(s.maximumRevolutions == 0 && !s.endlesslyLoops)
    }

    @Test("MS-11 lineWidth defaults to 5 and is at least 1")
    func lineWidth() {
        let s = CircularSlider(id: "s")
        #expect(s.lineWidth == 5)
        s.lineWidth = 0
        #expect(s.lineWidth == 1)
    }

    @Test("MS-12 MS-13 colours and caps: filled darkGray, unfilled lightGray, round caps")
    func coloursAndCaps() {
        let s = CircularSlider(id: "s")
        #expect(s.filledColor == Color(r: 85, g: 85, b: 85))
        #expect(s.unfilledColor == Color(r: 170, g: 170, b: 170))
        #expect(s.filledLineCap == .round && s.unfilledLineCap == .round)
        #expect(s.filledArcColor == s.filledColor)
    }

    @Test(
        "MS-14 angle setter stores max(0, v) mod (maximumAngle + 1) and sends no event (the redraw: WidgetsTests RedrawTests)"
    )
    func angleSetter() {
        let s = CircularSlider(id: "s")
        s.angle = 361
        #expect(s.angle == 0)  // exactly maximumAngle + 1 wraps to 0 [QUIRK]
        s.angle = -20
        #expect(s.angle == 0)
        s.angle = 360
        #expect(s.angle == 360)
        s.maximumAngle = 270
        _ = s.drainEvents()
        s.angle = 300
        #expect(s.angle == 29)  // 300 mod 271
        #expect(s.drainEvents().isEmpty)
    }

    @Test("MS-15…20 handle style defaults")
    func handleDefaults() {
        let h = HandleStyle()
        #expect(h.color == NamedGrey.dark)
        #expect(h.enlargementPoints == 10)
        #expect(h.highlightable && !h.rotatable && h.imageName == nil)
        var g = h
        g.enlargementPoints = -3
        #expect(g.enlargementPoints == 0)
    }

    @Test("MS-21 MS-35 whatever the handle's type and the line's width, the handle and the line stay inside the bounds")
    func handleDiameter() {
        for type in [CircularHandleType.smallCircle, .mediumCircle, .largeCircle, .doubleCircle] {
            for lineWidth in [1, 5, 24] {
                let s = CircularSlider(id: "s", bounds: Rect(x: 0, y: 0, width: 200, height: 120))
                s.handle.type = type
                s.lineWidth = lineWidth
                let g = s.geometry
                // The short side (120) bounds the outer edge of whichever is wider, handle or line.
                #expect(g.radius + max(s.handleDiameter, Double(lineWidth)) / 2 <= 60, "\(type), line \(lineWidth)")
                #expect(
                    g.radius + max(s.handleDiameter, Double(lineWidth)) / 2 > 59,
                    "\(type), line \(lineWidth): space wasted")
            }
        }
    }

    @Test("MS-22…25 label defaults: none, no snapping, 12 pt, black, offset 0")
    func labelDefaults() {
        let s = CircularSlider(id: "s")
        #expect(s.labels.isEmpty && !s.snapToLabels)
        #expect(s.labelFontSize == 12 && s.labelColor == .black && s.labelOffset == 0)
    }

    @Test("MS-26…30 marker defaults and validation; path takes precedence over image")
    func markerDefaults() {
        let s = CircularSlider(id: "s")
        #expect(s.markerCount == 0 && !s.snapToMarkers && s.markerColor == NamedGrey.dark)
        s.markerCount = -2
        #expect(s.markerCount == 0)
        #expect(s.track.markerLook == .ellipse)
        s.markerImageName = "dot"
        #expect(s.track.markerLook == .image("dot"))
        s.markerPath = [Point(0, 0), Point(2, 0), Point(1, 2)]
        #expect(s.track.markerLook == .path([Point(0, 0), Point(2, 0), Point(1, 2)]))
    }

    @Test("MS-32 fullCircle only at exactly 360; calculatedRadius; endlesslyLoops")
    func readOnly() {
        let s = CircularSlider(id: "s")
        #expect(s.fullCircle)
        s.maximumAngle = 359.5
        #expect(!s.fullCircle)
        #expect(s.calculatedRadius == 92)
    }

    @Test("MS-33 X-8 events go to the closure; without one they are only queued")
    func noDelegate() {
        let s = CircularSlider(id: "s")
        s.currentValue = 10
        #expect(s.drainEvents() == [.valueChanged(value: 10, fromUser: false)])
    }

    @Test("MS-34 intrinsic size is a square of side 2R and follows the bounds")
    func intrinsicSize() {
        let s = CircularSlider(id: "s")
        #expect(s.intrinsicSize == Size(184, 184))
        s.bounds = Rect(x: 0, y: 0, width: 100, height: 300)
        #expect(s.intrinsicSize == Size(84, 84))
    }
}
