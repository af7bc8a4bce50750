/// A short list of disjoint pixel rectangles that together cover everything added, clipped to
/// `bounds`: the one damage merger, used by the screen (repaint) and by the display (copy).
///
/// Kept short on purpose: each rectangle costs a repaint pass over every widget it reaches, a copy
/// loop setup and, on DRM, a clip in DirtyFB. So two rectangles are merged into their bounding box
/// when they overlap, or when that box is at most a quarter larger than the two together (the
/// extra pixels cost less than the extra pass); past `maxRects` the pair whose merge wastes least
/// is merged. Overlaps are always merged, so no pixel is repainted or copied twice. The result may
/// cover more than was added, never less.
public struct DamageRegion: Sendable, Equatable {
    public let bounds: PixelRect
    public let maxRects: Int
    public private(set) var rects: [PixelRect] = []

    public init(bounds: PixelRect, maxRects: Int = 8) {
        precondition(maxRects >= 1, "DamageRegion: maxRects must be at least 1")
        self.bounds = bounds
        self.maxRects = maxRects
    }

    /// `rects` clipped to `bounds` and merged (see the type's rules).
    public static func merged(_ rects: [PixelRect], within bounds: PixelRect, maxRects: Int = 8) -> [PixelRect] {
        var region = DamageRegion(bounds: bounds, maxRects: maxRects)
        region.add(rects)
        return region.rects
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels covered (the rectangles are disjoint, so this is the copy or repaint work).
    public var totalArea: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds `rect`, clipped to `bounds`.
    public mutating func add(_ rect: PixelRect) {
        let r = rect.intersection(bounds)
        if r.isEmpty || rects.contains(where: { $0.contains(r) }) { return }
        insert(r)
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

    /// True when `a` and `b` should become one rectangle: they overlap, or their bounding box is at
    /// most 5/4 of their areas together.
    static func shouldMerge(_ a: PixelRect, _ b: PixelRect) -> Bool {
        !a.intersection(b).isEmpty || a.union(b).area * 4 <= (a.area + b.area) * 5
    }

    /// Appends `r` after growing it by every rectangle it should merge with. Repeats, since a grown
    /// `r` may now qualify against one it skipped; the others were already disjoint and unmergeable
    /// among themselves, so the list stays that way.
    private mutating func insert(_ rect: PixelRect) {
        var r = rect
        var merged = true
        while merged {
            merged = false
            if let i = rects.firstIndex(where: { Self.shouldMerge($0, r) }) {
                r = r.union(rects.remove(at: i))
                merged = true
            }
        }
        rects.append(r)
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
        rects.remove(at: best.i)
        insert(u)  // the box may now overlap others: they are absorbed
    }
}
