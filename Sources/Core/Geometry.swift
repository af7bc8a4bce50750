/// A position in logical points or pixels. Origin at the top-left, +x right, +y down (spec X-1).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    public static func + (p: Point, v: Vector) -> Point { Point(p.x + v.dx, p.y + v.dy) }
    public static func - (p: Point, v: Vector) -> Point { Point(p.x - v.dx, p.y - v.dy) }
    public static func - (a: Point, b: Point) -> Vector { Vector(a.x - b.x, a.y - b.y) }

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double { (self - other).length }
    public var description: String { "(\(x), \(y))" }
}

/// A displacement between two points.
public struct Vector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double
    public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    public static let zero = Vector(0, 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// The screen angle of this vector: `atan2(dy, dx)`, growing visually clockwise (spec X-2).
    public var angle: Angle { Angle(radians: atan2Double(dy, dx)) }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(a.dx + b.dx, a.dy + b.dy) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(a.dx - b.dx, a.dy - b.dy) }
    public static func * (v: Vector, s: Double) -> Vector { Vector(v.dx * s, v.dy * s) }
    public static prefix func - (v: Vector) -> Vector { Vector(-v.dx, -v.dy) }
    /// Dot product.
    public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
    /// The z component of the cross product; positive when `o` lies screen-clockwise of `self`.
    public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle; `origin` is its top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when `p` lies inside; the left and top edges are inside, the right and bottom are not.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    public func intersects(_ o: Rect) -> Bool { !intersection(o).isEmpty }
    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    /// Grown by `d` on every side (shrunk for negative `d`).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: size.width - 2 * d, height: size.height - 2 * d)
    }
    public func outsetBy(_ d: Double) -> Rect { insetBy(-d) }
    /// The smallest rectangle on whole pixels that holds this one.
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
    /// A square of side `2 * radius` around `center`.
    public static func around(_ center: Point, radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
    public var description: String { "Rect(\(minX), \(minY), \(width), \(height))" }
}
