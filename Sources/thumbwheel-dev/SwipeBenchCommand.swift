import ConfigLoading
import CLISupport
import Core
import Display
import Glibc
import Kiosk
import Raster
import Widgets

/// `thumbwheel-dev bench-swipe`: what one frame of a page swipe costs on every page of the example
/// panels, done as the kiosk does it: both pages drawn once into bitmaps of their own, then per frame
/// the two copied side by side at the frame's offset (`PageSlide`) and the whole canvas presented to
/// a headless display of the config's rotation (the copy a panel gets). Wall time per frame, at the
/// config's size, over a swipe's offsets from one edge to the other.
struct SwipeBenchCommand {
    static let spec = CommandSpec(
        "bench-swipe",
        abstract: "Time of a full-screen page-swipe frame (compose and present) on every page of the example configs.",
        arguments: [
            .positional(
                "configs", "FILE", "Config files (default: every .toml in Config/).", optional: true, repeating: true,
                completion: .file),
            .option("frames", "frames", "Frames measured per page.", .integer, default: "600"),
        ]
    ) { a in try SwipeBenchCommand(configs: a.strings("configs"), frames: a.int("frames")!).run() }

    var configs: [String]
    var frames: Int

    func run() throws {
        let files = configs.isEmpty ? SwipeBenchCommand.examples() : configs
        print("config               screen          size      p50 ms  p99 ms  max ms  cpu max ms  neighbour ms")
        var worst = 0.0
        for file in files {
            let config = try ConfigLoader.load(path: file)
            for index in config.screens.indices {
                let (frameTimes, cpuTimes, first) = measure(config, screen: index)
                let times = frameTimes.sorted()
                worst = max(worst, times.last ?? 0)
                let size = config.display.headlessSize
                let name = String(file.split(separator: "/").last ?? "")
                print(
                    pad(name, 20) + " " + pad(config.screens[index].id, 15) + " " + pad("\(size)", 9) + " "
                        + pad(ms(quantile(times, 0.5)), 7) + " " + pad(ms(quantile(times, 0.99)), 7) + " "
                        + pad(ms(times.last ?? 0), 7) + " " + pad(ms(cpuTimes.max() ?? 0), 11) + " "
                        + (first.map(ms) ?? "-"))
            }
        }
        print("slowest frame: \(ms(worst)) ms")
    }

    /// Frame times (seconds) of a swipe from page `index` towards its neighbour (the next one, or the
    /// previous for the last page; a lone page stretches over the background), and the time the
    /// neighbour took to be built and drawn once (what the swipe's first frame adds). Each frame is
    /// timed twice: on the wall clock, and in this thread's CPU time (which leaves out the time the
    /// shared machine's other processes held the core).
    private func measure(_ config: KioskConfig, screen index: Int) -> ([Double], [Double], Double?) {
        let size = config.display.headlessSize
        let scale = PanelScale.of(config: config.display, canvasSize: size, physicalMM: nil)
        func drawn(_ i: Int) -> Bitmap {
            let screen = KioskScreen(config: config, index: i, canvasSize: size, scale: scale, time: 0)
            let b = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
            _ = screen.render(into: b.canvas, full: true, time: 0)
            return b
        }
        let page = drawn(index)
        let count = config.screens.count
        let side = index + 1 < count ? 1 : (index > 0 ? -1 : 0)
        let built = now()
        let neighbour = side == 0 ? nil : drawn(index + side)
        let first = neighbour == nil ? nil : now() - built
        let frame = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
        let display = HeadlessDisplay(
            canvas: size, rotation: DisplayRotation(degrees: config.display.rotation) ?? .deg0)
        let fill = config.screens[index].background ?? config.theme.background
        // The navigation bar stays put, as in the kiosk (`KioskRuntime.navigationBarRows`).
        let bar = Int((NavBarKind.height * scale).rounded())
        let fixed: Range<Int> =
            switch config.navigation.bar {
            case .none: 0..<0
            case .top: 0..<min(bar, size.height)
            case .bottom: max(0, size.height - bar)..<size.height
            }
        var times: [Double] = [], cpu: [Double] = []
        times.reserveCapacity(frames)
        cpu.reserveCapacity(frames)
        // A swipe's offsets, 20 frames edge to edge, over and over: towards the next page the page moves
        // left (negative), towards the previous one right.
        for i in 0..<frames {
            let offset = -side * size.width * (i % 20 + 1) / 21
            let t0 = now(), c0 = now(CLOCK_THREAD_CPUTIME_ID)
            PageSlide.compose(
                into: frame, page: page, neighbour: neighbour, offset: offset, fill: fill, fixedRows: fixed)
            _ = try? display.present(SourceFrame(frame), damage: [frame.canvas.bounds])
            times.append(now() - t0)
            cpu.append(now(CLOCK_THREAD_CPUTIME_ID) - c0)
        }
        return (times, cpu, first)
    }

    /// Every config in Config/.
    static func examples() -> [String] {
        guard let dir = opendir("Config") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".toml") { names.append("Config/" + name) }
        }
        return names.sorted()
    }

    private func quantile(_ sorted: [Double], _ q: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))]
    }

    private func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func ms(_ seconds: Double) -> String {
        let v = (seconds * 1e5).rounded() / 100
        return "\(v)"
    }

    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
    }
}
