import Testing
import Core
@testable import Controls

/// [PORT] The picker opens downward where there is no room above the control (issue 36): the original
/// always opens upward (RVS-30), leaving a sliver at the top edge of a screen.
@Suite("Spinner picker direction")
struct SpinnerPickerDirectionTests {
    /// A 60×60 picker spinner at `y` in an 800×480 screen.
    func spinner(y: Double, x: Double = 370) -> Spinner {
        Spinner(
            id: "p", items: SpinnerFixture.items(30), selectedIndex: 3, mode: 1,
            frame: Rect(x: x, y: y, width: 60, height: 60), containerSize: Size(800, 480))
    }

    @Test("At the top edge the picker opens downward: from the control's bottom to the screen's bottom")
    func topEdge() {
        let s = spinner(y: 10)
        #expect(s.pickerOpensDownward)
        let f = WheelGeometry.pickerFrame(controlFrame: s.frame, containerSize: s.containerSize)
        #expect(f.minY == 70)
        #expect(f.maxY == 480)
        // 2R' wide about the control, R' = 480 − 40 = 440, clamped to the screen.
        #expect(f == Rect(x: 0, y: 70, width: 800, height: 410))
        #expect(s.pickerFrame.minY == 60, "local: just below the control")
    }

    @Test("With room above it still opens upward, as the original does")
    func roomAbove() {
        let s = spinner(y: 300)
        #expect(!s.pickerOpensDownward)
        let f = WheelGeometry.pickerFrame(controlFrame: s.frame, containerSize: s.containerSize)
        #expect(f.minY == 0 && f.maxY == 300)
    }

    @Test("Little room above but less below: upward (the larger side wins)")
    func bothTight() {
        let s = Spinner(
            id: "p", items: SpinnerFixture.items(30), mode: 1,
            frame: Rect(x: 100, y: 100, width: 60, height: 60), containerSize: Size(400, 200))
        #expect(!s.pickerOpensDownward)
    }

    @Test("The frame stays on the screen near a side edge, and a finger on the rows below scrolls it")
    func clampedAndTouched() {
        let s = spinner(y: 10, x: 0)
        let f = WheelGeometry.pickerFrame(controlFrame: s.frame, containerSize: s.containerSize)
        #expect(f.minX == 0 && f.maxX <= 800)
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        let local = s.pickerFrame
        #expect(s.claims(Point(local.midX, local.midY)), "the downward picker takes its touches")
        let rows = s.pickerRows(at: t)
        #expect(abs(rows[3].rect.midY - local.midY) < 1e-6, "the selected row sits in the middle of the downward list")
    }

    @Test("Collapsed, the downward picker is shifted up toward the control; open, not at all")
    func openingShift() {
        let s = spinner(y: 10)
        s.setOpen(true, time: 0)
        #expect(s.pickerOffsetY(at: 0) < 0)
        #expect(abs(s.pickerOffsetY(at: 0) + s.pickerFrame.height / 2) < 1e-9)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        #expect(abs(s.pickerOffsetY(at: t)) < 1e-6)
    }
}
