import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Damage for every control kind: after each change, repainting only the damaged rectangles must give
/// the same picture as a full frame of the new state (within the flattening noise of `DamageTests`).
@Suite("Damage across controls")
struct DamageSequenceTests {
    final class Scene {
        let resources = Fixture.resources()
        let demo = DemoScreen()
        let pad: NumberPad
        let host: SliderPadHost
        let view: ScreenView
        let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)
        var time = 0.0
        var controls: [any TouchControl] { demo.controls + [pad] }

        init() {
            pad = NumberPad(id: "pad", anchor: Rect(x: 40, y: 390, width: 460, height: 50), screenSize: Size(800, 480))
            host = SliderPadHost(slider: demo.volume, pad: pad, initialNumber: 35)
            _ = demo.volume.advance(to: 1)
            time = 1
            view = ScreenView(
                controls: demo.controls + [pad], background: Theme.dark.background, resources: resources, scale: 1)
            view.time = time
            view.render(into: screen.canvas, full: true)
        }

        /// Renders the damage at `time` and compares with a fresh full frame.
        func check(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            view.time = time
            let rects = view.render(into: screen.canvas, full: false)
            let fresh = ScreenView(
                controls: controls, background: Theme.dark.background, resources: resources, scale: 1)
            fresh.time = time
            let full = Bitmap(width: 800, height: 480, format: .xrgb8888)
            fresh.render(into: full.canvas, full: true)
            #expect(
                DamageTests.matches(screen, full), "after \(what): damage \(rects) missed a change",
                sourceLocation: sourceLocation)
        }

        func advance(_ dt: Double) {
            time += dt
            for c in controls { _ = c.advance(to: time) }
        }
    }

    /// The kiosk draws its last frame again while it awaits a touch report (`ScreenView.rehearse`): that
    /// must not change a pixel, and a change made after the frame must still reach the next one.
    @Test("A rehearsal repaints the last frame's pixels unchanged; a change before it still reaches the next frame")
    func rehearsal() {
        let s = Scene()
        let seeker = s.demo.seek
        #expect(seeker.touchBegan(at: seeker.thumbFrame.center, time: s.time))
        s.advance(0.05)
        s.view.time = s.time
        s.view.render(into: s.screen.canvas, full: false)
        seeker.touchMoved(to: seeker.point(atAngle: 250, radius: seeker.arcRadius), time: s.time)
        s.advance(0.05)
        s.view.time = s.time
        let rects = s.view.render(into: s.screen.canvas, full: false)
        #expect(!rects.isEmpty)
        let count = s.screen.width * s.screen.height
        let before = Array(UnsafeBufferPointer(start: s.screen.pixels, count: count))
        s.view.rehearse(rects, canvas: s.screen.canvas)
        #expect(
            Array(UnsafeBufferPointer(start: s.screen.pixels, count: count)) == before, "the rehearsal changed pixels")
        #expect(s.view.render(into: s.screen.canvas, full: false).isEmpty, "the rehearsal left damage behind")

        // The thumb moves (as a touch routed after the frame would move it), then the loop rehearses
        // before drawing: the frame after it shows the thumb where it is.
        seeker.touchMoved(to: seeker.point(atAngle: 280, radius: seeker.arcRadius), time: s.time)
        s.advance(0.05)
        s.view.rehearse(rects, canvas: s.screen.canvas)
        s.check("seeker drag after a rehearsal")
    }

    @Test("Spinner press, open, spin and close; seeker drag; value slider press; pad open, keys, callout, close")
    func sequence() throws {
        let s = Scene()
        let spinner = s.demo.source
        let centre = spinner.discCenter
        #expect(spinner.touchBegan(at: centre, time: s.time))
        s.check("spinner press")
        spinner.touchEnded(at: centre, time: s.time)
        for _ in 0..<8 { s.advance(0.05); s.check("spinner opening") }
        #expect(spinner.isOpen)
        spinner.select(3, time: s.time)
        for _ in 0..<4 { s.advance(0.06); s.check("wheel turning") }
        spinner.setOpen(false, time: s.time)
        for _ in 0..<10 { s.advance(0.05); s.check("spinner closing") }

        let seeker = s.demo.seek
        #expect(seeker.touchBegan(at: seeker.thumbFrame.center, time: s.time))
        s.check("seeker press")
        seeker.touchMoved(to: seeker.point(atAngle: 280, radius: seeker.arcRadius), time: s.time)
        s.check("seeker drag")
        seeker.touchEnded(at: seeker.point(atAngle: 280, radius: seeker.arcRadius), time: s.time)
        s.advance(0.5); s.check("seeker release")

        let volume = s.demo.volume
        let grab = volume.thumbRect(at: s.time).center
        #expect(volume.touchBegan(at: grab, time: s.time))
        s.check("value slider press before the drag")
        for dx in [20.0, 60, 140] {
            volume.touchMoved(to: grab + Vector(dx, 0), time: s.time)
            _ = s.host.process(slider: volume.drainEvents(), pad: s.pad.drainEvents(), time: s.time)
            s.check("value slider drag by \(dx)")
        }
        #expect(volume.state == .dragging)
        volume.touchEnded(at: grab + Vector(140, 0), time: s.time)
        _ = s.host.process(slider: volume.drainEvents(), pad: s.pad.drainEvents(), time: s.time)
        s.check("value slider drag end")
        #expect(volume.touchBegan(at: volume.thumbRect(at: s.time).center, time: s.time))
        s.check("value slider press (balloon)")
        volume.touchEnded(at: volume.thumbRect(at: s.time).center, time: s.time)
        _ = s.host.process(slider: volume.drainEvents(), pad: s.pad.drainEvents(), time: s.time)
        #expect(s.pad.isOpen)
        s.check("pad open")
        s.pad.press(label: "7")
        _ = s.host.process(slider: volume.drainEvents(), pad: s.pad.drainEvents(), time: s.time)
        s.check("key 7")
        let eight = try #require(s.pad.keys.first { $0.key.label == "8" })
        #expect(s.pad.touchBegan(at: eight.frame.center, time: s.time))
        s.check("callout")
        s.pad.touchCancelled(time: s.time)
        s.check("callout gone")
        s.pad.close(committed: false)
        _ = s.host.process(slider: volume.drainEvents(), pad: s.pad.drainEvents(), time: s.time)
        s.advance(0.5)
        s.check("pad closed")

        let range = s.demo.hours
        range.secondAngle = 200
        s.check("range second handle")
        range.angle = 30
        s.check("range first handle")
    }
}

