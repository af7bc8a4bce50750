import Glibc
import Raster

/// `thumbwheel bench`: the rasterizer benchmark of ../shared/bench/SCENES.md (owned by the Raster work).
///
///     thumbwheel bench [--json] [--scene S1,S3] [--size 800x480[,1920x1080]] [--png DIR]
enum BenchCommand {
    static let usage = "usage: thumbwheel bench [--json] [--scene clear,S1,...,S5] [--size WxH[,WxH]] [--png DIR]"

    static func run(_ args: [String]) -> Int32 {
        var json = false
        var scenes = BenchScenes.sceneNames
        var sizes = [(800, 480), (1920, 1080)]
        var pngDirectory: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            func value() -> String? { i + 1 < args.count ? args[i + 1] : nil }
            switch arg {
            case "--json": json = true
            case "--scene":
                guard let v = value() else { return CLI.fail("bench: --scene needs a list such as S1,S3\n" + usage) }
                scenes = v.split(separator: ",").map(String.init)
                if let bad = scenes.first(where: { !BenchScenes.sceneNames.contains($0) }) {
                    return CLI.fail("bench: unknown scene \"\(bad)\"; the scenes are \(BenchScenes.sceneNames.joined(separator: ", "))")
                }
                i += 1
            case "--size":
                guard let v = value() else { return CLI.fail("bench: --size needs WxH, e.g. 800x480\n" + usage) }
                var parsed: [(Int, Int)] = []
                for item in v.split(separator: ",") {
                    let parts = item.split(separator: "x")
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else {
                        return CLI.fail("bench: bad size \"\(item)\"; expected WxH such as 800x480")
                    }
                    parsed.append((w, h))
                }
                sizes = parsed
                i += 1
            case "--png":
                guard let v = value() else { return CLI.fail("bench: --png needs a directory\n" + usage) }
                pngDirectory = v
                i += 1
            case "-h", "--help":
                CLI.printError(usage)
                return 0
            default:
                return CLI.fail("bench: unknown option \"\(arg)\"\n" + usage)
            }
            i += 1
        }

        if !json { printLine("scene  size        frames   median_ms   p5_ms     p95_ms    min_ms    max_ms") }
        for (w, h) in sizes {
            let resources: BenchScenes
            do { resources = try BenchScenes(width: w, height: h) } catch {
                return CLI.fail("bench: \(error)", code: 1)
            }
            let bitmap = Bitmap(width: w, height: h)
            let canvas = bitmap.canvas
            for scene in scenes {
                let times = measure { resources.draw(scene, on: canvas) }
                let s = Summary(times)
                if json {
                    printLine("{\"scene\":\"\(scene)\",\"width\":\(w),\"height\":\(h),\"frames\":\(times.count),"
                        + "\"median_ms\":\(fmt(s.median)),\"p5_ms\":\(fmt(s.p5)),\"p95_ms\":\(fmt(s.p95)),"
                        + "\"min_ms\":\(fmt(s.min)),\"max_ms\":\(fmt(s.max))}")
                } else {
                    printLine(pad(scene, 7) + pad("\(w)x\(h)", 12) + pad("\(times.count)", 9) + pad(fmt(s.median), 12)
                        + pad(fmt(s.p5), 10) + pad(fmt(s.p95), 10) + pad(fmt(s.min), 10) + fmt(s.max))
                }
                if let dir = pngDirectory {
                    resources.draw(scene, on: canvas)
                    let path = dir + "/\(scene)_\(w)x\(h).png"
                    do { try PNGImage.write(bitmap, to: path) } catch { return CLI.fail("bench: \(error)", code: 1) }
                }
            }
        }
        return 0
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
    static func printLine(_ s: String) {
        let text = s + "\n"
        _ = text.withCString { write(1, $0, strlen($0)) }
    }
}
