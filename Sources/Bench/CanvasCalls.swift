import AssetFiles
import Core
import Raster

/// Every public drawing call of `Canvas`, driven by a list of numbers, so that tests and the `raster`
/// fuzz target can aim any number at any argument (issue 37: geometry far beyond the canvas, NaN and
/// infinity). Each call reads its first `arity` numbers; `variant` picks its discrete options (cap,
/// filter, tint, blend mode, an open or closed polyline).
public enum CanvasCall: Int, CaseIterable, Sendable {
    case fillCircle, fillRing, strokeCircle, strokeArc, fillRoundedRect, fillRect, fillPath, strokePath
    case strokeLine, strokePolyline, drawText, drawTextCentered
    case drawImageInRect, drawImageAt, drawImageRotated, drawImageTransform, drawImageSource

    /// The most numbers any call reads.
    public static let maximumArity = 13

    /// How many numbers the call reads.
    public var arity: Int {
        switch self {
        case .fillCircle, .drawText: 3
        case .fillRing, .strokeCircle, .fillRect: 4
        case .fillRoundedRect, .drawImageInRect, .drawTextCentered: 5
        case .strokeLine: 5
        case .drawImageAt: 2
        case .strokeArc: 6
        case .drawImageTransform: 6
        case .drawImageRotated: 7
        case .strokePolyline: 9
        case .drawImageSource: 10
        case .fillPath: 12
        case .strokePath: 13
        }
    }

    /// Whether the call draws with the paint it is given (the image calls draw the image).
    public var takesPaint: Bool { rawValue < CanvasCall.drawImageInRect.rawValue }

    /// Numbers for which the call draws something inside a 64 × 48 canvas (the ones an argument takes
    /// when a test aims a number at another).
    public var typical: [Double] {
        switch self {
        case .fillCircle: [30, 22, 14]
        case .fillRing: [30, 22, 6, 18]
        case .strokeCircle: [30, 22, 14, 5]
        case .strokeArc: [30, 22, 15, -30, 200, 6]
        case .fillRoundedRect: [6, 5, 50, 36, 9]
        case .fillRect: [6.5, 5.25, 50, 36]
        case .fillPath: [4, 4, 60, 10, 50, 44, 10, 40, 30, 0, 20, 45]
        case .strokePath: [4, 4, 60, 10, 50, 44, 10, 40, 30, 0, 20, 45, 3]
        case .strokeLine: [3, 40, 61, 6, 4]
        case .strokePolyline: [3, 40, 20, 5, 40, 44, 61, 8, 3]
        case .drawText: [2, 30, 18]
        case .drawTextCentered: [0, 0, 64, 48, 20]
        case .drawImageInRect: [4, 3, 56, 40, 0.8]
        case .drawImageAt: [-10, -12]
        case .drawImageRotated: [8, 4, 40, 40, 30, 28, 24]
        case .drawImageTransform: [0.7, 0.2, -0.2, 0.7, 20, 2]
        case .drawImageSource: [10, 12, 40, 30, 0.9, 0, 0, 0.9, 4, 3]
        }
    }

