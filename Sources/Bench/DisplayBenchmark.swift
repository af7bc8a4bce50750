import Core
import Display
import Glibc

/// The copy-cost benchmark behind `thumbwheel-dev bench-display`: what one damaged pixel costs to copy
/// from the canvas into a scan-out buffer, per rotation and format. Not a test: it measures.
///
/// The destination here is ordinary memory; a real dumb buffer is write-combined, where the
/// sequential writes the copier does cost about the same but any read would be far slower.
public enum DisplayBenchmark {
    /// One measured case.
    public struct Result: Sendable {
        public let rotation: DisplayRotation
        public let format: ScanoutFormat
        /// The damaged rectangle copied each time.
        public let damage: PixelSize
        public let nanosecondsPerPixel: Double
        /// Nanoseconds for one whole `present` of that damage on a headless display (copy, damage
        /// bookkeeping; the part of "damage to flip ioctl" that is ours).
        public let nanosecondsPerPresent: Double
    }

    /// Measures every rotation and format at `width` × `height` (canvas, upright), for a full-frame
    /// damage and a small one, each for at least `minimumSeconds`.
    public static func run(width: Int = 800, height: Int = 480, minimumSeconds: Double = 0.2) -> [Result] {
        let canvas = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        defer { canvas.deallocate() }
        for i in 0..<(width * height) { canvas[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) }
        let frame = SourceFrame(pixels: canvas, width: width, height: height, strideBytes: width * 4)
        let damages = [PixelSize(width: width, height: height), PixelSize(width: 64, height: 64)]
        var results: [Result] = []
        for format in ScanoutFormat.allCases {
            for rotation in DisplayRotation.allCases {
                let scan = rotation.canvasSize(forScanout: frame.size)
                let strideBytes = scan.width * format.bytesPerPixel
                let memory = UnsafeMutableRawPointer.allocate(byteCount: strideBytes * scan.height, alignment: 64)
                defer { memory.deallocate() }
                let target = ScanoutBuffer(
                    base: memory, width: scan.width, height: scan.height, strideBytes: strideBytes, format: format)
                let display = HeadlessDisplay(canvas: frame.size, rotation: rotation, format: format)
                _ = try? display.present(frame, damage: [])
                for d in damages {
                    let rect = PixelRect(
                        x: (width - d.width) / 2, y: (height - d.height) / 2, width: d.width, height: d.height)
                    let copyNs = measure(minimumSeconds / 2) {
                        DamageCopier.copy(rect, from: frame, to: target, rotation: rotation)
                    }
                    let presentNs = measure(minimumSeconds / 2) { _ = try? display.present(frame, damage: [rect]) }
                    results.append(
                        Result(
                            rotation: rotation, format: format, damage: d,
                            nanosecondsPerPixel: copyNs / Double(rect.area),
                            nanosecondsPerPresent: presentNs))
                }
            }
        }
        return results
    }

    /// The results as a text table, one row per format, rotation and damage size.
    public static func table(_ results: [Result]) -> String {
        var lines = ["format    rotation  damage     ns/pixel  present µs"]
        for r in results {
            lines.append(
                pad(r.format.description, 10) + pad(r.rotation.description, 10) + pad(r.damage.description, 11)
                    + pad(fixed(r.nanosecondsPerPixel, 3), 10) + fixed(r.nanosecondsPerPresent / 1000, 1))
        }
        return lines.joined(separator: "\n")
    }

    /// Nanoseconds per call of `body`: the fastest of several ~5 ms batches over at least
    /// `seconds`. The minimum, not the mean, because the build machines are shared and busy: the
    /// fastest batch is the one least disturbed by other processes.
    private static func measure(_ seconds: Double, _ body: () -> Void) -> Double {
        body()  // warm caches and page in the destination
        var perBatch = 1
        var best = Double.infinity
        let start = now()
        repeat {
            let t0 = now()
            for _ in 0..<perBatch { body() }
            let t = now() - t0
            best = min(best, t / Double(perBatch))
            if t < 5e6 { perBatch *= 2 }
        } while now() - start < seconds * 1e9
        return best
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    private static func fixed(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int((v * scale).rounded())
        let whole = n / Int(scale), frac = n % Int(scale)
        let fracText = String(frac)
        return digits == 0
            ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - fracText.count) + fracText
    }
}
