import Testing
import Core
@testable import Controls

/// A plain rectangle that takes every touch inside it (a sibling for z-order tests).
private final class Block: TouchControl {
    let id: String
    let transform: Transform
    let bounds: Rect
    var isHidden: Bool { false }
    var began = 0
    init(id: String, frame: Rect) {
        self.id = id; transform = .translation(frame.minX, frame.minY); bounds = Rect(origin: .zero, size: frame.size)
    }
    func claims(_ p: Point) -> Bool { bounds.contains(p) }
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool { began += 1; return true }
    func touchMoved(to p: Point, time: MonotonicTime) {}
    func touchEnded(at p: Point, time: MonotonicTime) {}
    func touchCancelled(time: MonotonicTime) {}
    func advance(to time: MonotonicTime) -> Bool { false }
    func drainEvents() -> [ControlEvent] { [] }
}

@Suite("RVS properties and data")
struct SpinnerPropertiesTests {
    @Test("RVS-1 RVS-2 data items: title \"\", no description or value, enabled by default")
    func itemDefaults() {
        let item = SpinnerItem(iconName: "star")
        #expect(item.title == "")
        #expect(item.description == nil)
        #expect(item.value == nil)
        #expect(item.isEnabled)
    }

    @Test("RVS-3 RVS-4 RVS-9 RVS-10 RVS-14 RVS-16 RVS-17 RVS-18 RVS-19 defaults")
    func defaults() {
        let s = Spinner(id: "d", frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(300, 300))
        #expect(s.delegate == nil)
        #expect(s.items.isEmpty)
        #expect(s.selectedIndex == 0)
        #expect(s.spinnerMode == 0)
        #expect(s.spinnerThreshold == 15)
        #expect(s.isSoundOn && s.isHapticsOn)
        #expect(s.isCompensatingForContainerRotation)
        #expect(s.openBackgroundColor == nil && s.closedBackgroundColor == nil && s.tintColor == nil)
        #expect(s.isEnabled && s.alpha == 1)
        #expect(!s.hudMode && !s.replaceCenterImage && s.centerImageName == nil)
    }

    @Test("RVS-3 the delegate is held weakly")
    func weakDelegate() {
        let s = SpinnerFixture.wheel(3)
        do {
            let d = RecordingSpinnerDelegate()
            s.delegate = d
            #expect(s.delegate != nil)
        }
        #expect(s.delegate == nil)
    }

    @Test("RVS-6 RVS-20 RVS-51 read-only facts: isOpen, value, count, isEmpty, opensAsSpinner, framedIcons")
    func readOnly() {
        let s = SpinnerFixture.wheel(4, selected: 2)
        #expect(s.count == 4)
        #expect(!s.isEmpty)
        #expect(s.value == s.items[2])
        #expect(s.opensAsSpinner)
        #expect(s.framedIcons)
        #expect(!s.isOpen)
        s.setOpen(true, time: 0)
        #expect(s.isOpen)
    }

    @Test(
        "RVS-21 the modes open a wheel always, never, or below the threshold; the initialiser applies the index only to a non-empty list"
    )
    func initialiser() {
        // Around a threshold of 4: a wheel for 3 items and a list for 4 in mode `both`; the other modes ignore the count.
        for (mode, wheels) in [
            (SpinnerMode.spinnerOnly, [true, true]), (.pickerOnly, [false, false]), (.both, [true, false]),
        ] {
            let opens = [3, 4].map { count in
                Spinner(
                    id: "m", items: SpinnerFixture.items(count), mode: mode.rawValue, threshold: 4,
                    frame: Rect(x: 0, y: 0, width: 40, height: 40), containerSize: Size(300, 300)
                ).opensAsSpinner
            }
            #expect(opens == wheels, "\(mode)")
        }
        let empty = Spinner(
            id: "e", items: [], selectedIndex: 5, frame: Rect(x: 0, y: 0, width: 40, height: 40),
            containerSize: Size(300, 300))
        #expect(empty.selectedIndex == 0)
        let some = Spinner(
            id: "s", items: SpinnerFixture.items(3), selectedIndex: 7, frame: Rect(x: 0, y: 0, width: 40, height: 40),
            containerSize: Size(300, 300))
        #expect(some.selectedIndex == 2)
    }

    @Test("RVS-9 RVS-10 sound and haptics each keep the per-change tick alive; both off silence it")
    func gating() {
        for (sound, haptics, expected) in [(true, false, true), (false, true, true), (false, false, false)] {
            let s = SpinnerFixture.wheel(12)
            s.isSoundOn = sound
            s.isHapticsOn = haptics
            s.setOpen(true, time: 0)
            _ = s.advance(to: 0.01)
            _ = s.drainEvents()
            s.select(1, time: 1)
            _ = s.advance(to: 1.01)
            #expect(s.drainEvents().contains(.feedback(.select)) == expected)
        }
    }

