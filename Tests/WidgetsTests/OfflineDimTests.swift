import ConfigModel
import Controls
import Core
import Raster
import Testing
@testable import Widgets

/// The dim rule of offline mode (issue 43 item 3): text showing a value whose source is unavailable
/// (its entity, device or link) is drawn dimmed behind the broken-link marker, whatever the source:
/// a variable, a control, a dial's own value, a gauge's source. One rule (`ValueBoard.isStale`).
@Suite("Offline mode: what dims when its source is unavailable")
struct OfflineDimTests {
    let frame = Rect(x: 0, y: 0, width: 240, height: 40)
    let marker = ValueBoard.unavailableMarker

    @Test("A label showing a variable: dimmed with the marker while unavailable, bright again after")
    func labelVariable() throws {
        let f = PanelFixture([.init(id: "door", type: .text)])
        f.board.set("door", .text("locked"), at: 0)
        let label = try #require(f.label("l", frame, "Front door {door}").model as? TextLabel)
        #expect(label.rendered(at: 1) == ("Front door locked", false))
        #expect(f.board.setAvailable("door", false))
        #expect(!f.board.setAvailable("door", false), "a second mark is no change")
        #expect(label.rendered(at: 1) == (marker + "Front door locked", true))
        #expect(f.board.isStale("door", at: 1), "one rule: unavailable reads as stale")
        f.board.setAvailable("door", true)
        #expect(label.rendered(at: 1) == ("Front door locked", false))
    }

    @Test("A label showing a control's value (a bound element) dims with it")
    func labelControl() throws {
        let f = PanelFixture(controls: ["lamp": .single(40)])
        let label = try #require(f.label("l", frame, "Lamp {lamp} %").model as? TextLabel)
        f.board.setAvailable("lamp", false)
        #expect(label.rendered(at: 0) == (marker + "Lamp 40 %", true))
        #expect(!f.board.readsUnavailable(try TextTemplate(parsing: "{other}")))
    }

    @Test("A dial's readout dims with the dial; a gauge's readout with its source; a template's other names too")
    func readouts() throws {
        let f = PanelFixture([.init(id: "tank"), .init(id: "outdoor")])
        f.board.set("tank", .number(60), at: 0)
        f.board.set("outdoor", .number(4), at: 0)
        let box = Rect(x: 0, y: 0, width: 200, height: 200)
        let dial = f.make("circular-slider", "dial", box, ["value": .number(20), "readout": .string("{value:.0} %")])
        let readout = try #require(dial.decorations.first as? Readout)
        #expect(readout.rendered(at: 0) == ("20 %", false))
        f.board.setAvailable("dial", false)
        #expect(readout.rendered(at: 0) == (marker + "20 %", true))
        let gauge = f.make("gauge", "g", box, ["source": .string("tank"), "readout": .string("{value:.0} l")])
        let gaugeReadout = try #require(gauge.decorations.first as? Readout)
        _ = gauge.model.advance(to: 0)
        #expect(gaugeReadout.rendered(at: 0).stale == false)
        f.board.setAvailable("tank", false)
        #expect(gaugeReadout.rendered(at: 0).stale && gaugeReadout.rendered(at: 0).text.hasPrefix(marker))
        let other = f.make("circular-slider", "o", box, ["value": .number(1), "readout": .string("{outdoor} °C")])
        let otherReadout = try #require(other.decorations.first as? Readout)
        #expect(otherReadout.rendered(at: 0) == ("4 °C", false))
        f.board.setAvailable("outdoor", false)
        #expect(otherReadout.rendered(at: 0) == (marker + "4 °C", true))
    }

    @Test("On screen the unavailable text is fainter than the live one and carries the marker's ink")
    func pixels() throws {
        let f = PanelFixture([.init(id: "door", type: .text)])
        f.board.set("door", .text("locked"), at: 0)
        let r = try IconLookTests.resources()
        let live = Fixture.render(
            f.label("l", frame, "{door}", ["size": .number(24)]).drawn, width: 240, height: 40, resources: r)
        f.board.setAvailable("door", false)
        let gone = Fixture.render(
            f.label("l", frame, "{door}", ["size": .number(24)]).drawn, width: 240, height: 40, resources: r)
        func brightest(_ b: Bitmap, columns: Range<Int>) -> UInt32 {
            var m: UInt32 = 0
            for y in 0..<40 { for x in columns { m = max(m, b[x, y] & 0xFF) } }
            return m
        }
        #expect(brightest(gone, columns: 0..<240) < brightest(live, columns: 0..<240), "never at full strength")
        // The marker stands where the live text starts: ink left of the live text's first pixel.
        let firstInk = (0..<240).first { x in (0..<40).contains { live[x, $0] != live[239, 0] } } ?? 0
        #expect((0..<40).contains { gone[firstInk, $0] != live[239, 0] })
        #expect(brightest(gone, columns: 0..<24) > brightest(live, columns: 0..<1), "the marker is drawn")
    }
}
