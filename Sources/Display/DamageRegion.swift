import Core
/// A short list of pixel rectangles that together cover everything added, clipped to `bounds`.
///
/// Kept short on purpose: each rectangle costs a loop setup and, on DRM, a clip in DirtyFB. So a
/// rectangle is merged into a neighbour whenever their bounding box wastes no more pixels than
/// it saves, and past `maxRects` the pair whose merge wastes least is merged. The result may
/// cover more than was added (never less).
public struct DamageRegion: Sendable, Equatable {
    public let bounds: PixelRect
    public let maxRects: Int
    public private(set) var rects: [PixelRect] = []

    public init(bounds: PixelRect, maxRects: Int = 8) {
        precondition(maxRects >= 1)
        self.bounds = bounds
        self.maxRects = maxRects
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels covered, counting overlaps twice (an upper bound on the copy work).
    public var totalArea: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds `rect`, clipped to `bounds`.
    public mutating func add(_ rect: PixelRect) {
        var r = rect.intersection(bounds)
        if r.isEmpty || rects.contains(where: { $0.contains(r) }) { return }
        // Grow `r` by swallowing every neighbour whose merge costs no extra pixels; repeat, since
        // a grown `r` may now pay off against a rectangle it skipped before.
        var merged = true
        while merged {
            merged = false
            for (i, e) in rects.enumerated() where Self.mergeIsFree(e, r) {
                r = r.union(e)
                rects.remove(at: i)
                merged = true
                break
            }
        }
        rects.append(r)
        while rects.count > maxRects { mergeCheapestPair() }
    }

    /// Adds every rectangle of `list`.
    public mutating func add(_ list: [PixelRect]) { for r in list { add(r) } }

    /// Marks everything as damaged.
    public mutating func addAll() { rects = bounds.isEmpty ? [] : [bounds] }

    /// Returns the rectangles and empties the region.
    public mutating func take() -> [PixelRect] {
        defer { rects.removeAll(keepingCapacity: true) }
        return rects
    }

    /// True when the bounding box of `a` and `b` is no larger than their separate areas.
    private static func mergeIsFree(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.union(b).area <= a.area + b.area
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let u = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects[best.i] = u
        // The merged box may now contain others: drop them so the list stays minimal.
        rects.removeAll { $0 != u && u.contains($0) }
    }
}
