import Core
import Testing

@testable import Controls

/// What the router tells the page swipe: every sample of the first contact that went down on no
/// control, as its displacement from where it went down; nothing of contacts controls own.
@Suite("Touch routing: the page swipe's contact")
struct SwipeRoutingTests {
    func router(_ log: Box) -> (TouchRouter, RecordingControl) {
        let c = RecordingControl("a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let r = TouchRouter(controls: [c])
        r.onSwipe = { sample, time in log.samples.append("\(sample) @\(time)") }
        return (r, c)
    }

    final class Box { var samples: [String] = [] }

    @Test("A contact on no control is reported; one a control took is not; the control never hears the swipe")
    func reported() {
        let log = Box()
        let (r, c) = router(log)
        r.route(TouchFrame(time: 0, touches: [contact(1, 300, 50, .began), contact(2, 10, 10, .began)]))
        r.route(TouchFrame(time: 1, touches: [contact(1, 250, 55, .moved), contact(2, 20, 10, .moved)]))
        r.route(TouchFrame(time: 2, touches: [contact(1, 150, 60, .ended), contact(2, 30, 10, .ended)]))
        #expect(
            log.samples == [
                "moved(Core.Vector(dx: -50.0, dy: 5.0)) @1.0", "ended(Core.Vector(dx: -150.0, dy: 10.0)) @2.0",
            ])
        #expect(c.log == ["began (10.0, 10.0)", "moved (20.0, 10.0)", "ended (30.0, 10.0)"])
    }

    @Test("Only the first such contact at a time; a device going away cancels it; no handler, no tracking")
    func firstOnlyAndCancel() {
        let log = Box()
        let (r, _) = router(log)
        r.route(TouchFrame(time: 0, touches: [contact(1, 300, 50, .began)]))
        r.route(TouchFrame(time: 1, touches: [contact(2, 400, 50, .began)]))
        r.route(TouchFrame(time: 2, touches: [contact(2, 380, 50, .moved), contact(1, 290, 50, .moved)]))
        #expect(log.samples == ["moved(Core.Vector(dx: -10.0, dy: 0.0)) @2.0"])
        r.cancelDevice(0, time: 3)
        #expect(log.samples.last == "cancelled @3.0")
        r.route(TouchFrame(time: 4, touches: [contact(1, 200, 50, .ended)]))
        #expect(log.samples.count == 2, "a cancelled contact's lift is not reported")
        r.onSwipe = nil
        r.route(TouchFrame(time: 5, touches: [contact(3, 300, 50, .began)]))
        r.route(TouchFrame(time: 6, touches: [contact(3, 200, 50, .moved)]))
        #expect(log.samples.count == 2)
    }
}
