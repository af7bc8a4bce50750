import AssetFiles
import Bench
import CLISupport
import Core
import Glibc
import Raster

/// `thumbwheel-dev bench`: the rasterizer benchmark of docs/bench/SCENES.md (owned by the Raster work).
///
///     thumbwheel-dev bench [--json] [--scene S1,S3] [--size 800x480[,1920x1080]] [--kernels LEVEL] [--png DIR]
///
/// Its output (table or JSON lines) is what scripts/bench-summary reads; keep the format.
struct BenchCommand {
    static let spec = CommandSpec(
        "bench",
        abstract: "The rasterizer benchmark of docs/bench/SCENES.md: milliseconds per frame for each scene and size.",
        arguments: [
            .flag(
                "json", "One JSON object per scene and size instead of the table (what scripts/bench-summary reads)."),
            .option("scene", "S1,S3", "The scenes to run, comma-separated: clear, S1, S2, S3, S4, S5 (default: all)."),
            .option("size", "WxH[,WxH]", "The canvas sizes, comma-separated (default: 800x480,1920x1080)."),
            .option(
                "kernels", "LEVEL",
                "The build of the vector kernels to run: "
                    + KernelLevel.available.map(\.rawValue).joined(separator: ", ")
                    + " on this CPU (default: the last)."),
            .option("png", "DIR", "Also write each scene's frame to DIR/SCENE_WxH.png.", completion: .directory),
            .option(
                "frames", "N",
                "Draw each scene N times, timing and printing nothing (scripts/insn-counts counts their instructions)."),
            .flag(
                "pictures-only",
                "With --png: draw each scene once and write it, timing nothing (scripts/arm64-pixels, emulated)."),
        ]
    ) { a in try BenchCommand(a).run() }

    var json: Bool
    var scenes: [String]
    var sizes: [(Int, Int)]
    var kernels: String?
    var png: String?
    var picturesOnly: Bool
    var frames: Int?

    /// The arguments, checked before any scene runs: a mistyped scene must not cost a long run first.
    init(_ a: ParsedArguments) throws {
        json = a.flag("json")
        scenes = a.string("scene").map { $0.split(separator: ",").map(String.init) } ?? BenchScenes.sceneNames
        kernels = a.string("kernels")
        png = a.string("png")
        picturesOnly = a.flag("pictures-only")
        if let text = a.string("frames") {
            guard let n = Int(text), n >= 0 else {
                throw InvalidArguments("bad --frames \"\(text)\"; expected a count")
            }
            frames = n
        }
        if picturesOnly && png == nil { throw InvalidArguments("--pictures-only needs --png DIR") }
        if let bad = scenes.first(where: { !BenchScenes.sceneNames.contains($0) }) {
            throw InvalidArguments(
                "unknown scene \"\(bad)\"; the scenes are \(BenchScenes.sceneNames.joined(separator: ", "))")
        }
        guard let sizes = Self.sizes(a.string("size")) else {
            throw InvalidArguments("bad --size \"\(a.string("size") ?? "")\"; expected WxH such as 800x480")
        }
        self.sizes = sizes
        if let kernels, !KernelLevel.available.contains(where: { $0.rawValue == kernels }) {
            let names = KernelLevel.available.map(\.rawValue).joined(separator: ", ")
            throw InvalidArguments("bad --kernels \"\(kernels)\"; this CPU runs \(names)")
        }
    }

    /// The sizes `--size` lists (both defaults without it), or nil when one is malformed.
    static func sizes(_ size: String?) -> [(Int, Int)]? {
        guard let size else { return [(800, 480), (1920, 1080)] }
        var parsed: [(Int, Int)] = []
        for item in size.split(separator: ",") {
            guard let s = try? PixelSize.parse(String(item)) else { return nil }
            parsed.append((s.width, s.height))
        }
        return parsed
    }

    func run() throws {
        if !json && !picturesOnly && frames == nil {
            printLine("scene  size        frames   median_ms   p5_ms     p95_ms    min_ms    max_ms")
        }
        for (w, h) in sizes {
            let resources: BenchScenes
            do { resources = try BenchScenes(width: w, height: h) } catch {
                CommandLineTool.printError("thumbwheel-dev: bench: \(error)")
                throw ExitStatus.failure
            }
            let bitmap = Bitmap(width: w, height: h)
            let canvas = bitmap.canvas
            if let kernels { canvas.kernels = KernelLevel(rawValue: kernels)! }
            for scene in scenes {
                if let frames {
                    for _ in 0..<frames { resources.draw(scene, on: canvas) }
                    continue
                }
                if picturesOnly {
                    try write(scene, resources, on: canvas, bitmap, width: w, height: h)
                    continue
                }
                let times = Self.measure { resources.draw(scene, on: canvas) }
                let s = Summary(times)
                if json {
                    printLine(
                        "{\"scene\":\"\(scene)\",\"width\":\(w),\"height\":\(h),\"frames\":\(times.count),"
                            + "\"median_ms\":\(Self.fmt(s.median)),\"p5_ms\":\(Self.fmt(s.p5)),\"p95_ms\":\(Self.fmt(s.p95)),"
                            + "\"min_ms\":\(Self.fmt(s.min)),\"max_ms\":\(Self.fmt(s.max))}")
                } else {
                    printLine(
                        Self.pad(scene, 7) + Self.pad("\(w)x\(h)", 12) + Self.pad("\(times.count)", 9)
                            + Self.pad(Self.fmt(s.median), 12)
                            + Self.pad(Self.fmt(s.p5), 10) + Self.pad(Self.fmt(s.p95), 10)
                            + Self.pad(Self.fmt(s.min), 10) + Self.fmt(s.max))
                }
                if png != nil { try write(scene, resources, on: canvas, bitmap, width: w, height: h) }
            }
        }
    }

    /// Draws `scene` once more and writes the frame to `--png`'s folder as SCENE_WxH.png.
    private func write(
        _ scene: String, _ resources: BenchScenes, on canvas: Canvas, _ bitmap: Bitmap, width w: Int, height h: Int
    ) throws {
        guard let dir = png else { return }
        resources.draw(scene, on: canvas)
        let path = dir + "/\(scene)_\(w)x\(h).png"
        do { try PNGImage.write(bitmap, to: path) } catch {
            CommandLineTool.printError("thumbwheel-dev: bench: \(error)")
            throw ExitStatus.failure
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
    static func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }
    func printLine(_ s: String) { CommandLineTool.printLine(s) }
}
