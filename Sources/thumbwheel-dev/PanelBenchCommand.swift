import ConfigLoading
import CLISupport
import Core
import Glibc
import Kiosk
import Raster
import Widgets

/// `thumbwheel-dev bench-panels`: what the example panels cost, read from their config files the way
/// the kiosk reads them — a full frame of every screen, and a variable update (a label or gauge set
/// anew: a damage-only frame) on every screen that shows a variable. CPU time, 800x480 unless a
/// config says otherwise.
struct PanelBenchCommand {
    static let spec = CommandSpec(
        "bench-panels",
        abstract: "CPU time of a full frame of every screen of the example configs, and of a variable update.",
        arguments: [
            .positional(
                "configs", "FILE", "Config files (default: the examples in Config/).", optional: true, repeating: true,
                completion: .file),
            .option(
                "frames", "frames", "Frames measured per figure (the median is printed).", .integer, default: "200"),
        ]
    ) { a in try PanelBenchCommand(configs: a.strings("configs"), frames: a.int("frames")!).run() }

    var configs: [String]
    var frames: Int

    func run() throws {
        let files = configs.isEmpty ? PanelBenchCommand.examples() : configs
        print("config                      screen          full frame   variable update")
        for file in files {
            let config = try ConfigLoader.load(path: file)
            for index in config.screens.indices {
                let row = measure(config, screen: index)
                let name = String(file.split(separator: "/").last ?? "")
                print(
                    pad(name, 27) + " " + pad(config.screens[index].id, 15) + " " + pad(row.full, 12) + " " + row.update
                )
            }
        }
    }

    /// The medians for one screen: a full frame, and a frame after one variable it shows changed.
    private func measure(_ config: KioskConfig, screen index: Int) -> (full: String, update: String) {
        let size = config.display.headlessSize
        let scale = PanelScale.of(config: config.display, canvasSize: size, physicalMM: nil)
        let screen = KioskScreen(config: config, index: index, canvasSize: size, scale: scale, time: 0)
        let bitmap = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
        var full: [Double] = []
        for _ in 0..<frames {
            let t = cpuNow()
            _ = screen.render(into: bitmap.canvas, full: true, time: 0)
            full.append(cpuNow() - t)
        }
        // A number variable some template or gauge on this screen reads, set to two values in turn.
        guard let variable = config.variables.first(where: { v in shows(config.screens[index], v.id, config) }),
            variable.type == .number
        else { return (microseconds(full), "-") }
        var update: [Double] = []
        var pixels = 0
        for i in 0..<frames {
            _ = screen.board.set(variable.id, .number(i % 2 == 0 ? 17.25 : 18.5), at: Double(i))
            let t = cpuNow()
            let damage = screen.render(into: bitmap.canvas, full: false, time: Double(i))
            update.append(cpuNow() - t)
            pixels = damage.reduce(0) { $0 + $1.width * $1.height }
        }
        return (microseconds(full), microseconds(update) + " (\(variable.id), \(pixels) px)")
    }

    /// Whether a control of `screen` names `id` in a template or as its source.
    private func shows(_ screen: ScreenConfig, _ id: String, _ config: KioskConfig) -> Bool {
        screen.controls.contains { c in
            c.properties.string("source") == id
                || c.properties.values.values.contains {
                    if case .string(let s) = $0 { return s.containsText("{" + id) }; return false
                }
        }
    }

    static func examples() -> [String] {
        ["demo", "room-panel", "wall-panel", "thermostat", "media-panel", "lab-instrument"].map { "Config/\($0).toml" }
            .filter { access($0, R_OK) == 0 }
    }

    private func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func microseconds(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        return "\(Int((sorted[sorted.count / 2] * 1e6).rounded())) µs"
    }

    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
    }
}