@Suite("Damage stays local")
struct LocalDamageTests {
    static func within(_ rects: [PixelRect], _ box: Rect) -> Bool {
        rects.allSatisfy {
            Double($0.x) >= box.minX.rounded(.down) && Double($0.y) >= box.minY.rounded(.down)
                && Double($0.maxX) <= box.maxX.rounded(.up) && Double($0.maxY) <= box.maxY.rounded(.up)
        }
    }

    @Test("RVS-24: pressing the spinner's centre repaints only the centre; CS-12/13: a seeker drag only the thumb")
    func spinnerAndSeeker() {
        let demo = DemoScreen()
        let view = ScreenView(
            controls: demo.controls, background: Theme.dark.background, resources: Fixture.resources(), scale: 1)
        let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)
        view.render(into: screen.canvas, full: true)

        let spinner = demo.source
        #expect(spinner.touchBegan(at: spinner.discCenter, time: 0))
        let centre = spinner.transform.boundingBox(of: spinner.bounds).outsetBy(3)
        let pressed = view.render(into: screen.canvas, full: false)
        #expect(!pressed.isEmpty)
        #expect(Self.within(pressed, centre), "\(pressed) outside the centre \(centre)")

        let seeker = demo.seek
        let before = seeker.thumbFrame
        #expect(seeker.touchBegan(at: before.center, time: 0))
        _ = seeker.advance(to: 1)
        view.render(into: screen.canvas, full: false)
        seeker.touchMoved(to: seeker.point(atAngle: 270, radius: seeker.arcRadius), time: 1)
        _ = seeker.advance(to: 1)
        let after = seeker.drawnThumbRect
        let moved = view.render(into: screen.canvas, full: false)
        let allowed = seeker.transform.boundingBox(of: before.outsetBy(ArcSeeker.thumbSize).union(after.outsetBy(4)))
        #expect(!moved.isEmpty)
        #expect(Self.within(moved, allowed), "\(moved) outside the thumb areas \(allowed)")
    }

    @Test("The demo screen (Config/demo.toml's controls) at 800x480")
    func demoScreen() throws {
        try Reference.check(Fixture.render(DemoScreen().controls, width: 800, height: 480, time: 1), "demo-screen")
    }
}
