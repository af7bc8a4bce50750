import Controls
import Core
import Glibc
import Raster

/// Draws in a control's local logical points through its transform (local → device pixels), so a
/// scaled, rotated or moved control is drawn exactly where its touches are hit-tested. The
/// transform must be a similarity (uniform scale, rotation, translation), as the kiosk builds it.
struct LocalPainter {
    var canvas: Canvas
    let transform: Transform
    /// Device pixels per local point.
    let scale: Double
    /// The transform's rotation (screen-clockwise).
    let rotation: Angle
    let resources: Resources
    /// The faces this painter's text is drawn in: the element's own `font`, else the theme's.
    let faces: TextFaces

    init(canvas: Canvas, transform: Transform, resources: Resources, faces: TextFaces? = nil) {
        self.canvas = canvas
        self.transform = transform
        self.resources = resources
        self.faces = faces ?? TextFaces(regular: resources.regularFace, bold: resources.boldFace)
        scale = abs(transform.determinant).squareRoot()
        rotation = Angle(radians: atan2(transform.b, transform.a))
    }

    /// A painter for the same canvas with `local` applied before this painter's transform.
    func appending(_ local: Transform) -> LocalPainter {
        LocalPainter(canvas: canvas, transform: local.then(transform), resources: resources, faces: faces)
    }

    /// The face for regular or bold text (the other where one is missing; nil: no text is drawn).
    func face(bold: Bool) -> FontFace? { faces.face(bold: bold) }

    func device(_ p: Point) -> Point { transform.apply(p) }

    /// True when text and images can be drawn axis-aligned (no rotation beyond a hair).
    var isUpright: Bool { abs(rotation.radians) < 1e-9 }

    // MARK: Shapes

    func fillCircle(center: Point, radius: Double, paint: Paint) {
        canvas.fillCircle(center: device(center), radius: radius * scale, paint: paint)
    }

    func fillCircle(center: Point, radius: Double, color: Color, alpha: Double = 1) {
        fillCircle(center: center, radius: radius, paint: Paint(color, alpha: alpha))
    }

    /// A ring of line `width` centred on the circle of `radius`.
    func strokeCircle(center: Point, radius: Double, width: Double, color: Color, alpha: Double = 1) {
        canvas.strokeCircle(
            center: device(center), radius: radius * scale, width: width * scale, paint: Paint(color, alpha: alpha))
    }

    /// An arc from local screen angle `start` sweeping `sweep` clockwise.
    func strokeArc(center: Point, radius: Double, start: Angle, sweep: Angle, width: Double, cap: LineCap, paint: Paint)
    {
        canvas.strokeArc(
            center: device(center), radius: radius * scale, start: start + rotation, sweep: sweep,
            width: width * scale, cap: cap, paint: paint)
    }

    func fill(_ path: Path, paint: Paint) {
        canvas.fill(path: path.applying(transform), paint: paint)
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, paint: Paint) {
        guard !rect.isEmpty else { return }
        // Upright, the device shape is again a rounded rectangle: the canvas fills that from its table
        // of corner points and straight rows, without flattening four arcs per call (the same outline).
        if isUpright {
            return canvas.fillRoundedRect(transform.boundingBox(of: rect), radius: radius * scale, paint: paint)
        }
        fill(Path.roundedRect(rect, radius: radius), paint: paint)
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, width: Double, paint: Paint) {
        guard !rect.isEmpty else { return }
        canvas.stroke(
            path: Path.roundedRect(rect, radius: radius).applying(transform), width: width * scale, paint: paint)
    }

    /// A vertical linear gradient from `top` to `bottom` (local y), for fills of rounded rects and contours.
    func verticalGradient(top: Double, bottom: Double, x: Double = 0, stops: [GradientStop]) -> Paint {
        linearGradient(from: Point(x, top), to: Point(x, bottom), stops: stops)
    }

    /// A linear gradient between two local points (its colour table shared through `resources`).
    func linearGradient(from a: Point, to b: Point, stops: [GradientStop]) -> Paint {
        let start = device(a), end = device(b)
        if let known = resources.linearGradients[stops] { return .linear(known.moved(start: start, end: end)) }
        let made = LinearGradient(start: start, end: end, stops: stops)
        if resources.linearGradients.count >= Resources.linearGradientLimit { resources.linearGradients.removeAll() }
        resources.linearGradients[stops] = made
        return .linear(made)
    }

