#if canImport(Glibc)
    import Glibc
#endif

@inline(__always) func atan2Double(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// An angle, stored in radians. Angles grow *screen-clockwise* because +y points down (spec X-2):
/// 0 is the +x axis (3 o'clock), 90° is straight down (6 o'clock), 270° (or −90°) is straight up.
public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var radians: Double
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(radians: 0)

    public var degrees: Double { radians * 180 / .pi }
    public var cos: Double { Glibc.cos(radians) }
    public var sin: Double { Glibc.sin(radians) }

    /// The same direction in [0, 2π).
    public var normalized: Angle { Angle(radians: Angle.wrap(radians, period: 2 * .pi)) }
    /// The same direction in (−π, π].
    public var normalizedSigned: Angle {
        let r = Angle.wrap(radians, period: 2 * .pi)
        return Angle(radians: r > .pi ? r - 2 * .pi : r)
    }
    /// The same direction in [0, 360) degrees.
    public var normalizedDegrees: Double { Angle.wrap(degrees, period: 360) }

    /// The point at this angle on a circle of `radius` about `center` (screen-clockwise convention).
    public func point(center: Point, radius: Double) -> Point {
        Point(center.x + radius * cos, center.y + radius * sin)
    }
    /// The clockwise sweep from `self` to `other`, in [0, 2π).
    public func clockwiseSweep(to other: Angle) -> Angle {
        Angle(radians: Angle.wrap(other.radians - radians, period: 2 * .pi))
    }

    /// `x` wrapped into [0, period); exact for multiples of `period`, never returns `period` itself.
    public static func wrap(_ x: Double, period: Double) -> Double {
        var r = x.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        return r >= period ? 0 : r
    }

    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public var description: String { "\(degrees)°" }
}
