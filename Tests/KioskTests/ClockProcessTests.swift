import Core
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Kiosk
@testable import SocketAdapter

/// `{now:…}` on a running kiosk: the wall time is drawn, and an idle panel showing it does not wake
/// for it between minutes.
@Suite("A clock on the panel", .serialized)
struct ClockProcessTests {
    static let label = """
          [[screens.controls]]
          kind = "label"
          id = "clock"
          frame = [210, 10, 180, 60]
          text = "{now:HH:mm}"
          size = 40
        """

    func wakeups(_ client: TestClient) -> Int? {
        client.send("{\"cmd\":\"stats\"}\n")
        let deadline = monotonicNow() + TestTiming.seconds(5)
        var line: String?
        while line == nil && monotonicNow() < deadline {
            line = client.nextLine()
            if line == nil { usleep(2_000) }
        }
        return line.flatMap { JSON.parse(Array($0.utf8)) }?["wakeups"]?.numberValue.map { Int($0) }
    }

    @Test("The label shows a time (not the dash a render without a clock shows); idle, the loop stays asleep")
    func clock() throws {
        let kiosk = try #require(KioskProcess(name: "clock-kiosk", extraScreens: Self.label))
        usleep(300_000)
        let shown = try #require(try kiosk.screenshotBitmap())
        let dir = makeTemporaryDirectory("clock-render")
        try FileIO.writeAtomically(
            Array(KioskProcess.config(dir: dir, extraScreens: Self.label).utf8), to: dir + "/c.toml")
        let binary = try #require(thumbwheelBinary())
        let run = try #require(runTool(binary, ["render", "--config", dir + "/c.toml", "--out", dir + "/c.png"]))
        try #require(run.status == 0)
        let bytes = try #require(FileIO.read(dir + "/c.png"))
        let dash = try PNGImage.decode(bytes)
        let rendered = Array(UnsafeBufferPointer(start: dash.pixels, count: dash.width * dash.height))
        #expect(shown.pixels != rendered, "the kiosk draws the wall time where a render shows —")
        // A reload keeps the time shown (its new board is given the minute already read).
        #expect(kiosk.request(#"{"cmd":"reload"}"#)?.contains("\"ok\":true") == true)
        usleep(300_000)
        let reloaded = try #require(try kiosk.screenshotBitmap())
        let dashAgain = reloaded.pixels == rendered
        #expect(!dashAgain, "after a reload the wall time is still drawn, not —")
        // One connection for both requests, so each costs the loop one wake-up (its line arriving).
        // Between two readings three seconds apart at most one minute starts: at most two wake-ups.
        let client = try #require(TestClient(path: kiosk.socketPath))
        let first = try #require(wakeups(client))
        sleep(3)
        let second = try #require(wakeups(client))
        #expect(second - first <= 2, "an idle clock panel woke \(second - first) times in 3 s")
    }
}
