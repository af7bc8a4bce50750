import ConfigLoading
import CLISupport
import Core
import Kiosk

/// `thumbwheel replay … --config FILE`: the recorded touches go through the config's first screen
/// exactly as in the kiosk (router, controls, fixed-step physics at the recorded times) and each
/// control event is printed with its time.
enum ReplayControls {
    static func run(frames: [TouchFrame], configPath: String, size: Size?) -> Int32 {
        let config: KioskConfig
        do { config = try ConfigLoader.load(path: configPath) } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            return 1
        }
        let canvas = size.map { PixelSize(width: Int($0.width), height: Int($0.height)) } ?? config.display.headlessSize
        let scale = PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil)
        let start = frames.first?.time ?? 0
        let screen = KioskScreen(config: config, index: 0, canvasSize: canvas, scale: scale, time: start)
        var count = 0
        func drain(_ t: MonotonicTime) {
            for b in screen.elements {
                for e in b.drainEvents(time: t) {
                    print(String(format6(t - start)) + " " + b.id + " " + "\(e)")
                    count += 1
                }
            }
        }
        for frame in frames {
            _ = screen.advance(to: frame.time)
            screen.router.route(frame)
            drain(frame.time)
        }
        // Let momentum and animations finish (at most ten seconds of the fixed 60 Hz step).
        var t = frames.last?.time ?? start
        for _ in 0..<600 {
            t += 1.0 / 60
            let moving = screen.advance(to: t)
            drain(t)
            if !moving { break }
        }
        for b in screen.elements { if let v = b.value { print("# \(b.id) = \(v.hookText)") } }
        print("# \(frames.count) frames, \(count) control events")
        return 0
    }

    /// Seconds with six decimals, without Foundation.
    static func format6(_ x: Double) -> String {
        let micro = Int((x * 1_000_000).rounded())
        let frac = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}
