import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// Issue 36's last look points: a seeker readout that says what its angle means, a value slider
/// thumb that shows its decimals, and a slider whose name is shown in full rather than cut on the thumb.
@Suite("Issue 36: seeker meaning, slider decimals and caption")
struct Issue36RemainderTests {
    @Test("readout_range maps the thumb's place on the arc: the demo's seeker at 250° of 150°…30° reads 42 %")
    func seekerReadoutRange() throws {
        let keys: [String: ConfigValue] = [
            "start_angle": .number(150), "end_angle": .number(30), "value": .number(250),
            "readout": .string("{value:.0} %"), "readout_range": .numbers([0, 100]),
        ]
        let e = PanelFixture().make("arc-seeker", "seek", Rect(x: 0, y: 0, width: 240, height: 240), keys)
        let readout = try #require(e.decorations.first as? Readout)
        #expect(readout.rendered(at: 0).text == "42 %")
        var raw = keys
        raw["readout_range"] = nil
        raw["readout"] = .string("{value:.0}°")
        let plain = PanelFixture().make("arc-seeker", "seek", Rect(x: 0, y: 0, width: 240, height: 240), raw)
        #expect((plain.decorations.first as? Readout)?.rendered(at: 0).text == "250°", "without it, the angle")
        let seeker = try #require(e.model as? ArcSeeker)
        seeker.currentAngle = 150
        #expect(ArcSeekerKind.readoutValue(seeker, range: [0, 100]) == 0)
        seeker.currentAngle = 30
        #expect(ArcSeekerKind.readoutValue(seeker, range: [0, 100]) == 100)
        #expect(ArcSeekerKind.readoutValue(seeker, range: [10, 0]) == 0, "a falling range runs the other way")
    }

    @Test("The value slider's thumb shows every one of its decimals (37 with decimals = 1 is 37.0)")
    func thumbDecimals() throws {
        let f = PanelFixture()
        let tenths = f.make(
            "value-slider", "v", Rect(x: 0, y: 0, width: 416, height: 80),
            ["min": .number(20), "max": .number(120), "value": .number(37), "decimals": .int(1)])
        #expect((tenths.model as? ValueSlider)?.title == "37.0")
        let comma = f.make(
            "value-slider", "v", Rect(x: 0, y: 0, width: 416, height: 80),
            [
                "min": .number(0), "max": .number(10), "value": .number(2.5), "decimals": .int(2),
                "decimal_separator": .string(","),
            ])
        #expect((comma.model as? ValueSlider)?.title == "2,50")
        let whole = f.make(
            "value-slider", "v", Rect(x: 0, y: 0, width: 416, height: 80), ["value": .number(35)])
        #expect((whole.model as? ValueSlider)?.title == "35")
    }

    /// A value slider like the demo's, with or without its title.
    func slider(title: String?) -> Element {
        var keys: [String: ConfigValue] = ["min": .number(0), "max": .number(100), "value": .number(35)]
        if let title { keys["title"] = .string(title) }
        let e = PanelFixture().make("value-slider", "volume", Rect(x: 40, y: 20, width: 460, height: 100), keys)
        _ = e.drainEvents(time: 0)
        return e
    }

    @Test("The slider's title is drawn whole above the track's left end, not cut on the 44 pt thumb")
    func captionShown() throws {
        let titled = slider(title: "Volume"), bare = slider(title: nil)
        let a = Fixture.render(titled.drawn, width: 540, height: 140)
        let b = Fixture.render(bare.drawn, width: 540, height: 140)
        var minX = Int.max, maxX = Int.min, maxY = Int.min, changed = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                changed += 1; minX = min(minX, x); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        #expect(changed > 100, "the title is drawn (\(changed) pixels)")
        // Above the thumb (which starts at the frame's half height, y = 70) and from the track's start.
        #expect(maxY < 70, "the title ends above the thumb: \(maxY)")
        #expect(minX >= 40 && minX < 44, "it starts at the track's left end: \(minX)")
        // Whole: as wide as the word measured at the size it is drawn at, no ellipsis.
        let resources = Fixture.resources()
        let painter = LocalPainter(
            canvas: Bitmap(width: 4, height: 4, format: .xrgb8888).canvas, transform: .identity,
            resources: resources)
        let fit = painter.fitted("Volume", width: 460, maxSize: 18, minSize: 10, bold: false, truncation: .tail)
        #expect(fit.text == "Volume")
        #expect(Double(maxX - minX + 1) >= painter.textSize("Volume", size: fit.size, bold: false).width - 3)
        #expect((titled.model as? ValueSlider)?.title == "35", "the thumb keeps the number")
        try Reference.check(a, "value-slider-caption")
    }

    @Test("A muted label is drawn in the theme's muted_text, legible (4.5:1) on the dark and the light base")
    func mutedLabel() throws {
        for theme in [Theme.dark, Theme.light] {
            #expect(theme.mutedText.contrastRatio(with: theme.background) >= 4.5, "\(theme.mutedText.hex)")
            #expect(theme.mutedText != theme.text, "quieter than the text")
            let pair = try #require(ContrastRule.pairs(of: theme).first { $0.key == "muted_text" })
            #expect(pair.passes)
        }
        let f = PanelFixture()
        let muted = f.label("caption", Rect(x: 0, y: 0, width: 200, height: 30), "Mode", ["muted": .bool(true)])
        let plain = f.label("caption", Rect(x: 0, y: 0, width: 200, height: 30), "Mode")
        let own = f.label(
            "caption", Rect(x: 0, y: 0, width: 200, height: 30), "Mode",
            ["muted": .bool(true), "color": .color(Color(rgb: 0xFF0000))])
        #expect((muted.model as? TextLabel)?.style.color == Theme.dark.mutedText)
        #expect((plain.model as? TextLabel)?.style.color == Theme.dark.text)
        #expect((own.model as? TextLabel)?.style.color == Color(rgb: 0xFF0000), "color wins")
    }
}
