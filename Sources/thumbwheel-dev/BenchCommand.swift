import Core
import ArgumentParser
import Bench
import CLISupport
import Glibc
import Raster

/// `thumbwheel-dev bench`: the rasterizer benchmark of ../shared/bench/SCENES.md (owned by the Raster work).
///
///     thumbwheel-dev bench [--json] [--scene S1,S3] [--size 800x480[,1920x1080]] [--kernels LEVEL] [--png DIR]
///
/// Its output (table or JSON lines) is what scripts/bench-summary reads; keep the format.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "The rasterizer benchmark of ../shared/bench/SCENES.md: milliseconds per frame for each scene and size.")

    @Flag(help: "One JSON object per scene and size instead of the table (what scripts/bench-summary reads).")
    var json = false

    @Option(help: ArgumentHelp("The scenes to run, comma-separated: clear, S1, S2, S3, S4, S5 (default: all).", valueName: "S1,S3"))
    var scene: String?

    @Option(help: ArgumentHelp("The canvas sizes, comma-separated (default: 800x480,1920x1080).", valueName: "WxH[,WxH]"))
    var size: String?

    @Option(help: ArgumentHelp("The build of the vector kernels to run: \(KernelLevel.available.map(\.rawValue).joined(separator: ", ")) on this CPU (default: the last).",
                               valueName: "LEVEL"))
    var kernels: String?

    @Option(help: ArgumentHelp("Also write each scene's frame to DIR/SCENE_WxH.png.", valueName: "DIR"), completion: .directory)
    var png: String?

    var scenes: [String] { scene.map { $0.split(separator: ",").map(String.init) } ?? BenchScenes.sceneNames }

    /// The sizes, or nil when one is malformed.
    var sizes: [(Int, Int)]? {
        guard let size else { return [(800, 480), (1920, 1080)] }
        var parsed: [(Int, Int)] = []
        for item in size.split(separator: ",") {
            guard let s = try? PixelSize.parse(String(item)) else { return nil }
            parsed.append((s.width, s.height))
        }
        return parsed
    }

    func validate() throws {
        if let bad = scenes.first(where: { !BenchScenes.sceneNames.contains($0) }) {
            throw ValidationError("unknown scene \"\(bad)\"; the scenes are \(BenchScenes.sceneNames.joined(separator: ", "))")
        }
        guard sizes != nil else { throw ValidationError("bad --size \"\(size ?? "")\"; expected WxH such as 800x480") }
        if let kernels, !KernelLevel.available.contains(where: { $0.rawValue == kernels }) {
            let names = KernelLevel.available.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("bad --kernels \"\(kernels)\"; this CPU runs \(names)")
        }
    }

    func run() throws {
        let scenes = self.scenes, sizes = self.sizes ?? [], pngDirectory = png
        if !json { printLine("scene  size        frames   median_ms   p5_ms     p95_ms    min_ms    max_ms") }
        for (w, h) in sizes {
            let resources: BenchScenes
            do { resources = try BenchScenes(width: w, height: h) } catch {
                CommandLineTool.printError("thumbwheel-dev: bench: \(error)")
                throw ExitCode.failure
            }
            let bitmap = Bitmap(width: w, height: h)
            let canvas = bitmap.canvas
            if let kernels { canvas.kernels = KernelLevel(rawValue: kernels)! }
            for scene in scenes {
                let times = Self.measure { resources.draw(scene, on: canvas) }
                let s = Summary(times)
                if json {
                    printLine("{\"scene\":\"\(scene)\",\"width\":\(w),\"height\":\(h),\"frames\":\(times.count),"
                        + "\"median_ms\":\(Self.fmt(s.median)),\"p5_ms\":\(Self.fmt(s.p5)),\"p95_ms\":\(Self.fmt(s.p95)),"
                        + "\"min_ms\":\(Self.fmt(s.min)),\"max_ms\":\(Self.fmt(s.max))}")
                } else {
                    printLine(Self.pad(scene, 7) + Self.pad("\(w)x\(h)", 12) + Self.pad("\(times.count)", 9) + Self.pad(Self.fmt(s.median), 12)
                        + Self.pad(Self.fmt(s.p5), 10) + Self.pad(Self.fmt(s.p95), 10) + Self.pad(Self.fmt(s.min), 10) + Self.fmt(s.max))
                }
                if let dir = pngDirectory {
                    resources.draw(scene, on: canvas)
                    let path = dir + "/\(scene)_\(w)x\(h).png"
                    do { try PNGImage.write(bitmap, to: path) } catch {
                        CommandLineTool.printError("thumbwheel-dev: bench: \(error)")
                        throw ExitCode.failure
                    }
                }
            }
        }
    }

    /// Warms up for at least 20 frames and 0.3 s, then times frames until at least 200 frames and 2 s.
    static func measure(_ frame: () -> Void) -> [Double] {
        let warmStart = now()
        var warm = 0
        while warm < 20 || now() - warmStart < 0.3 { frame(); warm += 1 }
        var times: [Double] = []
        times.reserveCapacity(4096)
        let start = now()
        var total = 0.0
        while times.count < 200 || total < 2 {
            let t0 = now()
            frame()
            let t1 = now()
            times.append((t1 - t0) * 1000)
            total = t1 - start
        }
        return times
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    struct Summary {
        var median, p5, p95, min, max: Double
        init(_ samples: [Double]) {
            let s = samples.sorted()
            func q(_ f: Double) -> Double {
                let pos = f * Double(s.count - 1)
                let lo = Int(pos), hi = Swift.min(lo + 1, s.count - 1)
                return s[lo] + (s[hi] - s[lo]) * (pos - Double(lo))
            }
            median = q(0.5); p5 = q(0.05); p95 = q(0.95); min = s[0]; max = s[s.count - 1]
        }
    }

    static func fmt(_ v: Double) -> String {
        let scaled = Int((v * 10000).rounded())
        let frac = String(scaled % 10000)
        return "\(scaled / 10000)." + String(repeating: "0", count: 4 - frac.count) + frac
    }
    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
    func printLine(_ s: String) { CommandLineTool.printLine(s) }
}
