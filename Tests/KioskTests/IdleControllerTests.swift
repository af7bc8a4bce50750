import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("Idle: dim, blank, and a wake tap that does nothing else")
struct IdleControllerTests {
    /// A fake /sys/class/backlight/X with max_brightness 200.
    func backlight() throws -> String {
        let dir = makeTemporaryDirectory("backlight")
        try FileIO.writeAtomically(Array("200\n".utf8), to: dir + "/max_brightness")
        try FileIO.writeAtomically(Array("200\n".utf8), to: dir + "/brightness")
        return dir
    }

    func brightness(_ dir: String) -> String? {
        FileIO.read(dir + "/brightness").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Dims after dim_after, blanks after blank_after; the first touch wakes and is swallowed")
    func cycle() throws {
        let dir = try backlight()
        var config = IdleConfig()
        config.dimAfter = 60; config.blankAfter = 300; config.dimLevel = 0.25; config.backlight = dir
        let idle = IdleController(config: config, now: 0)
        #expect(idle.nextDeadline == 60)
        idle.tick(now: 59)
        #expect(idle.level == .awake && brightness(dir) == "200\n")
        idle.tick(now: 60)
        #expect(idle.level == .dimmed && brightness(dir) == "50\n")
        #expect(idle.nextDeadline == 300)
        idle.tick(now: 300)
        #expect(idle.level == .blank && brightness(dir) == "0\n")
        #expect(idle.touched(now: 301) == true, "the wake tap must only wake the panel")
        #expect(idle.level == .awake && brightness(dir) == "200\n")
        #expect(idle.touched(now: 302) == false, "touches on an awake panel go to the controls")
        #expect(idle.nextDeadline == 362)
    }

    @Test("With wake_tap_only off, the waking touch also reaches the controls")
    func wakeTapPassesThrough() throws {
        var config = IdleConfig()
        config.dimAfter = 10; config.wakeTapOnly = false; config.backlight = try backlight()
        let idle = IdleController(config: config, now: 0)
        idle.tick(now: 10)
        #expect(idle.level == .dimmed)
        #expect(idle.touched(now: 11) == false)
        #expect(idle.level == .awake)
    }

    @Test("No idle settings: no deadline, so the loop never wakes for idling")
    func disabled() {
        let idle = IdleController(config: IdleConfig(), now: 0)
        #expect(idle.nextDeadline == nil)
        idle.tick(now: 1e6)
        #expect(idle.level == .awake)
    }
}
