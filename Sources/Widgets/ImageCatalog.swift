import Controls
import Core
import Raster

/// The images controls refer to by name (handle images, marker images, spinner icons, centre images).
/// The kiosk registers them once (PNG files read at the edge, or built-in icons) before the first frame;
/// an unknown name draws nothing, so a typo never crashes the kiosk (the config loader reports it).
public final class ImageCatalog {
    /// One named image.
    public struct Entry {
        /// The pixels (premultiplied).
        public let bitmap: Bitmap
        /// A template image is drawn as an alpha mask filled with the tint colour (RVS-38).
        public let isTemplate: Bool
    }
    private var entries: [String: Entry] = [:]
    /// The side of the built-in icons this catalogue offers (`builtin(side:)`), or nil. Each is drawn
    /// the first time it is asked for: a panel pays for the icons it shows, not for all fifteen.
    private var builtinSide: Int?
    /// The icon font `mdi:NAME` images are drawn from (opened at the edge and handed in), or nil:
    /// then those names draw nothing, like any unknown name.
    public var icons: IconFont?

    /// An empty catalogue.
    public init() {}

    /// Registers (or replaces) `bitmap` under `name`.
    public func register(_ name: String, _ bitmap: Bitmap, template: Bool = false) {
        entries[name] = Entry(bitmap: bitmap, isTemplate: template)
    }

    /// Loads every image in `names` that is not registered yet, taking each name as a PNG path (the
    /// kiosk's config resolves icon paths to absolute ones; elements list theirs in `imageNames`) and
    /// `read` as what turns a path into pixels: the edge's file reader, as Widgets opens no file.
    /// Returns the errors, one per file that could not be read; those images are simply not drawn.
    /// `template` says which files are templates.
    public func loadImages(
        named names: [String], template: (String) -> Bool = { _ in false },
        read: (String) throws -> Bitmap
    ) -> [ImageLoadError] {
        var errors: [ImageLoadError] = []
        for name in Set(names).sorted()
        where entries[name] == nil && !offersBuiltin(name) && !name.hasPrefix(IconNames.prefix) {
            do { register(name, try read(name), template: template(name)) } catch {
                errors.append(ImageLoadError(path: name, message: "\(error)"))
            }
        }
        return errors
    }

    /// The image called `name`, or nil. A built-in icon not drawn yet is drawn now and kept.
    public subscript(name: String) -> Entry? {
        if let entry = entries[name] { return entry }
        guard let side = builtinSide, offersBuiltin(name) else { return nil }
        register(name, BuiltinIcons.draw(name, side: side), template: BuiltinIcons.isTemplate(name))
        return entries[name]
    }

    /// The registered names, the built-in icons offered included.
    public var names: [String] {
        Set(entries.keys).union(builtinSide == nil ? [] : BuiltinIcons.names).sorted()
    }

    private func offersBuiltin(_ name: String) -> Bool { builtinSide != nil && BuiltinIcons.names.contains(name) }

    /// Names of the built-in icons drawn so far (tests hold that unused ones are never drawn).
    public var drawnBuiltins: [String] { BuiltinIcons.names.filter { entries[$0] != nil } }

    /// A catalogue with the built-in icons (`BuiltinIcons.names`), for demos, tests and the contact sheet.
    public static func builtin(side: Int = 64) -> ImageCatalog {
        let c = ImageCatalog()
        c.builtinSide = side
        return c
    }
}

/// An image file that could not be loaded; `description` is one line for the log.
public struct ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Raster's reason.
    public var message: String
    public var description: String { "image \(path): \(message)" }
}

/// Small vector icons drawn with Raster, so demos and tests need no image files.
public enum BuiltinIcons {
    /// Every built-in icon. `arrow` is the handle image (its "up" points outwards); `-mask` icons are
    /// templates (only alpha counts).
    /// How a config names a built-in icon: `builtin:NAME`.
    public static let prefix = "builtin:"
    public static let names = [
        "sun", "moon", "drop", "leaf", "bolt", "star-mask", "heart-mask", "arrow", "dot",
        "play-mask", "pause-mask", "previous-mask", "next-mask", "home-mask", "gauge-mask",
    ]

    /// Whether `name` is a template icon.
    public static func isTemplate(_ name: String) -> Bool { name.hasSuffix("-mask") }

    /// Draws icon `name` into a new square bitmap of `side` pixels (transparent background).
    public static func draw(_ name: String, side: Int) -> Bitmap {
        let b = Bitmap(width: side, height: side)
        let canvas = b.canvas
        let s = Double(side), c = Point(s / 2, s / 2)
        func poly(_ pts: [(Double, Double)]) -> Path { Path.polygon(pts.map { Point($0.0 * s, $0.1 * s) }) }
        switch name {
        case "sun":
            canvas.fillCircle(center: c, radius: s * 0.22, color: Color(rgb: 0xF5C542))
            for k in 0..<8 {
                let a = Angle.degrees(Double(k) * 45)
                canvas.strokeLine(
                    from: a.point(center: c, radius: s * 0.3), to: a.point(center: c, radius: s * 0.44),
                    width: s * 0.07, cap: .round, paint: Paint(Color(rgb: 0xF5C542)))
            }
        case "moon":
            // A disc with a smaller disc cut out of it (SRC with a clear colour erases).
            canvas.fillCircle(center: c, radius: s * 0.38, color: Color(rgb: 0xD8DEE9))
            canvas.fillCircle(
                center: Point(s * 0.66, s * 0.36), radius: s * 0.3,
                paint: Paint(Color.clear, blendMode: .source))
        case "drop":
            var p = Path()
            p.move(to: Point(s * 0.5, s * 0.08))
            p.line(to: Point(s * 0.77, s * 0.56))
            p.arc(center: Point(s * 0.5, s * 0.64), radius: s * 0.28, start: .degrees(-17), sweep: .degrees(214))
            p.close()
            canvas.fill(path: p, paint: Paint(Color(rgb: 0x4FA3E0)))
        case "leaf":
            var p = Path()
            p.move(to: Point(s * 0.15, s * 0.85))
            p.quad(to: Point(s * 0.88, s * 0.12), control: Point(s * 0.1, s * 0.1))
            p.quad(to: Point(s * 0.15, s * 0.85), control: Point(s * 0.9, s * 0.9))
            canvas.fill(path: p, paint: Paint(Color(rgb: 0x5DBB63)))
        case "bolt":
            canvas.fill(
                path: poly([(0.58, 0.05), (0.2, 0.55), (0.46, 0.55), (0.38, 0.95), (0.8, 0.4), (0.53, 0.4)]),
                paint: Paint(Color(rgb: 0xF29B38)))
        case "star-mask":
            var pts: [(Double, Double)] = []
            for k in 0..<10 {
                let r = k % 2 == 0 ? 0.46 : 0.19
                let a = Angle.degrees(-90 + Double(k) * 36)
                pts.append((0.5 + r * a.cos, 0.53 + r * a.sin))
            }
            canvas.fill(path: poly(pts), paint: Paint(Color.black))
        case "heart-mask":
            var p = Path()
            p.move(to: Point(s * 0.5, s * 0.88))
            p.cubic(
                to: Point(s * 0.5, s * 0.28), control1: Point(s * -0.1, s * 0.45), control2: Point(s * 0.22, s * 0.0))
            p.cubic(
                to: Point(s * 0.5, s * 0.88), control1: Point(s * 0.78, s * 0.0), control2: Point(s * 1.1, s * 0.45))
            canvas.fill(path: p, paint: Paint(Color.black))
        case "play-mask":
            canvas.fill(path: poly([(0.3, 0.18), (0.82, 0.5), (0.3, 0.82)]), paint: Paint(Color.black))
        case "pause-mask":
            canvas.fill(
                path: poly([(0.25, 0.18), (0.42, 0.18), (0.42, 0.82), (0.25, 0.82)]), paint: Paint(Color.black))
            canvas.fill(
                path: poly([(0.58, 0.18), (0.75, 0.18), (0.75, 0.82), (0.58, 0.82)]), paint: Paint(Color.black))
        case "previous-mask", "next-mask":
            // Two triangles and a bar; `previous` is `next` mirrored.
            let m = name == "next-mask" ? { (x: Double) in x } : { (x: Double) in 1 - x }
            canvas.fill(path: poly([(m(0.15), 0.22), (m(0.5), 0.5), (m(0.15), 0.78)]), paint: Paint(Color.black))
            canvas.fill(path: poly([(m(0.45), 0.22), (m(0.8), 0.5), (m(0.45), 0.78)]), paint: Paint(Color.black))
            canvas.fill(
                path: poly([(m(0.8), 0.22), (m(0.88), 0.22), (m(0.88), 0.78), (m(0.8), 0.78)]),
                paint: Paint(Color.black))
        case "home-mask":
            canvas.fill(
                path: poly([
                    (0.5, 0.12), (0.9, 0.5), (0.78, 0.5), (0.78, 0.86), (0.58, 0.86), (0.58, 0.62),
                    (0.42, 0.62), (0.42, 0.86), (0.22, 0.86), (0.22, 0.5), (0.1, 0.5),
                ]), paint: Paint(Color.black))
        case "gauge-mask":
            canvas.strokeArc(
                center: Point(s * 0.5, s * 0.6), radius: s * 0.34, start: .degrees(150), sweep: .degrees(240),
                width: s * 0.1, cap: .round, paint: Paint(Color.black))
            canvas.strokeLine(
                from: Point(s * 0.5, s * 0.6), to: Point(s * 0.72, s * 0.38), width: s * 0.08, cap: .round,
                paint: Paint(Color.black))
        case "arrow":
            canvas.fillCircle(center: c, radius: s * 0.48, color: Color(rgb: 0x234560))
            canvas.fill(
                path: poly([(0.5, 0.1), (0.8, 0.5), (0.6, 0.5), (0.6, 0.86), (0.4, 0.86), (0.4, 0.5), (0.2, 0.5)]),
                paint: Paint(Color.white))
        default:  // "dot"
            canvas.fillCircle(center: c, radius: s * 0.4, color: Color.white)
        }
        // Icons are drawn once and kept for the run: their drawing memory is not.
        b.releaseWorkMemory()
        return b
    }
}
