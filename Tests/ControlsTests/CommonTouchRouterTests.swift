import Testing
import Core
@testable import Controls

/// A control that records what the router tells it.
final class RecordingControl: TouchControl {
    let id: String
    var transform: Transform
    var bounds: Rect
    var isHidden = false
    var accepts = true
    var log: [String] = []
    init(_ id: String, frame: Rect, transform: Transform = .identity) {
        self.id = id
        self.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.transform = transform.isIdentity ? .translation(frame.minX, frame.minY) : transform
    }
    func claims(_ p: Point) -> Bool { bounds.contains(p) }
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool { log.append("began \(p)"); return accepts }
    func touchMoved(to p: Point, time: MonotonicTime) { log.append("moved \(p)") }
    func touchEnded(at p: Point, time: MonotonicTime) { log.append("ended \(p)") }
    func touchCancelled(time: MonotonicTime) { log.append("cancelled") }
    func advance(to time: MonotonicTime) -> Bool { false }
    func drainEvents() -> [ControlEvent] { [] }
}

func contact(_ id: Int, _ x: Double, _ y: Double, _ phase: TouchPhase, device: Int = 0) -> TouchPoint {
    TouchPoint(slot: id, trackingID: id, position: Point(x, y), phase: phase, deviceID: device)
}

