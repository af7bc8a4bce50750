import Core
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("Injected touches: queued at most 10 s ahead, played in order, memory bounded")
struct TouchInputTests {
    @Test(
        "A client that keeps the queue full for 15 minutes: every accepted tap plays in order, the refused ones are errors, memory stays bounded"
    )
    func saturatedQueue() {
        let touches = TouchInput(loop: EventLoop())
        var played: [Int] = []
        touches.start(nil) { frame in
            if frame.touches.first?.phase == .began { played.append(frame.touches[0].trackingID) }
        }
        var accepted: [Int] = [], refused = 0, mostHeld = 0
        var now = 0.0
        // 20 taps asked for every 0.1 s (each takes 0.05 s): twice what can play.
        while now < 900 {
            for _ in 0..<20 {
                do throws(TouchInput.QueueFull) {
                    _ = try touches.queueTap(at: Point(5, 5), now: now)
                    accepted.append(accepted.count)
                } catch {
                    refused += 1
                    #expect(error.pending > TouchInput.queueLimit)
                }
            }
            now += 0.1
            touches.routeDue(now: now)
            mostHeld = max(mostHeld, touches.heldFrameCount)
        }
        #expect(refused > 0 && accepted.count > 15_000)
        #expect(played.count > 15_000 && played == played.sorted(), "taps play in the order they were queued")
        // 10 s ahead is 200 taps (400 frames); the played half is dropped before it passes the rest.
        #expect(mostHeld <= 2 * 2 * 200 + 40, "held \(mostHeld) frames at most")
    }
}
