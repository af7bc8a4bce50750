import Core
import Glibc
import Platform
import Raster
import Testing
@testable import Formats
@testable import Kiosk
@testable import Persistence

/// A chart with `persist = true`: its samples go into the state file and come back after a restart.
private let keptTrend = """
    [[variables]]
    id = "temp"
    [[screens]]
    id = "trend"
      [[screens.controls]]
      kind = "chart"
      id = "history"
      frame = [0, 0, 400, 300]
      sources = ["temp"]
      minutes = 1
      min = 0
      max = 100
      colors = ["#FF0000"]
      line_width = 6
      persist = true
    """

@Suite("The kiosk process: chart samples kept across restarts", .serialized)
struct ChartPersistProcessTests {
    static func chart(_ kiosk: KioskProcess) throws -> KioskProcess.Screenshot {
        #expect(kiosk.request("{\"cmd\":\"screen\",\"id\":\"trend\"}")?.contains("\"ok\":true") == true)
        usleep(200_000)
        return try #require(try kiosk.screenshotBitmap())
    }

    static func red(_ s: KioskProcess.Screenshot) -> Int { s.pixels.filter { $0 & 0xFF_FFFF == 0xFF_0000 }.count }

    static func stop(_ kiosk: KioskProcess) -> Int32 {
        kill(kiosk.process.pid, SIGTERM)
        var status: Int32 = 0
        waitpid(kiosk.process.pid, &status, 0)
        return status
    }

    @Test("Samples fed before a restart are in the state file and drawn the same after it")
    func restart() throws {
        let first = try #require(KioskProcess(name: "chart-persist", extraScreens: keptTrend))
        for v in [0, 100, 0, 100, 50] {
            #expect(
                first.request("{\"cmd\":\"set-var\",\"id\":\"temp\",\"value\":\(v)}")?.contains("\"ok\":true") == true)
            usleep(400_000)  // past the ring's spacing (60 s / 240 samples): a sample each
        }
        let before = try Self.chart(first)
        #expect(Self.red(before) > 500, "the five samples are drawn")
        #expect(Self.stop(first) == 0)
        let file = try #require(FileIO.read(first.statePath))
        let kept = try #require(try StateFile.read(file).get().histories["temp"])
        #expect(kept.map(\.value) == [0, 100, 0, 100, 50])
        let now = WallClock.utcSeconds()
        #expect(kept.allSatisfy { $0.time <= now && $0.time > now - 30 }, "kept at their wall time")

        let second = try #require(KioskProcess(name: "chart-persist-2", extraScreens: keptTrend, stateFile: file))
        let after = try Self.chart(second)
        // The chart ends at its newest sample, so the same samples draw the same picture.
        let differing = zip(before.pixels, after.pixels).filter { $0 != $1 }.count
        #expect(differing < 20, "\(differing) pixels differ from the chart before the restart")
        #expect(second.log.contains("temp: 5 of 5 samples kept"))
    }

    @Test("Kept samples older than the chart's window are dropped at start; a bad history is dropped alone")
    func dropsOld() throws {
        let now = WallClock.utcSeconds()
        let file = StateFile.text(
            ["dial": .single(40)],
            histories: [
                "temp": [
                    StoredSample(time: now - 7_200, value: 100), StoredSample(time: now - 20, value: 10),
                    StoredSample(time: now - 10, value: 10),
                ]
            ])
        let kiosk = try #require(KioskProcess(name: "chart-persist-old", extraScreens: keptTrend, stateFile: file))
        let shown = try Self.chart(kiosk)
        #expect(kiosk.log.contains("temp: 2 of 3 samples kept"))
        // Only the line at 10 is drawn: the hour-old 100 would hold the line at the top from the
        // window's start.
        let top = shown.pixels[0..<(shown.width * 60)].filter { $0 & 0xFF_FFFF == 0xFF_0000 }.count
        #expect(top == 0, "nothing drawn near the top")
        #expect(Self.red(shown) > 150, "the recent samples are drawn")
        #expect(kiosk.request(#"{"cmd":"get","id":"dial"}"#)?.contains("40") == true, "the values are kept")

        var text = String(decoding: file, as: UTF8.self)
        text = text.replacing("\"histories\" : {", with: "\"histories\" : { \"other\" : [ [ 1, \"x\" ] ],")
        let bad = try StateFile.read(Array(text.utf8)).get()
        #expect(bad.histories["temp"]?.count == 3)
        #expect(bad.histories["other"] == nil)
        #expect(bad.dropped.map(\.id) == ["histories.other"])
    }
}
