import Core
import Display
import Testing
@testable import Simulator

/// The fingers behind a reference, so the mutating calls can sit inside `#expect` and `#require`.
final class Mouse {
    var fingers = MouseFingers()
    var pinned: [MouseFingers.Finger] { fingers.pinned }
    func press(at p: Point, ctrl: Bool, time: Double) -> TouchFrame? { fingers.press(at: p, ctrl: ctrl, time: time) }
    func move(to p: Point, time: Double) -> TouchFrame? { fingers.move(to: p, time: time) }
    func release(at p: Point, time: Double) -> TouchFrame? { fingers.release(at: p, time: time) }
    func liftPinned(time: Double) -> TouchFrame? { fingers.liftPinned(time: time) }
}

@Suite("The mouse as a touch panel")
struct MouseFingersTests {
    @Test("A left-button drag is one finger: began, moved, ended, with one tracking id")
    func oneFinger() throws {
        let m = Mouse()
        let down = try #require(m.press(at: Point(10, 10), ctrl: false, time: 1))
        let move = try #require(m.move(to: Point(20, 15), time: 1.1))
        #expect(m.move(to: Point(20, 15), time: 1.2) == nil, "no frame when the mouse did not move")
        let up = try #require(m.release(at: Point(20, 15), time: 1.3))
        #expect(
            down.touches.map(\.phase) == [.began] && move.touches.map(\.phase) == [.moved]
                && up.touches.map(\.phase) == [.ended])
        #expect(Set([down, move, up].map { $0.touches[0].trackingID }).count == 1)
        #expect(up.touches[0].position == Point(20, 15) && up.touches[0].deviceID == MouseFingers.deviceID)
        #expect(m.move(to: Point(30, 30), time: 1.4) == nil, "moving without the button touches nothing")
    }

    @Test("Ctrl+click leaves a finger down; a second finger works beside it; Ctrl+click on it lifts it")
    func pinnedFinger() throws {
        let m = Mouse()
        let pin = try #require(m.press(at: Point(50, 50), ctrl: true, time: 1))
        #expect(m.release(at: Point(50, 50), time: 1.1) == nil, "the pinned finger does not lift")
        #expect(m.pinned.map(\.position) == [Point(50, 50)])
        let second = try #require(m.press(at: Point(200, 50), ctrl: false, time: 2))
        #expect(second.touches[0].trackingID != pin.touches[0].trackingID)
        #expect(second.touches[0].slot != pin.touches[0].slot, "two contacts at once take two slots")
        let lift2 = try #require(m.release(at: Point(210, 60), time: 2.1))
        #expect(lift2.touches.map(\.phase) == [.ended])
        let lift = try #require(m.press(at: Point(55, 45), ctrl: true, time: 3))
        #expect(lift.touches.map(\.phase) == [.ended] && lift.touches[0].trackingID == pin.touches[0].trackingID)
        #expect(m.pinned.isEmpty)
    }

    @Test("A Ctrl+drag moves the pinned finger before leaving it; liftPinned lifts every one")
    func dragThenPinAndLiftAll() throws {
        let m = Mouse()
        _ = m.press(at: Point(10, 10), ctrl: true, time: 1)
        let moved = try #require(m.release(at: Point(40, 10), time: 1.2))
        #expect(moved.touches.map(\.phase) == [.moved] && moved.touches[0].position == Point(40, 10))
        _ = m.press(at: Point(100, 100), ctrl: true, time: 2)
        _ = m.release(at: Point(100, 100), time: 2.1)
        let all = try #require(m.liftPinned(time: 3))
        #expect(all.touches.map(\.phase) == [.ended, .ended])
        #expect(m.pinned.isEmpty && m.liftPinned(time: 4) == nil)
    }
}

@Suite("Where the panel's picture sits in the window")
struct WindowGeometryTests {
    @Test("Zoom and bezel: window points map back to canvas points; the bezel maps to nothing")
    func zoomAndBezel() {
        let g = WindowGeometry(canvas: PixelSize(width: 320, height: 240), rotation: .deg0, zoom: 2, bezel: 10)
        #expect(g.window == PixelSize(width: 660, height: 500))
        #expect(g.canvasPoint(windowX: 10, windowY: 10) == Point(0, 0))
        #expect(g.canvasPoint(windowX: 30, windowY: 50) == Point(10, 20))
        #expect(g.canvasPoint(windowX: 5, windowY: 50) == nil)
        #expect(g.canvasPoint(windowX: 650, windowY: 50) == nil)
    }

    @Test("Every rotation: a canvas pixel's centre, shown where the copy puts it, maps back to itself")
    func rotationsRoundTrip() {
        let canvas = PixelSize(width: 40, height: 30)
        for rotation in DisplayRotation.allCases {
            let g = WindowGeometry(canvas: canvas, rotation: rotation, zoom: 1, bezel: 0)
            for (x, y) in [(0, 0), (39, 0), (0, 29), (13, 7)] {
                let s = rotation.scanoutPoint(x: x, y: y, canvas: canvas)
                let back = g.canvasPoint(windowX: Double(s.x) + 0.5, windowY: Double(s.y) + 0.5)
                #expect(back == Point(Double(x) + 0.5, Double(y) + 0.5), "\(rotation) (\(x), \(y))")
                let r = g.scanoutRect(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
                #expect(r == Rect(x: Double(s.x), y: Double(s.y), width: 1, height: 1), "\(rotation) rect (\(x), \(y))")
            }
        }
    }
}
