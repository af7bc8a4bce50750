import Testing
import Core
@testable import Controls

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
private func nearAngle(_ a: Angle, _ degrees: Double, _ tol: Double = 1e-9) -> Bool {
    abs((a - .degrees(degrees)).normalizedSigned.degrees) <= tol
}

@Suite("RVS geometry")
struct SpinnerGeometryTests {
    @Test(
        "RVS-27 variant choice",
        arguments: [
            (0, 15, 14, true), (0, 15, 15, false), (-1, 15, 40, true), (1, 15, 3, false), (2, 15, 3, false),
        ])
    func variant(_ mode: Int, _ threshold: Int, _ count: Int, _ spinner: Bool) {
        let s = Spinner(
            id: "v", items: SpinnerFixture.items(count), mode: mode, threshold: threshold,
            frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(400, 400))
        #expect(s.opensAsSpinner == spinner)
    }

    @Test("RVS-8 threshold counts below it open the spinner; equal opens the picker (off-by-one vs the doc)")
    func thresholdEdge() {
        let s = Spinner(
            id: "t", items: SpinnerFixture.items(3), mode: 0, threshold: 3,
            frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(400, 400))
        #expect(!s.opensAsSpinner)
        s.setSpinnerThreshold(4, time: 0)
        #expect(s.opensAsSpinner)
        s.setSpinnerThreshold(-5, time: 0)
        #expect(s.spinnerThreshold == 0)
    }

    @Test("RVS-28 popup radius: parent 400×800, control at (200,700) → spinner 100, picker 700")
    func popupRadius() {
        let c = Point(200, 700), size = Size(400, 800)
        #expect(WheelGeometry.popupRadius(center: c, containerSize: size, spinner: true) == 100)
        #expect(WheelGeometry.popupRadius(center: c, containerSize: size, spinner: false) == 700)
        let s = Spinner(
            id: "r", items: SpinnerFixture.items(4), mode: -1,
            frame: Rect(x: 180, y: 680, width: 40, height: 40), containerSize: size)
        #expect(s.popupRadius == 100)
        #expect(s.discRect == Rect(x: -80, y: -80, width: 200, height: 200))
    }

    @Test("RVS-30 picker frame spans from the container top to the control's top, 2R wide")
    func pickerFrame() {
        let f = WheelGeometry.pickerFrame(
            controlFrame: Rect(x: 380, y: 680, width: 40, height: 40),
            containerSize: Size(2000, 800))
        #expect(f == Rect(x: 400 - 700, y: 0, width: 1400, height: 680).clampedX(to: 2000))
        #expect(f.minY == 0)
        #expect(f.maxY == 680)
    }

    @Test("RVS-73 picker width is clamped to the container [PORT]")
    func pickerClamp() {
        let f = WheelGeometry.pickerFrame(
            controlFrame: Rect(x: 180, y: 680, width: 40, height: 40),
            containerSize: Size(400, 800))
        // Unclamped it would be x = −500, width 1400.
        #expect(f == Rect(x: 0, y: 0, width: 400, height: 680))
    }

    @Test("RVS-35 arrangement: n=12 sel=0 → item 1 at 11 o'clock, item 11 at 1 o'clock; sel=1 turns it clockwise")
    func arrangement() {
        let s = SpinnerFixture.wheel(12, selected: 0)
        let r0 = s.wheelRotation(at: 0)
        #expect(nearAngle(WheelGeometry.itemAngle(0, count: 12, rotation: r0), -90))
        #expect(nearAngle(WheelGeometry.itemAngle(1, count: 12, rotation: r0), -120))
        #expect(nearAngle(WheelGeometry.itemAngle(11, count: 12, rotation: r0), -60))
        s.select(1, time: 0)
        let r1 = s.wheelRotation(at: 1)
        #expect(nearAngle(WheelGeometry.itemAngle(1, count: 12, rotation: r1), -90))
        #expect(nearAngle(WheelGeometry.itemAngle(0, count: 12, rotation: r1), -60))
        // The rotation is sel·a − 180° clockwise from the reference layout.
        #expect(nearAngle(WheelGeometry.rotation(index: 1, count: 12), 30 - 180))
    }

    @Test("RVS-36 sectors: one per item, 360°/n each")
    func sectors() {
        #expect(near(WheelGeometry.sectorAngle(count: 8).degrees, 45))
        #expect(near(WheelGeometry.sectorAngle(count: 2).degrees, 180))
        #expect(WheelGeometry.sectorAngle(count: 0) == .zero)
    }

