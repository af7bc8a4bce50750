import Testing
import Core
@testable import Controls

@Suite("Arc seeker (CS-1…24)") struct SeekerTests {
    let s = ArcSeeker(id: "seek")

    /// A local point at seeker angle `degrees` (0 = 3 o'clock, clockwise) and distance `r` from (100,100),
    /// from first principles.
    func at(_ degrees: Double, r: Double = 90) -> Point {
        let rad = degrees * Double.pi / 180
        return Point(100 + r * cosD(rad), 100 + r * sinD(rad))
    }

    func values(_ e: [ControlEvent]) -> [Double] { CircularFixture.values(e) }

    @Test("CS-1…5 defaults: start 90, end 180, current 180, arc gray 0.5, thumb red")
    func defaults() {
        #expect(s.startAngle == 90 && s.endAngle == 180 && s.currentAngle == 180)
        #expect(s.seekBarColor == Color(r: 128, g: 128, b: 128))
        #expect(s.thumbColor == Color(r: 255, g: 0, b: 0))
    }

    @Test("CS-1 CS-2 start and end are wrapped into [0, 360) (port validation)")
    func wrapEnds() {
        s.startAngle = 370
        s.endAngle = -30
        #expect(s.startAngle == 10 && s.endAngle == 330)
    }

    @Test("CS-3 CS-20 currentAngle is not validated, is drawn even in the gap, and sends no event")
    func currentAngle() {
        s.currentAngle = 300  // in the gap of 90…180
        #expect(s.currentAngle == 300)
        #expect(close(s.thumbFrame.center, at(300)))
        #expect(s.drainEvents().isEmpty)
        #expect(!s.advance(to: 5))
    }

    @Test("CS-6 X-8 the delegate closure receives the value when the event is raised")
    func delegate() {
        var got: [Double] = []
        s.onEvent = { if case .valueChanged(let v, _) = $0 { got.append(v) } }
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchEnded(at: s.thumbFrame.center, time: 0.1)
        _ = s.advance(to: 0.31)
        #expect(got == [180])
    }

    @Test(
        "CS-7 the arc and the thumb are exposed for restyling: geometry, colours and scale; both stay inside the bounds"
    )
    func exposed() {
        #expect(s.arcRadius + ArcSeeker.arcLineWidth / 2 <= s.bounds.width / 2)
        for angle in stride(from: 0.0, to: 360, by: 15) {
            let seeker = ArcSeeker(id: "a")
            seeker.startAngle = 0
            seeker.endAngle = 359
            seeker.currentAngle = angle
            let thumb = seeker.thumbFrame
            let b = seeker.bounds, e = 1e-9
            #expect(
                thumb.minX >= b.minX - e && thumb.minY >= b.minY - e && thumb.maxX <= b.maxX + e
                    && thumb.maxY <= b.maxY + e, "\(angle)°")
            #expect(
                abs(thumb.center.distance(to: seeker.center) - seeker.thumbOrbitRadius) < 1e-9,
                "\(angle)°: on its orbit")
        }
        #expect(s.drawnThumbRect == s.thumbFrame)
    }

    @Test("CS-8 angles: 0° at 3 o'clock, 90° at 6, 180° at 9, 270° at 12 (clockwise)")
    func convention() {
        #expect(s.angle(of: Point(200, 100)) == 0)
        #expect(s.angle(of: Point(100, 200)) == 90)
        #expect(s.angle(of: Point(0, 100)) == 180)
        #expect(s.angle(of: Point(100, 0)) == 270)
        #expect(s.angle(of: Point(100, 100)) == nil)
    }

    @Test("CS-9 the arc: centre of the bounds, radius (w − 18)/2, clockwise start → end; demo 120 → 60 spans 300°")
    func arc() {
        #expect(s.center == Point(100, 100) && s.arcRadius == 91)
        #expect(s.arcSweep == 90 && s.arcStart.degrees == 90)
        let demo = ArcSeeker.demo()
        #expect(demo.arcSweep == 300)
        #expect(!demo.isOnArc(90) && demo.isOnArc(270))  // the gap is at the bottom
    }

    @Test("CS-10 200×200: currentAngle 0 → thumb frame (180, 90, 20, 20); 90 → (90, 180, 20, 20); orbit 1 pt inside")
    func thumb() {
        s.currentAngle = 0
        let f0 = s.thumbFrame
        #expect(close(f0.minX, 180) && close(f0.minY, 90) && f0.width == 20 && f0.height == 20)
        s.currentAngle = 90
        let f90 = s.thumbFrame
        #expect(close(f90.minX, 90) && close(f90.minY, 180))
        #expect(s.arcRadius - s.thumbOrbitRadius == 1)
    }

    @Test("CS-10 non-square bounds use the centre (w/2, h/2) and min(w, h) consistently (port side)")
    func nonSquare() {
        s.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        s.currentAngle = 90
        #expect(close(s.thumbFrame.center, Point(150, 190)))
        #expect(s.arcRadius == 91)
        #expect(s.angle(of: Point(150, 250)) == 90)
    }

    @Test("CS-11 the begin square is the thumb frame grown by 20: x∈[160,220], y∈[70,130]")
    func beginSquare() {
        s.currentAngle = 0
        let sq = s.touchSquare
        #expect(close(sq.minX, 160) && close(sq.maxX, 220) && close(sq.minY, 70) && close(sq.maxY, 130))
        #expect(s.claims(Point(215, 100)))  // outside the bounds, inside the square
        #expect(!s.touchBegan(at: Point(150, 100), time: 0))
        #expect(!s.isTracking)
        #expect(s.touchBegan(at: Point(161, 71), time: 0))
    }

    @Test("CS-12 press: the thumb grows to 1.2× over 0.2 s, ease-in, from its current scale")
    func pressScale() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        #expect(s.advance(to: 0.1))
        let mid = s.thumbScale
        #expect(mid > 1 && mid < 1.1)  // ease-in: below the linear halfway
        _ = s.advance(to: 0.2)
        #expect(s.thumbScale == 1.2)
        #expect(close(s.drawnThumbRect.width, 24))
    }

    @Test("CS-13 on the arc the thumb jumps under the finger, unfloored, with no event")
    func onArc() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(123.4), time: 0.05)
        #expect(close(s.currentAngle, 123.4, 1e-9))
        _ = s.advance(to: 0.5)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("CS-13 X-5 in the gap: snap to the end, scale back, and the value arrives when the animation ends")
    func gapHit() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(200), time: 1)
        #expect(s.currentAngle == 180)
        #expect(s.isTracking)
        #expect(s.advance(to: 1.19) && s.drainEvents().isEmpty)
        _ = s.advance(to: 1.2)
        #expect(s.drainEvents() == [.valueChanged(value: 180, fromUser: true)])
        #expect(s.thumbScale == 1)
    }

    @Test("CS-14 start 120, end 60: 100 → 120, 80 → 60, 90 → 60 (tie → end)")
    func closestWrapping() {
        s.startAngle = 120; s.endAngle = 60
        #expect(s.closestEnd(to: 100) == 120)
        #expect(s.closestEnd(to: 80) == 60)
        #expect(s.closestEnd(to: 90) == 60)
        s.legacyEdgeSnap = true
        #expect(s.closestEnd(to: 100) == 120 && s.closestEnd(to: 80) == 60 && s.closestEnd(to: 90) == 60)
    }

    @Test("CS-14 start 90, end 180, touch 330: legacy → 180, circular-distance port → 90")
    func closestNonWrapping() {
        #expect(s.closestEnd(to: 330) == 90)
        s.legacyEdgeSnap = true
        #expect(s.closestEnd(to: 330) == 180)
    }

    @Test("CS-15 tracking continues after a gap hit: one event per gap entry; back on the arc it follows at 1.0×")
    func continueAfterGap() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        _ = s.advance(to: 0.2)
        s.touchMoved(to: at(200), time: 1)
        s.touchMoved(to: at(210), time: 1.02)
        s.touchMoved(to: at(220), time: 1.04)
        s.touchMoved(to: at(150), time: 1.3)  // back on the arc
        #expect(close(s.currentAngle, 150) && s.isTracking)
        _ = s.advance(to: 1.4)
        #expect(s.thumbScale == 1)  // not re-enlarged
        s.touchMoved(to: at(60), time: 2)  // second entry
        _ = s.advance(to: 2.5)
        let got = values(s.drainEvents())  // each read at its due time
        #expect(got.count == 2 && close(got[0], 150) && got[1] == 90)
    }

    @Test("CS-15 bit-exact option: one deferred event per gap sample")
    func perSample() {
        s.eventPerGapSample = true
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(200), time: 1)
        s.touchMoved(to: at(210), time: 1.02)
        s.touchMoved(to: at(220), time: 1.04)
        _ = s.advance(to: 2)
        #expect(values(s.drainEvents()) == [180, 180, 180])
    }

    @Test("CS-16 release: the event arrives 0.2 s after the lift, only then; none during the drag")
    func release() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(120), time: 0.1)
        s.touchMoved(to: at(100), time: 0.2)
        s.touchEnded(at: at(100), time: 0.3)
        #expect(!s.isTracking)
        #expect(s.advance(to: 0.49))
        #expect(s.drainEvents().isEmpty)
        #expect(!s.advance(to: 0.5))
        #expect(values(s.drainEvents()).count == 1)
        #expect(close(s.currentAngle, 100, 1e-9))
    }

    @Test("CS-16 option continuous also reports every sample on the arc at once")
    func continuous() {
        s.continuous = true
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(120), time: 0.1)
        #expect(values(s.drainEvents()).count == 1)
    }

    @Test("CS-17 X-6 cancel is treated as a release: scale back and the deferred event")
    func cancel() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        _ = s.advance(to: 0.2)
        s.touchCancelled(time: 0.5)
        _ = s.advance(to: 0.7)
        #expect(s.thumbScale == 1 && !s.isTracking)
        #expect(values(s.drainEvents()) == [180])
    }

    @Test("CS-18 the only highlight is the scale: the thumb colour never changes")
    func highlight() {
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        _ = s.advance(to: 0.2)
        #expect(s.thumbColor == Color(rgb: 0xFF0000) && s.thumbScale == 1.2)
    }

    @Test("CS-19 moveToAngle: clockwise from startAngle along the arc radius, linear; angle set at the end, no event")
    func moveTo() {
        s.startAngle = 120; s.endAngle = 60; s.currentAngle = 120
        s.moveToAngle(270, duration: 1, at: 0)
        #expect(s.isMoving && s.currentAngle == 120)
        _ = s.advance(to: 0.5)  // half of a 150° sweep, linear
        #expect(close(s.drawnThumbCenter, Angle.degrees(195).point(center: Point(100, 100), radius: 91)))
        #expect(!s.advance(to: 1))
        #expect(s.currentAngle == 270 && !s.isMoving)
        #expect(close(s.drawnThumbCenter, s.thumbFrame.center))
        #expect(s.drainEvents().isEmpty)
    }

    @Test("CS-19 the animation starts at startAngle, not at the current angle; 'from current' is an option")
    func moveFromStart() {
        s.currentAngle = 170
        s.moveToAngle(175, duration: 1, at: 0)
        _ = s.advance(to: 0)
        #expect(close(s.drawnThumbCenter, Angle.degrees(90).point(center: Point(100, 100), radius: 91)))
        s.moveToAngle(175, duration: 1, at: 0, fromCurrent: true)
        _ = s.advance(to: 0.5)
        #expect(close(s.drawnThumbCenter, Angle.degrees(172.5).point(center: Point(100, 100), radius: 91)))
    }

    @Test("CS-21 start == end: everything but one point is the gap, so the thumb always snaps [QUIRK]")
    func degenerateArc() {
        s.startAngle = 45; s.endAngle = 45
        #expect(s.isOnArc(45) && !s.isOnArc(46) && !s.isOnArc(44))
        s.currentAngle = 45
        #expect(s.touchBegan(at: s.thumbFrame.center, time: 0))
        s.touchMoved(to: at(100), time: 0.1)
        #expect(s.currentAngle == 45)
    }

    @Test("CS-22 value mapping (extension): fraction of the clockwise sweep, 360 when start == end")
    func valueMapping() {
        s.currentAngle = 135
        #expect(s.value == 0.5)
        s.startAngle = 120; s.endAngle = 60; s.currentAngle = 270
        #expect(s.value == 0.5)
        s.startAngle = 60; s.currentAngle = 150
        #expect(s.value == 0.25)
    }

    @Test("CS-23 demo: 200×200, 120 → 60, current 120, colours; intro moveToAngle(270, 1 s) sweeps 150°")
    func demo() {
        let d = ArcSeeker.demo()
        #expect(d.bounds.size == Size(200, 200) && d.startAngle == 120 && d.endAngle == 60 && d.currentAngle == 120)
        #expect(d.thumbColor == Color(r: 242, g: 107, b: 107) && d.seekBarColor == Color(r: 238, g: 238, b: 238))
        d.moveToAngle(270, duration: 1, at: 0)
        _ = d.advance(to: 1)
        #expect(d.currentAngle == 270)
    }

    @Test("X-3 X-5 replaying the same seek gesture twice gives identical events")
    func replay() {
        func run() -> [ControlEvent] {
            let d = ArcSeeker.demo()
            let router = TouchRouter(controls: [d])
            let angles: [Double] = [120, 150, 200, 260, 350, 40, 80, 100, 30]
            for (i, a) in angles.enumerated() {
                let rad = a * Double.pi / 180
                let p = Point(100 + 90 * cosD(rad), 100 + 90 * sinD(rad))
                let phase: TouchPhase = i == 0 ? .began : (i == angles.count - 1 ? .ended : .moved)
                let t = Double(i) / 60
                router.route(
                    TouchFrame(time: t, touches: [TouchPoint(slot: 0, trackingID: 3, position: p, phase: phase)]))
                _ = d.advance(to: t)
            }
            _ = d.advance(to: 2)
            return d.drainEvents()
        }
        let a = run()
        #expect(a.count >= 2)
        #expect(a == run())
    }
}
