import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Screenshots of the spinner's main states (RVS-22…39, RVS-59, RVS-66).
@Suite("Spinner look")
struct SpinnerLookTests {
    static let icons = ["sun", "moon", "drop", "leaf", "bolt", "star-mask", "heart-mask", "dot"]

    static func items(_ n: Int, titled: Bool = false) -> [SpinnerItem] {
        (0..<n).map { i in
            let name = icons[i % icons.count]
            return SpinnerItem(
                iconName: name, title: titled ? String(name.split(separator: "-")[0]) : "",
                isEnabled: i != 2)
        }
    }

    /// A spinner centred in a `container`-sized box placed at `origin` on the screen.
    static func spinner(
        _ id: String, items: [SpinnerItem], mode: SpinnerMode = .spinnerOnly, container: Size,
        origin: Point, selected: Int = 0
    ) -> Spinner {
        let frame = Rect(x: container.width / 2 - 30, y: container.height / 2 - 30, width: 60, height: 60)
        let s = Spinner(
            id: id, items: items, selectedIndex: selected, mode: mode.rawValue, frame: frame,
            containerSize: container, containerTransform: .translation(origin.x, origin.y))
        Theme.dark.apply(to: s)
        return s
    }

    @Test("RVS-22/23/24/66: closed centre framed, HUD template, disabled selection dimmed, centre image")
    func closed() throws {
        let box = Size(120, 120)
        let framed = Self.spinner("framed", items: Self.items(5), container: box, origin: Point(0, 0))
        let hud = Self.spinner("hud", items: Self.items(5), container: box, origin: Point(120, 0), selected: 1)
        hud.hudMode = true
        let dimmed = Self.spinner("dimmed", items: Self.items(5), container: box, origin: Point(240, 0), selected: 2)
        let fixed = Self.spinner("fixed", items: Self.items(5), container: box, origin: Point(360, 0))
        fixed.centerImageName = "star-mask"
        #expect(dimmed.centerOpacity == 0.5)
        try Reference.check(Fixture.render([framed, hud, dimmed, fixed], width: 480, height: 120), "spinner-closed")
    }

    @Test("RVS-35…39: the open prize wheel, icons turned with their sectors, faded, disabled item dimmed")
    func openWheel() throws {
        let s = Self.spinner("wheel", items: Self.items(8), container: Size(320, 320), origin: .zero, selected: 1)
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        #expect(s.isOpen)
        #expect(s.popupVariant == .wheel)
        try Reference.check(Fixture.render([s], width: 320, height: 320, time: t), "spinner-wheel-open")
    }

    @Test("RVS-66: the open wheel in HUD mode has no sectors, icons keep their own colours")
    func openWheelHUD() throws {
        let s = Self.spinner("wheel", items: Self.items(6), container: Size(320, 320), origin: .zero)
        s.hudMode = true
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        try Reference.check(Fixture.render([s], width: 320, height: 320, time: t), "spinner-wheel-hud")
    }

    @Test("RVS-59: the open picker list with icons and titles above the control")
    func openPicker() throws {
        let s = Self.spinner(
            "picker", items: Self.items(8, titled: true), mode: .pickerOnly, container: Size(300, 320),
            origin: .zero, selected: 3)
        s.layout(frame: Rect(x: 120, y: 250, width: 60, height: 60), containerSize: Size(300, 320))
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        #expect(s.popupVariant == .picker)
        try Reference.check(Fixture.render([s], width: 300, height: 320, time: t), "spinner-picker-open")
    }

    @Test("RVS-70: in a container turned 45°, the wheel turns with it and the centre icon stays upright")
    func rotatedContainer() throws {
        let container = Size(300, 300)
        let turn = Transform.rotation(.degrees(45), about: Point(150, 150))
        let s = Spinner(
            id: "turned", items: Self.items(6), selectedIndex: 4, mode: SpinnerMode.spinnerOnly.rawValue,
            frame: Rect(x: 120, y: 120, width: 60, height: 60), containerSize: container, containerTransform: turn)
        Theme.dark.apply(to: s)
        #expect(abs(s.centerIconRotation.degrees + 45) < 1e-9)
        s.setOpen(true, time: 0)
        var t = 0.0
        while s.advance(to: t), t < 3 { t += 1.0 / 60 }
        try Reference.check(Fixture.render([s], width: 300, height: 300, time: t), "spinner-rotated-container")
    }
}