@Suite("Common: touch routing (X-3, X-4, X-6, X-7)") struct CommonTouchRouterTests {
    @Test("X-3 a single-touch control follows the first contact; a second contact is ignored")
    func singleOwner() {
        let c = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let r = TouchRouter(controls: [c])
        r.route(TouchFrame(time: 0, touches: [contact(1, 10, 10, .began)]))
        r.route(TouchFrame(time: 1, touches: [contact(2, 20, 20, .began), contact(1, 11, 11, .moved)]))
        r.route(TouchFrame(time: 2, touches: [contact(2, 30, 30, .moved), contact(2, 30, 30, .ended)]))
        r.route(TouchFrame(time: 3, touches: [contact(1, 12, 12, .ended)]))
        #expect(c.log == ["began (10.0, 10.0)", "moved (11.0, 11.0)", "ended (12.0, 12.0)"])
        #expect(r.activeControlIDs.isEmpty)
        // Once free, a new contact can take it.
        r.route(TouchFrame(time: 4, touches: [contact(3, 5, 5, .began)]))
        #expect(r.activeControlIDs == ["a"])
    }

    @Test("X-3 ownership is keyed on device and tracking id: equal ids on two devices are two contacts")
    func perDevice() {
        let a = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = RecordingControl("b", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        let r = TouchRouter(controls: [a, b])
        r.route(
            TouchFrame(
                time: 0,
                touches: [
                    contact(1, 10, 10, .began, device: 0),
                    contact(1, 210, 10, .began, device: 1),
                ]))
        r.route(TouchFrame(time: 1, touches: [contact(1, 20, 20, .moved, device: 1)]))
        #expect(a.log == ["began (10.0, 10.0)"])
        #expect(b.log == ["began (10.0, 10.0)", "moved (-180.0, 20.0)"])
    }

    @Test("X-3 a press and a release in one frame are still a tap")
    func tapInOneFrame() {
        let c = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        TouchRouter(controls: [c]).route(
            TouchFrame(
                time: 0,
                touches: [
                    contact(1, 1, 1, .began),
                    contact(1, 1, 1, .ended),
                ]))
        #expect(c.log == ["began (1.0, 1.0)", "ended (1.0, 1.0)"])
    }

    @Test("X-4 the front-most control whose region holds the point wins; a child listed after its parent wins")
    func frontToBack() {
        let parent = RecordingControl("parent", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = RecordingControl("child", frame: Rect(x: 50, y: 50, width: 50, height: 50))
        let r = TouchRouter(controls: [parent, child])
        r.route(TouchFrame(time: 0, touches: [contact(1, 60, 60, .began), contact(2, 150, 150, .began)]))
        #expect(child.log == ["began (10.0, 10.0)"])
        #expect(parent.log == ["began (150.0, 150.0)"])
        child.isHidden = true
        r.route(TouchFrame(time: 1, touches: [contact(3, 60, 60, .began)]))
        #expect(child.log.count == 1)
    }

    @Test("X-4 MS-48 a control that claims a touch but does not track it swallows it")
    func swallow() {
        let behind = RecordingControl("behind", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let slider = CircularSlider(id: "front")
        let r = TouchRouter(controls: [behind, slider])
        r.route(TouchFrame(time: 0, touches: [contact(1, 100, 120, .began)]))  // on the disc, off the handle
        r.route(TouchFrame(time: 1, touches: [contact(1, 100, 130, .moved)]))
        #expect(behind.log.isEmpty)
        #expect(slider.drainEvents().isEmpty)
        r.route(TouchFrame(time: 2, touches: [contact(2, 195, 195, .began)]))  // outside the disc
        #expect(behind.log == ["began (195.0, 195.0)"])
    }

    @Test("X-6 a cancelled contact reaches its control as a cancel, and later samples are ignored")
    func cancelPhase() {
        let c = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let r = TouchRouter(controls: [c])
        r.route(TouchFrame(time: 0, touches: [contact(1, 10, 10, .began)]))
        r.route(TouchFrame(time: 1, touches: [contact(1, 10, 10, .cancelled)]))
        r.route(TouchFrame(time: 2, touches: [contact(1, 12, 12, .moved)]))
        #expect(c.log == ["began (10.0, 10.0)", "cancelled"])
    }

    @Test("X-6 device loss, an overlay taking a contact, and a screen change cancel what is in flight")
    func cancelSources() {
        let a = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = RecordingControl("b", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        let r = TouchRouter(controls: [a, b])
        r.route(
            TouchFrame(
                time: 0,
                touches: [
                    contact(1, 10, 10, .began, device: 5),
                    contact(2, 210, 10, .began, device: 6),
                ]))
        r.cancelDevice(5, time: 1)
        #expect(a.log.last == "cancelled" && b.log.last != "cancelled")
        r.cancelContact(trackingID: 2, deviceID: 6, time: 2)
        #expect(b.log.last == "cancelled")
        r.route(TouchFrame(time: 3, touches: [contact(3, 10, 10, .began)]))
        r.setControls([], time: 4)
        #expect(a.log.last == "cancelled" && r.activeControlIDs.isEmpty)
    }

    @Test("X-6 MS-59 a router cancel on a slider snaps and ends tracking like a lift")
    func cancelSlider() {
        let s = CircularSlider(id: "s")
        s.labels = ["a", "b", "c", "d"]
        s.snapToLabels = true
        let r = TouchRouter(controls: [s])
        r.route(TouchFrame(time: 0, touches: [contact(1, 100, 8, .began)]))
        r.route(TouchFrame(time: 1, touches: [contact(1, 180, 80, .moved)]))
        r.cancelAll(time: 2)
        #expect(s.angle == 90 && s.drainEvents().contains(.endedTracking(value: 25)))
    }

    @Test("X-7 a rotated container: screen points reach the control through the inverse transform")
    func rotated() {
        // The control is turned 90° clockwise about its own centre and placed at (300, 100).
        let t = Transform.rotation(.degrees(90), about: Point(100, 100)).then(.translation(300, 100))
        let s = CircularSlider(id: "rot", transform: t)
        let r = TouchRouter(controls: [s])
        // The handle (local (100, 8), north) appears on screen to the right: (100+92, 100) + (300, 100).
        let screenHandle = t.apply(Point(100, 8))
        #expect(close(screenHandle, Point(492, 200), 1e-9))
        r.route(
            TouchFrame(time: 0, touches: [TouchPoint(slot: 0, trackingID: 1, position: screenHandle, phase: .began)]))
        #expect(s.isHandlePressed)
        // Local west turns to screen up: a screen point above the centre (400, 200) is local 270°.
        r.route(
            TouchFrame(
                time: 1,
                touches: [
                    TouchPoint(
                        slot: 0, trackingID: 1, position: Point(400, 110),
                        phase: .moved)
                ]))
        #expect(s.angle == 270)
    }
}
