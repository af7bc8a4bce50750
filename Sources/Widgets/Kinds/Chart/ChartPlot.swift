import Core

/// Where a chart's samples go: the time span (ending at the newest sample of any source) and the
/// value range (the style's `min`/`max`, else the samples' own), mapped onto a plot rectangle.
/// Pure geometry, apart from drawing, so tests check it directly.
struct ChartPlot: Equatable {
    typealias Sample = SampleHistory.Sample

    let start: MonotonicTime, end: MonotonicTime
    let low: Double, high: Double

    /// The plot of `series` over `window` seconds, or nil when no source has a sample.
    init?(series: [[Sample]], window: Double, style: ChartModel.Style) {
        guard let end = series.compactMap(\.last?.time).max() else { return nil }
        let start = end - window
        self.start = start; self.end = end
        var values: [Double] = []
        for samples in series {
            values += ChartPlot.visible(samples, from: start).map(\.value)
        }
        var low = style.minimum ?? values.min() ?? 0, high = style.maximum ?? values.max() ?? 1
        // Bars stand on zero when zero is near: a bar's height then reads as its value.
        if style.bars != nil {
            if style.minimum == nil, low > 0 { low = 0 }
            if style.maximum == nil, high < 0 { high = 0 }
        }
        if high <= low {
            (low, high) =
                style.minimum != nil ? (low, low + 1) : style.maximum != nil ? (high - 1, high) : (low - 1, high + 1)
        }
        self.low = low; self.high = high
    }

    /// The samples inside the span, led by the value held when it begins (the last one before it, moved
    /// to its start).
    static func visible(_ samples: [Sample], from start: MonotonicTime) -> [Sample] {
        guard let first = samples.firstIndex(where: { $0.time >= start }) else {
            return samples.last.map { [Sample(time: start, value: $0.value)] } ?? []
        }
        let held = first > 0 ? [Sample(time: start, value: samples[first - 1].value)] : []
        return held + samples[first...]
    }

    func x(_ t: MonotonicTime, in area: Rect) -> Double {
        end > start ? area.minX + area.width * (t - start) / (end - start) : area.maxX
    }

    /// The height of `v` in `area`, values outside the range held at its edge.
    func y(_ v: Double, in area: Rect) -> Double {
        let f = min(1, max(0, (v - low) / (high - low)))
        return area.maxY - area.height * f
    }

    /// A line chart's points of `samples`: each sample, and the last value held to the span's end.
    func line(_ samples: [Sample], in area: Rect) -> [Point] {
        var points = ChartPlot.visible(samples, from: start).map { Point(x($0.time, in: area), y($0.value, in: area)) }
        if let last = points.last, last.x < area.maxX { points.append(Point(area.maxX, last.y)) }
        return points
    }

    /// The bars of source `index` of `count` in `slots` equal slots: in each slot the value held at
    /// its end, from the baseline (zero when in range, else the bottom). Slots before the source's
    /// first sample have none.
    func bars(_ samples: [Sample], slots: Int, index: Int, of count: Int, in area: Rect) -> [(Rect, Double)] {
        let slot = area.width / Double(slots)
        let group = slot * 0.72, width = group / Double(max(1, count))
        let base = y(min(high, max(low, 0)), in: area)
        var result: [(Rect, Double)] = []
        var next = 0
        var held: Double?
        for i in 0..<slots {
            let slotEnd = start + (end - start) * Double(i + 1) / Double(slots)
            while next < samples.count, samples[next].time <= slotEnd { held = samples[next].value; next += 1 }
            guard let v = held else { continue }
            let top = y(v, in: area)
            let x = area.minX + slot * Double(i) + (slot - group) / 2 + width * Double(index)
            result.append((Rect(x: x, y: min(top, base), width: width, height: abs(base - top)), v))
        }
        return result
    }

    /// The outline of a line of `halfWidth` through `points` (device pixels) as one polygon: the left
    /// side forward, the right side back, mitred at each bend (at most twice the half width out) and
    /// cut square at the ends. One contour of two points per sample, where a stroke with round joins
    /// adds a circle per sample: a long series costs a fraction of it to fill.
    static func ribbon(_ points: [Point], halfWidth: Double) -> [Point] {
        var p: [Point] = []
        p.reserveCapacity(points.count)
        for q in points where p.last.map({ $0.distance(to: q) > 1e-6 }) ?? true { p.append(q) }
        guard p.count >= 2 else { return [] }
        func unit(_ v: Vector) -> Vector { let l = max(v.length, 1e-12); return Vector(v.dx / l, v.dy / l) }
        func left(_ d: Vector) -> Vector { Vector(d.dy, -d.dx) }
        // Both sides in one array: the left side forward from the front, the right side backward from
        // the back (a chart redraws its lines on every sample, so no second array and no joining).
        let n = p.count
        var outline = [Point](repeating: Point(0, 0), count: 2 * n)
        // Each segment's direction once (a bend reads the one before and the one after it).
        var before: Vector?
        for i in 0..<n {
            let after = i + 1 < n ? unit(p[i + 1] - p[i]) : nil
            let d0 = before ?? after!, d1 = after ?? before!
            let n0 = left(d0)
            var normal = unit(Vector(left(d0).dx + left(d1).dx, left(d0).dy + left(d1).dy))
            let cosine = normal.dx * n0.dx + normal.dy * n0.dy
            // A U-turn has no bisector: its normal is the segment's own.
            if !(cosine > 1e-6) { normal = n0 }
            let reach = halfWidth / max(0.5, cosine > 1e-6 ? cosine : 1)
            outline[i] = Point(p[i].x + normal.dx * reach, p[i].y + normal.dy * reach)
            outline[2 * n - 1 - i] = Point(p[i].x - normal.dx * reach, p[i].y - normal.dy * reach)
            before = after
        }
        return outline
    }
}
