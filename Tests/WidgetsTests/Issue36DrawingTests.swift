import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Issue 36's drawing defects: dial labels on the ring, handles lost in their track, the value slider's
/// dark look and its unseen title, readouts cut although they fit at half size, a gauge's readout that
/// does not dim, markers that hide the filled arc.
@Suite("Issue 36: drawing defects")
struct Issue36DrawingTests {
    /// The pixels that differ between two renders, as points.
    func differing(_ a: Bitmap, _ b: Bitmap) -> [Point] {
        var out: [Point] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { out.append(Point(Double(x) + 0.5, Double(y) + 0.5)) }
        }
        return out
    }

    /// The thermostat's setpoint dial (Config/thermostat.toml) with and without its labels.
    func thermostatDial(labels: Bool, offset: Double = 34) -> Element {
        var keys: [String: ConfigValue] = [
            "min": .number(15), "max": .number(27), "value": .number(21), "max_angle": .number(280),
            "line_width": .int(18), "padding": .number(44), "label_size": .number(16),
            "label_offset": .number(offset), "filled_color": .color(Color(rgb: 0xE0883A)),
        ]
        if labels { keys["labels"] = .strings(["15", "18", "21", "24", "27"]) }
        return PanelFixture().make("circular-slider", "setpoint", Rect(x: 0, y: 0, width: 316, height: 316), keys)
    }

    @Test(
        "Dial labels keep clear of the band the track and handle sweep, at every angle (the thermostat's 21 sat on its handle)"
    )
    func labelsClearTheRing() throws {
        let with = thermostatDial(labels: true), without = thermostatDial(labels: false)
        let a = Fixture.render(with.drawn, width: 316, height: 316),
            b = Fixture.render(without.drawn, width: 316, height: 316)
        let slider = try #require(with.model as? CircularSlider)
        let g = slider.geometry
        let reach = slider.handleDiameter / 2
        let ink = differing(a, b)
        #expect(ink.count > 100, "the labels are drawn")
        // A label pixel drawn over the track or the handle would change a pixel of the band.
        let onBand = ink.filter { abs($0.distance(to: g.center) - g.radius) < reach + 1 }
        #expect(onBand.isEmpty, "\(onBand.count) label pixels on the ring, first \(String(describing: onBand.first))")
    }

    @Test("12 pt labels inside the ring keep clear of marker discs on it (the demo's temperature dial)")
    func labelsClearMarkers() throws {
        func dial(_ labels: Bool) -> Element {
            var keys: [String: ConfigValue] = [
                "min": .number(10), "max": .number(30), "value": .number(21), "max_angle": .number(270),
                "line_width": .int(10), "marker_count": .int(9), "label_offset": .number(12),
                "padding": .number(40),
            ]
            if labels { keys["labels"] = .strings(["10", "15", "20", "25", "30"]) }
            return PanelFixture().make("circular-slider", "t", Rect(x: 0, y: 0, width: 240, height: 240), keys)
        }
        let with = dial(true), without = dial(false)
        let a = Fixture.render(with.drawn, width: 240, height: 240),
            b = Fixture.render(without.drawn, width: 240, height: 240)
        let slider = try #require(with.model as? CircularSlider)
        let g = slider.geometry
        let side = try #require(slider.markerPlacements.first?.side)
        let reach = max(slider.handleDiameter, side) / 2
        let ink = differing(a, b)
        #expect(ink.count > 50, "the labels are drawn")
        let onBand = ink.filter { abs($0.distance(to: g.center) - g.radius) < reach + 1 }
        #expect(onBand.isEmpty, "\(onBand.count) label pixels on the markers' band")
    }

    @Test("label_offset is the gap between the ring and a label's near edge, the same at 3 and 9 o'clock as at 12")
    func offsetAtTheSides() throws {
        let slider = CircularSlider(id: "d")
        slider.bounds = Rect(x: 0, y: 0, width: 300, height: 300)
        slider.track.lineWidth = 10; slider.track.sliderPadding = 80; slider.track.labelOffset = 30
        slider.track.labelFontSize = 16; slider.track.labels = ["00:00", "06:00", "12:00", "18:00"]
        let layout = DialLabelLayout(
            geometry: slider.geometry, track: slider.track, handleDiameters: [slider.handleDiameter], markerSide: nil)
        let g = slider.geometry
        func gap(_ i: Int) -> Double {
            let p = slider.labelPlacements[i], size = layout.estimatedSize(p.text), c = layout.center(of: p)
            let horizontal = i % 2 == 1
            let near = horizontal ? abs(c.x - g.center.x) - size.width / 2 : abs(c.y - g.center.y) - size.height / 2
            return near - g.radius
        }
        #expect(gap(0) > slider.handleDiameter / 2)
        for i in 1..<4 { #expect(abs(gap(i) - gap(0)) <= 1, "label \(i): gap \(gap(i)) against \(gap(0)) at the top") }
    }

    @Test("A handle that would vanish into its track gets a ring that reaches 3:1 against it (navy on grey)")
    func handleHalo() throws {
        let e = PanelFixture().make(
            "circular-slider", "s", Rect(x: 0, y: 0, width: 200, height: 200),
            [
                "value": .number(50), "line_width": .int(12), "padding": .number(40),
                "unfilled_color": .color(Color(rgb: 0x7A7A7A)),
                "filled_color": .color(Color(rgb: 0xF5C542)),
            ])
        let s = try #require(e.model as? CircularSlider)
        let bitmap = Fixture.render(e.drawn, width: 200, height: 200)
        let g = s.geometry, d = s.handleDiameter
        let c = g.drawn(g.handleCenter(angle: s.angle))
        // Just inside the handle's edge, radially outward from the dial's centre: what the handle touches.
        let ux = (c.x - g.center.x) / c.distance(to: g.center), uy = (c.y - g.center.y) / c.distance(to: g.center)
        let edge = bitmap.color(x: Int(c.x + ux * (d / 2 + 1)), y: Int(c.y + uy * (d / 2 + 1)))
        let ratio = s.handle.color.contrastRatio(with: edge)
        #expect(ratio >= 3, "handle \(s.handle.color) against \(edge): \(ratio)")
        #expect(HandleHalo.color(handle: Color(rgb: 0x234560), track: s.track, ground: Theme.dark.background) != nil)
        #expect(
            HandleHalo.color(fill: .white, touching: [Color(rgb: 0x202020)], ground: Color(rgb: 0x202020)) == nil,
            "a handle that stands out gets no ring")
    }

    @Test(
        "The value slider fills its track in the accent up to the thumb, the thumb in the handle colour, colour keys win"
    )
    func valueSliderColours() throws {
        let f = PanelFixture()
        let plain = f.make("value-slider", "v", Rect(x: 20, y: 20, width: 300, height: 80), ["value": .number(50)])
        let keyed = f.make(
            "value-slider", "v", Rect(x: 20, y: 20, width: 300, height: 80),
            [
                "value": .number(50), "filled_color": .color(Color(rgb: 0x5DBB63)),
                "unfilled_color": .color(Color(rgb: 0xFFFFFF)),
                "handle_color": .color(Color(rgb: 0xF5C542)),
            ])
        _ = plain.drainEvents(time: 0); _ = keyed.drainEvents(time: 0)
        let a = Fixture.render(plain.drawn, width: 340, height: 120),
            b = Fixture.render(keyed.drawn, width: 340, height: 120)
        let slider = try #require(plain.model as? ValueSlider)
        let track = slider.trackRect, thumb = slider.thumbRect(at: 0)
        func at(_ bm: Bitmap, _ x: Double, _ y: Double) -> Color {
            let c = bm.color(x: Int(x + 20), y: Int(y + 20)); return Color(r: c.r, g: c.g, b: c.b)
        }
        let t = Theme.dark
        #expect(at(a, track.minX + 30, track.midY) == t.accent, "filled left of the thumb")
        #expect(at(a, track.maxX - 30, track.midY) == t.track, "unfilled right of it")
        #expect(at(a, thumb.minX + 4, thumb.minY + 3) == t.handle, "the thumb is the theme's handle")
        #expect(at(b, track.minX + 30, track.midY) == Color(rgb: 0x5DBB63))
        #expect(at(b, track.maxX - 30, track.midY) == .white)
        #expect(at(b, thumb.minX + 4, thumb.minY + 3) == Color(rgb: 0xF5C542))
        try Reference.check(a, "value-slider-theme")
    }

    @Test("The value slider's title shows in the number pad's top row, before the range")
    func valueSliderTitle() throws {
        let e = PanelFixture().make(
            "value-slider", "v", Rect(x: 20, y: 250, width: 300, height: 60),
            ["min": .number(0), "max": .number(100), "title": .string("Volume")])
        let pad = try #require(e.overlays.first as? NumberPad)
        #expect(pad.caption == "Volume  \u{00B7}  0\u{2013}100")
        let untitled = PanelFixture().make(
            "value-slider", "v", Rect(x: 20, y: 250, width: 300, height: 60), ["min": .number(0), "max": .number(100)])
        let bare = try #require(untitled.overlays.first as? NumberPad)
        #expect(bare.caption == "0\u{2013}100")
        // Drawn: the pad's top row reads the title before the range.
        for p in [pad, bare] { p.open(currentNumber: 0) }
        _ = e.drainEvents(time: 1); _ = untitled.drainEvents(time: 1)
        let titled = Fixture.render([e.model] + e.overlays, width: 480, height: 320, time: 1)
        let plain = Fixture.render([untitled.model] + untitled.overlays, width: 480, height: 320, time: 1)
        let row = PixelRect(covering: pad.messageFrame).intersection(PixelRect(x: 0, y: 0, width: 480, height: 320))
        #expect(!row.isEmpty, "the row \(pad.messageFrame) is on the screen")
        var changed = 0
        for y in row.y..<row.maxY { for x in row.x..<row.maxX where titled[x, y] != plain[x, y] { changed += 1 } }
        #expect(changed > 100, "the title is drawn in the pad's top row (\(changed) pixels)")
        try Reference.check(titled, "value-slider-pad-title")
    }

    @Test("Shrink-to-fit never returns a size whose text is wider than the room while half the size would fit")
    func shrinkFits() throws {
        let resources = Fixture.resources()
        let bitmap = Bitmap(width: 4, height: 4, format: .xrgb8888)
        let painter = LocalPainter(canvas: bitmap.canvas, transform: .identity, resources: resources)
        var checked = 0
        for text in ["33.4 °C", "06:00–07:30", "1013 hPa", "21.0 °C", "-12.5 %", "07:00–21:30"] {
            for width in stride(from: 60.0, through: 200, by: 3.5) {
                let size = painter.fittingSize(text, width: width, maxSize: 46, minSize: 23, bold: true)
                guard painter.textSize(text, size: 23, bold: true).width <= width else { continue }
                checked += 1
                let w = painter.textSize(text, size: size, bold: true).width
                #expect(w <= width, "\(text) at \(size) pt is \(w) wide in \(width)")
            }
        }
        #expect(checked > 50)
    }

    @Test("A gauge's {value} readout dims when its source variable goes stale, as a label's does")
    func gaugeReadoutStale() throws {
        let f = PanelFixture([.init(id: "tank", staleAfter: 30, initial: .number(42))])
        let e = f.make(
            "gauge", "g", Rect(x: 0, y: 0, width: 200, height: 200),
            ["source": .string("tank"), "readout": .string("{value:.0} %")])
        let readout = try #require(e.decorations.first as? Readout)
        #expect(readout.rendered(at: 10).stale == false)
        #expect(readout.rendered(at: 40).stale == true)
        let fresh = Fixture.render(e.drawn, width: 200, height: 200, time: 10)
        let e2 = f.make(
            "gauge", "g", Rect(x: 0, y: 0, width: 200, height: 200),
            ["source": .string("tank"), "readout": .string("{value:.0} %")])
        let stale = Fixture.render(e2.drawn, width: 200, height: 200, time: 40)
        #expect(!differing(fresh, stale).isEmpty, "the stale readout is drawn dimmer")
    }

    @Test("96 markers on a track leave the filled arc showing between them")
    func denseMarkersShowTheFill() throws {
        let e = PanelFixture().make(
            "circular-slider", "s", Rect(x: 0, y: 0, width: 240, height: 240),
            ["value": .number(100), "marker_count": .int(96), "line_width": .int(8)])
        let s = try #require(e.model as? CircularSlider)
        let bitmap = Fixture.render(e.drawn, width: 240, height: 240)
        let g = s.geometry
        var accent = 0, samples = 0
        for step in 0..<720 {
            let a = Double(step) / 2
            let p = g.drawn(g.center + g.offset(compass: a, radius: g.radius))
            let c = bitmap.color(x: Int(p.x), y: Int(p.y))
            samples += 1
            if Color(r: c.r, g: c.g, b: c.b) == Theme.dark.accent { accent += 1 }
        }
        #expect(accent * 4 > samples, "\(accent) of \(samples) points on the full track show the fill")
    }
}
