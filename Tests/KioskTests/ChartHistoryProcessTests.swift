import Core
import Glibc
import Raster
import Testing
@testable import Formats
@testable import Kiosk

/// A chart on a screen not shown while its variable changes: the runtime records each set into the
/// history (where it broadcasts `variable`), so the chart shows them once its screen is shown.
private let trendScreen = """
    [[variables]]
    id = "temp"
    [[screens]]
    id = "trend"
      [[screens.controls]]
      kind = "chart"
      id = "history"
      frame = [0, 0, 400, 300]
      sources = ["temp"]
      min = 0
      max = 100
      colors = ["#FF0000"]
      line_width = 6
    """

@Suite("The kiosk process: chart history", .serialized)
struct ChartHistoryProcessTests {
    /// The pixels of the shown frame that are pure red (the chart's line).
    static func redPixels(_ kiosk: KioskProcess) throws -> Int {
        let reply = try #require(kiosk.request("{\"cmd\":\"screenshot\"}"))
        let png = try #require(JSON.parse(Array(reply.utf8))?["png"]?.stringValue.flatMap { Base64.decode($0) })
        let bitmap = try PNGImage.decode(png)
        var count = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.color(x: x, y: y) == Color(rgb: 0xFF0000) { count += 1 }
        }
        return count
    }

    @Test("values set while another screen is shown are charted when the chart's screen appears")
    func recordsOffScreen() throws {
        let kiosk = try #require(KioskProcess(name: "kiosk-chart", extraScreens: trendScreen))
        for v in [0, 100, 0, 100] {
            #expect(
                kiosk.request("{\"cmd\":\"set-var\",\"id\":\"temp\",\"value\":\(v)}")?.contains("\"ok\":true") == true)
        }
        #expect(kiosk.request("{\"cmd\":\"screen\",\"id\":\"trend\"}")?.contains("\"ok\":true") == true)
        // Four samples from 0 to 100 and back: lines across the plot's whole height, in the chart's red.
        #expect(try Self.redPixels(kiosk) > 500)
    }
}
