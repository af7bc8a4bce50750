import Testing
import Core
@testable import Controls

@Suite("Circular slider: snapping (MS-60…65)") struct CircularSnappingTests {
    /// Releases a drag that ended at compass `angle` and returns the final angle.
    func snapped(_ s: CircularSlider, from angle: Double) -> Double {
        s.angle = angle
        #expect(CircularFixture.grab(s))
        s.touchEnded(at: .zero, time: 0)
        return s.angle
    }

    func fourLabels(maximumAngle: Double = 360) -> CircularSlider {
        let s = CircularSlider(id: "snap")
        s.maximumAngle = maximumAngle
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        return s
    }

    @Test("MS-60 no snapping during a drag or on programmatic sets")
    func when() {
        let s = fourLabels()
        s.currentValue = 12  // 43.2°
        #expect(s.angle == 43.2)
        CircularFixture.grab(s)
        CircularFixture.drag(s, through: [44])
        #expect(s.angle == 44)
        s.touchEnded(at: .zero, time: 0)
        #expect(s.angle == 0)
    }

    @Test("MS-62 full circle, labels 0/90/180/270: 44→0, 46→90, 45→90, 314→270, 316→0, 315→0")
    func fullCircleVectors() {
        let s = fourLabels()
        let cases: [(Double, Double)] = [(44, 0), (46, 90), (45, 90), (314, 270), (316, 0), (315, 0)]
        for (from, to) in cases { #expect(snapped(s, from: from) == to, "from \(from)") }
    }

    @Test("MS-62 MS-63 partial 270°, 4 labels at 0/90/180/270: 200→180, 260→270, 10→0; never wraps to 0")
    func partialVectors() {
        let s = fourLabels(maximumAngle: 270)
        #expect(s.labelPlacements.map(\.angle) == [0, 90, 180, 270])
        #expect(snapped(s, from: 200) == 180)
        #expect(snapped(s, from: 260) == 270)
        #expect(snapped(s, from: 10) == 0)
        #expect(snapped(s, from: 270) == 270)
    }

    @Test("MS-61 labels ∪ markers: the nearest of both wins, whichever list it is in")
    func union() {
        let s = fourLabels()
        s.markerCount = 8  // every 45°
        s.snapToMarkers = true
        #expect(snapped(s, from: 50) == 45)  // marker nearer than label 90
        #expect(snapped(s, from: 85) == 90)  // label (and marker) 90
        #expect(snapped(s, from: 120) == 135)
        s.snapToLabels = false
        #expect(snapped(s, from: 20) == 0)
    }

    @Test("MS-61 the chosen angle is applied exactly (not floored) and 360 is written as 0")
    func exact() {
        let s = CircularSlider(id: "s")
        s.labels = ["a", "b", "c"]  // 0, 120, 240
        s.snapToLabels = true
        #expect(snapped(s, from: 100) == 120)
        #expect(close(s.currentValue, 100.0 / 3.0 * 1))
        s.labels = ["a", "b", "c", "d", "e", "f", "g"]  // 360/7 steps: not whole degrees
        #expect(close(snapped(s, from: 50), 360.0 / 7.0))
        #expect(snapped(s, from: 350) == 0)
    }

    @Test("MS-64 degenerate sets are skipped: no candidates, or one label on a partial arc")
    func degenerate() {
        let s = CircularSlider(id: "s")
        s.snapToLabels = true
        s.snapToMarkers = true
        #expect(snapped(s, from: 77) == 77)
        #expect(s.drainEvents().filter { $0 == .valueChanged(value: s.currentValue, fromUser: false) }.isEmpty)
        s.maximumAngle = 270
        s.labels = ["only"]
        #expect(snapped(s, from: 150) == 150)
        s.labels = []
        s.maximumAngle = 360
        s.markerCount = 1  // a single marker on a full circle is a valid set: 0 (and 360)
        #expect(snapped(s, from: 100) == 0)
    }

    @Test("MS-65 each active pass announces valueChanged(fromUser: false), even when already on the candidate")
    func events() {
        let s = fourLabels()
        s.markerCount = 4
        s.snapToMarkers = true
        s.angle = 90
        CircularFixture.grab(s)
        _ = s.drainEvents()
        s.touchEnded(at: .zero, time: 0)
        #expect(
            s.drainEvents() == [
                .valueChanged(value: 25, fromUser: false),
                .valueChanged(value: 25, fromUser: false), .endedTracking(value: 25),
            ])
    }
}
