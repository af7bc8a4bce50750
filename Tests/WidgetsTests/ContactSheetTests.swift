import AssetFiles
import Bench
import Glibc
import Testing
import Controls
import Core
import Raster
@testable import Widgets

@Suite("Contact sheet and benchmark")
struct ContactSheetTests {
    @Test("The contact sheet of every control matches its reference, and docs/controls.png is that image")
    func contactSheet() throws {
        let sheet = ContactSheet.render(theme: .dark, faces: .open())
        #expect(sheet.width == 4 * ContactSheet.cell)
        try Reference.check(sheet, "contact-sheet")
        // docs/controls.png (shown in the README) must be the same picture.
        // References sit in <root>/Tests/WidgetsTests/References.
        var parts = Reference.directory.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let root = parts.joined(separator: "/")
        if Reference.recording { try PNGImage.write(sheet, to: root + "/docs/controls.png") }
        let docs = try PNGImage.read(from: root + "/docs/controls.png")
        let reference = try PNGImage.read(from: Reference.directory + "/contact-sheet.png")
        #expect(docs.hasSamePixels(as: reference), "docs/controls.png differs from the contact-sheet reference")
    }

    @Test("The benchmark drags the demo dial with small damage and renders full frames (no timing asserted)")
    func benchmarkRuns() {
        var ticks = 0.0
        let result = WidgetsBenchmark.run(dragFrames: 40, fullFrames: 2) {
            ticks += 1; return ticks
        }
        // Each drag frame repaints the handle and a few degrees of arc: far below a full 800x480 frame.
        #expect(result.dragDamagedPixels > 0)
        #expect(result.dragDamagedPixels < 800 * 480 / 50)
        // The fake clock advances one tick per reading: each measured span is exactly one tick.
        #expect(result.dragFrameMedian == 1 && result.fullFrameMedian == 1)
    }
}
