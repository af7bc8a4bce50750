/// A width and a height in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Parses "800x480"; nil when malformed or outside 1…16384.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = w; height = h
    }

    /// Width and height swapped: the size seen after a quarter turn.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle on whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
/// Damage, clips and copies are expressed in this type because they work on whole pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Negative sizes are stored as 0 (an empty rectangle).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The rectangle covering a whole surface of `size`.
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The whole pixels touched by `rect` (edges rounded outward); empty for non-finite input.
    public init(covering rect: Rect) {
        let x0 = rect.minX.rounded(.down), y0 = rect.minY.rounded(.down)
        let x1 = rect.maxX.rounded(.up), y1 = rect.maxY.rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let lim = 1e8  // keeps Int conversion safe for absurd coordinates
        self.init(x: Int(max(-lim, min(lim, x0))), y: Int(max(-lim, min(lim, y0))),
                  width: Int(max(-lim, min(lim, x1 - x0))), height: Int(max(-lim, min(lim, y1 - y0))))
    }

    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }
    /// The same rectangle in `Core` coordinates.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The overlap, or `.empty` when the rectangles do not overlap.
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounding box of both; an empty operand is ignored.
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// True when every pixel of `o` is inside this rectangle (an empty `o` is contained).
    public func contains(_ o: PixelRect) -> Bool {
        if o.isEmpty { return true }
        return o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    /// True when pixel (`px`, `py`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
