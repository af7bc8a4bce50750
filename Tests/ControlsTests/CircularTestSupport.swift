import Core
@testable import Controls

/// Shared helpers for the circular slider tests.
enum CircularFixture {
    /// A point in *unrotated* local coordinates at compass `degrees` and distance `r` from (100, 100),
    /// computed from first principles (north = −y, clockwise), not through the code under test.
    static func compassPoint(_ degrees: Double, r: Double = 80, center: Point = Point(100, 100)) -> Point {
        let rad = degrees * Double.pi / 180
        return Point(center.x + r * sinD(rad), center.y - r * cosD(rad))
    }

    /// A drawn-local point for compass `degrees` on a slider rotated by `rotation` degrees (clockwise).
    static func drawnPoint(_ degrees: Double, rotation: Double, r: Double = 80) -> Point {
        compassPoint(degrees + rotation, r: r)
    }

    /// Begins a drag on the slider's handle (at its drawn centre).
    @discardableResult
    static func grab(_ s: CircularSlider, time: Double = 0) -> Bool {
        s.touchBegan(at: s.drawnHandleCenter, time: time)
    }

    /// Moves through compass angles (each +0.5° so that flooring gives the whole degree), in drawn space.
    static func drag(_ s: CircularSlider, through degrees: [Double], time: Double = 0) {
        let rotation = s.geometry.rotation
        for d in degrees { s.touchMoved(to: drawnPoint(d + 0.5, rotation: rotation), time: time) }
    }

    static func values(_ events: [ControlEvent]) -> [Double] {
        events.compactMap { if case .valueChanged(let v, _) = $0 { return v } else { return nil } }
    }
}

#if canImport(Glibc)
    import Glibc
    func sinD(_ x: Double) -> Double { Glibc.sin(x) }
    func cosD(_ x: Double) -> Double { Glibc.cos(x) }
#endif

/// Approximate equality for geometry.
func close(_ a: Double, _ b: Double, _ eps: Double = 1e-6) -> Bool { abs(a - b) <= eps }
func close(_ a: Point, _ b: Point, _ eps: Double = 1e-6) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }
