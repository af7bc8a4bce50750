/// An affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (the CoreGraphics layout).
public struct Transform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ tx: Double, _ ty: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A rotation by `angle`, screen-clockwise (spec X-2).
    public static func rotation(_ angle: Angle) -> Transform {
        let c = angle.cos, s = angle.sin
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// A rotation by `angle` about `center`.
    public static func rotation(_ angle: Angle, about center: Point) -> Transform {
        translation(-center.x, -center.y).then(rotation(angle)).then(translation(center.x, center.y))
    }

    /// The transform that applies `self` first and then `next`.
    public func then(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }
    public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform is singular.
    public var inverted: Transform? {
        let det = determinant
        if det == 0 || !det.isFinite { return nil }
        return Transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// Applies only the linear part (no translation), for directions and displacements.
    public func apply(_ v: Vector) -> Vector { Vector(a * v.dx + c * v.dy, b * v.dx + d * v.dy) }
    public var isIdentity: Bool { self == .identity }
}
