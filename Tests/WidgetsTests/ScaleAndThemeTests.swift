import AssetFiles
import ConfigModel
import Glibc
import Testing
import TestSupport
import Controls
import Core
import Raster
@testable import Widgets

@Suite("Physical scale and theme")
struct ScaleAndThemeTests {
    /// Millimetres that `points` logical points take across a panel.
    static func millimetres(_ points: Double, panel: Size, mm: Size) -> Double {
        points * Scale.from(panelPixels: panel, physicalMM: mm) * mm.width / panel.width
    }

    @Test("A 7\" 800x480 and a 10\" 1280x800 panel show a control at the same physical size")
    func samePhysicalSize() {
        // Active areas from the panels' data sheets: Raspberry Pi 7" touch display, a common 10.1" IPS panel.
        let seven = Self.millimetres(200, panel: Size(800, 480), mm: Size(154.08, 85.92))
        let ten = Self.millimetres(200, panel: Size(1280, 800), mm: Size(216.96, 135.6))
        #expect(abs(seven - ten) < 0.01)
        #expect(abs(seven - 200 * 0.1927) < 0.01)
        // The 7" panel the demo is laid out for is (almost exactly) scale 1.
        #expect(abs(Scale.from(panelPixels: Size(800, 480), physicalMM: Size(154.08, 85.92)) - 1) < 0.001)
        // The denser panel needs more pixels per point.
        #expect(
            Scale.from(panelPixels: Size(1280, 800), physicalMM: Size(216.96, 135.6))
                > Scale.from(panelPixels: Size(800, 480), physicalMM: Size(154.08, 85.92)))
    }

    @Test("Unknown physical size (0 mm from the connector) falls back to 1 pixel per point")
    func unknownSize() {
        #expect(Scale.from(panelPixels: Size(800, 480), physicalMM: Size(0, 0)) == 1)
    }

    @Test("The minimum hit size is 9 mm in points (≈ 46.7 pt), a little above the original's 44 pt target")
    func minimumHit() {
        #expect(abs(Scale.minimumHitPoints * Scale.millimetresPerPoint - 9) < 1e-9)
        #expect(Scale.minimumHitPoints > CircularGeometry.originalTouchSide)
    }

    @Test(
        "The dark theme is legible: text on its grounds, the value's arc, thumb and handle against what they sit on; apply() copies it; the default fonts open"
    )
    func themeDefaults() {
        let t = Theme.dark
        // WCAG 2.1: 4.5:1 for text (1.4.3), 3:1 for the parts of a control one must see (1.4.11).
        for (ground, name) in [(t.background, "background"), (t.track, "track"), (t.popupBackground, "popup rows")] {
            #expect(Self.contrast(t.text, ground) >= 4.5, "text on the \(name)")
        }
        #expect(Self.contrast(t.accent, t.background) >= 3, "a value's filled arc on the background")
        #expect(Self.contrast(t.seekerThumb, t.background) >= 3, "the seeker's thumb on the background")
        #expect(Self.contrast(t.handle, t.accent) >= 3, "a handle on the filled arc it sits on")
        // Where the fill meets the track is the value: the two must differ at a glance.
        #expect(Self.contrast(t.accent, t.track) >= 2, "filled against unfilled track")
        let s = CircularSlider(id: "s")
        t.apply(to: s)
        #expect(s.track.filledColor == t.accent && s.track.unfilledColor == t.track && s.handle.color == t.handle)
        let r = Resources(theme: t, faces: .open())
        #expect(r.regularFace != nil && r.boldFace != nil, "DejaVu fonts must be installed (fonts-dejavu-core)")
    }

    @Test("A control kind Widgets does not know is listed, not drawn")
    func unsupported() {
        final class Blob: TouchControl {
            let id = "blob"
            var transform = Transform.identity
            var bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            var isHidden = false
            func claims(_ p: Point) -> Bool { false }
            func touchBegan(at p: Point, time: MonotonicTime) -> Bool { false }
            func touchMoved(to p: Point, time: MonotonicTime) {}
            func touchEnded(at p: Point, time: MonotonicTime) {}
            func touchCancelled(time: MonotonicTime) {}
            func advance(to time: MonotonicTime) -> Bool { false }
            func drainEvents() -> [ControlEvent] { [] }
        }
        let view = ScreenView(
            controls: [Blob(), CircularSlider(id: "s")], background: .black, resources: Fixture.resources(), scale: 1)
        #expect(view.unsupported == ["blob"])
    }

    /// WCAG 2.1's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05) of their relative luminances.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        func luminance(_ c: Color) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(Double(c.r) / 255) + 0.7152 * linear(Double(c.g) / 255) + 0.0722
                * linear(Double(c.b) / 255)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

}

@Suite("Text fitting")
struct TextFittingTests {
    @Test("NP-4/NP-31: shrink to fit down to 10 pt, then tail or middle truncation with an ellipsis")
    func fitting() {
        let bitmap = Bitmap(width: 10, height: 10)
        let p = LocalPainter(canvas: bitmap.canvas, transform: .identity, resources: Fixture.resources())
        let short = p.fitted("50", width: 40, maxSize: 14, minSize: 10, bold: true, truncation: .tail)
        #expect(short.text == "50" && short.size == 14)
        let long = "5012345678894"
        let middle = p.fitted(long, width: 40, maxSize: 14, minSize: 10, bold: true, truncation: .middle)
        #expect(middle.size == 10)
        #expect(middle.text.hasPrefix("50") && middle.text.hasSuffix("94") && middle.text.contains("…"))
        #expect(p.textSize(middle.text, size: 10, bold: true).width <= 40)
        let tail = p.fitted(long, width: 40, maxSize: 14, minSize: 10, bold: true, truncation: .tail)
        #expect(tail.text.hasPrefix("501") && tail.text.hasSuffix("…"))
    }
}