    @Test("RVS-37 icon size: R=150, h=60, n=8 → s=58.90, centre 112.55 from the disc centre")
    func iconSize() {
        let s = WheelGeometry.iconSide(radius: 150, controlHeight: 60, count: 8)
        #expect(near(s, 58.90, 0.005))
        #expect(near(WheelGeometry.iconDistance(radius: 150, iconSide: s), 112.55, 0.005))
        // L and 2L·tan(a/2) can each be the smallest term.
        #expect(near(WheelGeometry.iconSide(radius: 150, controlHeight: 60, count: 2), 74))
        let l = 150.0 - 60 - 16
        #expect(
            near(
                WheelGeometry.iconSide(radius: 150, controlHeight: 60, count: 40),
                min(l, 2 * l * 0.07870170682461844, Double.pi * 150 / 40)))
    }

    @Test("RVS-37 icons sit on their bisectors and turn with the wheel")
    func iconPositions() {
        let s = SpinnerFixture.wheel(8, selected: 0)
        s.setOpen(true, time: 0)
        let items = s.wheelItems(at: 1)
        let top = items[0]
        let d = WheelGeometry.iconDistance(radius: 200, iconSide: top.side)
        #expect(near(top.center.x, s.discCenter.x, 1e-9))
        #expect(near(top.center.y, s.discCenter.y - d, 1e-9))
        #expect(nearAngle(items[2].angle, -90 - 90))  // two sectors counter-clockwise: 9 o'clock
        #expect(near(top.fadeAlpha, 1))
    }

    @Test("RVS-72 small containers clamp the icon size to 0 [PORT]")
    func smallContainer() {
        #expect(WheelGeometry.iconSide(radius: 70, controlHeight: 60, count: 8) == 0)
        #expect(WheelGeometry.suggestedMinimumRadius(controlHeight: 60) == 100)
        #expect(WheelGeometry.iconSide(radius: 100, controlHeight: 60, count: 8) > 0)
    }

    @Test("RVS-39 fade mask: 45° → 0.475, 90° → 0.25, 165° → 0.015")
    func fade() {
        #expect(near(WheelGeometry.fadeAlpha(degreesFromTop: 45), 0.475))
        #expect(near(WheelGeometry.fadeAlpha(degreesFromTop: 90), 0.25))
        #expect(near(WheelGeometry.fadeAlpha(degreesFromTop: 165), 0.015))
        #expect(near(WheelGeometry.fadeAlpha(degreesFromTop: 0), 1))
        #expect(near(WheelGeometry.fadeAlpha(degreesFromTop: 180), 0))
        // By screen angle: 3 o'clock and 9 o'clock are both 90° from the top.
        #expect(near(WheelGeometry.fadeAlpha(at: .degrees(0)), 0.25))
        #expect(near(WheelGeometry.fadeAlpha(at: .degrees(180)), 0.25))
        #expect(near(WheelGeometry.fadeAlpha(at: .degrees(-90)), 1))
    }

    @Test("RVS-40 the wrap from n−1 to 0 turns one sector along the shortest path, in 0.2 s")
    func shortestPath() {
        let s = SpinnerFixture.wheel(12, selected: 11)
        s.setOpen(true, time: 0)
        let before = s.wheelRotation(at: 1)
        s.tap(Point(130, 30), at: 1)  // right half: 11 → 0
        #expect(s.selectedIndex == 0)
        let after = s.wheelRotation(at: 1.3)
        #expect(near(after.degrees - before.degrees, 30, 1e-9))
        // Half-way through, the wheel is between the two angles, not swinging the long way.
        let mid = s.wheelRotation(at: 1.1)
        #expect(mid.degrees > before.degrees && mid.degrees < after.degrees)
        #expect(s.wheelRotation(at: 1.05 + 0.2) == after)  // the step began at the lift (1.05) and takes 0.2 s
        #expect(s.wheelRotation(at: 1.2) != after)
    }

    @Test("RVS-22 closed appearance: framed circle of radius h/2, icon in the middle 60 %")
    func closedAppearance() {
        let s = SpinnerFixture.wheel(3)
        #expect(s.centerFrameCircle?.radius == 30)
        #expect(s.centerIconRect == Rect(x: 12, y: 12, width: 36, height: 36))
        s.tintColor = .clear
        #expect(s.centerFrameCircle == nil)
        #expect(s.centerIconRect == s.bounds)
    }

    @Test("RVS-67 framed icons: not HUD and a visible background or tint")
    func framed() {
        let s = SpinnerFixture.wheel(3)
        #expect(s.framedIcons)  // inherited tint is opaque
        s.hudMode = true
        #expect(!s.framedIcons)
        s.hudMode = false
        s.tintColor = .clear
        #expect(!s.framedIcons)
        s.closedBackgroundColor = .white
        #expect(s.framedIcons)
        s.closedBackgroundColor = Color(r: 255, g: 255, b: 255, a: 0)
        #expect(!s.framedIcons)
        #expect(
            s.iconContentRect(in: Rect(x: 0, y: 0, width: 50, height: 50)) == Rect(x: 0, y: 0, width: 50, height: 50))
        s.tintColor = .black
        #expect(
            s.iconContentRect(in: Rect(x: 0, y: 0, width: 50, height: 50)) == Rect(x: 10, y: 10, width: 30, height: 30))
    }

    @Test("RVS-38 icon opacity: disabled halves it, the control alpha multiplies it")
    func iconOpacity() {
        var items = SpinnerFixture.items(3)
        items[1].isEnabled = false
        let s = Spinner(
            id: "o", items: items, frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(400, 400))
        #expect(s.iconOpacity(0) == 1)
        #expect(s.iconOpacity(1) == 0.5)
        s.alpha = 0.5
        #expect(s.iconOpacity(1) == 0.25)
    }

    @Test("RVS-70 RVS-25 the centre icon is counter-rotated by the container's rotation")
    func rotationCompensation() {
        let s = SpinnerFixture.wheel(3)
        s.layout(frame: s.frame, containerSize: s.containerSize, containerTransform: .rotation(.degrees(45)))
        #expect(nearAngle(s.centerIconRotation, -45))
        s.isCompensatingForContainerRotation = false
        #expect(s.centerIconRotation == .zero)
    }

    @Test("RVS-70 touches in a rotated container are mapped into the disc's own coordinates (X-7)")
    func rotatedTouch() {
        let s = SpinnerFixture.wheel(12)
        let container = Transform.rotation(.degrees(180), about: Point(200, 200))
        s.layout(frame: s.frame, containerSize: s.containerSize, containerTransform: container)
        s.setOpen(true, time: 0)
        let router = TouchRouter(controls: [s])
        // A screen tap on the screen's left of the wheel is the disc's right half after a 180° turn.
        let screen = s.transform.apply(Point(130, 30))
        #expect(screen.x < 200)
        router.route(
            TouchFrame(time: 1, touches: [TouchPoint(slot: 0, trackingID: 1, position: screen, phase: .began)]))
        router.route(
            TouchFrame(time: 1.05, touches: [TouchPoint(slot: 0, trackingID: 1, position: screen, phase: .ended)]))
        _ = s.advance(to: 1.1)
        #expect(s.selectedIndex == 1)
    }

    @Test("RVS-59 picker rows: height min(40, picker height), icon rowHeight−16 at 8 pt from the top")
    func pickerRows() {
        let s = SpinnerFixture.picker(30, selected: 4)
        s.setOpen(true, time: 0)
        #expect(s.pickerRowHeight == 40)
        let rows = s.pickerRows(at: 1)
        let f = s.pickerFrame
        // The selected row is centred vertically.
        #expect(near(rows[4].rect.midY, f.midY))
        #expect(near(rows[5].rect.minY - rows[4].rect.minY, 40))
        #expect(rows[4].iconRect.width == 24)
        #expect(near(rows[4].iconRect.minY - rows[4].rect.minY, 8))
        // No more room below than above, so it opens upward (the downward case: SpinnerPickerDirectionTests).
        let tiny = Spinner(
            id: "t", items: SpinnerFixture.items(3), mode: 1,
            frame: Rect(x: 0, y: 30, width: 40, height: 40), containerSize: Size(400, 100))
        #expect(tiny.pickerFrame.height == 30)  // R = 50 (centre y), minus half the control
        #expect(tiny.pickerRowHeight == 30)
    }
}

extension Rect {
    /// The rectangle with its x range clamped to [0, width] (test helper for RVS-30/73).
    func clampedX(to width: Double) -> Rect {
        let x0 = max(0, minX), x1 = min(width, maxX)
        return Rect(x: x0, y: minY, width: x1 - x0, height: height)
    }
}