    /// The largest size from `maxSize` down to `minSize` at which `text` fits `width` (shrink-to-fit,
    /// NP-4, NP-7, NP-31).
    func fittingSize(_ text: String, width: Double, maxSize: Double, minSize: Double, bold: Bool) -> Double {
        // Measured as drawn: an inline icon is one em wide, not the length of its name.
        let natural = lineWidth(text, size: maxSize, bold: bold)
        guard natural > width, natural > 0 else { return maxSize }
        // Hinted advances do not scale exactly with the size: a size taken from the ratio alone can
        // measure a fraction of a point too wide and be cut with "…" although it fits (issue 36).
        // Measure again and step down until it fits, as far as `minSize`.
        var size = max(minSize, maxSize * width / natural)
        for _ in 0..<6 {
            let measured = lineWidth(text, size: size, bold: bold)
            guard measured > width, size > minSize else { break }
            size = max(minSize, size * width / measured - 0.25)
        }
        return size
    }

    /// Where an over-long line loses its characters (UILabel's line-break modes).
    enum Truncation { case tail, middle }

    /// `text` shrunk to fit `width` (down to `minSize`), then truncated with "…" if it still does not
    /// fit: at the tail (NP-4 thumb title) or in the middle (NP-31 edit label, "50…894").
    func fitted(
        _ text: String, width: Double, maxSize: Double, minSize: Double, bold: Bool,
        truncation: Truncation
    ) -> (text: String, size: Double) {
        let size = fittingSize(text, width: width, maxSize: maxSize, minSize: minSize, bold: bold)
        let shown = TextLayout.truncated(text, width: width, middle: truncation == .middle) {
            lineWidth($0, size: size, bold: bold)
        }
        return (shown, size)
    }

    // MARK: Images

    /// Draws `image` scaled into the local `rect`, turned by `angle` about the rect's centre.
    func drawImage(
        _ image: Bitmap, in rect: Rect, rotatedBy angle: Angle = .zero, tint: Color? = nil, alpha: Double = 1
    ) {
        guard image.width > 0, image.height > 0, !rect.isEmpty, alpha > 0 else { return }
        let toLocal = Transform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .then(.translation(rect.minX, rect.minY))
            .then(.rotation(angle, about: rect.center))
        canvas.drawImage(image, transform: toLocal.then(transform), tint: tint, alpha: alpha)
    }

    /// Draws the part `source` (image pixels) of `image` stretched into the local `rect`; nothing
    /// outside `rect` is touched, so a cropped image needs no clip.
    func drawImage(_ image: Bitmap, source: Rect, in rect: Rect, tint: Color? = nil, alpha: Double = 1) {
        guard !source.isEmpty, !rect.isEmpty, alpha > 0 else { return }
        let toLocal = Transform.translation(-source.minX, -source.minY)
            .then(.scale(rect.width / source.width, rect.height / source.height))
            .then(.translation(rect.minX, rect.minY))
        canvas.drawImage(image, source: source, transform: toLocal.then(transform), tint: tint, alpha: alpha)
    }

    /// Draws catalogue image `name` aspect-fit into the local square `rect` (RVS-38 fit), templates
    /// tinted with `tint`.
    func drawIcon(
        _ name: String, fittedIn rect: Rect, rotatedBy angle: Angle = .zero, tint: Color?,
        forceTemplate: Bool = false, alpha: Double = 1
    ) {
        guard let entry = resources.images[name] else {
            return drawFontIcon(
                name, fittedIn: rect, rotatedBy: angle, tint: tint ?? resources.theme.text, alpha: alpha)
        }
        let b = entry.bitmap
        let fit = min(rect.width / Double(b.width), rect.height / Double(b.height))
        let w = Double(b.width) * fit, h = Double(b.height) * fit
        let r = Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
        let template = entry.isTemplate || forceTemplate
        drawImage(b, in: r, rotatedBy: angle, tint: template ? (tint ?? resources.theme.text) : nil, alpha: alpha)
    }

    // MARK: Text

    /// The natural size of `text` in local points (advance × ink height).
    func textSize(_ text: String, size: Double, bold: Bool) -> Size {
        guard let face = face(bold: bold), !text.isEmpty else { return .zero }
        let m = metrics(text, font: Font(face: face, size: size), bold: bold)
        return Size(m.advance, m.inkBounds.height)
    }

    /// Draws one line of `text` starting at `x` with its baseline at `baseline` (local points), so
    /// titles of different letters sit on one line whatever their ink.
    func drawText(_ text: String, size: Double, bold: Bool, x: Double, baseline: Double, color: Color) {
        guard let face = face(bold: bold), !text.isEmpty else { return }
        let m = metrics(text, font: Font(face: face, size: size), bold: bold)
        drawText(
            text, size: size, bold: bold,
            centeredAt: Point(x + m.advance / 2, baseline + (m.inkBounds.minY + m.inkBounds.maxY) / 2), color: color)
    }

