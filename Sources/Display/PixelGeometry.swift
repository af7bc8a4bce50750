import Core

/// A width and a height in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// Width and height swapped: the size seen after a quarter turn.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle on whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
/// Damage is expressed in this type because copies and flips work on whole pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The rectangle covering a whole surface of `size`.
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The smallest pixel rectangle holding `rect` (edges rounded outward), for damage computed in
    /// fractional coordinates by the widgets.
    public init(covering rect: Rect) {
        let r = rect.integral
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }

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