    /// Draws the call on `canvas` with `n` (at least `arity` numbers), `variant` and `paint`.
    public func draw(on canvas: Canvas, _ n: [Double], variant: Int, paint: Paint, resources: CanvasCallResources) {
        precondition(n.count >= arity, "\(self) reads \(arity) numbers")
        let caps: [LineCap] = [.butt, .round, .square]
        let cap = caps[abs(variant % 3)]
        func p(_ i: Int) -> Point { Point(n[i], n[i + 1]) }
        switch self {
        case .fillCircle: canvas.fillCircle(center: p(0), radius: n[2], paint: paint)
        case .fillRing: canvas.fillRing(center: p(0), innerRadius: n[2], outerRadius: n[3], paint: paint)
        case .strokeCircle: canvas.strokeCircle(center: p(0), radius: n[2], width: n[3], paint: paint)
        case .strokeArc:
            canvas.strokeArc(
                center: p(0), radius: n[2], start: .degrees(n[3]), sweep: .degrees(n[4]), width: n[5], cap: cap,
                paint: paint)
        case .fillRoundedRect:
            canvas.fillRoundedRect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]), radius: n[4], paint: paint)
        case .fillRect: canvas.fillRect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]), paint: paint)
        case .fillPath: canvas.fill(path: CanvasCall.path(n), paint: paint)
        case .strokePath: canvas.stroke(path: CanvasCall.path(n), width: n[12], cap: cap, paint: paint)
        case .strokeLine: canvas.strokeLine(from: p(0), to: p(2), width: n[4], cap: cap, paint: paint)
        case .strokePolyline:
            canvas.strokePolyline(
                [p(0), p(2), p(4), p(6)], width: n[8], cap: cap, closed: variant % 2 == 1, paint: paint)
        case .drawText:
            if let face = resources.face {
                canvas.drawText("Ag 42°", font: Font(face: face, size: n[2]), at: p(0), paint: paint)
            }
        case .drawTextCentered:
            if let face = resources.face {
                canvas.drawText(
                    "Wheel", font: Font(face: face, size: n[4]),
                    centeredIn: Rect(x: n[0], y: n[1], width: n[2], height: n[3]), paint: paint)
            }
        case .drawImageInRect:
            canvas.drawImage(
                resources.icon, in: Rect(x: n[0], y: n[1], width: n[2], height: n[3]),
                filter: variant % 2 == 0 ? .bilinear : .nearest,
                tint: variant % 4 >= 2 ? .white : nil, alpha: n[4], blendMode: variant % 8 >= 4 ? .source : .sourceOver)
        case .drawImageAt: canvas.drawImage(resources.icon, at: p(0))
        case .drawImageRotated:
            canvas.drawImage(
                resources.icon, in: Rect(x: n[0], y: n[1], width: n[2], height: n[3]), rotatedBy: .degrees(n[4]),
                about: p(5),
                filter: variant % 2 == 0 ? .bilinear : .nearest)
        case .drawImageTransform:
            canvas.drawImage(
                resources.icon, transform: Transform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5]),
                filter: variant % 2 == 0 ? .bilinear : .nearest)
        case .drawImageSource:
            canvas.drawImage(
                resources.icon, source: Rect(x: n[0], y: n[1], width: n[2], height: n[3]),
                transform: Transform(a: n[4], b: n[5], c: n[6], d: n[7], tx: n[8], ty: n[9]),
                filter: variant % 2 == 0 ? .bilinear : .nearest)
        }
    }

    /// A path of every element kind from the first twelve numbers: a move, a line, a quadratic and a
    /// cubic Bézier, an arc (centre, radius, start and sweep in degrees) and a close.
    static func path(_ n: [Double]) -> Path {
        var path = Path()
        path.move(to: Point(n[0], n[1]))
        path.line(to: Point(n[2], n[3]))
        path.quad(to: Point(n[6], n[7]), control: Point(n[4], n[5]))
        path.cubic(to: Point(n[0], n[3]), control1: Point(n[8], n[9]), control2: Point(n[2], n[1]))
        path.arc(center: Point(n[4], n[7]), radius: n[10], start: .degrees(n[11]), sweep: .degrees(n[11] * 2 - 90))
        path.close()
        return path
    }

    /// How many numbers a paint reads (`paint(kind:_:color:)`).
    public static let paintArity = 5
    /// How many kinds of paint there are.
    public static let paintKinds = 4

    /// A paint from five numbers: kind 0 a solid colour with alpha `n[4]`, 1 a linear gradient from
    /// (n[0], n[1]) to (n[2], n[3]), 2 a conic gradient about (n[0], n[1]) starting at n[2] degrees,
    /// 3 a solid colour replacing what is below (`.source`).
    public static func paint(kind: Int, _ n: [Double], color: Color) -> Paint {
        let stops = [GradientStop(0, color), GradientStop(0.6, .white), GradientStop(1, Color(rgba: 0x2040_80C0))]
        switch abs(kind % paintKinds) {
        case 0: return Paint(color, alpha: n[4])
        case 1: return .linear(LinearGradient(start: Point(n[0], n[1]), end: Point(n[2], n[3]), stops: stops))
        case 2: return .conic(ConicGradient(center: Point(n[0], n[1]), start: .degrees(n[2]), stops: stops))
        default: return Paint(color, blendMode: .source)
        }
    }

    /// Numbers for which each paint is an ordinary one on a 64 × 48 canvas.
    public static let typicalPaint: [Double] = [8, 6, 56, 40, 0.9]
}

/// The image and font the calls draw with.
public struct CanvasCallResources {
    public let icon: Bitmap
    /// DejaVu Sans, or nil where it is not installed (the text calls then draw nothing).
    public let face: FontFace?
    public init() {
        icon = BenchScenes.makeIcon()
        face = try? FontFace(path: BenchScenes.fontPath)
    }
}
