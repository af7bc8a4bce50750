import Core
import Raster

/// The chart's lines alone: two ribbons 2 px wide through 360 samples each on a 430x300 plot (the
/// chart benchmark's shape: climbing a step per sample and dropping the whole range now and then),
/// filled row by row (`Canvas.fill(path:)`) and column by column (`Canvas.fillByColumns`).
public enum LineFillBenchmark {
    /// Median CPU seconds to fill both ribbons, each way.
    public struct Result: Sendable, CustomStringConvertible {
        public var byRows: Double
        public var byColumns: Double
        public var description: String {
            func us(_ s: Double) -> String { String(Int((s * 1_000_000).rounded())) + " µs" }
            return "chart lines (2 x 360 samples) by rows \(us(byRows)), by columns \(us(byColumns))"
        }
    }

    public static func run(rounds: Int = 500, now: () -> Double) -> Result {
        let bitmap = Bitmap(width: 800, height: 480, format: .xrgb8888, fill: Color(r: 20, g: 24, b: 30))
        let canvas = bitmap.canvas
        let ribbons = [(37, 3.6), (53, 5.3)].map { period, range in
            ribbon(samples: 360, period: period, range: range, area: Rect(x: 50, y: 70, width: 430, height: 300))
        }
        let colors = [Color(r: 80, g: 170, b: 255), Color(r: 255, g: 170, b: 60)]
        func median(_ body: () -> Void) -> Double {
            var times: [Double] = []
            for _ in 0..<rounds {
                let a = now()
                body()
                times.append(now() - a)
            }
            times.sort()
            return times[times.count / 2]
        }
        let rows = median {
            for (r, c) in zip(ribbons, colors) { canvas.fill(path: Path.polygon(r), paint: Paint(c)) }
        }
        let columns = median {
            for (r, c) in zip(ribbons, colors) { canvas.fillByColumns(polygon: r, paint: Paint(c)) }
        }
        return Result(byRows: rows, byColumns: columns)
    }

    /// A sawtooth's samples offset a pixel up and down; a `range` of 5.3 spans the plot's height.
    static func ribbon(samples: Int, period: Int, range: Double, area: Rect) -> [Point] {
        var top: [Point] = [], bottom: [Point] = []
        for i in 0..<samples {
            let x = area.minX + area.width * Double(i) / Double(samples - 1)
            let y = area.maxY - area.height * Double(i % period) / Double(period) * range / 5.3
            top.append(Point(x, y - 1)); bottom.append(Point(x, y + 1))
        }
        return top + bottom.reversed()
    }
}
