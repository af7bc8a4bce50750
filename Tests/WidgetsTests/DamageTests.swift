import Testing
import Controls
import Core
import Raster
@testable import Widgets

/// Damage tracking: what `render(full: false)` repaints, and that repainting only that gives the same
/// pixels as a full frame.
@Suite("Damage")
struct DamageTests {
    /// Two sliders on an 800x480 screen; the first one is dragged.
    final class Scene {
        let resources = Fixture.resources()
        let dragged: CircularSlider
        let other: CircularSlider
        let view: ScreenView
        let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)

        init() {
            dragged = CircularSlider(
                id: "a", bounds: Rect(x: 0, y: 0, width: 240, height: 240), transform: .translation(40, 120))
            other = CircularSlider(
                id: "b", bounds: Rect(x: 0, y: 0, width: 240, height: 240), transform: .translation(480, 120))
            for s in [dragged, other] {
                Theme.dark.apply(to: s)
                s.lineWidth = 10; s.labels = ["0", "25", "50", "75"]; s.markerCount = 8; s.currentValue = 30
            }
            view = ScreenView(
                controls: [dragged, other], background: Theme.dark.background, resources: resources, scale: 1)
            view.render(into: screen.canvas, full: true)
        }

        /// A full frame of the current state, drawn from scratch by a fresh view.
        func fullFrame() -> Bitmap {
            let fresh = ScreenView(
                controls: [dragged, other], background: Theme.dark.background, resources: resources, scale: 1)
            let b = Bitmap(width: 800, height: 480, format: .xrgb8888)
            fresh.render(into: b.canvas, full: true)
            return b
        }

        /// Device box of the handle at compass `angle`, computed here from the geometry (d/2 + 3 px).
        func handleBox(_ angle: Double) -> Rect {
            let g = dragged.geometry
            let c = dragged.transform.apply(g.drawn(g.handleCenter(angle: angle)))
            // The handle, the ring a handle lost in its track carries (`HandleHalo`), 3 px of slack.
            return Rect.around(
                c, radius: dragged.handleDiameter / 2 + HandleHalo.width(diameter: dragged.handleDiameter) + 3)
        }

        /// Device box of the track between two compass angles (stroke half-width + 3 px).
        func arcBox(_ a0: Double, _ a1: Double) -> Rect {
            let g = dragged.geometry
            var box = Rect.zero
            var a = a0
            while true {
                let p = dragged.transform.apply(g.drawn(g.center + g.offset(compass: min(a, a1), radius: g.radius)))
                box = box.union(Rect.around(p, radius: Double(dragged.lineWidth) / 2 + 3))
                if a >= a1 { break }
                a += 0.5
            }
            return box
        }
    }

    /// True when every channel of every pixel is within 4/255. Exact equality is too strict: an arc of
    /// another sweep is flattened into other segments, which moves anti-aliased edge pixels by a few steps
    /// even where the two arcs overlap; a damage rectangle that missed a change differs far more.
    static func matches(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if p == q { continue }
                for shift: UInt32 in [0, 8, 16, 24] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > 4 {
                    return false
                }
            }
        }
        return true
    }

    static func contains(_ outer: Rect, _ inner: PixelRect) -> Bool {
        Double(inner.x) >= outer.minX.rounded(.down) && Double(inner.y) >= outer.minY.rounded(.down)
            && Double(inner.maxX) <= outer.maxX.rounded(.up) && Double(inner.maxY) <= outer.maxY.rounded(.up)
    }

    @Test("Moving a slider handle damages only the old and new handle areas and the changed arc span")
    func dragDamage() throws {
        let scene = Scene()
        let from = scene.dragged.angle
        // A drag sample: the finger at compass from + 3° on the track.
        let g = scene.dragged.geometry
        let start = g.drawn(g.handleCenter(angle: from))
        #expect(scene.dragged.touchBegan(at: start, time: 0))
        _ = scene.view.render(into: scene.screen.canvas, full: false)  // the press highlight
        let target = g.drawn(g.center + g.offset(compass: from + 3.5, radius: g.radius))
        scene.dragged.touchMoved(to: target, time: 0.016)
        let to = scene.dragged.angle
        #expect(to == from + 3)

        let rects = scene.view.render(into: scene.screen.canvas, full: false)
        #expect(!rects.isEmpty)
        let expected = [scene.handleBox(from), scene.handleBox(to), scene.arcBox(from, to)]
        let allowed = expected.reduce(Rect.zero) { $0.union($1) }
        for r in rects {
            #expect(Self.contains(allowed, r), "damage \(r) outside the handle and arc-span areas \(allowed)")
        }
        // Nothing else: the other slider, the labels across the ring and the far side of the track stay.
        let otherBox = scene.other.transform.boundingBox(of: scene.other.bounds)
        #expect(rects.allSatisfy { !$0.rect.intersects(otherBox) })
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(Double(area) <= allowed.width * allowed.height + 1)
        #expect(area < 800 * 480 / 100, "a 3° drag repaints under 1 % of the screen")
        // And repainting only those rectangles gives exactly the pixels of a full frame.
        #expect(Self.matches(scene.screen, scene.fullFrame()))
    }

    @Test("A large jump repaints the span between the angles, and the result matches a full frame")
    func jumpDamage() throws {
        let scene = Scene()
        scene.dragged.currentValue = 80
        let rects = scene.view.render(into: scene.screen.canvas, full: false)
        #expect(!rects.isEmpty)
        #expect(Self.matches(scene.screen, scene.fullFrame()))
        scene.dragged.currentValue = 5
        _ = scene.view.render(into: scene.screen.canvas, full: false)
        #expect(Self.matches(scene.screen, scene.fullFrame()))
    }

    @Test("Nothing changed: no rectangles and no pixel written")
    func idle() throws {
        let scene = Scene()
        let sentinel = Bitmap(width: 800, height: 480, format: .xrgb8888, fill: Color(rgb: 0xFF00FF))
        let rects = scene.view.render(into: sentinel.canvas, full: false)
        #expect(rects.isEmpty)
        #expect(sentinel.color(x: 100, y: 100) == Color(rgb: 0xFF00FF))
    }

    @Test("Pressing the handle (MS-43 highlight) damages only the handle area")
    func pressDamage() throws {
        let scene = Scene()
        let g = scene.dragged.geometry
        #expect(scene.dragged.touchBegan(at: g.drawn(g.handleCenter(angle: scene.dragged.angle)), time: 0))
        let rects = scene.view.render(into: scene.screen.canvas, full: false)
        let box = scene.handleBox(scene.dragged.angle)
        #expect(rects.count == 1)
        #expect(rects.allSatisfy { Self.contains(box, $0) })
        #expect(Self.matches(scene.screen, scene.fullFrame()))
    }

    @Test("full: true repaints the whole canvas")
    func fullFrame() throws {
        let scene = Scene()
        let rects = scene.view.render(into: scene.screen.canvas, full: true)
        #expect(rects == [PixelRect(x: 0, y: 0, width: 800, height: 480)])
    }
}
