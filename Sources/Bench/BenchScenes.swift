import AssetFiles
import Core
import Glibc
import Raster

/// The benchmark scenes of docs/bench/SCENES.md, drawn through the public Canvas API. The static
/// resources (paints, gradient, icon, font) are made once in `init`; `draw` issues all geometry again.
public final class BenchScenes {
    /// The scene names in the order the bench runs them.
    public static let sceneNames = ["clear", "S1", "S2", "S3", "S4", "S5"]

    /// The canvas size the scenes are laid out for.
    public let width: Int
    public let height: Int
    let track = Paint(Color(rgb: 0x505A64))
    let value = Paint(Color(rgb: 0x7FA8C6))
    let handle = Paint(Color(rgb: 0x234560))
    let ring = Paint(Color(rgb: 0xFFFFFF))
    let background = Color(rgb: 0x202020)
    let gradient: Paint
    let disc = Paint(Color(rgb: 0xC66F3A))
    let key = Paint(Color(rgba: 0x3C4A58CC))
    let label = Paint(Color(rgb: 0xFFFFFF))
    /// The S3 icon (see `makeIcon`).
    public let icon: Bitmap
    let font: Font

    /// The font S4 uses.
    public static let fontPath = DefaultFonts.regular

    /// Resources for a `width` × `height` canvas; throws when the S4 font cannot be loaded.
    public init(width: Int, height: Int, fontPath: String = BenchScenes.fontPath) throws {
        self.width = width; self.height = height
        icon = BenchScenes.makeIcon()
        let m = Double(min(width, height))
        font = Font(face: try FontFace(path: fontPath), size: 0.06 * m)
        let cx = Double(width) / 2, cy = Double(height) / 2
        gradient = Paint.conic(
            ConicGradient(
                center: Point(cx, cy), start: .degrees(90),
                stops: [
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
        case "S3": drawWheel(canvas)
        case "S4": drawNumberPad(canvas)
        case "S5": drawSlider(canvas); drawWheel(canvas); drawNumberPad(canvas)
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
        canvas.strokeArc(
            center: center, radius: r, start: .degrees(135), sweep: .degrees(270), width: lw, cap: .round, paint: track)
        canvas.strokeArc(
            center: center, radius: r, start: .degrees(135), sweep: .degrees(165), width: lw, cap: .round, paint: value)
        let a = 300 * Double.pi / 180
        let h = Point(center.x + r * cos(a), center.y + r * sin(a))
        let rh = 0.7 * lw
        canvas.fillCircle(center: h, radius: rh, paint: handle)
        canvas.strokeCircle(center: h, radius: rh, width: 2.0, paint: ring)
    }

    /// S2: the S1 track painted with the conic gradient.
    func drawGradient(_ canvas: Canvas) {
        let m = self.m
        canvas.strokeArc(
            center: center, radius: 0.4 * m, start: .degrees(135), sweep: .degrees(270), width: 0.05 * m,
            cap: .round, paint: gradient)
    }

    /// S3: twelve bilinear-scaled icons on a circle, then the centre disc.
    func drawWheel(_ canvas: Canvas) {
        let m = self.m
        let s = 0.12 * m, wheel = 0.35 * m
        for k in 0..<12 {
            let phi = (17 + 30 * Double(k)) * Double.pi / 180
            let icx = center.x + wheel * cos(phi), icy = center.y + wheel * sin(phi)
            canvas.drawImage(icon, in: Rect(x: icx - s / 2, y: icy - s / 2, width: s, height: s))
        }
        canvas.fillCircle(center: center, radius: 0.1 * m, paint: disc)
    }

    /// S4: the 4×3 number pad of translucent rounded keys with one white label each.
    func drawNumberPad(_ canvas: Canvas) {
        let w = Double(width), h = Double(height), m = self.m
        let cw = 0.6 * w / 3, ch = 0.6 * h / 4, pad = 0.0125 * m
        let size = font.size
        for row in 0..<4 {
            for col in 0..<3 {
                let x = 0.2 * w + Double(col) * cw + pad, y = 0.2 * h + Double(row) * ch + pad
                let kw = cw - 2 * pad, kh = ch - 2 * pad
                canvas.fillRoundedRect(Rect(x: x, y: y, width: kw, height: kh), radius: 8.0, paint: key)
                let text = BenchScenes.labels[row * 3 + col]
                let adv: Double = text == "." ? 651 : (text == "C" ? 1430 : 1303)
                let kcx = x + kw / 2, kcy = y + kh / 2
                let tx = kcx - adv * size / 2048 / 2, ty = kcy + 1493 * size / 2048 / 2
                canvas.drawText(text, font: font, at: Point(tx, ty), paint: label, kerning: false)
            }
        }
    }
    static let labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "0", "C"]

    /// The deterministic 64×64 S3 icon: a colour ramp disc of radius 30.5 with a white 'T', premultiplied.
    public static func makeIcon() -> Bitmap {
        let b = Bitmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                let r = (dx * dx + dy * dy).squareRoot()
                let a = UInt32((255 * min(max(30.5 - r, 0), 1) + 0.5).rounded(.down))
                let inT = (x >= 16 && x < 48 && y >= 14 && y < 22) || (x >= 28 && x < 36 && y >= 22 && y < 50)
                let (cr, cg, cb): (UInt32, UInt32, UInt32) = inT ? (255, 255, 255) : (UInt32(4 * x), UInt32(4 * y), 200)
                @inline(__always) func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                b[x, y] = a << 24 | pm(cr) << 16 | pm(cg) << 8 | pm(cb)
            }
        }
        return b
    }
}
