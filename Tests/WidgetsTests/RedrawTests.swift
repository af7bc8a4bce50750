import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Changes made without a finger still reach the panel: the view's damage covers them, and repainting
/// only the damage gives the pixels of a full frame (the port side of MS-14 and MS-74).
@Suite("Redraw after programmatic changes")
struct RedrawTests {
    let resources = Fixture.resources()

    func fullFrame(_ controls: [any TouchControl]) -> Bitmap {
        Fixture.render(controls, width: 400, height: 300, resources: resources)
    }

    /// The device box around a handle centred at local point `c` of `control`.
    func handleBox(_ control: any TouchControl, _ c: Point, diameter: Double) -> Rect {
        Rect.around(control.transform.apply(c), radius: diameter / 2 + 2)
    }

    @Test("MS-14: setting the angle (no event) damages the old and new handle, and the screen equals a full frame")
    func angleSetterRedraws() {
        let s = CircularSlider(
            id: "s", bounds: Rect(x: 0, y: 0, width: 200, height: 200), transform: .translation(100, 50))
        Theme.dark.apply(to: s)
        let view = ScreenView(controls: [s], background: resources.theme.background, resources: resources, scale: 1)
        let screen = Bitmap(width: 400, height: 300, format: .xrgb8888)
        view.render(into: screen.canvas, full: true)
        let before = s.drawnHandleCenter
        s.angle = 90
        #expect(s.drainEvents().isEmpty)
        let rects = view.render(into: screen.canvas, full: false)
        let damaged = rects.reduce(Rect.zero) { $0.union($1.rect) }
        for box in [
            handleBox(s, before, diameter: s.handleDiameter),
            handleBox(s, s.drawnHandleCenter, diameter: s.handleDiameter),
        ] {
            #expect(damaged.intersection(box) == box, "damage \(damaged) misses the handle at \(box)")
        }
        #expect(screen.pixelsEqual(fullFrame([s])))
    }

    @Test(
        "MS-74: restyling the second handle damages it (a style change repaints the control's box), and the screen equals a full frame"
    )
    func secondHandleStyleRedraws() {
        let s = DoubleHandleCircularSlider(
            id: "r", bounds: Rect(x: 0, y: 0, width: 200, height: 200), transform: .translation(100, 50))
        Theme.dark.apply(to: s)
        s.currentValue = 10; s.secondCurrentValue = 60
        let view = ScreenView(controls: [s], background: resources.theme.background, resources: resources, scale: 1)
        let screen = Bitmap(width: 400, height: 300, format: .xrgb8888)
        view.render(into: screen.canvas, full: true)
        s.secondHandle.color = Color(rgb: 0xFF0000)
        let rects = view.render(into: screen.canvas, full: false)
        #expect(!rects.isEmpty)
        let second = handleBox(s, s.drawnSecondHandleCenter, diameter: s.secondHandleDiameter)
        let damaged = rects.reduce(Rect.zero) { $0.union($1.rect) }
        #expect(damaged.intersection(second) == second, "damage \(damaged) misses the second handle at \(second)")
        // The control's box, grown by the ring a handle may carry (`HandleHalo`).
        let ring = HandleHalo.width(diameter: max(s.firstHandleDiameter, s.secondHandleDiameter))
        let box = s.transform.boundingBox(of: s.bounds).outsetBy(DamageBox.margin + ring)
        #expect(box.union(damaged) == box, "damage \(damaged) beyond the control's box")
        #expect(screen.pixelsEqual(fullFrame([s])))
    }
}

extension Bitmap {
    /// True when both bitmaps have the same size and every pixel is equal.
    func pixelsEqual(_ other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height { for x in 0..<width where self[x, y] != other[x, y] { return false } }
        return true
    }
}
