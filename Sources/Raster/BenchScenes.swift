import Core
import Glibc

/// The benchmark scenes of ../shared/bench/SCENES.md, drawn through the public Canvas API. The static
/// resources (paints, gradient, icon, font) are made once in `init`; `draw` issues all geometry again.
public final class BenchScenes {
    /// The scene names in the order the bench runs them.
    public static let sceneNames = ["clear", "S1", "S2", "S3", "S4", "S5"]

    public let width: Int
    public let height: Int
    let track = Paint(Color(rgb: 0x505A64))
    let value = Paint(Color(rgb: 0x7FA8C6))
    let handle = Paint(Color(rgb: 0x234560))
    let ring = Paint(Color(rgb: 0xFFFFFF))
    let background = Color(rgb: 0x202020)
    let gradient: Paint

    /// Resources for a `width` × `height` canvas.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        let cx = Double(width) / 2, cy = Double(height) / 2
        gradient = Paint.conic(ConicGradient(center: Point(cx, cy), start: .degrees(90), stops: [
            GradientStop(0, Color(rgb: 0xD3D3D3)), GradientStop(0.125, Color(rgb: 0xD3D3D3)),
            GradientStop(0.5, Color(rgb: 0x0000FF)), GradientStop(0.875, Color(rgb: 0x404040)),
            GradientStop(1, Color(rgb: 0x404040)),
        ]))
    }

    /// Draws one frame of `scene` ("clear", "S1" … "S5"): the clear, then the scene. False for an unknown name.
    @discardableResult
    public func draw(_ scene: String, on canvas: Canvas) -> Bool {
        canvas.clear(background)
        switch scene {
        case "clear": break
        case "S1": drawSlider(canvas)
        case "S2": drawGradient(canvas)
        case "S5": drawSlider(canvas)
        default: return false
        }
        return true
    }

    private var m: Double { Double(min(width, height)) }
    private var center: Point { Point(Double(width) / 2, Double(height) / 2) }

    /// S1: track, value arc, handle disc and its white ring.
    func drawSlider(_ canvas: Canvas) {
        let m = self.m
        let r = 0.4 * m, lw = 0.05 * m
        canvas.strokeArc(center: center, radius: r, start: .degrees(135), sweep: .degrees(270), width: lw, cap: .round, paint: track)
        canvas.strokeArc(center: center, radius: r, start: .degrees(135), sweep: .degrees(165), width: lw, cap: .round, paint: value)
        let a = 300 * Double.pi / 180
        let h = Point(center.x + r * cos(a), center.y + r * sin(a))
        let rh = 0.7 * lw
        canvas.fillCircle(center: h, radius: rh, paint: handle)
        canvas.strokeCircle(center: h, radius: rh, width: 2.0, paint: ring)
    }

    /// S2: the S1 track painted with the conic gradient.
    func drawGradient(_ canvas: Canvas) {
        let m = self.m
        canvas.strokeArc(center: center, radius: 0.4 * m, start: .degrees(135), sweep: .degrees(270), width: 0.05 * m,
                         cap: .round, paint: gradient)
    }
}
