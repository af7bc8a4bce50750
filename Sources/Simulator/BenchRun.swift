import ConfigLoading
import Core
import Kiosk
import Platform

/// `simulate --bench N`: N full frames drawn back to back in the window, each the kiosk's own draw
/// (what the headless display costs) plus the window's copy, scale and push.
struct BenchRun {
    let frames: Int
    private var done = -1
    private var startedTurn = 0.0
    private var total = 0.0
    private var before = PresentTiming()

    init(frames: Int) { self.frames = max(1, frames) }

    /// One loop turn: asks for the next full frame; false once every frame was measured.
    mutating func step(now: MonotonicTime, kiosk: any KioskHandle, timing: PresentTiming) -> Bool {
        let t = monotonicNow()
        if done < 0 { before = timing } else { total += t - startedTurn }
        done += 1
        guard done < frames else { return false }
        kiosk.redrawEverything()
        startedTurn = monotonicNow()
        return true
    }

    /// "N full frames in the window: a ms each = draw b ms + copy c + scale d + push e".
    func summary(_ timing: PresentTiming) -> String {
        let n = Double(frames)
        let shown = timing.since(before)
        let present = shown.copy + shown.scale + shown.push
        func ms(_ s: Double) -> String { decimal(s / n * 1000, places: 3) + " ms" }
        return
            "\(frames) full frames of \(shown.pixels / max(1, shown.frames)) pixels in the window: \(ms(total)) each = "
            + "draw \(ms(total - present)) (the headless cost) + copy \(ms(shown.copy)) + scale \(ms(shown.scale)) + push \(ms(shown.push))"
    }
}