    /// Draws one line of `text` centred on the local point `center`, upright in the local frame.
    func drawText(_ text: String, size: Double, bold: Bool, centeredAt center: Point, color: Color, alpha: Double = 1) {
        guard let face = face(bold: bold), !text.isEmpty, alpha > 0 else { return }
        let paint = Paint(color, alpha: alpha)
        if isUpright {
            let font = Font(face: face, size: size * scale)
            let m = metrics(text, font: font, bold: bold)
            let c = device(center)
            let origin = Point(c.x - m.advance / 2, c.y - (m.inkBounds.minY + m.inkBounds.maxY) / 2)
            guard Self.inkBox(m, origin: origin).intersects(canvas.clip.rect) else { return }
            canvas.drawText(text, font: font, at: origin, paint: paint)
            return
        }
        // Rotated frame: render the line once into a mask (cached) and draw it through the transform.
        guard let mask = textMask(text, face: face, pixelSize: size * scale, bold: bold) else { return }
        let w = mask.width, h = mask.height
        let toLocal = Transform.translation(-Double(w) / 2, -Double(h) / 2)
            .then(.scale(1 / scale, 1 / scale))
            .then(.translation(center.x, center.y))
        canvas.drawImage(mask, transform: toLocal.then(transform), tint: color, alpha: alpha)
    }
}

extension LocalPainter {
    /// `text` rendered black on transparent with a 1 px margin, centred by its advance and ink height.
    func textMask(_ text: String, face: FontFace, pixelSize: Double, bold: Bool) -> Bitmap? {
        let key = TextMaskKey(text: text, size: pixelSize, bold: bold, face: ObjectIdentifier(face))
        if let cached = resources.textMasks[key] { return cached }
        let font = Font(face: face, size: pixelSize)
        let m = metrics(text, font: font, bold: bold)
        let w = Int(m.advance.rounded(.up)) + 2, h = Int(m.inkBounds.height.rounded(.up)) + 2
        guard w > 2, h > 2 else { return nil }
        let mask = Bitmap(width: w, height: h)
        mask.canvas.drawText(text, font: font, at: Point(1, 1 - m.inkBounds.minY), paint: Paint(Color.black))
        // Cached and only read from now on (up to `textMaskLimit` of them): its drawing memory goes.
        mask.releaseWorkMemory()
        if resources.textMasks.count >= Resources.textMaskLimit { resources.textMasks.removeAll() }
        resources.textMasks[key] = mask
        return mask
    }
}

extension LocalPainter {
    /// The advance and ink of `text` in `font` (device or local pixels, as `font` is sized), measured
    /// once per text, size and weight.
    func metrics(_ text: String, font: Font, bold: Bool) -> TextMetrics {
        let key = TextMaskKey(text: text, size: font.size, bold: bold, face: ObjectIdentifier(font.face))
        if let known = resources.textMetrics[key] { return known }
        let m = font.measure(text)
        if resources.textMetrics.count >= Resources.textMetricsLimit { resources.textMetrics.removeAll() }
        resources.textMetrics[key] = m
        return m
    }

    /// A box holding every pixel `Canvas.drawText` paints for a line measured `m` with its pen at
    /// `origin` (device pixels): the measured ink comes from whole-pixel renderings, the drawn glyphs
    /// sit at quarter pixels and the origin is fractional, each worth at most a pixel more per side.
    static func inkBox(_ m: TextMetrics, origin: Point) -> Rect {
        Rect(
            x: origin.x + m.inkBounds.minX, y: origin.y + m.inkBounds.minY,
            width: m.inkBounds.width, height: m.inkBounds.height
        ).outsetBy(3)
    }
}

extension Transform {
    /// The bounding box of `rect`'s four mapped corners (no arrays: damage collection calls this for
    /// every box of every frame).
    func boundingBox(of rect: Rect) -> Rect {
        var r = Rect(origin: apply(Point(rect.minX, rect.minY)), size: .zero)
        func include(_ p: Point) {
            let x0 = min(r.minX, p.x), y0 = min(r.minY, p.y), x1 = max(r.maxX, p.x), y1 = max(r.maxY, p.y)
            r = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        include(apply(Point(rect.maxX, rect.minY)))
        include(apply(Point(rect.maxX, rect.maxY)))
        include(apply(Point(rect.minX, rect.maxY)))
        return r
    }
}

extension ArcLineCap {
    /// Raster's cap for this Controls cap.
    var rasterCap: LineCap {
        switch self {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }
}