    @Test("RVS-29 the open disc lies beneath the control: siblings above it win, those below it lose")
    func discZOrder() {
        let s = SpinnerFixture.wheel(12)  // disc spans (0,0)–(400,400) in the container
        let below = Block(id: "below", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let above = Block(id: "above", frame: Rect(x: 300, y: 0, width: 100, height: 100))
        s.setOpen(true, time: 0)
        let router = TouchRouter(controls: [below, s, above])
        router.route(
            TouchFrame(time: 1, touches: [TouchPoint(slot: 0, trackingID: 1, position: Point(50, 50), phase: .began)]))
        router.route(
            TouchFrame(time: 1, touches: [TouchPoint(slot: 1, trackingID: 2, position: Point(350, 50), phase: .began)]))
        #expect(below.began == 0)
        #expect(above.began == 1)
        #expect(router.activeControlIDs == ["s", "above"])
        // The centre stays on top of its disc and handles its own taps.
        #expect(s.claims(Point(30, 30)))
    }

    @Test("RVS-34 a relayout while open moves the disc with the new container size")
    func relayout() {
        let s = SpinnerFixture.wheel(12)
        s.setOpen(true, time: 0)
        #expect(s.popupRadius == 200)
        s.layout(frame: s.frame, containerSize: Size(300, 400))
        #expect(s.popupRadius == 100)
        #expect(s.discRect == Rect.around(Point(30, 30), radius: 100))
    }

    @Test("RVS-58 two items open as two half-disc sectors; many items shrink the icons toward πR/n")
    func counts() {
        let two = SpinnerFixture.wheel(2)
        two.setOpen(true, time: 0)
        #expect(two.isOpen)
        let items = two.wheelItems(at: 1)
        #expect(abs(items[1].angle.normalizedDegrees - 90) < 1e-9)  // opposite the top
        let many = WheelGeometry.iconSide(radius: 200, controlHeight: 60, count: 60)
        #expect(abs(many - Double.pi * 200 / 60) < 1e-9)
    }

    @Test("RVS-66 RVS-13 HUD mode: template centre, no frames; a set centre image is used as given")
    func hud() {
        let s = SpinnerFixture.wheel(3)
        s.hudMode = true
        #expect(s.centerContent == .selectedIcon(name: "icon0", template: true))
        #expect(!s.framedIcons)
        #expect(s.centerFrameCircle == nil)
        #expect(
            s.iconContentRect(in: Rect(x: 0, y: 0, width: 40, height: 40)) == Rect(x: 0, y: 0, width: 40, height: 40))
        s.centerImageName = "logo"
        #expect(s.centerContent == .centerImage(name: "logo"))
    }

    @Test("RVS-74 rapid open and close within one loop turn is safe; other modes mean picker")
    func rapidToggle() {
        let s = SpinnerFixture.wheel(5)
        s.setOpen(true, time: 0)
        s.setOpen(false, time: 0)
        s.setOpen(true, time: 0)
        _ = s.advance(to: 0.01)
        #expect(s.isOpen)
        #expect(s.popupVariant == .wheel)
        #expect(s.popupScale(at: 0.3) == 1)  // the stale close follow-up did not shrink the new popup
        let odd = Spinner(
            id: "o", items: SpinnerFixture.items(3), mode: 7, frame: Rect(x: 0, y: 100, width: 40, height: 40),
            containerSize: Size(300, 300))
        #expect(!odd.opensAsSpinner)
    }
}

@Suite("RVS colour rules")
struct SpinnerColourTests {
    @Test("RVS-36 RVS-59 RVS-66 RVS-69 sector fill, row background, picker text and frame fill")
    func colours() {
        let s = SpinnerFixture.wheel(3)
        #expect(s.sectorFillColor == nil)  // nil open background → no fill
        s.openBackgroundColor = Color(r: 10, g: 20, b: 30)
        s.alpha = 0.5
        #expect(s.sectorFillColor == Color(r: 10, g: 20, b: 30, a: 128))
        #expect(s.pickerRowBackground == Color(r: 10, g: 20, b: 30))
        s.hudMode = true
        #expect(s.sectorFillColor == nil)
        #expect(s.pickerRowBackground == nil)
        s.hudMode = false
        s.openBackgroundColor = .clear
        #expect(s.sectorFillColor == nil)
        #expect(s.pickerTextColor == nil)  // inherited tint
        s.tintColor = .clear
        #expect(s.pickerTextColor == .black)
        s.tintColor = Color(r: 0, g: 0, b: 200)
        #expect(s.pickerTextColor == Color(r: 0, g: 0, b: 200))
        s.closedBackgroundColor = .white
        #expect(s.iconFrameFill == Color.white.withAlpha(0.5))
        s.hudMode = true
        #expect(s.iconFrameFill == nil)
    }
}
